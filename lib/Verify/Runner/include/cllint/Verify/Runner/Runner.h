// Running a plan: the entry point `cllint verify` and cllint-runner share.
#pragma once

#include "cllint/Verify/Runner/Device.h"
#include "cllint/Verify/Runner/Plan.h"
#include "cllint/Verify/Runner/Results.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace cllint::runner {

struct RunOptions {
  std::string device; // a --device selector; "" picks the first GPU, else the first device
  // Override the plan's settings when set.
  std::optional<int> runs, warmup, timeoutMs;
  bool measureCeiling = true;
  // Run every case (and the device query) in a forked child with a watchdog. Without it a
  // hung kernel hangs the caller; only useful under a debugger.
  bool isolate = true;
  std::string command; // recorded in the results, for the report
  // Where each case's PTX goes (CASE_ID.before.ptx, CASE_ID.after.ptx) when the driver
  // returns PTX; "" writes none.
  std::string ptxDir;
  // Progress, called in the calling process.
  std::function<void(std::size_t index, std::size_t total, const Case &)> onCaseStart;
  std::function<void(std::size_t index, std::size_t total, const CaseResult &)> onCaseDone;
};

// Lists devices, selects options.device, and runs every case on it. Throws UsageError or
// DeviceError when no device can be chosen; problems of single cases are in the results.
//
// With isolate on, this forks: call it while no other thread of the process holds a lock
// the children would need (an idle thread pool is fine), and before any OpenCL call in
// this process.
Results runPlan(const Plan &plan, const RunOptions &options = {});

// Same, on a device already chosen (from listDevices()).
Results runPlan(const Plan &plan, const DeviceInfo &device, const RunOptions &options);

// Buffer size of the copy-ceiling measurement: the largest bytes_moved / 2 of the plan,
// at least 64 MiB on a GPU, at most 64 MiB on a CPU, at most a quarter of the device's
// CL_DEVICE_MAX_MEM_ALLOC_SIZE, at least 64 KiB, rounded down to 4 KiB.
std::uint64_t ceilingBytes(const Plan &plan, const DeviceInfo &device);

} // namespace cllint::runner
