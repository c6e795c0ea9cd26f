// The -D options a host file's string literals write, read from its text: a C, C++ or Python
// host often assembles its build options at run time (`sprintf(opts, "-D WORKSIZE=%d", ws)`,
// `"-DN_GP=" + toString(n)`) in ways the build tracing cannot follow to a kernel file, but
// the names it defines are plain to see.
#pragma once

#include "Analysis/LaunchTable.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cllint {

// Every `-DNAME`, `-DNAME=VALUE` and `-D NAME...` inside a string literal of Text, in order;
// DisplayName names the file in Where. A value that ends the literal (concatenated with
// something computed) or holds a format directive is unknown.
std::vector<analysis::LaunchTable::Macro> hostMacroMentions(llvm::StringRef Text,
                                                            const std::string &DisplayName);

// Every include directory a string literal of Text writes in full (`"-I. "`, `"-I \\".\\""`),
// as written (relative ones are the host program's, usually its own directory).
std::vector<std::string> hostIncludeDirMentions(llvm::StringRef Text);

// The lines of Text (with DisplayName) that replace the word `float` with `double` in a string
// (`src.replace('float', 'double')`, `std::regex_replace(src, std::regex("float"), "double")`).
std::vector<std::string> floatToDoubleRewrites(llvm::StringRef Text,
                                               const std::string &DisplayName);

// Adds the -D and -I options the text of the host file at Path writes to Table, and its
// float-to-double rewrites; a relative
// include directory is taken from Path's directory and from the two above it, in that order.
void addHostOptionMentions(analysis::LaunchTable &Table, const std::string &Path,
                           llvm::StringRef Text);

} // namespace cllint
