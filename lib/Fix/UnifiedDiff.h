// Line diffs of two texts: `--diff` (what --fix would change, as a unified diff that git apply
// and patch -p1 read) and the language server's mapping of unchanged lines across an edit.
#pragma once

#include <string>
#include <vector>

namespace cllint {

// "--- a/PATH", "+++ b/PATH" and the hunks with 3 lines of context; empty when equal.
std::string unifiedDiff(const std::string &Path, const std::string &Before,
                        const std::string &After);

// For each line of Before (index 1..N; index 0 unused), the line it is in After when it is
// unchanged there (the lines a shortest edit script keeps), or 0 when it was edited away.
std::vector<unsigned> unchangedLines(const std::string &Before, const std::string &After);

} // namespace cllint
