// The command-line side of impact: --min-impact, --impact-floor, --all and --dump-costs.
#pragma once

#include "Driver/Linter.h"

#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

namespace cllint {

// The category every `cllint` lint option is listed under in --help.
llvm::cl::OptionCategory &lintCategory();

// Copies --min-impact, --impact-floor and --all into Options; an error text when a value is
// not a percentage.
std::optional<std::string> readImpactOptions(LintOptions &Options);

// --dump-costs FILE: the path, or empty when not asked.
std::string costDumpFile();
// Prints, per kernel of File, the estimated time and its parts; 0, or 2 when File does not
// compile or cannot be read.
int dumpCosts(Linter &L, const std::string &File, unsigned long long MaxFileBytes,
              llvm::raw_ostream &OS);

} // namespace cllint
