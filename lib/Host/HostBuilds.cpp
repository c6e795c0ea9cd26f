#include "Host/HostBuilds.h"

#include "Frontend/EmbeddedKernels.h"

#include "llvm/Support/Path.h"

#include <set>

namespace cllint {

void BuildPairing::path(const std::string &Literal, bool InFile) {
  if (InFile && definesKernel(Literal))
    HoldsKernel = true;
  if (Literal.size() > 3 && Literal.compare(Literal.size() - 3, 3, ".cl") == 0 &&
      Literal.find_first_of(" \n\t") == std::string::npos)
    Scopes.back().Files.push_back(Literal);
}

void BuildPairing::build(std::string Options, Range Where) {
  Scopes.back().Options.push_back({std::move(Options), Where});
}

void BuildPairing::leave() {
  Scope Done = std::move(Scopes.back());
  Scopes.pop_back();
  if (!Done.Files.empty() && !Done.Options.empty()) {
    for (const std::string &F : Done.Files)
      for (const auto &[Options, Where] : Done.Options)
        Builds.push_back({F, Options, Where});
    return;
  }
  Scope &Outer = Scopes.back();
  Outer.Files.insert(Outer.Files.end(), Done.Files.begin(), Done.Files.end());
  Outer.Options.insert(Outer.Options.end(), Done.Options.begin(), Done.Options.end());
}

std::vector<HostBuild> BuildPairing::finish(const std::string &HostFile) {
  while (Scopes.size() > 1)
    leave();
  Scope &File = Scopes.front();
  std::set<std::string> Distinct;
  for (const auto &[Options, Where] : File.Options)
    Distinct.insert(Options);
  bool Paired = Distinct.size() == 1 && !File.Files.empty();
  if (Paired)
    for (const std::string &F : std::set<std::string>(File.Files.begin(), File.Files.end()))
      Builds.push_back({F, File.Options.front().first, File.Options.front().second});
  // Builds that name no file, in a file holding a kernel string: each option set in turn (the
  // first is the one its kernels are linted under; the others are listed).
  if (HoldsKernel && File.Files.empty()) {
    std::set<std::string> Seen;
    for (const auto &[Options, Where] : File.Options)
      if (llvm::sys::path::filename(Where.File) == HostFile && Seen.insert(Options).second)
        Builds.push_back({HostFile, Options, Where});
  } else if (!Paired) {
    // Builds of no file the host names: their options still say what the host's macros hold
    // (`-DBLOCK_SIZE=16` from its own `#define`), for a kernel file that needs a value.
    for (const auto &[Options, Where] : File.Options)
      Builds.push_back({"", Options, Where});
  }
  return std::move(Builds);
}

} // namespace cllint
