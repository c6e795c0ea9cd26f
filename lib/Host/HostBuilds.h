// Which kernel file a host build is of: the `.cl` paths written in the function that builds
// the program (a path literal passed to the file reader), or, for builds and paths in
// different functions, the file's paths with its one set of options.
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
  // A string literal: kept when it is a path to a `.cl` file.
  void path(const std::string &Literal);
  void build(std::string Options, Range Where);
  // The pairs, with the file-level ones, once the walk is over.
  std::vector<HostBuild> finish();

private:
  struct Scope {
    std::vector<std::string> Files;
    std::vector<std::pair<std::string, Range>> Options;
  };
  std::vector<Scope> Scopes{Scope()}; // the file itself at the bottom
  std::vector<HostBuild> Builds;
};

} // namespace cllint
