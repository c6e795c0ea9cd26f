#include "Driver/RunResults.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace cllint {

namespace {

std::string normalised(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

std::string absolute(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

} // namespace

size_t dedupeIncludedFindings(std::vector<FileResult> &Results) {
  std::set<std::tuple<std::string, std::string, unsigned, unsigned, std::string>> Seen;
  size_t Dropped = 0;
  for (FileResult &R : Results) {
    std::string Main = normalised(R.Path);
    std::vector<Finding> Kept;
    for (Finding &F : R.Findings) {
      if (F.Where.File.empty() || F.Where.File == R.Path || normalised(F.Where.File) == Main) {
        Kept.push_back(std::move(F));
        continue;
      }
      F.Where.File = normalised(F.Where.File);
      for (Note &N : F.Notes)
        if (!N.Where.File.empty() && N.Where.File != R.Path)
          N.Where.File = normalised(N.Where.File);
      if (!Seen.insert({F.RuleId, F.Where.File, F.Where.Begin.Line, F.Where.Begin.Column,
                        mechanismText(F)})
               .second) {
        if (R.CompileFailed && F.RuleId == "clang-diagnostic-error" &&
            R.FirstErrorInSharedHeader.empty())
          R.FirstErrorInSharedHeader = F.Where.File + ":" + std::to_string(F.Where.Begin.Line) +
                                       ":" + std::to_string(F.Where.Begin.Column) + ": " +
                                       F.Message;
        ++Dropped;
        continue;
      }
      Kept.push_back(std::move(F));
    }
    R.Findings = std::move(Kept);
  }
  return Dropped;
}

size_t settleIncludedFragments(std::vector<FileResult> &Results) {
  std::map<std::string, const FileResult *> Includer; // header -> a file that compiles with it
  for (const FileResult &R : Results)
    if (!R.CompileFailed && R.InputErrors.empty())
      for (const std::string &D : R.Dependencies)
        Includer.try_emplace(absolute(D), &R);
  size_t Settled = 0;
  for (FileResult &R : Results) {
    auto It = R.CompileFailed ? Includer.find(absolute(R.Path)) : Includer.end();
    if (It == Includer.end() || It->second == &R)
      continue;
    R.LintedThrough = It->second->Path;
    R.CompileFailed = false;
    R.FirstErrorInSharedHeader.clear();
    std::erase_if(R.Findings,
                  [](const Finding &F) { return F.RuleId.rfind("clang-diagnostic-", 0) == 0; });
    ++Settled;
  }
  return Settled;
}

constexpr size_t MaxSiteNotes = 16;

// What a folded site shares with its group's leader, for the note at the site.
static std::string sameCauseText(const Finding &F) {
  if (F.GroupKey.rfind("host-launch:", 0) == 0)
    return "the same kernel launched with the same local size here";
  return "the same access pattern here";
}

size_t groupFindings(std::vector<FileResult> &Results) {
  size_t Folded = 0;
  for (FileResult &R : Results) {
    // Each group's leader is its earliest site; the others fold into it.
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<size_t>> Groups;
    for (size_t I = 0; I < R.Findings.size(); ++I) {
      const Finding &F = R.Findings[I];
      if (!F.GroupKey.empty())
        Groups[{F.GroupKey, F.Where.File, mechanismText(F)}].push_back(I);
    }
    std::vector<std::vector<const Finding *>> Others(R.Findings.size());
    std::vector<bool> Drop(R.Findings.size(), false);
    for (auto &[Key, Members] : Groups) {
      if (Members.size() < 2)
        continue;
      auto At = [&](size_t I) {
        const Position &P = R.Findings[I].Where.Begin;
        return std::make_pair(P.Line, P.Column);
      };
      std::stable_sort(Members.begin(), Members.end(),
                       [&](size_t A, size_t B) { return At(A) < At(B); });
      for (size_t K = 1; K < Members.size(); ++K) {
        Others[Members[0]].push_back(&R.Findings[Members[K]]);
        Drop[Members[K]] = true;
      }
    }
    std::vector<Finding> Kept;
    for (size_t I = 0; I < R.Findings.size(); ++I) {
      if (Drop[I])
        continue;
      Finding F = R.Findings[I];
      if (!Others[I].empty()) {
        std::string Lines;
        size_t Listed = 0;
        for (const Finding *O : Others[I]) {
          if (Listed++ == 8) {
            Lines += ", ...";
            break;
          }
          Lines += (Lines.empty() ? "" : ", ") + std::to_string(O->Where.Begin.Line);
        }
        size_t N = Others[I].size();
        for (const Finding *O : Others[I])
          F.Level = std::max(F.Level, O->Level);
        F.Message += " (and " + std::to_string(N) + " more site" + (N == 1 ? "" : "s") +
                     " with the same cause at line" + (N == 1 ? " " : "s ") + Lines + ")";
        // A note per site up to a screenful; the message counts them all.
        for (size_t K = 0; K < Others[I].size() && K < MaxSiteNotes; ++K)
          F.Notes.push_back({Others[I][K]->Where, sameCauseText(F)});
        Folded += N;
      }
      Kept.push_back(std::move(F));
    }
    R.Findings = std::move(Kept);
  }
  return Folded;
}

// "does not compile: 3:7: unknown type name 'DECLSPEC' (is a -D or -include flag missing? ...)".
std::string compileFailure(const FileResult &R) {
  const Finding *First = nullptr;
  for (const Finding &F : R.Findings)
    if (F.RuleId == "clang-diagnostic-error" &&
        !llvm::StringRef(F.Message).starts_with("too many errors")) {
      First = &F;
      break;
    }
  if (!First && !R.FirstErrorInSharedHeader.empty())
    return "does not compile: " + R.FirstErrorInSharedHeader;
  if (!First)
    return "does not compile";
  std::string In = First->Where.File.empty() || First->Where.File == R.Path
                       ? ""
                       : First->Where.File + ":"; // an error in a header names the header
  std::string Out = "does not compile: " + In + std::to_string(First->Where.Begin.Line) + ":" +
                    std::to_string(First->Where.Begin.Column) + ": " + First->Message;
  // A name the project defines through its build: a macro the host passes with -D, or a
  // header it includes with -I / -include.
  llvm::StringRef M(First->Message);
  size_t Q = M.find('\'');
  llvm::StringRef Name = Q == llvm::StringRef::npos
                             ? ""
                             : M.drop_front(Q + 1).take_until([](char C) { return C == '\''; });
  bool Upper = !Name.empty() && llvm::all_of(Name, [](char C) {
    return (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
  });
  if (M.contains("file not found"))
    Out += " (is an -I flag missing? set flags: in .cllint.yaml or pass -I after --)";
  else if (Upper && (M.starts_with("unknown type name") || M.contains("undeclared identifier") ||
                     M.starts_with("expected")))
    Out += " (is a -D or -include flag missing? the host's clBuildProgram options go in "
           "flags: of .cllint.yaml or after --)";
  return Out;
}

std::vector<std::string> fileErrors(const FileResult &R) {
  std::vector<std::string> Out = R.InputErrors;
  Out.insert(Out.end(), R.InternalErrors.begin(), R.InternalErrors.end());
  if (R.CompileFailed)
    Out.push_back(compileFailure(R));
  return Out;
}

} // namespace cllint
