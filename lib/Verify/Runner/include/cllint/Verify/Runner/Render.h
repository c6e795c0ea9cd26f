// Results for people: the text table and the self-contained HTML report.
// (renderJson, for programs, is in ResultsJson.h.)
#pragma once

#include "cllint/Verify/Runner/Results.h"
#include "cllint/Verify/Runner/ResultsJson.h"

#include <string>

namespace cllint::runner {

// Device header, one aligned row per case (at most 120 columns: long kernel names are
// elided in the middle), a legend of its abbreviations and footnotes, notes with the full
// text of every error and mismatch, the skipped findings, then a one-line summary.
std::string renderTable(const Results &results);

// One HTML page, no external assets and no script: header, a speed-up chart, the table
// (file:line, rule, times with their spread, speed-up, GB/s, outputs), a bandwidth chart
// against the copy ceiling, bytes moved, skipped findings and notes. Fits 1280 pixels
// without horizontal scrolling and has a print stylesheet.
std::string renderHtml(const Results &results);

} // namespace cllint::runner
