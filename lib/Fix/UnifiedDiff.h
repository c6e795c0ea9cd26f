// `--diff`: what --fix would change, as a unified diff (git apply / patch -p1 read it).
#pragma once

#include <string>

namespace cllint {

// "--- a/PATH", "+++ b/PATH" and the hunks with 3 lines of context; empty when equal.
std::string unifiedDiff(const std::string &Path, const std::string &Before,
                        const std::string &After);

} // namespace cllint
