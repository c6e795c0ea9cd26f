#include "cllint/Verify/Runner/Device.h"

#include "DeviceQuery.h"
#include "Format.h"
#include "Isolate.h"
#include "cllint/Verify/Runner/Errors.h"
#include "cllint/Verify/Runner/ResultsJson.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <nlohmann/json.hpp>

namespace cllint::runner {
namespace {

std::string typeName(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU)
    return "GPU";
  if (type & CL_DEVICE_TYPE_CPU)
    return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR)
    return "ACCELERATOR";
  return "CUSTOM";
}

std::string lower(std::string_view text) {
  std::string result(text);
  std::transform(result.begin(), result.end(), result.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return result;
}

bool parseUnsigned(std::string_view text, unsigned &value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

} // namespace

std::vector<DeviceInfo> queryDevices() {
  std::vector<DeviceInfo> devices;
  const std::vector<cl_platform_id> platforms = platformIds();
  for (unsigned p = 0; p < platforms.size(); ++p) {
    const std::vector<cl_device_id> ids = deviceIds(platforms[p]);
    for (unsigned d = 0; d < ids.size(); ++d) {
      DeviceInfo info;
      info.index = static_cast<unsigned>(devices.size());
      info.platformIndex = p;
      info.deviceIndex = d;
      info.platform = platformString(platforms[p], CL_PLATFORM_NAME);
      info.name = deviceString(ids[d], CL_DEVICE_NAME);
      info.driver = deviceString(ids[d], CL_DRIVER_VERSION);
      info.version = deviceString(ids[d], CL_DEVICE_VERSION);
      info.openclC = deviceString(ids[d], CL_DEVICE_OPENCL_C_VERSION);
      info.type = typeName(deviceValue<cl_device_type>(ids[d], CL_DEVICE_TYPE));
      info.computeUnits = deviceValue<cl_uint>(ids[d], CL_DEVICE_MAX_COMPUTE_UNITS);
      info.globalMemBytes = deviceValue<cl_ulong>(ids[d], CL_DEVICE_GLOBAL_MEM_SIZE);
      info.maxAllocBytes = deviceValue<cl_ulong>(ids[d], CL_DEVICE_MAX_MEM_ALLOC_SIZE);
      info.localMemBytes = deviceValue<cl_ulong>(ids[d], CL_DEVICE_LOCAL_MEM_SIZE);
      info.maxWorkGroupSize = deviceValue<std::size_t>(ids[d], CL_DEVICE_MAX_WORK_GROUP_SIZE);
      devices.push_back(std::move(info));
    }
  }
  return devices;
}

cl_device_id openDevice(const DeviceInfo &info) {
  const std::vector<cl_platform_id> platforms = platformIds();
  if (info.platformIndex < platforms.size()) {
    const std::vector<cl_device_id> ids = deviceIds(platforms[info.platformIndex]);
    if (info.deviceIndex < ids.size() &&
        deviceString(ids[info.deviceIndex], CL_DEVICE_NAME) == info.name)
      return ids[info.deviceIndex];
  }
  throw DeviceError("device " + std::to_string(info.platformIndex) + ":" +
                    std::to_string(info.deviceIndex) + " (" + info.label() +
                    ") is no longer present");
}

std::vector<DeviceInfo> listDevices(bool isolate, int timeoutMs) {
  if (!isolate)
    return queryDevices();
  IsolatedOutcome outcome = runIsolated(
      [] {
        Json list = Json::array();
        for (const DeviceInfo &device : queryDevices())
          list.push_back(toJson(device));
        return Json{{"devices", list}}.dump();
      },
      timeoutMs);
  if (outcome.kind == IsolatedOutcome::Kind::TimedOut)
    throw DeviceError("listing OpenCL devices timed out after " + std::to_string(timeoutMs) +
                      " ms");
  if (outcome.kind == IsolatedOutcome::Kind::Failed)
    throw DeviceError("listing OpenCL devices failed: " + outcome.detail);
  Json reply = Json::parse(outcome.output);
  if (reply.contains("error"))
    throw DeviceError("listing OpenCL devices failed: " + reply["error"].get<std::string>());
  std::vector<DeviceInfo> devices;
  for (const Json &device : reply.at("devices"))
    devices.push_back(deviceFromJson(device));
  return devices;
}

const DeviceInfo &selectDevice(const std::vector<DeviceInfo> &devices, std::string_view selector) {
  if (devices.empty())
    throw DeviceError("no OpenCL device found (is an ICD installed under /etc/OpenCL/vendors?)");
  if (selector.empty()) {
    for (const DeviceInfo &device : devices)
      if (device.isGpu())
        return device;
    return devices.front();
  }

  unsigned flat = 0, platform = 0, device = 0;
  if (parseUnsigned(selector, flat)) {
    if (flat < devices.size())
      return devices[flat];
    throw UsageError("--device " + std::string(selector) + ": there are only " +
                     std::to_string(devices.size()) + " devices (see --list-devices)");
  }
  if (std::size_t colon = selector.find(':'); colon != std::string_view::npos &&
                                              parseUnsigned(selector.substr(0, colon), platform) &&
                                              parseUnsigned(selector.substr(colon + 1), device)) {
    for (const DeviceInfo &info : devices)
      if (info.platformIndex == platform && info.deviceIndex == device)
        return info;
    throw UsageError("--device " + std::string(selector) + ": no device " + std::to_string(device) +
                     " on platform " + std::to_string(platform) + " (see --list-devices)");
  }
  const std::string needle = lower(selector);
  for (const DeviceInfo &info : devices)
    if (lower(info.label()).find(needle) != std::string::npos)
      return info;
  std::string known;
  for (const DeviceInfo &info : devices)
    known += "\n  " + std::to_string(info.index) + "  " + info.label();
  throw UsageError("--device '" + std::string(selector) +
                   "' matches no device; there are:" + known);
}

std::string renderDeviceList(const std::vector<DeviceInfo> &devices) {
  if (devices.empty())
    return "no OpenCL device found (is an ICD installed under /etc/OpenCL/vendors?)\n";
  TextTable table({"#", "P:D", "type", "platform / device", "CUs", "global mem", "max alloc",
                   "driver", "OpenCL"});
  for (const DeviceInfo &d : devices)
    table.addRow({std::to_string(d.index),
                  std::to_string(d.platformIndex) + ":" + std::to_string(d.deviceIndex), d.type,
                  d.label(), std::to_string(d.computeUnits), formatBytes(d.globalMemBytes),
                  formatBytes(d.maxAllocBytes), d.driver, d.version});
  return table.render();
}

} // namespace cllint::runner
