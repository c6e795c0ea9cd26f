// Results for people: the text table and the self-contained HTML report.
// (renderJson, for programs, is in ResultsJson.h.)
#pragma once

#include "cllint/Verify/Runner/Results.h"
#include "cllint/Verify/Runner/ResultsJson.h"

#include <string>

namespace cllint::runner {

// Device header, one aligned row per case, then notes with the full text of every error
// and mismatch, then a one-line summary.
std::string renderTable(const Results &results);

// One HTML page, no external assets and no script: header, the table, and an SVG bar chart
// of before/after bandwidth against the copy ceiling.
std::string renderHtml(const Results &results);

} // namespace cllint::runner
