#include "Analysis/ValueBuilder.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <bit>

namespace cllint::analysis {
using namespace clang;

VOp binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    return VOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    return VOp::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return VOp::Mul;
  case BO_Div:
  case BO_DivAssign:
    return VOp::Div;
  case BO_Rem:
  case BO_RemAssign:
    return VOp::Rem;
  case BO_Shl:
  case BO_ShlAssign:
    return VOp::Shl;
  case BO_Shr:
  case BO_ShrAssign:
    return VOp::Shr;
  case BO_And:
  case BO_AndAssign:
    return VOp::And;
  case BO_Or:
  case BO_OrAssign:
    return VOp::Or;
  case BO_Xor:
  case BO_XorAssign:
    return VOp::Xor;
  case BO_LT:
    return VOp::Lt;
  case BO_LE:
    return VOp::Le;
  case BO_GT:
    return VOp::Gt;
  case BO_GE:
    return VOp::Ge;
  case BO_EQ:
    return VOp::Eq;
  case BO_NE:
    return VOp::Ne;
  case BO_LAnd:
    return VOp::LAnd;
  case BO_LOr:
    return VOp::LOr;
  default:
    return VOp::Unknown;
  }
}

VExpr withNonNegative(VExpr V) {
  if (V->NonNegative)
    return V;
  auto N = std::make_shared<VNode>(*V);
  N->NonNegative = true;
  return N;
}

const FunctionDefs &ValueBuilder::defs(const FunctionDecl *FD) {
  auto &Slot = DefsCache[FD];
  if (!Slot)
    Slot = std::make_unique<FunctionDefs>(collectDefs(FD, Ctx));
  return *Slot;
}

Instance &ValueBuilder::root(const FunctionDecl *Kernel) {
  auto I = std::make_unique<Instance>();
  I->Function = Kernel;
  I->Defs = &defs(Kernel);
  Instances.push_back(std::move(I));
  return *Instances.back();
}

Instance &ValueBuilder::enter(const CallExpr *Call, const FunctionDecl *Callee, Instance &Caller) {
  auto Key = std::make_pair(static_cast<const Instance *>(&Caller), Call);
  if (auto It = Entered.find(Key); It != Entered.end())
    return *It->second;
  auto I = std::make_unique<Instance>();
  I->Function = Callee;
  I->Caller = &Caller;
  I->Call = Call;
  I->Depth = Caller.Depth + 1;
  I->Defs = &defs(Callee);
  for (unsigned A = 0; A < Call->getNumArgs() && A < Callee->getNumParams(); ++A) {
    const ParmVarDecl *P = Callee->getParamDecl(A);
    const Expr *Arg = Call->getArg(A);
    if (P->getType()->isPointerType() || P->getType()->isArrayType())
      I->PointerArgs[P] = pointer(Arg, Caller);
    else
      I->Args[P] = value(Arg, Caller);
  }
  Instances.push_back(std::move(I));
  Entered[Key] = Instances.back().get();
  return *Instances.back();
}

int64_t ValueBuilder::sizeOf(QualType T) const {
  if (T.isNull() || T->isIncompleteType() || T->isVoidType())
    return 1;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

VExpr ValueBuilder::value(const Expr *E, Instance &I) {
  DepthGuard Guard(*this);
  if (Guard.tooDeep())
    return vUnknown(true, "expression nested too deeply");
  VExpr V = compute(E, I);
  if (E->getType()->isUnsignedIntegerType() || E->getType()->isBooleanType())
    V = withNonNegative(V);
  return V;
}

VExpr ValueBuilder::opaque(const Expr *E, Instance &I, const std::string &Why) {
  bool Varying = false;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (isVarying(value(CE, I)))
        Varying = true;
  return vUnknown(Varying, Why);
}

VExpr ValueBuilder::compute(const Expr *E, Instance &I) {
  E = E->IgnoreParens();
  if ((E->getType()->isIntegerType() || E->getType()->isBooleanType()) && !E->isValueDependent() &&
      !isa<DeclRefExpr>(E)) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt())
      return vConst(R.Val.getInt().getExtValue());
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return vConst(IL->getValue().getSExtValue());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
      if (const auto *DR = dyn_cast<DeclRefExpr>(Sub->IgnoreParens()))
        if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
          return variable(V, DR, I);
      return load(Sub, I);
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral: {
      VExpr V = value(Sub, I);
      if (C->getCastKind() == CK_IntegralToBoolean)
        return vOp(VOp::Ne, {V, vConst(0)});
      return V;
    }
    default:
      return vUnknown(isVarying(value(Sub, I)), "conversion");
    }
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DR->getDecl()))
      return vConst(EC->getInitVal().getSExtValue());
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return variable(V, DR, I);
    return vUnknown(false, "declaration");
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Comma || B->getOpcode() == BO_Assign)
      return value(B->getRHS(), I);
    if (B->isCompoundAssignmentOp())
      return opaque(E, I, "compound assignment");
    VOp Op = binaryOp(B->getOpcode());
    if (Op != VOp::Unknown && B->getLHS()->getType()->isIntegerType() &&
        B->getRHS()->getType()->isIntegerType())
      return vOp(Op, {value(B->getLHS(), I), value(B->getRHS(), I)});
    return opaque(E, I, "non-integer operation");
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getSubExpr()->getType()->isIntegerType()) {
      switch (U->getOpcode()) {
      case UO_Minus:
        return vOp(VOp::Neg, {value(U->getSubExpr(), I)});
      case UO_Plus:
        return value(U->getSubExpr(), I);
      case UO_Not:
        return vOp(VOp::BitNot, {value(U->getSubExpr(), I)});
      case UO_LNot:
        return vOp(VOp::LNot, {value(U->getSubExpr(), I)});
      default:
        break;
      }
    }
    if (U->getOpcode() == UO_Deref)
      return load(E, I);
    return opaque(E, I, "unary operation");
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return vOp(VOp::Select,
               {value(C->getCond(), I), value(C->getTrueExpr(), I), value(C->getFalseExpr(), I)});
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return call(Call, I);
  if (isa<ArraySubscriptExpr, MemberExpr>(E))
    return load(E, I);
  return opaque(E, I, "expression");
}

VExpr ValueBuilder::load(const Expr *LValue, Instance &I) {
  std::optional<PointerForm> P = address(LValue, I);
  LangAS AS = LValue->getType().getAddressSpace();
  bool Shared =
      AS == LangAS::opencl_global || AS == LangAS::opencl_constant || AS == LangAS::opencl_local;
  if (!P || !P->ByteOffset)
    return vUnknown(true, "load from memory");
  if (!Shared)
    return vUnknown(true, "load from private memory");
  return vUnknown(isVarying(P->ByteOffset), "load from memory");
}

} // namespace cllint::analysis
