// A verify plan: the cases `cllint verify` wants measured, loaded from PLAN_DIR/plan.json.
// docs/verify-plan.md is the reference for the file format.
#pragma once

#include "cllint/Verify/Runner/ElementType.h"
#include "cllint/Verify/Runner/Fill.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cllint::runner {

inline constexpr int PlanVersion = 1;

struct Settings {
  int runs = 20;
  int warmup = 3;
  int timeoutMs = 20000;
  std::uint64_t seed = 1; // feeds every "random" fill (mixed with the argument's index)
};

enum class Variant { Fix, WhatIf };
enum class CompareMode { Bitwise, Ulp, None };

struct KernelArg {
  enum class Kind { Buffer, Scalar, Local };
  Kind kind = Kind::Buffer;
  ElementType type;                      // Buffer and Scalar
  std::uint64_t elements = 0;            // Buffer: element count (a float4 counts once)
  FillSpec fill;                         // Buffer
  bool output = false;                   // Buffer: compared after the first launch
  std::uint64_t seed = 0;                // Buffer: seed for "random", derived if not given
  std::vector<unsigned char> valueBytes; // Scalar: the bytes passed to clSetKernelArg
  std::uint64_t localBytes = 0;          // Local

  std::uint64_t bufferBytes() const { return elements * type.size(); }
};

struct Case {
  std::string id;
  std::string file; // the analysed source the finding is in, for the report
  int line = 0;
  std::string rule;
  std::string kernel;      // kernel name in `before`
  std::string kernelAfter; // kernel name in `after` (defaults to `kernel`)
  Variant variant = Variant::Fix;
  CompareMode compare = CompareMode::Bitwise;
  std::uint64_t ulpTolerance = 0;
  std::string buildOptions;
  std::string beforePath, afterPath;     // as written, relative to the plan directory
  std::string beforeSource, afterSource; // their contents, read at load time
  std::vector<std::size_t> global;
  std::optional<std::vector<std::size_t>> local; // nullopt: the driver chooses
  std::vector<KernelArg> args;
  std::uint64_t bytesMoved = 0; // bytes read + written per launch; 0 when unknown
  std::string bytesNote;
  // The after kernel's own bytes, when they differ (a what-if often touches fewer); without
  // it the after GB/s uses bytesMoved. bytesAfterUnknown: they could not be counted, so there
  // is no after GB/s.
  std::optional<std::uint64_t> bytesMovedAfter;
  std::string bytesNoteAfter;
  bool bytesAfterUnknown = false;
  int timeoutMs = 0; // 0: use the plan's settings.timeout_ms
  // The share of the kernel's time the finding costs as cllint's cost model predicts (0..1).
  std::optional<double> predictedShare;
};

// A finding the planner could not turn into a case, and why. Carried into the results so
// that reports say what was not measured, next to what was.
struct SkippedFinding {
  std::string file;
  int line = 0;
  std::string rule, kernel; // kernel: "" when the finding is outside any kernel
  std::string reason;
};

struct Plan {
  std::filesystem::path dir;
  Settings settings;
  std::vector<Case> cases;
  std::vector<SkippedFinding> skipped;
};

// Reads and validates DIR/plan.json and the kernel sources it names. Throws PlanError with
// a message naming the file and the field ("plan.json: cases[0].args[2].fill: ...").
Plan loadPlan(const std::filesystem::path &dir);

// Same, from JSON text already in memory; kernel sources are still read from `dir`.
// `fileLabel` is the name used in error messages.
Plan parsePlan(std::string_view jsonText, const std::filesystem::path &dir,
               std::string_view fileLabel = "plan.json");

std::string_view toString(Variant variant);
std::string_view toString(CompareMode mode);

} // namespace cllint::runner
