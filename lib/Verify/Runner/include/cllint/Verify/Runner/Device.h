// OpenCL devices: listing, and choosing one from a --device selector.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cllint::runner {

struct DeviceInfo {
  unsigned index = 0; // flat index, as printed by --list-devices
  unsigned platformIndex = 0, deviceIndex = 0;
  std::string platform, name, driver, version, openclC;
  std::string type; // "GPU", "CPU", "ACCELERATOR", "CUSTOM"
  unsigned computeUnits = 0;
  std::uint64_t globalMemBytes = 0, maxAllocBytes = 0, localMemBytes = 0;
  std::uint64_t maxWorkGroupSize = 0;

  // "platform / device", the string --device substrings are matched against.
  std::string label() const { return platform + " / " + name; }
  bool isGpu() const { return type == "GPU"; }
  bool isCpu() const { return type == "CPU"; }
};

// Every device of every platform. The query runs in a child process (with `timeoutMs` as
// its watchdog) so this process never initialises an OpenCL driver before forking case
// runners; pass isolate=false to query in this process instead. Throws DeviceError when
// the query itself fails; no platform at all gives an empty list.
std::vector<DeviceInfo> listDevices(bool isolate = true, int timeoutMs = 60000);

// Picks a device: "" → the first GPU, else the first device; "N" → flat index N;
// "P:D" → device D of platform P; anything else → the first device whose
// "platform / device" contains it, ignoring case. Throws UsageError when nothing matches
// and DeviceError when there are no devices.
const DeviceInfo &selectDevice(const std::vector<DeviceInfo> &devices, std::string_view selector);

// The --list-devices table.
std::string renderDeviceList(const std::vector<DeviceInfo> &devices);

} // namespace cllint::runner
