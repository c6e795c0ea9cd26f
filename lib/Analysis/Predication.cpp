#include "Analysis/Predication.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace cllint::analysis {
namespace {

using namespace clang;

// More operations than this in an arm and compilers keep the branch.
constexpr unsigned MaxArmNodes = 24;

// Builtins of a few instructions; the other math builtins (sin, exp, pow, ...) expand to tens.
bool shortBuiltin(const FunctionDecl *FD) {
  llvm::StringRef N = FD->getName();
  for (const char *Short :
       {"min",      "max",   "fabs",  "abs",  "mad",   "fma",  "select", "clamp", "native_",
        "convert_", "as_",   "get_",  "fmin", "fmax",  "mix",  "step",   "sign",  "sqrt",
        "rsqrt",    "half_", "floor", "ceil", "trunc", "rint", "round"})
    if (N.starts_with(Short))
      return true;
  return false;
}

// Whether E is a small expression with no side effects; Nodes counts what it costs.
bool cheapExpr(const Stmt *S, unsigned &Nodes) {
  if (!S)
    return true;
  if (++Nodes > MaxArmNodes)
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S); C && C->getDirectCallee() &&
                                             !shortBuiltin(C->getDirectCallee()) &&
                                             (Nodes += 8) > MaxArmNodes)
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
  // A component of a private vector (`v.w`, `v.s3`): one register of the vector.
  if (const auto *C = dyn_cast<ExtVectorElementExpr>(LHS->IgnoreParenImpCasts()))
    return !C->isArrow() && registerVariable(C->getBase());
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

// A store to memory at a cheap address (`out[w] = r`, `A[2 * tid + 1] = v`, `p->x += d`):
// under a condition it becomes a predicated store, no branch.
bool cheapMemoryTarget(const Expr *LHS, unsigned &Nodes) {
  LHS = LHS->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LHS))
    return cheapExpr(AS->getBase(), Nodes) && cheapExpr(AS->getIdx(), Nodes);
  if (const auto *U = dyn_cast<UnaryOperator>(LHS); U && U->getOpcode() == UO_Deref)
    return cheapExpr(U->getSubExpr(), Nodes);
  if (const auto *M = dyn_cast<MemberExpr>(LHS))
    return cheapExpr(M->getBase(), Nodes);
  return false;
}

bool readsMemory(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ArraySubscriptExpr>(S))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref)
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(S); M && M->isArrow())
    return true;
  for (const Stmt *Child : S->children())
    if (readsMemory(Child))
      return true;
  return false;
}

// Statements of an `if` arm the compiler predicates instead of branching around.
constexpr unsigned MaxArmStatements = 3;

// An `if` arm: nothing, or up to three cheap assignments to register variables or memory
// (NVIDIA's compiler predicates such short blocks: `@p st.global`, `selp`).
bool selectableArm(const Stmt *S, unsigned &Nodes) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    if (CS->size() > MaxArmStatements)
      return false;
    for (const Stmt *Child : CS->body())
      if (isa<CompoundStmt>(Child) || !selectableArm(Child, Nodes))
        return false;
    return true;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    return registerVariable(U->getSubExpr()); // `++n`: one add, predicated
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || !B->isAssignmentOp())
    return false;
  if (registerVariable(B->getLHS()))
    return cheapExpr(B->getRHS(), Nodes);
  // A store of a register value; an arm that also loads memory does work whose idle lanes
  // matter (`sdata[lid] += sdata[lid + s]`), reported as such.
  return B->getOpcode() == BO_Assign && cheapMemoryTarget(B->getLHS(), Nodes) &&
         !readsMemory(B->getRHS()) && cheapExpr(B->getRHS(), Nodes);
}

bool selectableArm(const Stmt *S) {
  unsigned Nodes = 0;
  return selectableArm(S, Nodes);
}

// Statements of a whole `switch` the compiler still predicates: a fall-through chain of a few
// component loads (`case 0: v.w = p[3]; case 3: v.z = p[2]; ...`) becomes predicated loads.
constexpr unsigned MaxSwitchStatements = 4;

// A `switch` whose cases only make cheap assignments (one value to one register variable per
// case, then break; or a short fall-through chain): compilers emit selects or predicated
// instructions, not a branch per case.
bool selectableSwitch(const SwitchStmt *Sw) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
  if (!Body)
    return false;
  const Expr *Target = nullptr;
  bool SameTarget = true;
  unsigned Assignments = 0, Statements = 0, AllNodes = 0;
  bool OnePerCase = true;
  for (const Stmt *S : Body->body()) {
    while (const auto *SC = dyn_cast<SwitchCase>(S)) {
      Assignments = 0; // a new case
      S = SC->getSubStmt();
    }
    if (isa<BreakStmt, NullStmt>(S))
      continue;
    const auto *B = dyn_cast<BinaryOperator>(S);
    unsigned Nodes = 0;
    if (!B || B->getOpcode() != BO_Assign || !selectableArm(S, Nodes))
      return false;
    AllNodes += Nodes;
    OnePerCase &= ++Assignments <= 1;
    ++Statements;
    // Every case assigns the same variable (or element), as a select would.
    const Expr *L = B->getLHS()->IgnoreParenImpCasts();
    if (!Target)
      Target = L;
    else if (const auto *TD = dyn_cast<DeclRefExpr>(Target), *LD = dyn_cast<DeclRefExpr>(L);
             TD && LD ? TD->getDecl() != LD->getDecl() : false)
      SameTarget = false;
  }
  if (!Target)
    return false;
  return (SameTarget && OnePerCase) ||
         (Statements <= MaxSwitchStatements && AllNodes <= 2 * MaxArmNodes);
}

} // namespace

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

bool compilesToSelect(const Stmt *Owner) {
  if (const auto *Sw = dyn_cast<SwitchStmt>(Owner))
    return selectableSwitch(Sw);
  if (const auto *C = dyn_cast<ConditionalOperator>(Owner)) {
    unsigned Nodes = 0;
    return cheapExpr(C->getTrueExpr(), Nodes) && cheapExpr(C->getFalseExpr(), Nodes);
  }
  if (const auto *If = dyn_cast<IfStmt>(Owner)) {
    unsigned Nodes = 0;
    return !If->getConditionVariable() && selectableArm(If->getThen(), Nodes) &&
           selectableArm(If->getElse(), Nodes);
  }
  return false;
}

} // namespace cllint::analysis
