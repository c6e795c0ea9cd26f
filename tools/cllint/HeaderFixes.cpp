#include "HeaderFixes.h"

#include "Fix/FixApplier.h"
#include "Fix/UnifiedDiff.h"
#include "Support/InputFiles.h"
#include "Support/PrintablePath.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

namespace cllint {

namespace {

// The one file every edit of F is in, when it is not Path; empty otherwise.
std::string headerOf(const Fix &F, const std::string &Path) {
  std::string File;
  for (const Edit &E : F.Edits) {
    if (E.Where.File == Path || (!File.empty() && E.Where.File != File))
      return "";
    File = E.Where.File;
  }
  return File;
}

// Fixes reported by several files that include the header are the same edits: one counts.
std::string signature(const Fix &F) {
  std::string S;
  for (const Edit &E : F.Edits)
    S += std::to_string(E.Where.Begin.Offset) + ":" + std::to_string(E.Where.End.Offset) + ":" +
         E.Replacement + ";";
  return S;
}

} // namespace

void applyHeaderFixes(std::vector<FileResult> &Results, Linter &L, bool Unsafe, bool DiffOnly,
                      std::optional<size_t> Stdin, std::optional<Baseline> &Accepted, FixRun &Run) {
  struct Header {
    std::vector<const Fix *> Fixes;
    std::set<std::string> Seen;
    std::set<size_t> Includers;
  };
  std::map<std::string, Header> Headers;
  for (size_t I = 0; I < Results.size(); ++I) {
    if (Stdin && *Stdin == I)
      continue; // standard input's headers are the user's files: only its own text is fixed
    for (const Finding &F : Results[I].Findings)
      for (const Fix &Fx : F.Fixes) {
        if (!isApplicable(Fx, Unsafe))
          continue;
        std::string H = headerOf(Fx, Results[I].Path);
        if (!H.empty()) {
          Header &Entry = Headers[H];
          if (Entry.Seen.insert(signature(Fx)).second)
            Entry.Fixes.push_back(&Fx);
          Entry.Includers.insert(I);
        }
        break; // the first applicable alternative of each finding
      }
  }
  for (auto &[Path, H] : Headers) {
    std::string Content, Error;
    if (!readSourceFile(Path, 64ull << 20, Content, Error)) {
      llvm::WithColor::error(llvm::errs(), "cllint")
          << printablePath(Path) << ": fixes not applied: " << Error << "\n";
      Run.Failed = true;
      continue;
    }
    unsigned Applied = 0, Skipped = 0;
    std::string Fixed = applyEdits(Path, Content, H.Fixes, Applied, Skipped);
    if (!Applied || Fixed == Content)
      continue;
    if (DiffOnly) {
      Run.Diffs += unifiedDiff(Path, Content, Fixed);
      ++Run.Files;
      Run.Count += Applied;
      continue;
    }
    if (!writeFileAtomically(Path, Fixed, Error)) {
      llvm::WithColor::error(llvm::errs(), "cllint")
          << printablePath(Path) << ": fixes not applied: " << Error << "\n";
      Run.Failed = true;
      continue;
    }
    // Every file that includes it must still compile, or the header goes back as it was.
    std::map<size_t, FileResult> Relinted;
    std::string Broken;
    for (size_t I : H.Includers) {
      FileResult After = L.lintFile(Results[I].Path);
      if (After.CompileFailed && !Results[I].CompileFailed) {
        Broken = Results[I].Path;
        break;
      }
      Relinted.emplace(I, std::move(After));
    }
    if (!Broken.empty()) {
      writeFileAtomically(Path, Content, Error);
      llvm::WithColor::error(llvm::errs(), "cllint")
          << printablePath(Path) << ": fixes not applied: " << Broken
          << " would not compile with them\n";
      Run.Failed = true;
      continue;
    }
    ++Run.Files;
    Run.Count += Applied;
    for (auto &[I, After] : Relinted) {
      Results[I] = std::move(After);
      if (Accepted)
        Accepted->filter(Results[I]);
    }
  }
}

} // namespace cllint
