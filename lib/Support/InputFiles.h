// From command-line arguments (files, directories, globs) to the list of files to lint.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cllint {

struct InputExpansion {
  std::vector<std::string> Files; // in argument order, directories sorted, no duplicates
  // For each file, whether it was named on the command line (not found in a directory or glob).
  std::vector<bool> Named;
  std::vector<std::string> Errors; // "cllint: 'x': no such file or directory", ...
  unsigned Ignored = 0;            // files git ignores, left out
};

// Directories are searched recursively for *.cl; an argument with * ? or [ is a glob where '*'
// also matches '/' (so "src/*.cl" finds nested kernels, like "src/**/*.cl").
using SourceFilter = bool (*)(llvm::StringRef Path);
// Accept chooses the files a directory or glob contributes (default: *.cl); Kind names them
// in errors ("OpenCL C files (*.cl)").
// With RespectGitIgnore, files that directories and globs find are dropped when git ignores
// them (the Ignored count says how many); files named on the command line are always kept.
InputExpansion expandInputs(const std::vector<std::string> &Args, SourceFilter Accept = nullptr,
                            const char *Kind = "OpenCL C files (*.cl)",
                            bool RespectGitIgnore = false);

// Reads a file for linting; returns false with a reason naming the file when it cannot be
// linted (missing, unreadable, a directory, binary, over the size limit).
bool readSourceFile(const std::string &Path, unsigned long long MaxBytes, std::string &Content,
                    std::string &Error);

// Writes through a temporary file in the same directory and renames it over Path, keeping
// the file's permissions (a new file gets the default ones); a crash leaves either the old or
// the new file, never half of one.
bool writeFileAtomically(const std::string &Path, const std::string &Content, std::string &Error);

} // namespace cllint
