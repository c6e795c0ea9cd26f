#include "cllint/Verify/Runner/Results.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cllint::runner {
namespace {

double relativeSpread(const Timing &t) {
  // The interquartile range rather than max - min: one preempted launch among twenty
  // should not turn a 2x difference into "no measurable difference".
  return t.medianNs ? static_cast<double>(t.q3Ns - t.q1Ns) / static_cast<double>(t.medianNs) : 0.0;
}

} // namespace

std::string_view toString(CaseStatus status) {
  switch (status) {
  case CaseStatus::Ok:
    return "ok";
  case CaseStatus::Mismatch:
    return "mismatch";
  case CaseStatus::Error:
    return "error";
  case CaseStatus::Timeout:
    return "timeout";
  }
  return "?";
}

void deriveFigures(CaseResult &r) {
  // bytes per nanosecond is GB/s (10^9 bytes per second).
  // The after side moves bytesMovedAfter when the plan gives it (a what-if kernel often touches
  // fewer bytes), none known when the plan says they could not be counted.
  const std::uint64_t after = r.bytesAfterUnknown ? 0 : r.bytesMovedAfter.value_or(r.bytesMoved);
  const std::pair<std::optional<Timing> *, std::uint64_t> sides[] = {{&r.before, r.bytesMoved},
                                                                     {&r.after, after}};
  for (const auto &[t, bytes] : sides) {
    if (!*t)
      continue;
    (*t)->gbps.reset();
    if (bytes && (*t)->medianNs)
      (*t)->gbps = static_cast<double>(bytes) / static_cast<double>((*t)->medianNs);
  }
  r.speedup.reset();
  r.measurable = false;
  if (r.before && r.after && r.after->medianNs) {
    r.speedup = static_cast<double>(r.before->medianNs) / static_cast<double>(r.after->medianNs);
    const double spread = std::max(relativeSpread(*r.before), relativeSpread(*r.after));
    r.measurable = std::abs(*r.speedup - 1.0) >= spread;
  }
}

int exitStatus(const Results &results) {
  for (const CaseResult &c : results.cases)
    if (c.status != CaseStatus::Ok)
      return 1;
  return 0;
}

std::string timingCaveat(const Results &results) {
  if (!results.device.isCpu())
    return "";
  return "the device is a CPU (" + results.device.platform +
         "): its times measure that OpenCL implementation, not a GPU; they show whether the "
         "outputs agree, not what a GPU gains (run on a GPU with --device for speed-ups)";
}

} // namespace cllint::runner
