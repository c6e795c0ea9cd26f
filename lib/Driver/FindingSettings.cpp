#include "Driver/FindingSettings.h"

namespace cllint {

bool settleFinding(Finding &F, const FileSettings &S, const Suppressions &Supp, FileResult &R) {
  if (auto It = S.SeverityOverrides.find(F.RuleId);
      It != S.SeverityOverrides.end() && F.Level != Severity::Note)
    F.Level = It->second;
  if (Supp.suppresses(F)) {
    ++R.SuppressedCount;
    return false;
  }
  return true;
}

} // namespace cllint
