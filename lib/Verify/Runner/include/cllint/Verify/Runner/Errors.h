// The runner's error kinds, split by who has to act: the plan's author (PlanError),
// the user on the command line (UsageError) or the OpenCL installation (DeviceError).
#pragma once

#include <stdexcept>

namespace cllint::runner {

// A plan that cannot be run as written. The message starts with the file it is about.
struct PlanError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A command-line request that cannot be met, e.g. a --device that matches nothing.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// No usable OpenCL platform or device, or the device query itself failed.
struct DeviceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

} // namespace cllint::runner
