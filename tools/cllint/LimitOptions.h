// The command-line side of the per-file limits: --max-file-size, --max-expansion-tokens and
// --file-timeout.
#pragma once

#include "Driver/Linter.h"

namespace cllint {

// Copies the limits into Options.
void applyLimitOptions(LintOptions &Options);

// --max-file-size: the largest input or included file, in bytes.
unsigned long long maxFileBytes();

} // namespace cllint
