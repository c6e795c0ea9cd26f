#include "Config/RuleSelection.h"

#include "llvm/ADT/StringRef.h"

namespace cllint {

bool globMatch(const std::string &Pattern, const std::string &Text) {
  // Iterative '*' matcher with backtracking to the last star; '?' matches one char.
  size_t P = 0, T = 0, Star = std::string::npos, Mark = 0;
  while (T < Text.size()) {
    if (P < Pattern.size() && (Pattern[P] == '?' || Pattern[P] == Text[T])) {
      ++P;
      ++T;
    } else if (P < Pattern.size() && Pattern[P] == '*') {
      Star = P++;
      Mark = T;
    } else if (Star != std::string::npos) {
      P = Star + 1;
      T = ++Mark;
    } else {
      return false;
    }
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

void RuleSelection::append(const std::string &CommaList) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(CommaList).split(Parts, ',', -1, false);
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    if (!Part.empty())
      appendPattern(Part.str());
  }
}

void RuleSelection::appendPattern(const std::string &Pattern) { Patterns.push_back(Pattern); }

bool RuleSelection::isEnabled(const std::string &RuleId) const {
  bool Enabled = true; // every rule is on unless a pattern says otherwise
  for (const std::string &P : Patterns) {
    bool Negative = !P.empty() && P[0] == '-';
    std::string Glob = Negative ? P.substr(1) : P;
    if (globMatch(Glob, RuleId))
      Enabled = !Negative;
  }
  return Enabled;
}

} // namespace cllint
