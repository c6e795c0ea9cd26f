// Results as JSON (the `--format json` output, and the child-to-parent messages).
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cllint::runner {

// Objects keep their keys in the order written, so output reads in the documented order.
using Json = nlohmann::ordered_json;

Json toJson(const DeviceInfo &device);
Json toJson(const Timing &timing);
Json toJson(const CaseResult &result);
Json toJson(const Results &results);

// Inverses of toJson; throw nlohmann::json::exception on malformed input.
DeviceInfo deviceFromJson(const Json &json);
Timing timingFromJson(const Json &json);
CaseResult caseFromJson(const Json &json);
Results resultsFromJson(const Json &json);

// toJson(results), pretty-printed, with a final newline.
std::string renderJson(const Results &results);

} // namespace cllint::runner
