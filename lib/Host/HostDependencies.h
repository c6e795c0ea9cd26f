// The project headers a host file's parse read: what a cached parse of it depends on.
#pragma once

#include <string>
#include <vector>

namespace clang {
class ASTUnit;
}

namespace cllint {

// Files the parse of MainPath read through user include paths (not system or OpenCL headers,
// which change only with the system, nor the main file, whose text keys the cache).
std::vector<std::string> userHeadersRead(clang::ASTUnit &AST, const std::string &MainPath);

} // namespace cllint
