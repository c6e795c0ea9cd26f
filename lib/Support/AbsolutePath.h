// Paths as cllint compares them: absolute, without `.` and `..` components.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cllint {

// Path made absolute (from the current directory) with `.` and `..` removed.
std::string absolutePath(llvm::StringRef Path);

// Rel under Dir and under the directories above it, Levels in all, nearest first: where a
// host program's relative path may point, since it runs from its own directory or one above.
std::vector<std::string> underDirAndAbove(llvm::StringRef Dir, llvm::StringRef Rel, int Levels);

} // namespace cllint
