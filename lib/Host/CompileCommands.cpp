#include "Host/CompileCommands.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace cllint {

namespace {

constexpr const char *DatabaseName = "compile_commands.json";

std::string absolute(const std::string &Path, llvm::StringRef Base = {}) {
  llvm::SmallString<256> P(Path);
  if (!Base.empty() && !llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> B(Base);
    llvm::sys::path::append(B, Path);
    P = B;
  } else {
    llvm::sys::fs::make_absolute(P);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

// The compile_commands.json clangd would use for files under Dir: Dir's own, or its build/'s,
// then its ancestors'.
std::string findFrom(std::string Dir) {
  for (; !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir).str()) {
    for (const char *Sub : {"", "build"}) {
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, Sub, DatabaseName);
      if (llvm::sys::fs::is_regular_file(P))
        return std::string(P);
    }
    if (llvm::sys::path::parent_path(Dir) == Dir)
      break;
  }
  return "";
}

} // namespace

HostCompileCommands::~HostCompileCommands() = default;

std::unique_ptr<HostCompileCommands>
HostCompileCommands::load(const std::string &Explicit, const std::vector<std::string> &Starts,
                          std::string &Error) {
  std::string File;
  if (!Explicit.empty()) {
    File = llvm::sys::fs::is_directory(Explicit) ? absolute(Explicit + "/" + DatabaseName)
                                                 : absolute(Explicit);
    if (!llvm::sys::fs::exists(File)) {
      Error = File + ": no such file";
      return nullptr;
    }
  } else {
    std::set<std::string> Tried;
    for (const std::string &S : Starts) {
      std::string Dir = llvm::sys::path::parent_path(absolute(S)).str();
      if (!Tried.insert(Dir).second)
        continue;
      if (File = findFrom(Dir); !File.empty())
        break;
    }
    if (File.empty())
      return nullptr;
  }
  std::string Message;
  auto Database = clang::tooling::JSONCompilationDatabase::loadFromFile(
      File, Message, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Database) {
    Error = File + ": " + Message;
    return nullptr;
  }
  std::unique_ptr<HostCompileCommands> Out(new HostCompileCommands());
  Out->Database = std::move(Database);
  return Out;
}

std::vector<std::string> HostCompileCommands::argsFor(const std::string &File) const {
  std::vector<clang::tooling::CompileCommand> Commands =
      Database->getCompileCommands(absolute(File));
  if (Commands.empty())
    return {};
  const clang::tooling::CompileCommand &C = Commands.front();
  std::vector<std::string> Out;
  const std::vector<std::string> &Line = C.CommandLine;
  // Options whose value is a path, spelled joined (-Idir) or as the next argument (-I dir).
  const llvm::StringRef PathOptions[] = {"-I", "-isystem", "-iquote", "-idirafter", "-include"};
  for (size_t I = 1; I < Line.size(); ++I) {
    llvm::StringRef A = Line[I];
    const llvm::StringRef *Opt =
        llvm::find_if(PathOptions, [&](llvm::StringRef O) { return A.starts_with(O); });
    if (Opt != std::end(PathOptions)) {
      llvm::StringRef Value = A.drop_front(Opt->size());
      if (Value.empty() && I + 1 < Line.size())
        Value = Line[++I];
      if (!Value.empty()) {
        Out.push_back(Opt->str());
        Out.push_back(absolute(Value.str(), C.Directory));
      }
    } else if (A == "-D" || A == "-U") {
      if (I + 1 < Line.size())
        Out.push_back(A.str() + Line[++I]);
    } else if (A.starts_with("-D") || A.starts_with("-U") || A.starts_with("-std=")) {
      Out.push_back(A.str());
    }
  }
  return Out;
}

} // namespace cllint
