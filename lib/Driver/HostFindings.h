// The findings cllint makes at host code (launch shapes, blocking transfers) obey the same
// settings as a kernel file's: the rules selected for the host file's path, their severity
// overrides, and `cllint: ignore[...]` comments written in the host code.
#pragma once

#include "Driver/Linter.h"

namespace cllint {

void settleHostFindings(Linter &L, FileResult &R);

} // namespace cllint
