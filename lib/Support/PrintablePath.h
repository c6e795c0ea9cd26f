// Paths as output shows them. A file name may hold any byte but '/' and NUL: a newline in one
// would split a text line that editors and scripts read as one finding.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cllint {

// Control characters as C escapes (`\n`, `\t`, `\x1b`); everything else as it is.
std::string printablePath(llvm::StringRef Path);

// A relative reference of RFC 3986: bytes other than unreserved characters, '/' and the
// sub-delimiters a path may hold are percent-encoded (a space is %20, a newline %0A).
std::string uriPath(llvm::StringRef Path);

} // namespace cllint
