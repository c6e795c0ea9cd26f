// Fixes in included headers (a helper in a .h file that several kernels include): each
// header's fixes are applied once per run, deduplicated across the files that report them,
// written atomically, and kept only if every file that reported them still compiles.
#pragma once

#include "LintFixes.h"

namespace cllint {

void applyHeaderFixes(std::vector<FileResult> &Results, Linter &L, bool Unsafe, bool DiffOnly,
                      std::optional<size_t> Stdin, std::optional<Baseline> &Accepted, FixRun &Run);

} // namespace cllint
