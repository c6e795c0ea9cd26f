#include "Host/HostSizes.h"

#include "Host/HostCalls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

namespace cllint {

using namespace clang;

namespace {

// The first ancestor of S of kind T (through the parent map), or null.
template <typename T> const T *ancestor(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    if (const auto *Found = Parents[0].get<T>())
      return Found;
    if (Parents[0].get<FunctionDecl>())
      return nullptr;
    Parents = Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

// The block whose own statement an expression belongs to (`lsize[0] = 1;` in `{ ... }`); null
// when a statement between them (`if (c) lsize[0] = 8;`) may skip it.
const Stmt *statementBlock(ASTContext &Ctx, const Expr *E) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (!Parents.empty() && Parents[0].get<Expr>())
    Parents = Ctx.getParents(Parents[0]);
  return Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
}

bool encloses(ASTContext &Ctx, const Stmt *Outer, const Stmt *S) {
  if (!Outer)
    return false;
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    if (Parents[0].get<Stmt>() == Outer)
      return true;
    Parents = Ctx.getParents(Parents[0]);
  }
  return false;
}

// The last of Set written before Use in Use's function, Skip aside; null when none is.
const Expr *lastBefore(const std::vector<const Expr *> &Set, const Expr *Use, ASTContext &Ctx,
                       const Expr *Skip = nullptr) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getFileLoc(Use->getBeginLoc());
  const FunctionDecl *Fn = ancestor<FunctionDecl>(Ctx, Use);
  const Expr *Last = nullptr;
  for (const Expr *V : Set) {
    SourceLocation L = SM.getFileLoc(V->getBeginLoc());
    if (V == Skip || ancestor<FunctionDecl>(Ctx, V) != Fn || !SM.isBeforeInTranslationUnit(L, At))
      continue;
    if (!Last || SM.isBeforeInTranslationUnit(SM.getFileLoc(Last->getBeginLoc()), L))
      Last = V;
  }
  return Last;
}

// Of the values assigned to an element (`lsize[0] = 256; ...; lsize[0] = 1;`), the one a use
// outside loops sees: the last assignment before it, in a block that encloses the use (straight
// code runs it first on every path). Null when that is not sure.
const Expr *valueReaching(const std::vector<const Expr *> &Set, const Expr *Use, ASTContext &Ctx) {
  if (Set.size() == 1)
    return Set.front();
  if (placeOf(Ctx, *Use).second)
    return nullptr;
  const Expr *Last = lastBefore(Set, Use, Ctx);
  return Last && encloses(Ctx, statementBlock(Ctx, Last), Use) ? Last : nullptr;
}

// What an initial value becomes by the Use after the assignments in Set: Initial itself when
// none comes before the Use in its function, the last one when its block encloses the Use,
// and null when a branch may or may not have changed it.
const Expr *afterAssignments(const Expr *Initial, const std::vector<const Expr *> &Set,
                             const Expr *Use, ASTContext &Ctx) {
  const Expr *Last = lastBefore(Set, Use, Ctx, Initial);
  if (!Last)
    return Initial;
  return encloses(Ctx, statementBlock(Ctx, Last), Use) ? Last : nullptr;
}

} // namespace

// `local` (a size_t array), `&local` (one size_t), `(size_t[]){16, 16}`, NULL.
std::optional<std::array<uint64_t, 3>> hostSizes(const Expr *E, unsigned Dims, bool *Null,
                                                 const HostValues &Values) {
  ASTContext &Ctx = Values.context();
  std::array<uint64_t, 3> Out = {1, 1, 1};
  const Expr *S = E->IgnoreParenImpCasts();
  if (S->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull)) {
    if (Null)
      *Null = true;
    return std::nullopt;
  }
  unsigned N = Dims ? Dims : 3;
  auto fromInit = [&](const InitListExpr *IL) -> bool {
    for (unsigned I = 0; I < N; ++I) {
      if (I >= IL->getNumInits())
        return Dims == 0 && I > 0; // fewer values than dimensions unknown: keep 1s
      auto V = Values.integer(IL->getInit(I));
      if (!V || *V <= 0)
        return false;
      Out[I] = uint64_t(*V);
    }
    return true;
  };
  if (const auto *CL = dyn_cast<CompoundLiteralExpr>(S))
    if (const auto *IL = dyn_cast<InitListExpr>(CL->getInitializer()))
      return fromInit(IL) ? std::optional(Out) : std::nullopt;
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf) {
    auto V = Values.integer(U->getSubExpr());
    if (!V || *V <= 0)
      return std::nullopt;
    Out[0] = uint64_t(*V);
    return Out;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(S);
  const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!V)
    return std::nullopt;
  if (const auto *IL = dyn_cast_or_null<InitListExpr>(V->getInit()))
    if (fromInit(IL)) {
      // `size_t lws[3] = {1, 1, 1};` then `lws[0] = 128;` in one branch of several.
      for (unsigned I = 0; I < N; ++I) {
        const std::vector<const Expr *> *Set = Values.elements(V->getCanonicalDecl(), I);
        if (!Set)
          continue;
        const Expr *Value = afterAssignments(IL, *Set, E, Ctx);
        if (!Value)
          return std::nullopt; // a branch may have changed it
        if (Value == IL)
          continue; // not assigned before the launch: the initializer's value
        auto X = Values.integer(Value);
        if (!X || *X <= 0)
          return std::nullopt;
        Out[I] = uint64_t(*X);
      }
      return Out;
    }
  // Filled element by element: `local[0] = BLOCK; local[1] = BLOCK;`.
  for (unsigned I = 0; I < N; ++I) {
    const std::vector<const Expr *> *Set = Values.elements(V->getCanonicalDecl(), I);
    const Expr *Value = Set ? valueReaching(*Set, E, Ctx) : nullptr;
    if (!Value)
      return std::nullopt;
    auto X = Values.integer(Value);
    if (!X || *X <= 0)
      return std::nullopt;
    Out[I] = uint64_t(*X);
  }
  return Out;
}

