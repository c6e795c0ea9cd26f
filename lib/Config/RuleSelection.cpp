#include "Config/RuleSelection.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

namespace cllint {

bool globMatch(const std::string &Pattern, const std::string &Text) {
  // LLVM's glob: '*' (also across '/'), '?', '[a-z]' and '{a,b}'. A pattern it cannot read (an
  // unclosed '[') matches only itself.
  llvm::Expected<llvm::GlobPattern> Glob = llvm::GlobPattern::create(Pattern, 64);
  if (!Glob) {
    llvm::consumeError(Glob.takeError());
    return Pattern == Text;
  }
  return Glob->match(Text);
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
