// Pointers as a base plus a byte offset: `p + i`, `&a[i]`, struct fields, pointer variables.
#include "Analysis/ValueBuilder.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"

#include <bit>

namespace cllint::analysis {

using namespace clang;

std::optional<PointerForm> ValueBuilder::pointerVariable(const VarDecl *V, Instance &I) {
  // `p = p + k`, `p = &p[k]`: a pointer defined from itself is a recurrence this form cannot
  // hold; following it would never end.
  if (!I.PointersInProgress.insert(V).second)
    return std::nullopt;
  std::optional<PointerForm> R = resolvePointerVariable(V, I);
  I.PointersInProgress.erase(V);
  return R;
}

std::optional<PointerForm> ValueBuilder::resolvePointerVariable(const VarDecl *V, Instance &I) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    if (auto It = I.PointerArgs.find(P); It != I.PointerArgs.end())
      return It->second;
    if (!I.Caller && !I.Defs->Defs.count(V))
      return PointerForm{P, vConst(0)};
    if (!I.Caller) {
      // `p += off` on a kernel pointer: follow it like an integer would be.
      const Expr *D = singleDefinition(V, I);
      return D && !mentions(D, V) ? pointer(D, I) : std::nullopt;
    }
    return std::nullopt;
  }
  if (V->getType()->isArrayType())
    return PointerForm{V, vConst(0)};
  if (I.Defs->AddressTaken.count(V))
    return std::nullopt;
  if (const Expr *D = singleDefinition(V, I))
    return pointer(D, I);
  return std::nullopt;
}

std::optional<PointerForm> ValueBuilder::pointer(const Expr *E, Instance &I) {
  DepthGuard Guard(*this);
  if (Guard.tooDeep())
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return address(C->getSubExpr(), I);
    case CK_LValueToRValue:
      if (const auto *DR = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens()))
        if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
          return pointerVariable(V, I);
      return std::nullopt;
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion:
      return pointer(C->getSubExpr(), I);
    default:
      return std::nullopt;
    }
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return pointerVariable(V, I);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)
      return std::nullopt;
    const Expr *Ptr = B->getLHS(), *Int = B->getRHS();
    if (!Ptr->getType()->isPointerType())
      std::swap(Ptr, Int);
    if (!Ptr->getType()->isPointerType() || !Int->getType()->isIntegerType())
      return std::nullopt;
    auto P = pointer(Ptr, I);
    if (!P)
      return std::nullopt;
    VExpr Off = vOp(VOp::Mul, {value(Int, I), vConst(sizeOf(Ptr->getType()->getPointeeType()))});
    P->ByteOffset = vOp(B->getOpcode() == BO_Add ? VOp::Add : VOp::Sub, {P->ByteOffset, Off});
    return P;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    return address(U->getSubExpr(), I);
  return std::nullopt;
}

std::optional<PointerForm> ValueBuilder::address(const Expr *E, Instance &I) {
  DepthGuard Guard(*this);
  if (Guard.tooDeep())
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return PointerForm{V, vConst(0)};
    return std::nullopt;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!AS->getBase()->getType()->isPointerType())
      return std::nullopt;
    auto P = pointer(AS->getBase(), I);
    if (!P)
      return std::nullopt;
    P->ByteOffset =
        vOp(VOp::Add, {P->ByteOffset,
                       vOp(VOp::Mul, {value(AS->getIdx(), I), vConst(sizeOf(AS->getType()))})});
    return P;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return pointer(U->getSubExpr(), I);
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!F || F->isBitField())
      return std::nullopt;
    auto P = M->isArrow() ? pointer(M->getBase(), I) : address(M->getBase(), I);
    if (!P)
      return std::nullopt;
    int64_t Off = Ctx.getFieldOffset(F) / Ctx.getCharWidth();
    P->ByteOffset = vOp(VOp::Add, {P->ByteOffset, vConst(Off)});
    return P;
  }
  return std::nullopt;
}

} // namespace cllint::analysis
