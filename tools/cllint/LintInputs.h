// From the command line's inputs to the files a run lints: kernels found in directories and
// globs (less what git ignores and the configs' exclude: globs), host files named or found by
// --host, and the host files the configs' host: globs lend.
#pragma once

#include "Driver/Linter.h"

#include <string>
#include <vector>

namespace cllint {

struct LintInputs {
  std::vector<std::string> Kernels;
  std::vector<std::string> HostFiles;       // named, or found by --host: also reported
  std::vector<std::string> ConfigHostFiles; // from host: globs: launches only
  // Host code found in the directories given, read for launches only when neither --host nor
  // a config's host: names any.
  std::vector<std::string> DiscoveredHostFiles;
  // The directories' other C, C++ and Python files: read only for the -D and -I options their
  // strings write (a host that assembles its options in a file that makes no OpenCL call).
  std::vector<std::string> OptionFiles;
  std::vector<std::string> DiscoveredHostArgs; // -I: DIR/include, the directories to each host
  std::vector<std::string> Roots;              // the directories given, where headers are sought
  std::vector<std::string> Errors;             // each makes the run exit 2
  std::vector<std::string> Warnings;
  bool ReadsStdin = false; // "-" was an input
};

// The launch table of the C/C++ host files Patterns name (files, directories, globs), parsed
// with Args and an -I for each header they include that Roots hold: their launches, argument
// values and build options; warnings about files that did not parse go to Warnings. Null when
// Patterns is empty.
std::shared_ptr<analysis::LaunchTable> hostLaunchTable(const std::vector<std::string> &Patterns,
                                                       const std::vector<std::string> &Roots,
                                                       std::vector<std::string> Args,
                                                       std::vector<std::string> &Warnings);

LintInputs gatherInputs(const std::vector<std::string> &Args,
                        const std::vector<std::string> &HostPatterns, Linter &Probe,
                        bool RespectGitIgnore);

} // namespace cllint
