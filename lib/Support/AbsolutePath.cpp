#include "Support/AbsolutePath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cllint {

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

std::vector<std::string> underDirAndAbove(llvm::StringRef Dir, llvm::StringRef Rel, int Levels) {
  std::vector<std::string> Out;
  for (int Up = 0; Up < Levels && !Dir.empty(); ++Up, Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Rel);
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    Out.push_back(P.str().str());
  }
  return Out;
}

} // namespace cllint
