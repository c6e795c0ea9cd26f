#include "ExecuteCase.h"

#include "CompiledCode.h"
#include "DeviceQuery.h"
#include "Format.h"
#include "Launch.h"
#include "Stats.h"
#include "cllint/Verify/Runner/Compare.h"

namespace cllint::runner {
namespace {

using HostBuffers = std::vector<std::vector<unsigned char>>;

struct SideResult {
  Timing timing;
  HostBuffers outputs; // by argument index; empty for non-outputs
  KernelCode code;
};

// Refuses, before anything is allocated, what the device cannot hold.
void checkLimits(const DeviceInfo &device, const Case &c) {
  for (std::size_t i = 0; i < c.args.size(); ++i) {
    const KernelArg &arg = c.args[i];
    if (arg.kind == KernelArg::Kind::Buffer && arg.bufferBytes() > device.maxAllocBytes)
      throw std::runtime_error("arg " + std::to_string(i) + ": a buffer of " +
                               formatBytes(arg.bufferBytes()) +
                               " exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE (" +
                               formatBytes(device.maxAllocBytes) + ") of " + device.name);
    if (arg.kind == KernelArg::Kind::Local && arg.localBytes > device.localMemBytes)
      throw std::runtime_error("arg " + std::to_string(i) + ": " + std::to_string(arg.localBytes) +
                               " bytes of local memory exceed CL_DEVICE_LOCAL_MEM_SIZE (" +
                               std::to_string(device.localMemBytes) + ") of " + device.name);
  }
}

SideResult runSide(const DeviceSession &session, const Case &c, const std::string &source,
                   const std::string &kernelName, const HostBuffers &initial, int runs,
                   int warmup) {
  Program program = buildProgram(session, source, c.buildOptions);
  Kernel kernel = createKernel(program, kernelName);
  SideResult side;
  side.code = readKernelCode(program, kernelName);

  cl_uint declared = 0;
  check(clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof declared, &declared, nullptr),
        "clGetKernelInfo");
  if (declared != c.args.size())
    throw std::runtime_error("kernel '" + kernelName + "' takes " + std::to_string(declared) +
                             " arguments but the plan gives " + std::to_string(c.args.size()));

  // Fresh buffers, filled from the same host bytes for before and after.
  std::vector<Memory> buffers(c.args.size());
  for (std::size_t i = 0; i < c.args.size(); ++i) {
    const KernelArg &arg = c.args[i];
    const std::string what = "clSetKernelArg(" + std::to_string(i) + ")";
    switch (arg.kind) {
    case KernelArg::Kind::Buffer: {
      buffers[i] = createBuffer(session, arg.bufferBytes(), initial[i].data());
      cl_mem mem = buffers[i];
      check(clSetKernelArg(kernel, static_cast<cl_uint>(i), sizeof mem, &mem), what);
      break;
    }
    case KernelArg::Kind::Scalar:
      check(clSetKernelArg(kernel, static_cast<cl_uint>(i), arg.valueBytes.size(),
                           arg.valueBytes.data()),
            what);
      break;
    case KernelArg::Kind::Local:
      check(clSetKernelArg(kernel, static_cast<cl_uint>(i), arg.localBytes, nullptr), what);
      break;
    }
  }

  // The first launch sees freshly filled buffers, so its outputs are the ones compared
  // (later launches may see their own earlier writes). It counts as one warm-up launch.
  const NdRange range{c.global, c.local};
  launchAndWait(session, kernel, range);
  side.outputs.resize(c.args.size());
  for (std::size_t i = 0; i < c.args.size(); ++i) {
    const KernelArg &arg = c.args[i];
    if (arg.kind != KernelArg::Kind::Buffer || !arg.output)
      continue;
    side.outputs[i].resize(arg.bufferBytes());
    check(clEnqueueReadBuffer(session.queue, buffers[i], CL_TRUE, 0, arg.bufferBytes(),
                              side.outputs[i].data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
  }
  side.timing = summarize(timeLaunches(session, kernel, range, std::max(0, warmup - 1), runs));
  return side;
}

void compareOutputs(const Case &c, const SideResult &before, const SideResult &after,
                    CaseResult &result) {
  if (c.variant == Variant::WhatIf) {
    result.outputs = "not compared (what-if)";
    return;
  }
  if (c.compare == CompareMode::None) {
    result.outputs = "not compared";
    return;
  }
  std::vector<ComparedOutput> compared;
  for (std::size_t i = 0; i < c.args.size(); ++i) {
    const KernelArg &arg = c.args[i];
    if (arg.kind != KernelArg::Kind::Buffer || !arg.output)
      continue;
    const std::uint64_t tolerance = c.compare == CompareMode::Ulp ? c.ulpTolerance : 0;
    compared.push_back({i, arg.type,
                        compareBuffer(arg.type, arg.elements, before.outputs[i].data(),
                                      after.outputs[i].data(), tolerance)});
  }
  OutputsVerdict verdict = judgeOutputs(c.compare, c.ulpTolerance, compared);
  result.outputs = verdict.text;
  result.maxUlp = verdict.maxUlp;
  result.differing = verdict.differing;
  if (!verdict.agree) {
    result.status = CaseStatus::Mismatch;
    result.error = verdict.text;
  }
}

} // namespace

CaseResult executeCase(const DeviceInfo &device, const Case &c, int runs, int warmup,
                       const std::string &ptxDir) {
  CaseResult result;
  std::string stage = "setup";
  try {
    checkLimits(device, c);
    DeviceSession session(openDevice(device));

    HostBuffers initial(c.args.size());
    for (std::size_t i = 0; i < c.args.size(); ++i)
      if (c.args[i].kind == KernelArg::Kind::Buffer)
        initial[i] =
            makeFilledBuffer(c.args[i].type, c.args[i].elements, c.args[i].fill, c.args[i].seed);

    stage = "before (" + c.beforePath + ")";
    SideResult before = runSide(session, c, c.beforeSource, c.kernel, initial, runs, warmup);
    result.before = before.timing;
    stage = "after (" + c.afterPath + ")";
    SideResult after = runSide(session, c, c.afterSource, c.kernelAfter, initial, runs, warmup);
    result.after = after.timing;
    recordCompiledCode(before.code, after.code, result);
    if (!ptxDir.empty())
      if (std::string error = saveCompiledCode(ptxDir, c.id, before.code, after.code);
          !error.empty())
        result.codeNote += (result.codeNote.empty() ? "" : "; ") + ("--ptx-dir: " + error);
    compareOutputs(c, before, after, result);
  } catch (const std::exception &e) {
    result.status = CaseStatus::Error;
    result.error = stage + ": " + e.what();
    result.outputs = "not compared (error)";
  }
  return result;
}

} // namespace cllint::runner
