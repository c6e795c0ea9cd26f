// The wording of a case's cells, shared by the text table and the HTML report so both
// say the same thing.
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <string>

namespace cllint::runner {

inline constexpr const char *WhatIfLabel = "what-if: upper bound, outputs not comparable";

// The kernel name, followed by the case id when another case has the same kernel, rule and
// line (one finding measured several ways), so rows can be told apart.
std::string caseLabel(const Results &results, std::size_t index);
std::string timingCell(const std::optional<Timing> &timing); // "1.23 ms (1.20–1.30)"
std::string bandwidthCell(const CaseResult &result);         // "171 → 2617" or "-"
std::string speedupCell(const CaseResult &result); // "1.93x", "up to 5.2x", "no measurable ..."
std::string outputsCell(const CaseResult &result); // short; full errors go in the notes
std::string summaryLine(const Results &results);   // "7 cases: 4 ok, 1 mismatch, ..."

} // namespace cllint::runner
