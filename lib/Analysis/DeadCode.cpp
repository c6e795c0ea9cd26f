#include "Analysis/DeadCode.h"

#include "Analysis/Predication.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

#include <set>
#include <vector>

namespace cllint::analysis {
namespace {

using namespace clang;

bool within(const Stmt *Inner, const Stmt *Outer) {
  SourceRange R = Outer->getSourceRange(), I = Inner->getSourceRange();
  return R.isValid() && I.isValid() && !(I.getBegin() < R.getBegin()) && !(R.getEnd() < I.getEnd());
}

// The variable an lvalue names directly (`t`, `a[i]`'s `a` when `a` is an array variable);
// null for pointers, members and anything else that reaches memory others may read.
const VarDecl *storedVariable(const Expr *LHS) {
  LHS = LHS->IgnoreParenImpCasts();
  if (const auto *E = dyn_cast<ExtVectorElementExpr>(LHS); E && !E->isArrow())
    return storedVariable(E->getBase());
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(LHS)) {
    const VarDecl *V = storedVariable(A->getBase());
    return V && V->getType()->isArrayType() ? V : nullptr;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(LHS);
  const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!V || V->getType().isVolatileQualified() || V->hasGlobalStorage() ||
      V->getType()->isPointerType())
    return nullptr;
  return V;
}

// Every reference to a variable, and which ones only receive a value: the left side of an
// assignment, of `+=` and friends, or of `++`/`--` whose value is unused, reached directly or
// through array subscripts and vector components.
class References : public RecursiveASTVisitor<References> {
public:
  struct Ref {
    const DeclRefExpr *E;
    bool WriteOnly;
  };
  std::vector<Ref> Refs;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Refs.push_back({E, WriteTargets.count(E) > 0});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      markTarget(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      markTarget(U->getSubExpr());
    return true;
  }

private:
  void markTarget(const Expr *LHS) {
    LHS = LHS->IgnoreParenImpCasts();
    if (const auto *E = dyn_cast<ExtVectorElementExpr>(LHS))
      return markTarget(E->getBase());
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(LHS))
      return markTarget(A->getBase());
    if (const auto *DR = dyn_cast<DeclRefExpr>(LHS))
      WriteTargets.insert(DR);
  }
  std::set<const DeclRefExpr *> WriteTargets;
};

// Whether the value V holds is read anywhere but by its own updates inside Owner.
bool observed(const VarDecl *V, const Stmt *Owner, const References &All) {
  for (const References::Ref &R : All.Refs) {
    if (R.E->getDecl() != V)
      continue;
    bool Inside = within(R.E, Owner);
    // An array is observed by any read; a scalar by a read outside the code in question
    // (the loop's own `t += k` reads t to update it, for nothing).
    if (!R.WriteOnly && (!Inside || V->getType()->isArrayType()))
      return true;
  }
  return false;
}

class EffectFinder : public RecursiveASTVisitor<EffectFinder> {
public:
  EffectFinder(const Stmt *Owner, const References &All) : Owner(Owner), All(All) {}
  bool Effect = false;

  bool VisitCallExpr(CallExpr *C) {
    if (!pureBuiltin(C->getDirectCallee()))
      Effect = true;
    return !Effect;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      store(B->getLHS());
    return !Effect;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      store(U->getSubExpr());
    else if (U->getOpcode() == UO_AddrOf)
      Effect = true; // the address may be stored or passed on
    return !Effect;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getType().isVolatileQualified())
      Effect = true;
    return !Effect;
  }
  bool VisitReturnStmt(ReturnStmt *) { return !(Effect = true); }
  bool VisitGotoStmt(GotoStmt *) { return !(Effect = true); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Effect = true); }
  bool VisitAsmStmt(AsmStmt *) { return !(Effect = true); }
  // `break` and `continue` of a loop or switch around the code change what runs after it.
  bool VisitBreakStmt(BreakStmt *) { return !(Effect |= Breakable == 0); }
  bool VisitContinueStmt(ContinueStmt *) { return !(Effect |= Loops == 0); }
  bool TraverseForStmt(ForStmt *S) {
    return nested(S, true, [&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return nested(S, true, [&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return nested(S, true, [&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    return nested(S, false, [&] { return Base::TraverseSwitchStmt(S); });
  }

private:
  using Base = RecursiveASTVisitor<EffectFinder>;
  template <typename F> bool nested(Stmt *S, bool Loop, F Traverse) {
    // The owner itself is a loop whose `break` stays inside it.
    ++Breakable;
    Loops += Loop;
    bool Go = Traverse();
    --Breakable;
    Loops -= Loop;
    return Go;
  }
  void store(const Expr *LHS) {
    const VarDecl *V = storedVariable(LHS);
    if (!V || observed(V, Owner, All))
      Effect = true;
  }
  const Stmt *Owner;
  const References &All;
  unsigned Breakable = 0, Loops = 0;
};

} // namespace

bool hasNoObservableEffect(const Stmt *Owner, const FunctionDecl *Function) {
  if (!Owner || !Function || !Function->hasBody() || isa<ConditionalOperator>(Owner))
    return false;
  References All;
  All.TraverseStmt(Function->getBody());
  EffectFinder Finder(Owner, All);
  Finder.TraverseStmt(const_cast<Stmt *>(Owner));
  return !Finder.Effect;
}

} // namespace cllint::analysis
