#include "Driver/PrecisionRewrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cllint {

void markPrecisionRewrite(std::vector<Finding> &Findings, const analysis::LaunchTable &Host,
                          const std::string &Path) {
  if (Host.precisionRewrites().empty())
    return;
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  const analysis::LaunchTable::PrecisionRewrite *R = Host.precisionRewriteFor(Abs.str().str());
  if (!R)
    return;
  std::string Assumption = "the single-precision build (" + R->Where +
                           " may replace 'float' with 'double' in the source, where the literal "
                           "costs nothing)";
  for (Finding &F : Findings) {
    if (F.RuleId != "arith-double-literal")
      continue;
    if (F.Weight) {
      F.Weight->Conditional = true;
      F.Weight->Assumptions.push_back(Assumption);
    } else {
      F.Level = Severity::Note;
      F.Message += "; this rests on " + Assumption;
    }
  }
}

} // namespace cllint
