#include "ClObjects.h"

#include "cllint/Verify/Runner/ClErrors.h"

namespace cllint::runner {

void check(cl_int status, std::string_view call) {
  if (status != CL_SUCCESS)
    throw ClError(status, std::string(call) + ": " + clErrorName(status));
}

std::string platformString(cl_platform_id platform, cl_platform_info what) {
  std::size_t size = 0;
  check(clGetPlatformInfo(platform, what, 0, nullptr, &size), "clGetPlatformInfo");
  std::string text(size, '\0');
  check(clGetPlatformInfo(platform, what, size, text.data(), nullptr), "clGetPlatformInfo");
  while (!text.empty() && (text.back() == '\0' || text.back() == ' '))
    text.pop_back();
  return text;
}

std::string deviceString(cl_device_id device, cl_device_info what) {
  std::size_t size = 0;
  check(clGetDeviceInfo(device, what, 0, nullptr, &size), "clGetDeviceInfo");
  std::string text(size, '\0');
  check(clGetDeviceInfo(device, what, size, text.data(), nullptr), "clGetDeviceInfo");
  while (!text.empty() && (text.back() == '\0' || text.back() == ' '))
    text.pop_back();
  return text;
}

std::vector<cl_platform_id> platformIds() {
  cl_uint count = 0;
  cl_int status = clGetPlatformIDs(0, nullptr, &count);
  // The ICD loader answers "no platform" with CL_PLATFORM_NOT_FOUND_KHR (-1001).
  if (status == -1001 || count == 0)
    return {};
  check(status, "clGetPlatformIDs");
  std::vector<cl_platform_id> ids(count);
  check(clGetPlatformIDs(count, ids.data(), nullptr), "clGetPlatformIDs");
  return ids;
}

std::vector<cl_device_id> deviceIds(cl_platform_id platform) {
  cl_uint count = 0;
  cl_int status = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
  if (status == CL_DEVICE_NOT_FOUND || count == 0)
    return {};
  check(status, "clGetDeviceIDs");
  std::vector<cl_device_id> ids(count);
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr), "clGetDeviceIDs");
  return ids;
}

DeviceSession::DeviceSession(cl_device_id device) : device(device) {
  cl_int status = CL_SUCCESS;
  context = Context(clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status));
  check(status, "clCreateContext");
  // In order, so "nothing else runs" between launches; profiling gives device-side times.
  queue = Queue(clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &status));
  check(status, "clCreateCommandQueue");
}

Program buildProgram(const DeviceSession &session, const std::string &source,
                     const std::string &options) {
  const char *text = source.c_str();
  const std::size_t length = source.size();
  cl_int status = CL_SUCCESS;
  Program program(clCreateProgramWithSource(session.context, 1, &text, &length, &status));
  check(status, "clCreateProgramWithSource");
  status = clBuildProgram(program, 1, &session.device, options.c_str(), nullptr, nullptr);
  if (status != CL_SUCCESS) {
    std::string log;
    std::size_t size = 0;
    if (clGetProgramBuildInfo(program, session.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) ==
            CL_SUCCESS &&
        size > 1) {
      log.resize(size);
      clGetProgramBuildInfo(program, session.device, CL_PROGRAM_BUILD_LOG, size, log.data(),
                            nullptr);
      while (!log.empty() && (log.back() == '\0' || log.back() == '\n' || log.back() == ' '))
        log.pop_back();
    }
    std::string message = "clBuildProgram: " + clErrorName(status);
    if (!options.empty())
      message += " (options: " + options + ")";
    message += log.empty() ? "; the build log is empty" : "; build log:\n" + log;
    throw ClError(status, message);
  }
  return program;
}

std::string programBinary(const Program &program) {
  cl_uint devices = 0;
  check(clGetProgramInfo(program, CL_PROGRAM_NUM_DEVICES, sizeof devices, &devices, nullptr),
        "clGetProgramInfo(CL_PROGRAM_NUM_DEVICES)");
  if (devices == 0)
    return "";
  std::vector<std::size_t> sizes(devices, 0);
  check(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizes.size() * sizeof(std::size_t),
                         sizes.data(), nullptr),
        "clGetProgramInfo(CL_PROGRAM_BINARY_SIZES)");
  std::vector<std::vector<unsigned char>> binaries(devices);
  std::vector<unsigned char *> pointers(devices, nullptr);
  for (cl_uint d = 0; d < devices; ++d) {
    binaries[d].resize(sizes[d]);
    pointers[d] = sizes[d] ? binaries[d].data() : nullptr;
  }
  check(clGetProgramInfo(program, CL_PROGRAM_BINARIES, pointers.size() * sizeof(unsigned char *),
                         pointers.data(), nullptr),
        "clGetProgramInfo(CL_PROGRAM_BINARIES)");
  std::string binary(binaries[0].begin(), binaries[0].end());
  // PTX comes NUL-terminated.
  while (!binary.empty() && binary.back() == '\0')
    binary.pop_back();
  return binary;
}

Kernel createKernel(const Program &program, const std::string &name) {
  cl_int status = CL_SUCCESS;
  Kernel kernel(clCreateKernel(program, name.c_str(), &status));
  if (status == CL_INVALID_KERNEL_NAME)
    throw ClError(status, "clCreateKernel: CL_INVALID_KERNEL_NAME (no kernel named '" + name +
                              "' in the source)");
  check(status, "clCreateKernel");
  return kernel;
}

Memory createBuffer(const DeviceSession &session, std::size_t bytes, const void *initial) {
  cl_int status = CL_SUCCESS;
  Memory buffer(clCreateBuffer(session.context, CL_MEM_READ_WRITE, bytes, nullptr, &status));
  check(status, "clCreateBuffer");
  if (initial)
    check(clEnqueueWriteBuffer(session.queue, buffer, CL_TRUE, 0, bytes, initial, 0, nullptr,
                               nullptr),
          "clEnqueueWriteBuffer");
  return buffer;
}

} // namespace cllint::runner
