#include "Support/ChangedLines.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <git2.h>
#include <memory>

namespace cllint {

namespace {

std::string gitError() {
  const git_error *E = git_error_last();
  return E && E->message ? E->message : "unknown error";
}

template <typename T, void (*Free)(T *)> struct GitPtr {
  T *P = nullptr;
  ~GitPtr() {
    if (P)
      Free(P);
  }
};

int addLine(const git_diff_delta *Delta, const git_diff_hunk *, const git_diff_line *Line,
            void *Payload) {
  if (Line->origin == GIT_DIFF_LINE_ADDITION && Line->new_lineno > 0 && Delta->new_file.path)
    (*static_cast<std::map<std::string, std::set<unsigned>> *>(Payload))[Delta->new_file.path]
        .insert(unsigned(Line->new_lineno));
  return 0;
}

} // namespace

std::optional<ChangedLines> ChangedLines::since(const std::string &Ref, const std::string &Dir,
                                                std::string &Error) {
  git_libgit2_init();
  std::unique_ptr<int, void (*)(int *)> Shutdown(new int(0), [](int *P) {
    git_libgit2_shutdown();
    delete P;
  });
  GitPtr<git_repository, git_repository_free> Repo;
  if (git_repository_open_ext(&Repo.P, Dir.c_str(), GIT_REPOSITORY_OPEN_FROM_ENV, nullptr) != 0 ||
      git_repository_is_bare(Repo.P)) {
    Error = "--diff-base: '" + Dir + "' is not inside a git work tree";
    return std::nullopt;
  }
  GitPtr<git_object, git_object_free> Target;
  GitPtr<git_tree, git_tree_free> Tree;
  if (git_revparse_single(&Target.P, Repo.P, Ref.c_str()) != 0 ||
      git_object_peel(reinterpret_cast<git_object **>(&Tree.P), Target.P, GIT_OBJECT_TREE) != 0) {
    Error = "--diff-base: '" + Ref + "' does not name a commit of the repository at " +
            git_repository_workdir(Repo.P) + ": " + gitError();
    return std::nullopt;
  }
  git_diff_options Options = GIT_DIFF_OPTIONS_INIT;
  Options.context_lines = 0;
  Options.flags = GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS |
                  GIT_DIFF_SHOW_UNTRACKED_CONTENT;
  GitPtr<git_diff, git_diff_free> Diff;
  if (git_diff_tree_to_workdir_with_index(&Diff.P, Repo.P, Tree.P, &Options) != 0) {
    Error = "--diff-base: cannot compare the work tree with '" + Ref + "': " + gitError();
    return std::nullopt;
  }
  ChangedLines Out;
  if (git_diff_foreach(Diff.P, nullptr, nullptr, nullptr, addLine, &Out.Added) != 0) {
    Error = "--diff-base: cannot read the difference from '" + Ref + "': " + gitError();
    return std::nullopt;
  }
  llvm::SmallString<256> Work;
  if (llvm::sys::fs::real_path(git_repository_workdir(Repo.P), Work)) {
    Error =
        std::string("--diff-base: cannot resolve the work tree ") + git_repository_workdir(Repo.P);
    return std::nullopt;
  }
  Out.WorkTree = Work.str().str() + "/";
  return Out;
}

bool ChangedLines::touches(const std::string &Path, unsigned First, unsigned Last) const {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return true; // not a file on disk (stdin's buffer under its name): nothing to compare
  llvm::StringRef Rel = Real;
  if (!Rel.consume_front(WorkTree))
    return true;
  auto It = Added.find(Rel.str());
  if (It == Added.end())
    return false;
  auto Line = It->second.lower_bound(First);
  return Line != It->second.end() && *Line <= std::max(First, Last);
}

} // namespace cllint
