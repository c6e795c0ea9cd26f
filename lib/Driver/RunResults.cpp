#include "Driver/RunResults.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

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

} // namespace cllint
