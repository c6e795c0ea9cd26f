// host-blocking-transfer on host code: findings at the blocking buffer transfers of one host
// file that sit in a loop launching kernels (Host/HostTransfers.h finds them).
#pragma once

#include "Diagnostics/Finding.h"
#include "Host/HostLaunches.h"

#include <vector>

namespace cllint {

std::vector<Finding> checkHostTransfers(const HostFile &File);

} // namespace cllint
