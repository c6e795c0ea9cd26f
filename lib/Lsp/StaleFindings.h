// While a statement is being typed the document does not compile, and its rule findings would
// vanish until it does again. The server keeps the last good result's findings on the lines the
// edit left unchanged, moved to where those lines are now.
#pragma once

#include "Diagnostics/Finding.h"

#include <string>
#include <vector>

namespace cllint::lsp {

// The findings of Good (the last result that compiled, of GoodText) that sit in the document
// (Path) on lines unchanged in NowText, relocated; clang's own diagnostics are not carried, and
// fixes are dropped (their edits were computed on the old text).
std::vector<Finding> carriedFindings(const FileResult &Good, const std::string &GoodText,
                                     const std::string &NowText, const std::string &Path);

} // namespace cllint::lsp
