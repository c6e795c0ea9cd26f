// Results the render tests share: a small set of cases like those of a GPU run, and text split
// into lines.
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace cllint::runner::test {

inline Timing timing(std::uint64_t median, std::uint64_t spread) {
  Timing t;
  t.medianNs = median;
  t.minNs = median - spread;
  t.maxNs = median + spread;
  t.q1Ns = median - spread / 4;
  t.q3Ns = median + spread / 4;
  return t;
}

inline CaseResult makeCase(const std::string &kernel, std::uint64_t before, std::uint64_t after,
                           std::uint64_t spread) {
  CaseResult c;
  c.id = kernel + ".cl:14:memory-global-stride";
  c.file = "kernels/" + kernel + ".cl";
  c.line = 14;
  c.rule = "memory-global-stride";
  c.kernel = kernel;
  c.bytesMoved = 8 * 1024 * 1024;
  c.before = timing(before, spread);
  c.after = timing(after, spread);
  c.outputs = "identical";
  deriveFigures(c);
  return c;
}

inline Results sample() {
  Results r;
  r.device.platform = "NVIDIA CUDA";
  r.device.name = "NVIDIA H200";
  r.device.driver = "580.65";
  r.device.version = "OpenCL 3.0 CUDA";
  r.device.type = "GPU";
  r.date = "2026-11-21T21:30:00Z";
  r.runs = 20;
  r.warmup = 3;
  r.ceilingGbps = 2733.1;
  r.ceilingBytes = 64 << 20;
  r.command = "cllint-runner --report r.html plan";

  r.cases.push_back(makeCase("transpose_naive", 49'000, 3'100, 200)); // a real speed-up
  CaseResult whatIf = makeCase("strided<copy>", 32'000, 3'000, 100);
  whatIf.variant = Variant::WhatIf;
  whatIf.outputs = "not compared (what-if)";
  r.cases.push_back(whatIf);
  r.cases.push_back(makeCase("noisy", 10'000, 9'900, 2'000)); // 1% with 10% spread

  CaseResult broken;
  broken.id = "b.cl:3:x";
  broken.kernel = "broken";
  broken.rule = "x";
  broken.line = 3;
  broken.status = CaseStatus::Error;
  broken.error = "after (after.cl): clBuildProgram: CL_BUILD_PROGRAM_FAILURE; build log:\n"
                 "error: use of undeclared identifier 'a & b < c'";
  broken.outputs = "not compared (error)";
  r.cases.push_back(broken);
  return r;
}

inline std::vector<std::string> linesOf(const std::string &text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

} // namespace cllint::runner::test
