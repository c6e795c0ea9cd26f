// A finding's identity that survives unrelated edits: rule, file, the trimmed text of its
// line and which occurrence of that (rule, text) pair it is in the file, but not line numbers.
#pragma once

#include "Diagnostics/Finding.h"

#include <functional>
#include <string>
#include <vector>

namespace cllint {

// One fingerprint per finding of the file, in the same order.
std::vector<std::string> fingerprints(const std::string &RelativePath,
                                      const std::vector<Finding> &Findings);
// The same, keying a finding located in another file than MainPath (a header) by that file's
// RelativeOf path, so that its fingerprint does not depend on which file included it.
std::vector<std::string>
fingerprints(const std::string &RelativePath, const std::vector<Finding> &Findings,
             const std::string &MainPath,
             const std::function<std::string(const std::string &)> &RelativeOf);

} // namespace cllint
