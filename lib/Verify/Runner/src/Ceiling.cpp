#include "Ceiling.h"

#include "DeviceQuery.h"
#include "Launch.h"
#include "Stats.h"
#include "cllint/Verify/Runner/Runner.h"

#include <algorithm>
#include <vector>

namespace cllint::runner {
namespace {

constexpr const char *CopySource = R"CL(
__kernel void cllint_copy_ceiling(__global const float4 *src, __global float4 *dst) {
  size_t i = get_global_id(0);
  dst[i] = src[i];
}
)CL";

constexpr std::uint64_t MiB = 1024 * 1024;

} // namespace

std::uint64_t ceilingBytes(const Plan &plan, const DeviceInfo &device) {
  std::uint64_t largest = 0;
  for (const Case &c : plan.cases)
    largest = std::max(largest, c.bytesMoved / 2);
  std::uint64_t bytes = largest;
  // Small buffers on a GPU measure launch overhead, not memory; a CPU device gains
  // nothing from more than 64 MiB but the test suite's time.
  if (device.isGpu())
    bytes = std::max(bytes, 64 * MiB);
  else if (device.isCpu())
    bytes = std::min(bytes, 64 * MiB);
  if (device.maxAllocBytes)
    bytes = std::min(bytes, device.maxAllocBytes / 4);
  bytes = std::max<std::uint64_t>(bytes, 64 * 1024);
  return bytes / 4096 * 4096; // whole groups of 256 float4s, so any driver can split it
}

Timing measureCopyCeiling(const DeviceInfo &device, std::uint64_t bytes, int runs, int warmup) {
  DeviceSession session(openDevice(device));
  Program program = buildProgram(session, CopySource, "");
  Kernel kernel = createKernel(program, "cllint_copy_ceiling");
  Memory src = createBuffer(session, bytes, std::vector<unsigned char>(bytes, 0).data());
  Memory dst = createBuffer(session, bytes, nullptr);
  cl_mem srcMem = src, dstMem = dst;
  check(clSetKernelArg(kernel, 0, sizeof srcMem, &srcMem), "clSetKernelArg(0)");
  check(clSetKernelArg(kernel, 1, sizeof dstMem, &dstMem), "clSetKernelArg(1)");
  const NdRange range{{static_cast<std::size_t>(bytes / 16)}, std::nullopt};
  Timing timing = summarize(timeLaunches(session, kernel, range, warmup, runs));
  if (timing.medianNs)
    timing.gbps = 2.0 * static_cast<double>(bytes) / static_cast<double>(timing.medianNs);
  return timing;
}

} // namespace cllint::runner
