#include "Driver/PrecisionRewrite.h"

#include "Support/AbsolutePath.h"

namespace cllint {

void markPrecisionRewrite(std::vector<Finding> &Findings, const analysis::LaunchTable &Host,
                          const std::string &Path) {
  if (Host.precisionRewrites().empty())
    return;
  const analysis::LaunchTable::PrecisionRewrite *R = Host.precisionRewriteFor(absolutePath(Path));
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
