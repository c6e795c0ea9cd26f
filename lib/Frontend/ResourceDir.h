#pragma once
#include <string>

namespace cllint {
// Clang's resource directory (it holds opencl-c-base.h). A libTooling binary does not find it
// by itself: try $CLLINT_CLANG_RESOURCE_DIR, the directory found at configure time, then the
// usual places LLVM 19 is installed.
std::string findClangResourceDir();
} // namespace cllint
