// The in-process side of device handling, used inside isolated children.
#pragma once

#include "ClObjects.h"
#include "cllint/Verify/Runner/Device.h"

#include <vector>

namespace cllint::runner {

// Queries every device now, in this process.
std::vector<DeviceInfo> queryDevices();

// Finds `info`'s device again (by its platform and device index) in this process and
// checks it is still the same device by name.
cl_device_id openDevice(const DeviceInfo &info);

} // namespace cllint::runner
