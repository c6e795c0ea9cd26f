// clang-tidy style rule filters: a comma list of globs, '-' excludes, later entries win.
#pragma once

#include <string>
#include <vector>

namespace cllint {

class RuleSelection {
public:
  // Appends patterns; "-*,memory-*" disables everything then enables the memory rules.
  void append(const std::string &CommaList);
  void appendPattern(const std::string &Pattern);
  bool isEnabled(const std::string &RuleId) const;
  bool empty() const { return Patterns.empty(); }
  const std::vector<std::string> &patterns() const { return Patterns; }

private:
  std::vector<std::string> Patterns;
};

// Shell-style glob: `*` (also across `/`), `?`, `[a-z]` and `{a,b}` (LLVM's GlobPattern).
bool globMatch(const std::string &Pattern, const std::string &Text);

} // namespace cllint
