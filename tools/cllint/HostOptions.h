// The command-line side of the host parse: --host-arg and --compile-commands, and the reading of
// the host files before the kernels are linted.
#pragma once

#include "Driver/HostRun.h"
#include "Driver/Linter.h"
#include "LintInputs.h"

#include <string>

namespace cllint {

// Reads the host files In names or found (their launches, build options and argument values
// become Options.Launches) with --host-arg and each file's compilation-database options. The
// database is the one --compile-commands names, or one found from the host files' directories
// as clangd finds it. False, with UsageError, when a named database cannot be read; a found one
// that cannot be read is a warning, and the run goes on.
// Adds to Args an -idirafter for each header HostFiles include that is found under Roots (or the
// host files' repository) but neither beside them nor in Args' -I directories.
void addIncludesOfMissingHeaders(const std::vector<std::string> &Roots,
                                 const std::vector<std::string> &HostFiles,
                                 std::vector<std::string> &Args);

bool readHostFiles(LintInputs &In, LintOptions &Options, bool Quiet, HostRun &Hosts,
                   std::string &UsageError);

} // namespace cllint
