#include "Analysis/OpCost.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <algorithm>

namespace cllint::analysis {

using namespace clang;

namespace {

bool isDouble(QualType T) {
  if (const auto *V = T->getAs<clang::VectorType>())
    T = V->getElementType();
  return T->isSpecificBuiltinType(BuiltinType::Double);
}

bool isFloating(QualType T) {
  if (const auto *V = T->getAs<clang::VectorType>())
    T = V->getElementType();
  return T->isRealFloatingType();
}

// Lanes of work a vector operation does: a float4 add is four instructions.
double width(QualType T) {
  if (const auto *V = T->getAs<clang::VectorType>())
    return V->getNumElements();
  return 1;
}

// Math builtins by the instructions NVIDIA's libdevice spends on their float versions (SASS,
// approximate); the double versions cost several times more and run on the fp64 pipe.
struct MathCost {
  const char *Name;
  double Alu, Special;
};
constexpr MathCost Math[] = {
    {"sin", 20, 1},   {"cos", 20, 1},    {"tan", 30, 2},  {"exp", 10, 1},   {"exp2", 4, 1},
    {"exp10", 10, 1}, {"log", 12, 1},    {"log2", 6, 1},  {"log10", 12, 1}, {"pow", 40, 2},
    {"powr", 30, 2},  {"pown", 20, 0},   {"sqrt", 8, 1},  {"rsqrt", 2, 1},  {"cbrt", 20, 1},
    {"atan", 30, 0},  {"atan2", 40, 0},  {"asin", 30, 1}, {"acos", 30, 1},  {"sinh", 30, 1},
    {"cosh", 30, 1},  {"tanh", 30, 1},   {"erf", 30, 1},  {"erfc", 30, 1},  {"fmod", 20, 0},
    {"hypot", 20, 1}, {"divide", 10, 1}, {"recip", 8, 1}, {"sincos", 30, 2}};

OpCounts callCost(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || FD->hasBody())
    return {}; // a helper: its body is walked where it is called
  StringRef Name = FD->getName();
  bool Native = Name.consume_front("native_") || Name.consume_front("half_");
  double W = width(Call->getType());
  bool Double = isDouble(Call->getType());
  for (const MathCost &M : Math)
    if (Name == M.Name) {
      if (Native)
        return {W * 1, 0, 0, W * std::max(1.0, M.Special)};
      if (Double)
        return {W * 4, W * M.Alu * 2, 0, 0};
      return {W * M.Alu, 0, 0, W * M.Special};
    }
  if (Name.starts_with("vload") || Name.starts_with("vstore") || Name.starts_with("atomic") ||
      Name.starts_with("atom_") || Name.contains("barrier") || Name.starts_with("get_") ||
      Name.starts_with("mem_fence"))
    return {1, 0, 0, 0};
  // One instruction per component: fma and mad are one FMA, min and max one FMNMX or IMNMX.
  if (Name == "fma" || Name == "mad" || Name == "mad24" || Name == "mul24" || Name == "fmin" ||
      Name == "fmax" || Name == "min" || Name == "max")
    return {Double ? 0 : W, Double ? W : 0, 0, 0};
  // clamp, select, convert_*, as_* ...: a few instructions per component.
  return {Double ? W : W * 2, Double ? W : 0, 0, 0};
}

// A constant divisor whose reciprocal is exact (0.5, 4.0, 0.125f).
bool byPowerOfTwo(const Expr *Divisor, const ASTContext &Ctx) {
  llvm::APFloat V(0.0);
  if (Divisor->isValueDependent() || !Divisor->EvaluateAsFloat(V, Ctx) || !V.isFiniteNonZero())
    return false;
  return V.getExactInverse(nullptr);
}

// `a * b + c`, `acc += a * b`: the compiler fuses the add into the multiply (FMA, IMAD; OpenCL
// C contracts floating expressions by default), so the add issues nothing of its own.
bool fusesWithMultiply(const BinaryOperator *B) {
  BinaryOperatorKind K = B->getOpcode();
  if (K != BO_Add && K != BO_Sub && K != BO_AddAssign && K != BO_SubAssign)
    return false;
  auto isMul = [](const Expr *E) {
    const auto *M = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    return M && M->getOpcode() == BO_Mul &&
           (M->getType()->isArithmeticType() || M->getType()->isVectorType());
  };
  return isMul(B->getRHS()) || (!B->isCompoundAssignmentOp() && isMul(B->getLHS()));
}

OpCounts binaryCost(const BinaryOperator *B, const ASTContext &Ctx) {
  BinaryOperatorKind K = B->getOpcode();
  if (fusesWithMultiply(B))
    return {};
  if (K == BO_Assign || K == BO_Comma || B->isLogicalOp())
    return {K == BO_Assign || K == BO_Comma ? 0.0 : 1.0, 0, 0, 0};
  QualType T = isa<CompoundAssignOperator>(B)
                   ? cast<CompoundAssignOperator>(B)->getComputationResultType()
                   : (B->isComparisonOp() ? B->getLHS()->getType() : B->getType());
  double W = width(T);
  bool Div = K == BO_Div || K == BO_Rem || K == BO_DivAssign || K == BO_RemAssign;
  // x / 0.5 is exactly x * 2.0: an optimising build multiplies by the reciprocal of a power of
  // two (with -cl-opt-disable it divides: measured on an NVIDIA H100).
  if ((K == BO_Div || K == BO_DivAssign) && isFloating(T) && Ctx.getLangOpts().Optimize &&
      byPowerOfTwo(B->getRHS(), Ctx))
    Div = false;
  if (isDouble(T))
    return {0, W * (Div ? 10 : 1), 0, 0};
  if (Div && isFloating(T))
    return {W * 8, 0, 0, W}; // IEEE float division: a reciprocal and Newton steps
  if (Div) {
    // A constant divisor is a multiply-high and shifts; a run-time one a full division.
    Expr::EvalResult R;
    if (B->getRHS()->EvaluateAsInt(R, Ctx))
      return {W * 4, 0, 0, 0};
    return {W * 25, 0, 0, 0};
  }
  return {W, 0, 0, 0};
}

} // namespace

