#include "Launch.h"

#include "cllint/Verify/Runner/ClErrors.h"

namespace cllint::runner {
namespace {

std::string describe(const std::vector<std::size_t> &sizes) {
  std::string text;
  for (std::size_t s : sizes)
    text += (text.empty() ? "" : ",") + std::to_string(s);
  return text;
}

Event enqueue(const DeviceSession &session, cl_kernel kernel, const NdRange &range) {
  cl_event event = nullptr;
  cl_int status = clEnqueueNDRangeKernel(
      session.queue, kernel, static_cast<cl_uint>(range.global.size()), nullptr,
      range.global.data(), range.local ? range.local->data() : nullptr, 0, nullptr, &event);
  if (status != CL_SUCCESS) {
    // Work-group errors are only understandable next to the sizes that caused them.
    std::string sizes = " (global " + describe(range.global) + ", local " +
                        (range.local ? describe(*range.local) : std::string("chosen by driver"));
    if (status == CL_INVALID_WORK_GROUP_SIZE || status == CL_INVALID_WORK_ITEM_SIZE ||
        status == CL_INVALID_GLOBAL_WORK_SIZE) {
      std::size_t kernelMax = 0;
      if (clGetKernelWorkGroupInfo(kernel, session.device, CL_KERNEL_WORK_GROUP_SIZE,
                                   sizeof kernelMax, &kernelMax, nullptr) == CL_SUCCESS)
        sizes +=
            ", this kernel allows at most " + std::to_string(kernelMax) + " work-items per group";
    }
    throw ClError(status, "clEnqueueNDRangeKernel: " + clErrorName(status) + sizes + ")");
  }
  return Event(event);
}

// A launch can be accepted and then fail on the device; its event then holds the error.
void checkCompleted(const Event &event) {
  cl_int execution = CL_COMPLETE;
  check(clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof execution, &execution,
                       nullptr),
        "clGetEventInfo");
  if (execution < 0)
    throw ClError(execution, "kernel execution failed: " + clErrorName(execution));
}

} // namespace

void launchAndWait(const DeviceSession &session, cl_kernel kernel, const NdRange &range) {
  Event event = enqueue(session, kernel, range);
  check(clFinish(session.queue), "clFinish");
  checkCompleted(event);
}

std::vector<std::uint64_t> timeLaunches(const DeviceSession &session, cl_kernel kernel,
                                        const NdRange &range, int warmup, int runs) {
  for (int i = 0; i < warmup; ++i)
    enqueue(session, kernel, range);
  check(clFinish(session.queue), "clFinish");

  std::vector<Event> events;
  events.reserve(static_cast<std::size_t>(runs));
  for (int i = 0; i < runs; ++i)
    events.push_back(enqueue(session, kernel, range));
  check(clFinish(session.queue), "clFinish");

  std::vector<std::uint64_t> durations;
  for (const Event &event : events) {
    checkCompleted(event);
    cl_ulong start = 0, end = 0;
    check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr),
          "clGetEventProfilingInfo");
    check(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr),
          "clGetEventProfilingInfo");
    durations.push_back(end > start ? end - start : 0);
  }
  return durations;
}

} // namespace cllint::runner