// `cl::NDRange(16, 16)`, a `cl::NDRange` variable, `cl::NullRange`.
std::optional<std::array<uint64_t, 3>> hostNDRange(const Expr *E, bool *Null, unsigned *Dims,
                                                   const HostValues &Values) {
  E = E->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E)) // the parameter's default: NullRange
    return hostNDRange(D->getExpr(), Null, Dims, Values);
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E)) // cl::NDRange(64)
    return hostNDRange(F->getSubExpr(), Null, Dims, Values);
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    E = M->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    E = B->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return hostNDRange(F->getSubExpr(), Null, Dims, Values);
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (DR->getDecl()->getName() == "NullRange") {
      if (Null)
        *Null = true;
      return std::nullopt;
    }
    const auto *V = dyn_cast<VarDecl>(DR->getDecl());
    if (!V || !V->getInit())
      return std::nullopt;
    // `cl::NDRange global, local;` assigned in the branches of an if: not NullRange.
    const std::vector<const Expr *> *Set = Values.assigned(V);
    const Expr *Value =
        Set ? afterAssignments(V->getInit(), *Set, E, Values.context()) : V->getInit();
    return Value ? hostNDRange(Value, Null, Dims, Values) : std::nullopt;
  }
  const auto *C = dyn_cast<CXXConstructExpr>(E);
  if (!C)
    return std::nullopt;
  if (C->getNumArgs() == 1 && !C->getArg(0)->getType()->isIntegerType())
    return hostNDRange(C->getArg(0), Null, Dims, Values); // a copy
  if (C->getNumArgs() == 0) {
    if (Null)
      *Null = true;
    return std::nullopt;
  }
  std::array<uint64_t, 3> Out = {1, 1, 1};
  unsigned N = 0;
  for (unsigned I = 0; I < C->getNumArgs() && I < 3; ++I) {
    if (isa<CXXDefaultArgExpr>(C->getArg(I)))
      break;
    auto V = Values.integer(C->getArg(I));
    if (!V || *V <= 0)
      return std::nullopt;
    Out[I] = uint64_t(*V);
    N = I + 1;
  }
  if (Dims)
    *Dims = N;
  return Out;
}

bool enqueueArgsSizes(const clang::Expr *E, HostLaunch &L, const HostValues &Values) {
  const clang::CXXConstructExpr *C = nullptr;
  for (int Step = 0; E && !C && Step < 8; ++Step) {
    E = E->IgnoreImplicit();
    if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *F = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *K = llvm::dyn_cast<clang::CXXConstructExpr>(E);
             K && (K->getConstructor()->isCopyOrMoveConstructor() || K->getNumArgs() == 1) &&
             K->getNumArgs() >= 1 && K->getConstructor()->getParent()->getName() == "EnqueueArgs")
      E = K->getArg(0);
    else if (K && K->getConstructor()->getParent()->getName() == "EnqueueArgs")
      C = K;
    else
      return false;
  }
  if (!C)
    return false;
  bool HasLocal = false;
  unsigned LocalDims = 0;
  for (unsigned I = 0; I < C->getNumArgs() && I < C->getConstructor()->getNumParams(); ++I) {
    llvm::StringRef Name = C->getConstructor()->getParamDecl(I)->getName();
    if (Name == "global") {
      L.Global = hostNDRange(C->getArg(I), nullptr, &L.Dims, Values);
    } else if (Name == "local") {
      HasLocal = true;
      L.Local = hostNDRange(C->getArg(I), &L.LocalNull, &LocalDims, Values);
    }
  }
  L.LocalNull |= !HasLocal;
  L.Dims = std::max(L.Dims, LocalDims);
  L.explainUnknownLocal();
  return true;
}

} // namespace cllint
