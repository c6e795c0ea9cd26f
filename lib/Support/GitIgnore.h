// Whether git ignores a path (.gitignore, .git/info/exclude, core.excludesFile), as ruff and
// ripgrep skip ignored files when they walk directories. Paths outside a git work tree are
// never ignored.
#pragma once

#include <map>
#include <memory>
#include <string>

struct git_repository;

namespace cllint {

class GitIgnore {
public:
  GitIgnore();
  ~GitIgnore();
  GitIgnore(const GitIgnore &) = delete;
  GitIgnore &operator=(const GitIgnore &) = delete;

  bool ignored(const std::string &Path);

private:
  // The repository whose work tree holds Dir (null: none); opened once per directory.
  git_repository *repositoryFor(const std::string &Dir);

  struct RepoDeleter {
    void operator()(git_repository *R) const;
  };
  std::map<std::string, std::shared_ptr<git_repository>> ByDir;
};

} // namespace cllint
