// Double-precision literals in a kernel whose host may rewrite its `float`s to `double` before
// building it (xrt's `kernelsource.replace('float', 'double')` on devices with fp64): in that
// build the literal costs nothing, so the finding holds only for the single-precision build.
#pragma once

#include "Analysis/LaunchTable.h"
#include "Diagnostics/Finding.h"

#include <string>
#include <vector>

namespace cllint {

// Marks the arith-double-literal findings of the kernel file at Path conditional (at most
// notes) and names the host's rewrite, when a host near it rewrites `float` to `double`.
void markPrecisionRewrite(std::vector<Finding> &Findings, const analysis::LaunchTable &Host,
                          const std::string &Path);

} // namespace cllint
