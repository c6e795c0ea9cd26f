// --fix: applies a file's fix-its all at once, re-parses the result, and writes it atomically
// only if it still compiles.
#pragma once

#include "Diagnostics/Finding.h"
#include "Driver/Linter.h"

#include <string>

namespace cllint {

struct FixOutcome {
  unsigned Applied = 0; // fixes applied
  unsigned Skipped = 0; // fixes that overlapped an earlier one (a second run picks them up)
  bool Written = false;
  std::string Error; // why nothing was written
  FileResult After;  // the findings that remain (of the written file, or the original)
  std::string Fixed; // the fixed text, when fixes applied and it compiles
};

// Computes the fixed text; exposed for tests and the LSP.
std::string applyEdits(const std::string &Path, const std::string &Content,
                       const std::vector<const Fix *> &Fixes, unsigned &Applied, unsigned &Skipped);

bool isApplicable(const Fix &F, bool AllowUnsafe);

// Write false computes and checks the fixed text without touching the file (--diff, stdin).
FixOutcome fixFile(const FileResult &Before, bool AllowUnsafe, Linter &L, bool Write = true);

} // namespace cllint
