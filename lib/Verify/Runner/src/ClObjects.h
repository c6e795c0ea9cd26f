// Thin RAII over the OpenCL C API and error checks that throw with the error's name.
// Kept private: public headers of the runner never include <CL/cl.h>.
#pragma once

#include <CL/cl.h>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cllint::runner {

struct ClError : std::runtime_error {
  ClError(cl_int code, const std::string &message) : std::runtime_error(message), code(code) {}
  cl_int code;
};

// Throws ClError("CALL: CL_NAME") for any status other than CL_SUCCESS.
void check(cl_int status, std::string_view call);

template <typename T, cl_int(CL_API_CALL *Release)(T)> class Handle {
public:
  Handle() = default;
  explicit Handle(T object) : object(object) {}
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  Handle(Handle &&other) noexcept : object(std::exchange(other.object, nullptr)) {}
  Handle &operator=(Handle &&other) noexcept {
    std::swap(object, other.object);
    return *this;
  }
  ~Handle() {
    if (object)
      Release(object);
  }
  T get() const { return object; }
  operator T() const { return object; }

private:
  T object = nullptr;
};

using Context = Handle<cl_context, clReleaseContext>;
using Queue = Handle<cl_command_queue, clReleaseCommandQueue>;
using Program = Handle<cl_program, clReleaseProgram>;
using Kernel = Handle<cl_kernel, clReleaseKernel>;
using Memory = Handle<cl_mem, clReleaseMemObject>;
using Event = Handle<cl_event, clReleaseEvent>;

std::string platformString(cl_platform_id platform, cl_platform_info what);
std::string deviceString(cl_device_id device, cl_device_info what);
template <typename T> T deviceValue(cl_device_id device, cl_device_info what) {
  T value{};
  check(clGetDeviceInfo(device, what, sizeof value, &value, nullptr), "clGetDeviceInfo");
  return value;
}

// Every platform; empty when the ICD loader finds none.
std::vector<cl_platform_id> platformIds();
// Every device of a platform; empty when it has none.
std::vector<cl_device_id> deviceIds(cl_platform_id platform);

// A context and an in-order queue with profiling on one device.
struct DeviceSession {
  explicit DeviceSession(cl_device_id device);
  cl_device_id device;
  Context context;
  Queue queue;
};

// Builds `source`; on failure the message holds the error name and the build log.
Program buildProgram(const DeviceSession &session, const std::string &source,
                     const std::string &options);
Kernel createKernel(const Program &program, const std::string &name);
// The program's binary for its one device (CL_PROGRAM_BINARIES): PTX text on NVIDIA, an
// object or bitcode of the driver's own elsewhere; empty when the driver returns none.
std::string programBinary(const Program &program);
Memory createBuffer(const DeviceSession &session, std::size_t bytes, const void *initial);

} // namespace cllint::runner
