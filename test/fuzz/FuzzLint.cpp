// fuzz-lint: arbitrary bytes as a .cl buffer through Linter::lintBuffer (every rule), each
// output format, and the --fix path in memory (applyEdits, then the fixed text linted again as
// fixFile does, without writing a file).
//
// The first line selects the OpenCL C version when it is exactly "//CL2.0" or "//CL3.0"
// (default CL1.2), so kernels that need 2.0 features are reachable too.
#include "Driver/Linter.h"
#include "Fix/FixApplier.h"
#include "FuzzCommon.h"
#include "Output/Emitters.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace cllint;

namespace {

// A path in a directory that does not exist: nothing on disk is read as the input, and
// quoted includes find nothing next to it.
const char *const InputPath = "/nonexistent-cllint-fuzz/input.cl";

Linter &linterFor(const std::string &Content) {
  static std::unique_ptr<Linter> Linters[3];
  unsigned Which = 0;
  if (Content.rfind("//CL2.0\n", 0) == 0)
    Which = 1;
  else if (Content.rfind("//CL3.0\n", 0) == 0)
    Which = 2;
  if (!Linters[Which]) {
    LintOptions O;
    O.NoConfig = true;
    O.Isolate = false; // crashes must reach libFuzzer, not become internal-error findings
    O.Flags.Std = Which == 0 ? "CL1.2" : Which == 1 ? "CL2.0" : "CL3.0";
    Linters[Which] = std::make_unique<Linter>(std::move(O));
  }
  return *Linters[Which];
}

void emitAll(const FileResult &R) {
  std::vector<FileResult> Results{R};
  llvm::raw_null_ostream Null;
  EmitOptions Plain;
  Plain.SourceRoot = "/nonexistent-cllint-fuzz";
  Plain.ToolVersion = "fuzz";
  EmitOptions Colored = Plain;
  Colored.Color = true;
  emitText(Results, Plain, Null);
  emitText(Results, Colored, Null);
  emitJson(Results, Plain, Null);
  emitSarif(Results, Plain, Null);
}

// What fixFile does before it writes: the first applicable alternative of each finding.
std::vector<const Fix *> fixesOf(const FileResult &R, bool AllowUnsafe) {
  std::vector<const Fix *> Fixes;
  for (const Finding &F : R.Findings)
    for (const Fix &Fx : F.Fixes)
      if (isApplicable(Fx, AllowUnsafe)) {
        Fixes.push_back(&Fx);
        break;
      }
  return Fixes;
}

void fixInMemory(const FileResult &Before, const std::vector<const Fix *> &Fixes, Linter &L) {
  if (Fixes.empty())
    return;
  unsigned Applied = 0, Skipped = 0;
  std::string Fixed = applyEdits(Before.Path, Before.Content, Fixes, Applied, Skipped);
  if (Applied != 0 && Applied + Skipped != Fixes.size())
    cllint::fuzz::invariantFailed("applyEdits counted " + std::to_string(Applied) + "+" +
                                  std::to_string(Skipped) + " of " + std::to_string(Fixes.size()) +
                                  " fixes");
  if (Applied == 0 || Fixed == Before.Content)
    return;
  FileResult After = L.lintBuffer(Before.Path, Fixed);
  emitAll(After);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Content(reinterpret_cast<const char *>(Data), Size);
  if (Content.find("__debug") != std::string::npos)
    return -1; // "#pragma clang __debug crash" and friends crash clang on purpose
  Linter &L = linterFor(Content);
  FileResult R = L.lintBuffer(InputPath, Content);
  emitAll(R);
  if (!R.InputErrors.empty() || R.CompileFailed)
    return 0; // fixFile applies nothing then
  std::vector<const Fix *> Safe = fixesOf(R, /*AllowUnsafe=*/false);
  std::vector<const Fix *> All = fixesOf(R, /*AllowUnsafe=*/true);
  fixInMemory(R, Safe, L);
  if (All != Safe)
    fixInMemory(R, All, L);
  return 0;
}
