// The return statements of a function body, shared by the kernel analysis (inlining helpers)
// and the host reader (options a helper returns).
#pragma once

#include "clang/AST/Stmt.h"

#include <vector>

namespace cllint {

// Every `return` in Body, in source order, leaving out those of lambdas defined inside it.
std::vector<const clang::ReturnStmt *> returnStatements(const clang::Stmt *Body);

} // namespace cllint
