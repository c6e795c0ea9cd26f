#include "LintFixes.h"

#include "Fix/FixApplier.h"
#include "Fix/UnifiedDiff.h"
#include "HeaderFixes.h"
#include "Support/PrintablePath.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace cllint {

FixRun applyFixes(std::vector<FileResult> &Results, Linter &L, bool Unsafe, bool DiffOnly,
                  std::optional<size_t> Stdin, std::optional<Baseline> &Accepted) {
  FixRun Run;
  for (size_t I = 0; I < Results.size(); ++I) {
    FileResult &R = Results[I];
    bool FromStdin = Stdin && *Stdin == I;
    FixOutcome O = fixFile(R, Unsafe, L, /*Write=*/!DiffOnly && !FromStdin);
    if (!O.Error.empty()) {
      llvm::WithColor::error(llvm::errs(), "cllint")
          << printablePath(R.Path) << ": " << O.Error << "\n";
      Run.Failed = true;
    }
    bool Changed = !O.Fixed.empty();
    if (FromStdin)
      Run.StdinFixed = Changed ? O.Fixed : R.Content;
    if (DiffOnly) {
      if (Changed) {
        Run.Diffs += unifiedDiff(R.Path, R.Content, O.Fixed);
        ++Run.Files;
        Run.Count += O.Applied;
      }
      continue;
    }
    if (O.Written)
      ++Run.Files;
    if (O.Written || (FromStdin && Changed))
      Run.Count += O.Applied;
    R = std::move(O.After);
    if (Accepted && O.Written)
      Accepted->filter(R); // the fixed file was linted again
  }
  applyHeaderFixes(Results, L, Unsafe, DiffOnly, Stdin, Accepted, Run);
  return Run;
}

} // namespace cllint
