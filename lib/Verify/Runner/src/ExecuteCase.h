// Measuring one case in this process: build before and after, fill, launch, compare, time.
#pragma once

#include "cllint/Verify/Runner/Device.h"
#include "cllint/Verify/Runner/Plan.h"
#include "cllint/Verify/Runner/Results.h"

#include <string>

namespace cllint::runner {

// Fills status, error, before/after timings (raw: no GB/s yet), outputs, maxUlp, differing
// and the compiled code's counts. Never throws for problems of the case itself; they become
// status Error. With a `ptxDir`, the PTX of both kernels is written there too.
CaseResult executeCase(const DeviceInfo &device, const Case &c, int runs, int warmup,
                       const std::string &ptxDir = "");

} // namespace cllint::runner
