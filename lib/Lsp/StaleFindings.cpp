#include "Lsp/StaleFindings.h"

#include "Fix/UnifiedDiff.h"
#include "Lsp/Protocol.h"

#include "llvm/ADT/StringRef.h"

namespace cllint::lsp {
namespace {

std::vector<unsigned> lineStarts(const std::string &Text) {
  std::vector<unsigned> Starts = {0, 0}; // 1-based
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(unsigned(I + 1));
  return Starts;
}

// P on line Map[P.Line] of the new text, same column; false when its line changed.
bool relocate(Position &P, const std::vector<unsigned> &Map, const std::vector<unsigned> &Starts) {
  if (P.Line >= Map.size() || !Map[P.Line] || Map[P.Line] >= Starts.size())
    return false;
  P.Line = Map[P.Line];
  P.Offset = Starts[P.Line] + (P.Column ? P.Column - 1 : 0);
  return true;
}

} // namespace

std::vector<Finding> carriedFindings(const FileResult &Good, const std::string &GoodText,
                                     const std::string &NowText, const std::string &Path) {
  std::vector<Finding> Out;
  std::vector<unsigned> Map = unchangedLines(GoodText, NowText);
  std::vector<unsigned> Starts = lineStarts(NowText);
  for (const Finding &F : Good.Findings) {
    if (llvm::StringRef(F.RuleId).starts_with("clang-diagnostic-") || !sameFile(F.Where.File, Path))
      continue;
    Finding C = F;
    C.Fixes.clear();
    if (!relocate(C.Where.Begin, Map, Starts) || !relocate(C.Where.End, Map, Starts))
      continue;
    std::vector<Note> Notes;
    for (Note N : C.Notes)
      if (!sameFile(N.Where.File, Path) ||
          (relocate(N.Where.Begin, Map, Starts) && relocate(N.Where.End, Map, Starts)))
        Notes.push_back(std::move(N));
    C.Notes = std::move(Notes);
    Out.push_back(std::move(C));
  }
  return Out;
}

} // namespace cllint::lsp
