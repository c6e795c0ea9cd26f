// Values for the macros a kernel file needs and only the host's run time gives: when a file
// does not compile because of names the host's -D options define (`-DN_GP=` + a size read from
// the command line, `-D WORKSIZE=%d`, one of `-DSINGLE_PRECISION` / `-DK_DOUBLE_PRECISION`),
// it is parsed again with the host's written value, a placeholder, or the host's first flag
// that selects a definition, so its kernels are analysed; every finding on a line that names
// a placeholder says it rests on one.
#pragma once

#include "Analysis/LaunchTable.h"
#include "Config/CompileFlags.h"
#include "Diagnostics/Finding.h"
#include "Frontend/OpenCLParser.h"

#include <functional>
#include <string>
#include <vector>

namespace cllint {

struct Placeholder {
  std::string Name = ""; // empty for an include directory or file
  std::string Value = "";
  std::string Params = ""; // "(x)" for a function-like macro
  std::string Why = "";    // "a placeholder: the host sets it at run time (S3D.cpp:268)"
  bool Guessed = false;    // not a value the host writes: findings naming it are conditional
  bool IncludeDir = false; // an -I directory (Value), not a macro
  bool Flag = false;       // a build choice (`-DSINGLE_PRECISION`): it weighs on the whole file
  // It makes the parse read more text (a flag's block, an include directory, an `#include`'s
  // macros), whose `#if` lines may test what a guess would set.
  bool Opens = false;
  bool IncludeFile = false; // a project file (Value) put before the kernel file's text
};

// What a placeholder stands for, when the host's code computes it.
constexpr const char *PlaceholderValue = "64";

// The placeholders that may make a file compile: for each name its errors call undeclared
// (or an unknown type) that the host's -D options define and Defined (the -D names of the
// flags already applied, "-I" and "-include" and the path of what was added) does not. Content is
// the file's text and Headers the files its parse read (for `#define NAME` under an `#if` of a host
// flag); Near is the file's absolute path: what the host files nearest to it write is preferred,
// and a value a traced host build gives the name comes before any other.
std::vector<Placeholder>
placeholdersFor(const std::vector<Finding> &Errors, const std::string &Content,
                const std::vector<std::string> &Headers, const std::vector<std::string> &Defined,
                const analysis::LaunchTable &Host, const std::string &Near);

// The assumption a finding on a line naming P carries.
std::string placeholderAssumption(const Placeholder &P);

// Parses with Flags (Parse); when that fails for names the host's -D options define, headers
// the host's -I directories hold, or an `#error` a host flag avoids, parses again with them,
// six rounds at most (each may uncover what the next needs). Parsed is the parse that
// compiled, else the first; the result lists what it used (nothing unless a parse compiled).
std::vector<Placeholder>
parseWithPlaceholders(const std::function<ParseResult(const CompileFlags &)> &Parse,
                      const CompileFlags &Flags, const std::string &Path,
                      const std::string &Content, const analysis::LaunchTable *Host,
                      ParseResult &Parsed);

// "compiled with values the host gives at run time: N_GP = 64, a placeholder: ..."
std::string placeholderNotice(const std::vector<Placeholder> &Used);

} // namespace cllint
