#include "Fix/FixApplier.h"

#include "Support/InputFiles.h"

#include "clang/Tooling/Core/Replacement.h"

namespace cllint {

bool isApplicable(const Fix &F, bool AllowUnsafe) {
  return F.Safety == FixSafety::Safe || AllowUnsafe;
}

std::string applyEdits(const std::string &Path, const std::string &Content,
                       const std::vector<const Fix *> &Fixes, unsigned &Applied,
                       unsigned &Skipped) {
  clang::tooling::Replacements All;
  for (const Fix *F : Fixes) {
    clang::tooling::Replacements Trial = All;
    bool Ok = true;
    for (const Edit &E : F->Edits) {
      if (E.Where.File != Path) {
        Ok = false; // only the file being fixed is rewritten
        break;
      }
      clang::tooling::Replacement R(Path, E.Where.Begin.Offset,
                                    E.Where.End.Offset - E.Where.Begin.Offset, E.Replacement);
      if (llvm::Error Err = Trial.add(R)) {
        llvm::consumeError(std::move(Err));
        Ok = false;
        break;
      }
    }
    if (Ok) {
      All = std::move(Trial);
      ++Applied;
    } else {
      ++Skipped;
    }
  }
  auto Result = clang::tooling::applyAllReplacements(Content, All);
  if (!Result) {
    llvm::consumeError(Result.takeError());
    Applied = 0;
    return Content;
  }
  return *Result;
}

FixOutcome fixFile(const FileResult &Before, bool AllowUnsafe, Linter &L, bool Write) {
  FixOutcome Out;
  Out.After = Before;
  if (!Before.InputErrors.empty() || Before.CompileFailed)
    return Out;
  std::vector<const Fix *> Fixes;
  for (const Finding &F : Before.Findings)
    for (const Fix &Fx : F.Fixes)
      if (isApplicable(Fx, AllowUnsafe)) {
        Fixes.push_back(&Fx);
        break; // the first applicable alternative of each finding
      }
  if (Fixes.empty())
    return Out;
  std::string Fixed = applyEdits(Before.Path, Before.Content, Fixes, Out.Applied, Out.Skipped);
  if (Out.Applied == 0 || Fixed == Before.Content)
    return Out;
  FileResult After = L.lintBuffer(Before.Path, Fixed);
  if (After.CompileFailed) {
    Out.Error = "fixes not applied: the fixed file would not compile";
    for (const Finding &F : After.Findings)
      if (F.RuleId == "clang-diagnostic-error") {
        Out.Error += " (line " + std::to_string(F.Where.Begin.Line) + ": " + F.Message + ")";
        break;
      }
    Out.Applied = 0;
    return Out;
  }
  std::string Error;
  if (Write && !writeFileAtomically(Before.Path, Fixed, Error)) {
    Out.Error = "fixes not applied: " + Error;
    Out.Applied = 0;
    return Out;
  }
  Out.Written = Write;
  Out.After = std::move(After);
  Out.Fixed = std::move(Fixed);
  return Out;
}

} // namespace cllint
