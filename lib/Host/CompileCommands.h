// A host file's own include paths, macros and language standard, from the project's
// compilation database (compile_commands.json), found as clangd finds it or named with
// --compile-commands: the host parse then sees the headers and configuration the build does.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
} // namespace clang::tooling

namespace cllint {

class HostCompileCommands {
public:
  // Explicit names a compile_commands.json or a directory holding one; empty, the directories
  // of Starts and their ancestors are searched, each also in its build/ subdirectory. Null when
  // none is found; Error says why when Explicit cannot be read.
  static std::unique_ptr<HostCompileCommands>
  load(const std::string &Explicit, const std::vector<std::string> &Starts, std::string &Error);
  ~HostCompileCommands();

  // The -I, -isystem, -iquote, -D, -U, -include and -std options of File's command, with
  // relative paths made absolute from the command's directory; empty when File has none.
  std::vector<std::string> argsFor(const std::string &File) const;

private:
  HostCompileCommands() = default;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
};

} // namespace cllint
