#include "Analysis/LoopInvariance.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringRef.h"

namespace cllint::analysis {

using namespace clang;

namespace {

// The variable an lvalue names at its root: `s.x`, `v.y`, `a[i][j]` change `s`, `v`, `a`.
const VarDecl *rootVariable(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow())
        return nullptr;
      E = M->getBase();
    } else if (const auto *V = dyn_cast<ExtVectorElementExpr>(E)) {
      if (V->isArrow())
        return nullptr;
      E = V->getBase();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      E = A->getBase();
    } else if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      return dyn_cast<VarDecl>(R->getDecl());
    } else {
      return nullptr;
    }
  }
}

class AddressTakenFinder : public RecursiveASTVisitor<AddressTakenFinder> {
public:
  explicit AddressTakenFinder(llvm::DenseSet<const VarDecl *> &Out) : Out(Out) {}
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = rootVariable(U->getSubExpr()))
        Out.insert(V);
    return true;
  }

private:
  llvm::DenseSet<const VarDecl *> &Out;
};

class ChangeFinder : public RecursiveASTVisitor<ChangeFinder> {
public:
  ChangeFinder(llvm::DenseSet<const VarDecl *> &Changed,
               llvm::DenseMap<const VarDecl *, const Expr *> &Declared)
      : Changed(Changed), Declared(Declared) {}
  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (Op->isAssignmentOp())
      if (const VarDecl *V = rootVariable(Op->getLHS()))
        Changed.insert(V);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      if (const VarDecl *V = rootVariable(U->getSubExpr()))
        Changed.insert(V);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    Declared[V] = V->getInit();
    return true;
  }

private:
  llvm::DenseSet<const VarDecl *> &Changed;
  llvm::DenseMap<const VarDecl *, const Expr *> &Declared;
};

// Built-ins without side effects or collective semantics: the work-item functions, math,
// conversions. Synchronising, atomic, image, sub-group and work-group functions stay in place.
bool pureBuiltin(const FunctionDecl *FD) {
  if (!FD || FD->hasBody())
    return false;
  llvm::StringRef Name = FD->getName();
  for (llvm::StringRef Impure :
       {"atom", "barrier", "mem_fence", "read_mem_fence", "write_mem_fence", "work_group_",
        "sub_group_", "intel_", "read_image", "write_image", "printf", "async_", "wait_group",
        "prefetch", "vload", "vstore", "enqueue", "get_image"})
    if (Name.starts_with(Impure))
      return false;
  return true;
}

} // namespace

LoopInvariance::LoopInvariance(const FunctionDecl &Fn) {
  if (Fn.getBody())
    AddressTakenFinder(AddressTaken).TraverseStmt(Fn.getBody());
}

const LoopInvariance::LoopVariables &LoopInvariance::variablesOf(const Stmt *Loop) {
  auto [It, New] = Loops.try_emplace(Loop);
  if (New) {
    // A for loop's init runs once, before the loop: what it assigns and declares is not the
    // loop's (its counter changes all the same: the increment assigns it).
    ChangeFinder Finder(It->second.Changed, It->second.Declared);
    if (const auto *For = dyn_cast<ForStmt>(Loop)) {
      Finder.TraverseStmt(const_cast<Expr *>(For->getCond()));
      Finder.TraverseStmt(const_cast<Expr *>(For->getInc()));
      Finder.TraverseStmt(const_cast<Stmt *>(For->getBody()));
    } else {
      Finder.TraverseStmt(const_cast<Stmt *>(Loop));
    }
  }
  return It->second;
}

bool LoopInvariance::variableInvariant(const VarDecl *V, const Stmt *Loop) {
  if (AddressTaken.contains(V))
    return false;
  if (V->hasGlobalStorage() && !V->getType().isConstQualified() &&
      V->getType().getAddressSpace() != LangAS::opencl_constant)
    return false;
  const LoopVariables &Vars = variablesOf(Loop);
  if (Vars.Changed.contains(V))
    return false;
  auto Inside = Vars.Declared.find(V);
  if (Inside == Vars.Declared.end())
    return true; // declared before the loop and not changed in it
  // Declared in the loop: the same value on every trip when its initial value is.
  return Inside->second && invariantIn(Inside->second, Loop);
}

bool LoopInvariance::invariantIn(const Expr *E, const Stmt *Loop) {
  auto Key = std::make_pair(static_cast<const Stmt *>(E), Loop);
  if (auto It = Memo.find(Key); It != Memo.end())
    return It->second;
  Memo[Key] = false; // a variable initialised from itself is not invariant
  bool Result = computeInvariant(E, Loop);
  Memo[Key] = Result;
  return Result;
}

bool LoopInvariance::computeInvariant(const Expr *E, const Stmt *Loop) {
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(R->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    return V && variableInvariant(V, Loop);
  }
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return invariantIn(P->getSubExpr(), Loop);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    // Reading a variable is not a memory read; reading through a pointer is (its operand is
    // then a dereference or subscript, which is not invariant).
    return invariantIn(C->getSubExpr(), Loop);
  }
  if (const auto *Op = dyn_cast<BinaryOperator>(E))
    return !Op->isAssignmentOp() && Op->getOpcode() != BO_Comma &&
           invariantIn(Op->getLHS(), Loop) && invariantIn(Op->getRHS(), Loop);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    UnaryOperatorKind K = U->getOpcode();
    return (K == UO_Plus || K == UO_Minus || K == UO_Not || K == UO_LNot) &&
           invariantIn(U->getSubExpr(), Loop);
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return invariantIn(C->getCond(), Loop) && invariantIn(C->getTrueExpr(), Loop) &&
           invariantIn(C->getFalseExpr(), Loop);
  if (const auto *V = dyn_cast<ExtVectorElementExpr>(E))
    return !V->isArrow() && invariantIn(V->getBase(), Loop);
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return !M->isArrow() && invariantIn(M->getBase(), Loop);
  if (const auto *C = dyn_cast<CompoundLiteralExpr>(E))
    return C->getInitializer() && invariantIn(C->getInitializer(), Loop);
  if (const auto *L = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Init : L->inits())
      if (!Init || !invariantIn(Init, Loop))
        return false;
    return true;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (!pureBuiltin(Call->getDirectCallee()))
      return false;
    for (const Expr *Arg : Call->arguments())
      if (Arg->getType()->isPointerType() || !invariantIn(Arg, Loop))
        return false;
    return true;
  }
  return false;
}

std::string loopCounterName(const Stmt *Loop) {
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  if (!For)
    return "";
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
        return V->getNameAsString();
  if (const auto *Inc = dyn_cast_or_null<Expr>(For->getInc())) {
    const Expr *Target = nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(Inc->IgnoreParens()))
      Target = U->getSubExpr();
    else if (const auto *B = dyn_cast<BinaryOperator>(Inc->IgnoreParens());
             B && B->isAssignmentOp())
      Target = B->getLHS();
    if (Target)
      if (const auto *R = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
        return R->getDecl()->getNameAsString();
  }
  return "";
}

std::string hoistedBeforeText(const Stmt *Loop) {
  std::string Name = loopCounterName(Loop);
  return "the compiler computes it once before " +
         (Name.empty() ? std::string("its loop") : "the '" + Name + "' loop") +
         ", which does not change it";
}

} // namespace cllint::analysis
