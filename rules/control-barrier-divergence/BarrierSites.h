// The barriers of a translation unit's kernel code and the `return` statements that may skip
// them, each with the function it is written in.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <string>
#include <vector>

namespace cllint {

struct BarrierCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  std::string Name;      // barrier, work_group_barrier, sub_group_barrier
  bool SubGroup = false; // only the work-items of one sub-group (warp) must all reach it
};

// A `return`, `break` or `continue`: the work-items that take it skip the barriers after it in
// its function (return), in its loop's later iterations (break), or later in the iteration
// (continue).
struct EarlyExit {
  const clang::Stmt *Jump = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  const clang::Stmt *Loop = nullptr; // the loop a break or continue leaves; null for return
  const char *Word = "return";
};

struct BarrierSites {
  std::vector<BarrierCall> Barriers;
  std::vector<EarlyExit> Exits; // only in functions that also call a barrier
};

// Barrier calls and returns in the bodies of Functions (kernel code), in source order.
BarrierSites findBarrierSites(const std::vector<const clang::FunctionDecl *> &Functions);

} // namespace cllint