OpCounts opCost(const Stmt *S, const ASTContext &Ctx) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return binaryCost(B, Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    switch (U->getOpcode()) {
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return isDouble(U->getType()) ? OpCounts{0, width(U->getType()), 0, 0}
                                    : OpCounts{width(U->getType()), 0, 0, 0};
    default:
      return {};
    }
  }
  if (const auto *C = dyn_cast<CastExpr>(S)) {
    QualType From = C->getSubExpr()->getType(), To = C->getType();
    switch (C->getCastKind()) {
    case CK_FloatingCast:
      // float <-> double (and half): the conversions that set the cost of double literals.
      return isDouble(From) != isDouble(To) ? OpCounts{0, 0, width(To), 0} : OpCounts{};
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
      return isDouble(From) || isDouble(To) ? OpCounts{0, 0, width(To), 0}
                                            : OpCounts{width(To), 0, 0, 0};
    default:
      return {};
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    return callCost(Call);
  if (isa<ArraySubscriptExpr>(S))
    return {1, 0, 0, 0}; // the address computation and the memory instruction's issue
  if (const auto *Cond = dyn_cast<ConditionalOperator>(S))
    return {width(Cond->getType()), 0, 0, 0}; // a select
  return {};
}

bool hasConstantBounds(const ForStmt &S, const ASTContext &Ctx) {
  auto constant = [&](const Expr *E) {
    Expr::EvalResult R;
    return E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx);
  };
  const Expr *Start = nullptr;
  if (const auto *D = dyn_cast_or_null<DeclStmt>(S.getInit()); D && D->isSingleDecl())
    if (const auto *V = dyn_cast<VarDecl>(D->getSingleDecl()))
      Start = V->getInit();
  if (const auto *A = dyn_cast_or_null<BinaryOperator>(S.getInit()); A && A->isAssignmentOp())
    Start = A->getRHS();
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(S.getCond());
  if (!constant(Start) || !Cond || !Cond->isRelationalOp() ||
      !(constant(Cond->getRHS()) || constant(Cond->getLHS())))
    return false;
  const Stmt *Inc = S.getInc();
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    return U->isIncrementDecrementOp();
  const auto *Step = dyn_cast_or_null<CompoundAssignOperator>(Inc);
  return Step && (Step->getOpcode() == BO_AddAssign || Step->getOpcode() == BO_SubAssign) &&
         constant(Step->getRHS());
}

double imageBytes(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  const auto *Call = dyn_cast<CallExpr>(S);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return 0;
  llvm::StringRef N = FD->getName();
  QualType Texel;
  if (N.starts_with("read_image"))
    Texel = Call->getType();
  else if (N.starts_with("write_image") && Call->getNumArgs() >= 3)
    Texel = Call->getArg(Call->getNumArgs() - 1)->getType();
  if (Texel.isNull() || Texel->isVoidType() || Texel->isDependentType())
    return 0;
  return double(Ctx.getTypeSizeInChars(Texel).getQuantity());
}

} // namespace cllint::analysis
