#include "Driver/HostFindings.h"

#include "Driver/FindingSettings.h"

namespace cllint {

void settleHostFindings(Linter &L, FileResult &R) {
  FileSettings S;
  std::string Error;
  if (!L.settingsFor(R.Path, S, Error))
    return; // the kernel files of the run report the broken config
  Suppressions Supp = Suppressions::parse(R.Path, R.Content, isKnownRuleOrPattern);
  std::vector<Finding> Kept;
  for (Finding &F : R.Findings) {
    if (!S.Rules.isEnabled(F.RuleId))
      continue;
    if (settleFinding(F, S, Supp, R))
      Kept.push_back(std::move(F));
  }
  R.Findings = std::move(Kept);
}

} // namespace cllint
