// Which kernel file a host build is of: the `.cl` paths written in the function that builds
// the program (a path literal passed to the file reader), or, for builds and paths in
// different functions, the file's paths with its one set of options. A host file that builds
// a program without naming any `.cl` file and holds a kernel in a string of its own (BabelStream's
// `R"CLC(...)"`) builds that string: the pair names the host file itself. A build paired with no
// file is kept with an empty file name, for the values its options give macros.
#pragma once

#include "Host/HostLaunches.h"

#include <string>
#include <utility>
#include <vector>

namespace cllint {

class BuildPairing {
public:
  void enter() { Scopes.emplace_back(); }
  // Ends the function: its paths and builds pair up, or wait for the end of the file.
  void leave();
  // A string literal: kept when it is a path to a `.cl` file; noted when it holds a kernel and
  // stands in the host file itself (InFile; a header's kernel string is the header's).
  void path(const std::string &Literal, bool InFile);
  void build(std::string Options, Range Where);
  // The pairs, with the file-level ones, once the walk is over. HostFile: the host file's name,
  // which its own kernel strings are linted under.
  std::vector<HostBuild> finish(const std::string &HostFile);

private:
  struct Scope {
    std::vector<std::string> Files;
    std::vector<std::pair<std::string, Range>> Options;
  };
  std::vector<Scope> Scopes{Scope()}; // the file itself at the bottom
  std::vector<HostBuild> Builds;
  bool HoldsKernel = false; // a string literal of the file defines a kernel
};

} // namespace cllint
