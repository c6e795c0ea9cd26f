// What a verify run found, per case and for the device; rendered as JSON, text or HTML.
#pragma once

#include "cllint/Verify/Runner/Device.h"
#include "cllint/Verify/Runner/Plan.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cllint::runner {

// Kernel times from CL_PROFILING_COMMAND_START/END over the timed launches.
struct Timing {
  std::uint64_t medianNs = 0, minNs = 0, maxNs = 0;
  std::uint64_t q1Ns = 0, q3Ns = 0; // quartiles, for a spread that one outlier cannot inflate
  std::optional<double> gbps;       // bytes moved / median; absent when the bytes are unknown
};

// Instructions of one kernel in the code its device compiler returned (PTX on NVIDIA), by
// the categories that double-precision literals and integer division change.
struct CodeCounts {
  std::uint64_t instructions = 0;
  std::uint64_t f64 = 0;         // instructions with a .f64 type (cvt.f64.f32 included)
  std::uint64_t conversions = 0; // cvt.*
  std::uint64_t divisions = 0;   // div.* and rem.*
  std::map<std::string, std::uint64_t> opcodes; // "fma.rn.f64" -> 2

  bool operator==(const CodeCounts &) const = default;
};

struct CompiledCode {
  std::string format = "ptx";
  CodeCounts before, after;
};

enum class CaseStatus { Ok, Mismatch, Error, Timeout };

struct CaseResult {
  // Copied from the plan, so results stand on their own.
  std::string id, file, rule, kernel;
  int line = 0;
  Variant variant = Variant::Fix;
  std::uint64_t bytesMoved = 0;
  std::string bytesNote;
  std::optional<std::uint64_t> bytesMovedAfter; // the after side's, when it differs
  std::string bytesNoteAfter;
  bool bytesAfterUnknown = false;       // no honest after GB/s: shown as "—"
  std::optional<double> predictedShare; // the cost model's share of the kernel's time

  CaseStatus status = CaseStatus::Ok;
  std::string error; // when status is Error, Timeout or Mismatch
  std::optional<Timing> before, after;
  std::optional<double> speedup; // before median / after median
  // False when |speedup - 1| is below the spread of the measurements, the larger relative
  // interquartile range (q3 - q1) / median of the two sides: the difference is noise.
  bool measurable = false;
  std::string outputs; // "identical", "within 2 ulp (...)", "differ: ...", "not compared (...)"
  std::uint64_t maxUlp = 0;
  std::uint64_t differing = 0; // output elements that differ at all
  // The kernel's instructions before and after, where the driver returns readable code;
  // otherwise codeNote says what it returned.
  std::optional<CompiledCode> code;
  std::string codeNote;
};

struct Results {
  DeviceInfo device;
  std::string date; // UTC, ISO 8601
  int runs = 0, warmup = 0;
  std::optional<double> ceilingGbps; // copy-kernel bandwidth of the device
  std::uint64_t ceilingBytes = 0;    // buffer size the ceiling was measured with
  std::string ceilingError;          // why there is no ceiling, when there is none
  std::string command;               // how the run was started, for the report
  std::string planDir;
  std::vector<CaseResult> cases;
  std::vector<SkippedFinding> skipped; // from the plan: findings that did not become cases
};

std::string_view toString(CaseStatus status);

// Fills the figures derived from the raw timings: GB/s, speed-up, measurable.
void deriveFigures(CaseResult &result);

// 0 when every case is ok, 1 when any mismatched, failed or timed out.
int exitStatus(const Results &results);

// What the timings cannot say on this device (a CPU's OpenCL implementation is not a GPU);
// empty when nothing needs saying. Text, JSON and HTML print it.
std::string timingCaveat(const Results &results);

} // namespace cllint::runner
