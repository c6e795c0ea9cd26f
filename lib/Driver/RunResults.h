// Run-wide clean-up of the results of several files before they are reported.
#pragma once

#include "Diagnostics/Finding.h"

#include <vector>

namespace cllint {

// A finding located in an included file (a header shared by several kernels) is reported once
// per run, under the first file that reached it; its path is normalised (no `./`, `a/../`).
// Returns how many copies were dropped.
size_t dedupeIncludedFindings(std::vector<FileResult> &Results);

} // namespace cllint
