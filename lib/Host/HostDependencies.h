// What a host file's preprocessing tells beyond its AST: the project headers its parse read
// (what a cached parse depends on) and the code it skipped.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTUnit;
}

namespace cllint {

// Files the parse of MainPath read through user include paths (not system or OpenCL headers,
// which change only with the system, nor the main file, whose text keys the cache).
std::vector<std::string> userHeadersRead(clang::ASTUnit &AST, const std::string &MainPath);

// Byte ranges [begin, end) of the main file inside `#if` branches the preprocessor skipped;
// empty unless the parse kept a detailed preprocessing record.
std::vector<std::pair<size_t, size_t>> skippedRanges(clang::ASTUnit &AST);

} // namespace cllint
