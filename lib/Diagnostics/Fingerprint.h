// A finding's identity that survives unrelated edits: rule, file, the trimmed text of its
// line and which occurrence of that (rule, text) pair it is in the file, but not line numbers.
#pragma once

#include "Diagnostics/Finding.h"

#include <string>
#include <vector>

namespace cllint {

// One fingerprint per finding of the file, in the same order.
std::vector<std::string> fingerprints(const std::string &RelativePath,
                                      const std::vector<Finding> &Findings);

} // namespace cllint
