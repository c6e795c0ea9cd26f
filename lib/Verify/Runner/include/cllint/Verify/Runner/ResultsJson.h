// Results as JSON (the `--format json` output, and the child-to-parent messages).
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cllint::runner {

nlohmann::json toJson(const DeviceInfo &device);
nlohmann::json toJson(const Timing &timing);
nlohmann::json toJson(const CaseResult &result);
nlohmann::json toJson(const Results &results);

// Inverses of toJson; throw nlohmann::json::exception on malformed input.
DeviceInfo deviceFromJson(const nlohmann::json &json);
Timing timingFromJson(const nlohmann::json &json);
CaseResult caseFromJson(const nlohmann::json &json);
Results resultsFromJson(const nlohmann::json &json);

// toJson(results), pretty-printed, with a final newline.
std::string renderJson(const Results &results);

} // namespace cllint::runner
