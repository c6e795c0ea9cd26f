// Inline suppressions: `// cllint: ignore[rule]` (same line), `// cllint: ignore-next-line[rule]`,
// `// cllint: ignore-file[rule]`, and clang-tidy's NOLINT(rule), NOLINTNEXTLINE(rule),
// NOLINTBEGIN(rule)/NOLINTEND(rule). A missing or empty list means every rule.
#pragma once

#include "Diagnostics/Finding.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cllint {

class Suppressions {
public:
  // IsKnownRule decides which ids are valid; unknown ones become findings of their own.
  static Suppressions parse(const std::string &Path, const std::string &Content,
                            const std::function<bool(const std::string &)> &IsKnownRule);

  bool suppresses(const Finding &F) const;
  // "unknown rule 'x' in suppression" findings, rule id cllint-suppression.
  const std::vector<Finding> &problems() const { return Problems; }

private:
  struct Entry {
    unsigned FirstLine = 0, LastLine = 0; // inclusive; 0..UINT_MAX for file-level
    std::vector<std::string> Patterns;    // empty = all rules
  };
  std::string Path;
  std::vector<Entry> Entries;
  std::vector<Finding> Problems;
};

// The comments of a C-family source: each with its 0-based offset and text (markers included).
struct Comment {
  unsigned Offset = 0;
  unsigned Line = 1; // 1-based line where it starts
  unsigned Column = 1;
  std::string Text;
};
std::vector<Comment> scanComments(const std::string &Content);

} // namespace cllint
