#include "Host/HostSizes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

namespace cllint {

using namespace clang;

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
    if (fromInit(IL))
      return Out;
  // Filled element by element: `local[0] = BLOCK; local[1] = BLOCK;`.
  for (unsigned I = 0; I < N; ++I) {
    const std::vector<const Expr *> *Set = Values.elements(V->getCanonicalDecl(), I);
    if (!Set || Set->size() != 1)
      return std::nullopt;
    auto X = Values.integer(Set->front());
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
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()); V && V->getInit())
      return hostNDRange(V->getInit(), Null, Dims, Values);
    return std::nullopt;
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

} // namespace cllint
