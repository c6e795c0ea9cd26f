// The macros a command line defines (-D, -U), and the command line without them: what lets one
// file's parsed #include prelude serve another file whose flags differ only in macros the
// prelude never reads (hashcat's -DKERN_TYPE=… per kernel).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cllint {

// Name -> the definition's text after the name ("=0"; "=1" for a bare -DX; "(x)=#x" for
// -DF(x)=#x); nullopt when the command line undefines it (-U). Later flags win, as in the
// compiler.
using MacroTable = std::map<std::string, std::optional<std::string>>;

MacroTable commandLineMacros(const std::vector<std::string> &Args);

// Name's state in Macros (nullopt: not defined by the command line).
std::optional<std::string> macroState(const MacroTable &Macros, const std::string &Name);

// Leaves in a compiler invocation's -D/-U entries (PreprocessorOptions::Macros) only those that
// take the state Before into the state Now. After a preamble built under Before the compiler
// replays these entries over what the prelude defined; replaying them all would also undo the
// prelude's own `#undef VECT_SIZE / #define VECT_SIZE 1` (hashcat's inc_types.h) of a flag macro.
void keepOnlyMacroChanges(std::vector<std::pair<std::string, bool>> &InvocationMacros,
                          const MacroTable &Before, const MacroTable &Now);

// Args without their -D/-U flags, one string (NUL-separated).
std::string commandLineWithoutMacros(const std::vector<std::string> &Args);

} // namespace cllint
