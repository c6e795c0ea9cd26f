// launch-work-group-size on host launches: a literal or constant local size in
// clEnqueueNDRangeKernel / enqueueNDRangeKernel whose work-items do not fill whole warps.
#pragma once

#include "Config/DeviceProfile.h"
#include "Diagnostics/Finding.h"
#include "Host/HostLaunches.h"

#include <vector>

namespace cllint {

// Findings at the host calls of one host file, under the profile (with a note for the other).
std::vector<Finding> checkHostLaunches(const HostFile &File, const DeviceProfile &Profile);

} // namespace cllint
