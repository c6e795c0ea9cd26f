// The device's copy ceiling: dst[i] = src[i] on float4, timed like the cases, so each
// case's bandwidth can be read against what the memory system delivers at all.
#pragma once

#include "cllint/Verify/Runner/Device.h"
#include "cllint/Verify/Runner/Results.h"

#include <cstdint>

namespace cllint::runner {

// Times the copy of `bytes` bytes; gbps counts the read and the write (2 * bytes / median).
Timing measureCopyCeiling(const DeviceInfo &device, std::uint64_t bytes, int runs, int warmup);

} // namespace cllint::runner
