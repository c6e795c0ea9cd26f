#include "Driver/RunResults.h"

#include "llvm/ADT/SmallString.h"
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
      if (!Seen.insert(
                   {F.RuleId, F.Where.File, F.Where.Begin.Line, F.Where.Begin.Column, F.Message})
               .second) {
        ++Dropped;
        continue;
      }
      Kept.push_back(std::move(F));
    }
    R.Findings = std::move(Kept);
  }
  return Dropped;
}

size_t groupFindings(std::vector<FileResult> &Results) {
  size_t Folded = 0;
  for (FileResult &R : Results) {
    // Each group's leader is its earliest site; the others fold into it.
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<size_t>> Groups;
    for (size_t I = 0; I < R.Findings.size(); ++I) {
      const Finding &F = R.Findings[I];
      if (!F.GroupKey.empty())
        Groups[{F.GroupKey, F.Where.File, F.Message}].push_back(I);
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
        F.Message += " (and " + std::to_string(N) + " more site" + (N == 1 ? "" : "s") +
                     " with the same cause at line" + (N == 1 ? " " : "s ") + Lines + ")";
        for (const Finding *O : Others[I])
          F.Notes.push_back({O->Where, "the same access pattern here"});
        Folded += N;
      }
      Kept.push_back(std::move(F));
    }
    R.Findings = std::move(Kept);
  }
  return Folded;
}

} // namespace cllint
