// The lines a work tree adds or changes since a git revision (`git diff -U0 REF`, the index and
// untracked files included): what `--diff-base REF` limits the findings to, so that a team can
// adopt cllint on old code without a baseline.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

namespace cllint {

class ChangedLines {
public:
  // The repository holding Dir, compared with Ref (a branch, tag, commit or `HEAD~3`). Empty
  // with Error set when there is no repository or Ref does not name a commit.
  static std::optional<ChangedLines> since(const std::string &Ref, const std::string &Dir,
                                           std::string &Error);

  // Whether any line of [First, Last] in Path is new since the revision. A file outside the
  // repository's work tree has nothing to compare with: every line counts as changed.
  bool touches(const std::string &Path, unsigned First, unsigned Last) const;

private:
  std::string WorkTree;                            // real path, with a trailing '/'
  std::map<std::string, std::set<unsigned>> Added; // work-tree relative path -> new lines
};

} // namespace cllint
