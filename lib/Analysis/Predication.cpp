#include "Analysis/Predication.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace cllint::analysis {
namespace {

using namespace clang;

// More operations than this in an arm and compilers keep the branch.
constexpr unsigned MaxArmNodes = 24;

// Builtins with side effects or synchronisation are never predicated away.
bool pureBuiltin(const FunctionDecl *FD) {
  if (!FD || FD->hasBody())
    return false; // a helper with a body: inlined code of unknown size
  llvm::StringRef N = FD->getName();
  for (const char *Impure :
       {"barrier", "work_group_barrier", "mem_fence", "read_mem_fence", "write_mem_fence", "printf",
        "atomic", "atom_", "vstore", "write_image", "async_work_group", "wait_group_events",
        "prefetch", "sub_group_barrier", "work_group_", "sub_group_"})
    if (N.starts_with(Impure))
      return false;
  return true;
}

// Whether E is a small expression with no side effects; Nodes counts what it costs.
bool cheapExpr(const Stmt *S, unsigned &Nodes) {
  if (!S)
    return true;
  if (++Nodes > MaxArmNodes)
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S); C && !pureBuiltin(C->getDirectCallee()))
    return false;
  if (isa<StmtExpr, BlockExpr>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (!cheapExpr(Child, Nodes))
      return false;
  return true;
}

// A local scalar the compiler keeps in a register (not an array, its address never taken as
// far as this statement shows).
bool registerVariable(const Expr *LHS) {
  const auto *DR = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
  const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  return V && V->isLocalVarDecl() && !V->getType()->isArrayType() &&
         V->getType().getAddressSpace() != LangAS::opencl_local;
}

// An `if` arm: nothing, or one assignment of a cheap value to a register variable.
bool selectableArm(const Stmt *S) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    if (CS->size() > 1)
      return false;
    return CS->body_empty() || selectableArm(CS->body_front());
  }
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || !B->isAssignmentOp() || !registerVariable(B->getLHS()))
    return false;
  unsigned Nodes = 0;
  return cheapExpr(B->getRHS(), Nodes);
}

} // namespace

bool compilesToSelect(const Stmt *Owner) {
  if (const auto *C = dyn_cast<ConditionalOperator>(Owner)) {
    unsigned Nodes = 0;
    return cheapExpr(C->getTrueExpr(), Nodes) && cheapExpr(C->getFalseExpr(), Nodes);
  }
  if (const auto *If = dyn_cast<IfStmt>(Owner))
    return !If->getConditionVariable() && selectableArm(If->getThen()) &&
           selectableArm(If->getElse());
  return false;
}

} // namespace cllint::analysis
