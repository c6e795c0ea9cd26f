// Where a host file's headers live when nothing says so: without a compilation database, a
// project's `-I` sits in its Makefile (PolyBench's `-I${PATH_TO_UTILS}`), which cllint does not
// run. A header the file includes and that is not beside it is looked up by name in the
// directories linted (and the repository around them).
#pragma once

#include <string>
#include <vector>

namespace cllint {

// `-idirafter` arguments (searched after the system's directories, so a project's copy of a
// system header never shadows it) for the headers HostFiles include that neither their own
// directory nor KnownDirs nor the system's include directories hold, found under Roots (or the git
// repository around each root): the directory that holds the header's written path, the nearest to
// the including file when several do.
std::vector<std::string> includeDirsForMissingHeaders(const std::vector<std::string> &Roots,
                                                      const std::vector<std::string> &HostFiles,
                                                      const std::vector<std::string> &KnownDirs);

} // namespace cllint
