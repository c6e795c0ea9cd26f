// Bounds the tokens one file may expand to. A 31-line macro bomb (each macro ten copies of the
// one before) expands to 10^30 tokens, and a macro that copies its argument twice, nested 28
// deep, to 2^28: clang keeps lexing and allocating, gigabytes, until its 2^31 source
// locations run out, and then aborts the process.
#pragma once

#include <string>

namespace clang {
class CompilerInstance;
}

namespace cllint {

// Counts every token CI's preprocessor lexes, in the text, in directives and while it expands
// macro arguments. Past MaxTokens, a fatal error names the limit where it was passed, every
// macro expands to nothing from then on, and each further token that an expansion under way
// produces reads as the end of the file, so those expansions and the parser stop. 0: no limit.
void boundMacroExpansion(clang::CompilerInstance &CI, unsigned long long MaxTokens);

// Why a parse that ran out of clang's source locations (an expansion of very long tokens that
// stays under the token limit) was stopped.
std::string sourceLocationsExhaustedMessage();

} // namespace cllint
