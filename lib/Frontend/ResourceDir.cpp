#include "Frontend/ResourceDir.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <vector>

namespace cllint {
namespace {
bool hasOpenCLHeader(const std::string &Dir) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "include", "opencl-c-base.h");
  return llvm::sys::fs::exists(P);
}
} // namespace

std::string findClangResourceDir() {
  static const std::string Found = [] {
    std::vector<std::string> Candidates;
    if (const char *Env = std::getenv("CLLINT_CLANG_RESOURCE_DIR"))
      Candidates.push_back(Env);
#ifdef CLLINT_CLANG_RESOURCE_DIR
    Candidates.push_back(CLLINT_CLANG_RESOURCE_DIR);
#endif
    Candidates.push_back("/usr/lib/llvm-19/lib/clang/19");
    Candidates.push_back("/usr/local/lib/clang/19");
    Candidates.push_back("/usr/lib/clang/19");
    for (const std::string &C : Candidates)
      if (!C.empty() && hasOpenCLHeader(C))
        return C;
    return std::string();
  }();
  return Found;
}

} // namespace cllint
