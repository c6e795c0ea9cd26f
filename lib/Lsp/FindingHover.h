// What the editor shows when the cursor rests on a finding: this finding's own figures (its
// share of the kernel's time, what it adds to, how often its code runs, what that assumes, the
// work-group it was judged under, its fix), then one line on the rule with a link to its page.
#pragma once

#include "Diagnostics/Finding.h"

#include <string>

namespace cllint::lsp {

std::string findingMarkdown(const Finding &F);

} // namespace cllint::lsp
