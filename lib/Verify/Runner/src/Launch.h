// Launching a kernel and timing launches with profiling events.
#pragma once

#include "ClObjects.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cllint::runner {

struct NdRange {
  std::vector<std::size_t> global;
  std::optional<std::vector<std::size_t>> local; // nullopt: the driver chooses
};

// Enqueues one launch and waits for it; throws ClError naming the failure (including a
// launch that failed on the device after it was enqueued).
void launchAndWait(const DeviceSession &session, cl_kernel kernel, const NdRange &range);

// `warmup` untimed launches, then `runs` timed ones; returns each timed launch's
// CL_PROFILING_COMMAND_END - CL_PROFILING_COMMAND_START in nanoseconds.
std::vector<std::uint64_t> timeLaunches(const DeviceSession &session, cl_kernel kernel,
                                        const NdRange &range, int warmup, int runs);

} // namespace cllint::runner
