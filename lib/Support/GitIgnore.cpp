#include "Support/GitIgnore.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <git2.h>

namespace cllint {

GitIgnore::GitIgnore() { git_libgit2_init(); }

GitIgnore::~GitIgnore() {
  ByDir.clear();
  git_libgit2_shutdown();
}

void GitIgnore::RepoDeleter::operator()(git_repository *R) const { git_repository_free(R); }

git_repository *GitIgnore::repositoryFor(const std::string &Dir) {
  auto It = ByDir.find(Dir);
  if (It != ByDir.end())
    return It->second.get();
  git_repository *Repo = nullptr;
  std::shared_ptr<git_repository> Shared;
  if (git_repository_open_ext(&Repo, Dir.c_str(), 0, nullptr) == 0) {
    if (git_repository_is_bare(Repo))
      git_repository_free(Repo);
    else
      Shared.reset(Repo, RepoDeleter());
  }
  ByDir[Dir] = Shared;
  return Shared.get();
}

bool GitIgnore::ignored(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  if (llvm::sys::fs::make_absolute(Abs))
    return false;
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  // A directory is looked up in the repository it belongs to: the top of a nested repository
  // is that repository's work tree, not an ignored path of the outer one.
  bool IsDir = llvm::sys::fs::is_directory(Abs);
  std::string Dir = IsDir ? Abs.str().str() : llvm::sys::path::parent_path(Abs).str();
  git_repository *Repo = repositoryFor(Dir);
  if (!Repo)
    return false;
  // libgit2 wants the path relative to the work tree; the work tree may be reached through a
  // symlink, so both sides are compared as real paths.
  llvm::SmallString<256> RealDir, RealWork;
  const char *Work = git_repository_workdir(Repo);
  if (!Work || llvm::sys::fs::real_path(Dir, RealDir) || llvm::sys::fs::real_path(Work, RealWork))
    return false;
  llvm::StringRef Rel = RealDir;
  if (!Rel.consume_front(RealWork))
    return false;
  Rel = Rel.ltrim('/');
  std::string RelPath =
      IsDir ? (Rel.empty() ? "" : Rel.str() + "/")
            : (Rel.empty() ? "" : Rel.str() + "/") + llvm::sys::path::filename(Abs).str();
  if (RelPath.empty())
    return false; // the work tree itself
  int Ignored = 0;
  if (git_ignore_path_is_ignored(&Ignored, Repo, RelPath.c_str()) != 0)
    return false;
  return Ignored != 0;
}

} // namespace cllint
