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
  // A field of a private struct (`b->c`, `s.x`): promoted to registers once inlined.
  if (const auto *M = dyn_cast<MemberExpr>(LHS->IgnoreParenImpCasts())) {
    QualType T = M->getType();
    LangAS AS = T.getAddressSpace();
    return (AS == LangAS::Default || AS == LangAS::opencl_private) && T->isScalarType();
  }
  // A private array element at a constant index (`Z[0]`) lives in a register too.
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LHS->IgnoreParenImpCasts())) {
    const auto *Base = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    const auto *V = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
    return V && V->isLocalVarDecl() && V->getType()->isConstantArrayType() &&
           V->getType().getAddressSpace() != LangAS::opencl_local &&
           AS->getIdx()->isIntegerConstantExpr(V->getASTContext());
  }
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
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    return registerVariable(U->getSubExpr()); // `++n`: one add, predicated
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || !B->isAssignmentOp() || !registerVariable(B->getLHS()))
    return false;
  unsigned Nodes = 0;
  return cheapExpr(B->getRHS(), Nodes);
}

// A `switch` whose every case only assigns one cheap value to one register variable, then
// breaks: compilers emit a chain of selects (or an indexed move), not a branch per case.
bool selectableSwitch(const SwitchStmt *Sw) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
  if (!Body)
    return false;
  const Expr *Target = nullptr;
  unsigned Assignments = 0;
  for (const Stmt *S : Body->body()) {
    while (const auto *SC = dyn_cast<SwitchCase>(S)) {
      Assignments = 0; // a new case
      S = SC->getSubStmt();
    }
    if (isa<BreakStmt, NullStmt>(S))
      continue;
    const auto *B = dyn_cast<BinaryOperator>(S);
    if (!B || B->getOpcode() != BO_Assign || !selectableArm(S) || ++Assignments > 1)
      return false;
    // Every case assigns the same variable (or element), as a select would.
    const Expr *L = B->getLHS()->IgnoreParenImpCasts();
    if (!Target)
      Target = L;
    else if (const auto *TD = dyn_cast<DeclRefExpr>(Target), *LD = dyn_cast<DeclRefExpr>(L);
             TD && LD ? TD->getDecl() != LD->getDecl() : false)
      return false;
  }
  return Target != nullptr;
}

} // namespace

bool compilesToSelect(const Stmt *Owner) {
  if (const auto *Sw = dyn_cast<SwitchStmt>(Owner))
    return selectableSwitch(Sw);
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
