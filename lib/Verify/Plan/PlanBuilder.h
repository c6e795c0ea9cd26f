// From findings to a verify plan (docs/verify-plan.md): one case per finding that has a fix
// (variant "fix": outputs must agree) or an honest what-if (variant "what-if": timings only),
// with the launch set-up of KernelSetup.h. Findings that cannot be planned are kept with the
// reason, so the report can say why.
#pragma once

#include "Diagnostics/Finding.h"
#include "Driver/Linter.h"
#include "Verify/Plan/KernelSetup.h"
#include "Verify/Plan/Spec.h"
#include "cllint/Verify/Runner/Plan.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cllint::verify {

struct VerifyOptions {
  std::optional<std::vector<uint64_t>> Global; // --global
  uint64_t UlpTolerance = 4;                   // for unsafe fixes (float rounding)
  const Spec *CommandLineSpec = nullptr;       // --spec, before the config's verify: section
};

struct PlannedCase {
  std::string Id, File, Rule, Kernel, Variant, Compare, Description, BuildOptions;
  unsigned Line = 0;
  uint64_t UlpTolerance = 0;
  std::string Before, After; // kernel sources
  std::string SetupFrom;     // "inferred" or the spec file
  KernelSetup Setup;
  std::vector<unsigned> Covers; // lines of the findings one case measures together, if several
  bool LoopHarness = false;     // LoopHarness.h: timed for its arithmetic, it moves no bytes
                                // worth a GB/s figure
  // The share of the kernel's time the findings it measures cost, as the cost model predicts
  // (their impact): removing it predicts a speed-up of 1 / (1 - share).
  std::optional<double> PredictedShare;
};

struct Skip {
  std::string File;
  unsigned Line = 0;
  std::string Rule, Kernel, Reason;
};

struct PlanSet {
  std::vector<PlannedCase> Cases;
  std::vector<Skip> Skips;
};

// Plans the findings of one linted file (R as lintFile returned it). False, with Error, on
// input problems: a bad config or spec, a file that does not compile.
bool planFindings(Linter &L, const FileResult &R, const VerifyOptions &Options, PlanSet &Out,
                  std::string &Error);

// plan.json of the set; sources are named caseN/before.cl and caseN/after.cl.
nlohmann::json planJson(const PlanSet &Set, const runner::Settings &Settings);

// Writes Dir/plan.json and the sources (Dir is created). False, with Error, on I/O errors.
bool writePlanDir(const PlanSet &Set, const runner::Settings &Settings, const std::string &Dir,
                  std::string &Error);

// The skipped findings as a user reads them: one line per kernel and reason, with the rules and
// lines it covers ("kernels-corpus/sgemm/naive.cl: kernel 'sgemm_naive', 3 findings
// (memory-global-stride at lines 27, 30): cannot size buffer 'A': ...").
std::vector<std::string> skipLines(const std::vector<Skip> &Skips);

// Rules whose findings have a what-if when they carry no fix.
bool hasWhatIf(const std::string &Rule);

} // namespace cllint::verify
