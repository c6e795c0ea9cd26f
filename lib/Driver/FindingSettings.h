// What a file's settings do to one of its findings, for kernel and host files alike: the
// severity override of its rule, then a suppression comment that drops it.
#pragma once

#include "Diagnostics/Suppressions.h"
#include "Driver/Linter.h"

namespace cllint {

// Applies S's severity override to F; false (counting it in R) when Supp suppresses F.
bool settleFinding(Finding &F, const FileSettings &S, const Suppressions &Supp, FileResult &R);

} // namespace cllint
