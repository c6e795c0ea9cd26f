// Pointers as a base plus a byte offset: `p + i`, `&a[i]`, struct fields, pointer variables.
#include "Analysis/DefinitionChoice.h"
#include "Analysis/ValueBuilder.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"

#include <algorithm>
#include <bit>

namespace cllint::analysis {

using namespace clang;

std::optional<PointerForm> ValueBuilder::pointerVariable(const VarDecl *V, const DeclRefExpr *Use,
                                                         Instance &I) {
  if (V->getType()->isArrayType())
    return PointerForm{V, vConst(0)};
  if (const auto *P = dyn_cast<ParmVarDecl>(V); P && !I.Defs->Defs.count(V)) {
    if (auto It = I.PointerArgs.find(P); It != I.PointerArgs.end())
      return It->second;
    if (!I.Caller)
      return PointerForm{P, vConst(0)};
    return std::nullopt;
  }
  if (I.Defs->AddressTaken.count(V))
    return std::nullopt;
  std::vector<unsigned> Reach = reachingDefs(V, Use, I);
  if (Reach.empty())
    return std::nullopt;
  Instance::FlowKey Key{V, Reach};
  // A pointer whose value flows back into itself without a recognised loop update would never
  // end (`p = q; q = p + 1;` around a loop).
  if (!I.PointersInProgress.insert(Key).second)
    return std::nullopt;
  std::optional<PointerForm> R = resolvePointerVariable(V, Reach, I);
  I.PointersInProgress.erase(Key);
  return R;
}

std::optional<PointerForm> ValueBuilder::pointerDefinition(const VarDecl *V, const VarDef &D,
                                                           Instance &I) {
  QualType Pointee = V->getType()->getPointeeType();
  auto stepBy = [&](VOp Op, VExpr Elements) -> std::optional<PointerForm> {
    auto P = pointerVariable(V, D.SelfUses.front(), I);
    if (!P || Pointee.isNull())
      return std::nullopt;
    P->ByteOffset =
        vOp(Op, {P->ByteOffset, vOp(VOp::Mul, {std::move(Elements), vConst(sizeOf(Pointee))})});
    return P;
  };
  switch (D.K) {
  case VarDef::Init:
  case VarDef::Assign:
    return pointer(D.Rhs, I);
  case VarDef::Compound:
    if (D.Op != BO_AddAssign && D.Op != BO_SubAssign)
      return std::nullopt;
    return stepBy(D.Op == BO_AddAssign ? VOp::Add : VOp::Sub, value(D.Rhs, I));
  case VarDef::Inc:
    return stepBy(VOp::Add, vConst(1));
  case VarDef::Dec:
    return stepBy(VOp::Sub, vConst(1));
  case VarDef::Entry:
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      if (auto It = I.PointerArgs.find(P); It != I.PointerArgs.end())
        return It->second;
      if (!I.Caller)
        return PointerForm{P, vConst(0)};
    }
    return std::nullopt;
  case VarDef::Uninit:
    break;
  }
  return std::nullopt;
}

