// The HTML report's charts, inline SVG that scales to the page and prints as it shows.
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <string>

namespace cllint::runner::html {

// One bar per case from 1.0x to its speed-up on a log scale: faster to the right, slower to
// the left, differences within the spread in grey, what-ifs (upper bounds) paler.
std::string speedupChart(const Results &results);

// Before and after GB/s per case against the copy ceiling.
std::string bandwidthChart(const Results &results);

} // namespace cllint::runner::html
