// --fix, --diff and standard input's fixed text over the results of a run.
#pragma once

#include "Diagnostics/Baseline.h"
#include "Driver/Linter.h"

#include <optional>
#include <string>
#include <vector>

namespace cllint {

struct FixRun {
  unsigned Files = 0, Count = 0;         // files written (or diffed), fixes applied
  std::string Diffs;                     // --diff: the unified diffs
  std::optional<std::string> StdinFixed; // standard input's text after its fixes
  bool Failed = false;                   // a file's fixes were refused (named on stderr)
};

// Applies the fixes of every result (DiffOnly: computes them into diffs, writing nothing);
// the result read from standard input (index Stdin) is never written, its fixed text is kept.
// Fixed files are linted again; Accepted (a baseline) filters their new results.
FixRun applyFixes(std::vector<FileResult> &Results, Linter &L, bool Unsafe, bool DiffOnly,
                  std::optional<size_t> Stdin, std::optional<Baseline> &Accepted);

} // namespace cllint