std::optional<PointerForm> ValueBuilder::resolvePointerVariable(const VarDecl *V,
                                                                const std::vector<unsigned> &Reach,
                                                                Instance &I) {
  const std::vector<VarDef> &Defs = I.Defs->Defs.at(V);
  if (Reach.size() == 1)
    return pointerDefinition(V, Defs[Reach[0]], I);
  DefSet All = I.Defs->contributing(V, DefSet(Reach.begin(), Reach.end()));
  std::vector<const VarDef *> Inits, Updates;
  for (unsigned D : Reach)
    if (!I.Defs->cyclic(V, D))
      Inits.push_back(&Defs[D]);
  for (unsigned D : All)
    if (I.Defs->cyclic(V, D))
      Updates.push_back(&Defs[D]);
  if (Updates.empty()) {
    // Chosen by `if` arms: one base, a select between the offsets.
    std::unique_ptr<Choice> Tree = choiceTree(Defs, Reach, Ctx.getSourceManager());
    if (!Tree)
      return std::nullopt;
    const ValueDecl *Base = nullptr;
    bool Ok = true;
    std::function<VExpr(const Choice &)> Build = [&](const Choice &C) -> VExpr {
      if (!C.Cond) {
        auto P = pointerDefinition(V, Defs[C.Def], I);
        if (!P || (Base && P->Base != Base)) {
          Ok = false;
          return vConst(0);
        }
        Base = P->Base;
        return P->ByteOffset;
      }
      return vOp(VOp::Select, {value(C.Cond, I), Build(*C.Then), Build(*C.Else)});
    };
    VExpr Off = Build(*Tree);
    if (!Ok || !Base)
      return std::nullopt;
    return PointerForm{Base, Off};
  }
  // `p += k` (or `p = p + k`, `p++`) once per iteration of a loop: base + init + iter*k.
  const Stmt *Loop = Inits.size() == 1 ? updateLoop(Inits, Updates) : nullptr;
  if (!Loop)
    return std::nullopt;
  QualType Pointee = V->getType()->getPointeeType();
  if (Pointee.isNull())
    return std::nullopt;
  VExpr Total = vConst(0);
  for (const VarDef *U : Updates) {
    VExpr Elements;
    VOp Op = VOp::Add;
    if (U->K == VarDef::Inc || U->K == VarDef::Dec) {
      Elements = vConst(1);
      Op = U->K == VarDef::Inc ? VOp::Add : VOp::Sub;
    } else if (U->K == VarDef::Compound && (U->Op == BO_AddAssign || U->Op == BO_SubAssign) &&
               !mentions(U->Rhs, V)) {
      Elements = value(U->Rhs, I);
      Op = U->Op == BO_AddAssign ? VOp::Add : VOp::Sub;
    } else if (U->assigns()) {
      const auto *B = dyn_cast<BinaryOperator>(U->Rhs->IgnoreParenImpCasts());
      if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
        return std::nullopt;
      const Expr *Ptr = B->getLHS(), *Int = B->getRHS();
      if (B->getOpcode() == BO_Add && !Ptr->getType()->isPointerType())
        std::swap(Ptr, Int);
      if (referencedVar(Ptr) != V || mentions(Int, V))
        return std::nullopt;
      Elements = value(Int, I);
      Op = B->getOpcode() == BO_Add ? VOp::Add : VOp::Sub;
    } else {
      return std::nullopt;
    }
    Total = vOp(Op, {Total, Elements});
  }
  if (isVarying(Total))
    return std::nullopt;
  auto P = pointerDefinition(V, *Inits[0], I);
  if (!P)
    return std::nullopt;
  VExpr K = vSym(I.Defs->tripCounterName(V, Loop), true);
  P->ByteOffset =
      vOp(VOp::Add,
          {P->ByteOffset, vOp(VOp::Mul, {K, vOp(VOp::Mul, {Total, vConst(sizeOf(Pointee))})})});
  return P;
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
          return pointerVariable(V, DR, I);
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
      return pointerVariable(V, DR, I);
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
  if (const auto *V = dyn_cast<ExtVectorElementExpr>(E)) {
    // `v.x`, `p[i].s3`, `q.xyz`: the components from the first one selected.
    if (!V->getBase()->isGLValue() || V->isArrow())
      return std::nullopt;
    llvm::SmallVector<uint32_t, 16> Components;
    V->getEncodedElementAccess(Components);
    const auto *VT = V->getBase()->getType()->getAs<clang::VectorType>();
    auto P = address(V->getBase(), I);
    if (!P || !VT || Components.empty())
      return std::nullopt;
    uint32_t First = *std::min_element(Components.begin(), Components.end());
    P->ByteOffset =
        vOp(VOp::Add, {P->ByteOffset, vConst(int64_t(First) * sizeOf(VT->getElementType()))});
    return P;
  }
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
