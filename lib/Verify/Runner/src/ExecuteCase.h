// Measuring one case in this process: build before and after, fill, launch, compare, time.
#pragma once

#include "cllint/Verify/Runner/Device.h"
#include "cllint/Verify/Runner/Plan.h"
#include "cllint/Verify/Runner/Results.h"

namespace cllint::runner {

// Fills status, error, before/after timings (raw: no GB/s yet), outputs, maxUlp and
// differing. Never throws for problems of the case itself; they become status Error.
CaseResult executeCase(const DeviceInfo &device, const Case &c, int runs, int warmup);

} // namespace cllint::runner
