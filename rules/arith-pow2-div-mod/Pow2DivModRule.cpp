// arith-pow2-div-mod: integer `/` and `%` by powers of two that do not compile to one shift or
// mask: a signed dividend that may be negative needs a sign fix-up, a run-time power of two a
// full division.
#include "Analysis/KernelFacts.h"
#include "Analysis/Surroundings.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"

#include <map>

namespace cllint {
namespace {

using namespace analysis;

std::optional<unsigned> log2Exact(int64_t V) {
  if (V <= 1 || (V & (V - 1)))
    return std::nullopt;
  unsigned K = 0;
  while ((int64_t(1) << K) != V)
    ++K;
  return K;
}

// `1 << k` (the shift amount not a constant), looking through parentheses and casts.
const clang::Expr *runtimeShiftAmount(const clang::Expr *E) {
  const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || B->getOpcode() != clang::BO_Shl)
    return nullptr;
  const auto *One = llvm::dyn_cast<clang::IntegerLiteral>(B->getLHS()->IgnoreParenImpCasts());
  if (!One || One->getValue() != 1)
    return nullptr;
  return B->getRHS();
}

bool simpleOperand(const clang::Expr *E) {
  return llvm::isa<clang::DeclRefExpr, clang::IntegerLiteral, clang::CallExpr, clang::ParenExpr,
                   clang::ArraySubscriptExpr, clang::MemberExpr>(E->IgnoreImpCasts());
}

// A divisor spelled as a number where the operator is written; a macro, a constant or a
// variable may hold another value in another build, so a rewrite must keep its name.
bool spelledAsNumber(const std::string &Text) {
  static const llvm::Regex Number("^\\(*(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*\\)*$");
  return Number.match(Text);
}

const clang::Stmt *parentSkippingParens(const KernelFacts &F, const clang::FunctionDecl *Fn,
                                        const clang::Stmt *S, const clang::Stmt **Child) {
  const clang::Stmt *P = F.parentIn(Fn, S);
  *Child = S;
  while (P && llvm::isa<clang::ParenExpr, clang::ImplicitCastExpr>(P)) {
    *Child = P;
    P = F.parentIn(Fn, P);
  }
  return P;
}

bool isZero(const clang::Expr *E, clang::ASTContext &AST) {
  clang::Expr::EvalResult R;
  return E->EvaluateAsInt(R, AST) && R.Val.getInt() == 0;
}

// `x % 4 == 0`, `if (n % 2)`, `!(i % 8)`: only whether the remainder is zero matters, and that
// does not depend on the dividend's sign, so the compiler emits the plain mask.
bool onlyTestedAgainstZero(const KernelFacts &F, const clang::FunctionDecl *Fn,
                           const clang::BinaryOperator *Op, clang::ASTContext &AST) {
  const clang::Stmt *Child = nullptr;
  const clang::Stmt *P = parentSkippingParens(F, Fn, Op, &Child);
  if (!P)
    return false;
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(P)) {
    if (B->isEqualityOp())
      return isZero(B->getLHS() == Child ? B->getRHS() : B->getLHS(), AST);
    return B->isLogicalOp();
  }
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(P))
    return U->getOpcode() == clang::UO_LNot;
  if (const auto *I = llvm::dyn_cast<clang::IfStmt>(P))
    return I->getCond() == Child;
  if (const auto *W = llvm::dyn_cast<clang::WhileStmt>(P))
    return W->getCond() == Child;
  if (const auto *D = llvm::dyn_cast<clang::DoStmt>(P))
    return D->getCond() == Child;
  if (const auto *Fr = llvm::dyn_cast<clang::ForStmt>(P))
    return Fr->getCond() == Child;
  if (const auto *C = llvm::dyn_cast<clang::ConditionalOperator>(P))
    return C->getCond() == Child;
  return false;
}

// `__builtin_assume(n % 64 == 0)` generates no code.
bool insideAssume(const KernelFacts &F, const clang::FunctionDecl *Fn, const clang::Stmt *S) {
  for (const clang::Stmt *P = F.parentIn(Fn, S); P; P = F.parentIn(Fn, P))
    if (const auto *Call = llvm::dyn_cast<clang::CallExpr>(P))
      if (const clang::FunctionDecl *Callee = Call->getDirectCallee())
        if (Callee->getBuiltinID() == clang::Builtin::BI__builtin_assume)
          return true;
  return false;
}

// An unsigned type narrower than `int` (`uchar`, `ushort`), which promotion zero-extends.
bool narrowUnsigned(clang::QualType T) {
  return T->isUnsignedIntegerType() && !T->isSpecificBuiltinType(clang::BuiltinType::UInt) &&
         !T->isSpecificBuiltinType(clang::BuiltinType::ULong) &&
         !T->isSpecificBuiltinType(clang::BuiltinType::ULongLong);
}

// `uchar`/`ushort` values promoted to `int` are zero-extended, and sums, products and shifts
// of them stay non-negative: the compiler knows, and emits the plain shift or mask.
bool zeroExtendedValue(const clang::Expr *E) {
  E = E->IgnoreParens();
  if (const auto *C = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
    clang::QualType From = C->getSubExpr()->getType();
    if (C->getCastKind() == clang::CK_IntegralCast && From->isUnsignedIntegerType())
      return narrowUnsigned(From);
    return zeroExtendedValue(C->getSubExpr());
  }
  if (const auto *L = llvm::dyn_cast<clang::IntegerLiteral>(E))
    return !L->getValue().isNegative();
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case clang::BO_Add:
    case clang::BO_Mul:
    case clang::BO_Shr:
      return zeroExtendedValue(B->getLHS()) && zeroExtendedValue(B->getRHS());
    case clang::BO_And:
      return zeroExtendedValue(B->getLHS()) || zeroExtendedValue(B->getRHS());
    default:
      return false;
    }
  }
  return false;
}

// `(x *= 2) / 2`, `(x << 3) / 4`: the dividend is a multiple of the divisor with no signed
// overflow allowed, so the compiler folds the division away.
bool foldsAway(const clang::Expr *DividendExpr, const VExpr &Dividend, int64_t Divisor,
               clang::ASTContext &AST) {
  if (Divisor <= 0)
    return false;
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(DividendExpr->IgnoreParenImpCasts())) {
    clang::Expr::EvalResult R;
    bool Scales = B->getOpcode() == clang::BO_Mul || B->getOpcode() == clang::BO_MulAssign;
    bool Shifts = B->getOpcode() == clang::BO_Shl || B->getOpcode() == clang::BO_ShlAssign;
    if ((Scales || Shifts) && B->getRHS()->EvaluateAsInt(R, AST)) {
      int64_t V = R.Val.getInt().getSExtValue();
      if (Shifts && V >= 0 && V < 62)
        V = int64_t(1) << V;
      if ((Scales || Shifts) && V > 0 && V % Divisor == 0)
        return true;
    }
  }
  if (Dividend->Ops.size() != 2)
    return false;
  if (Dividend->Op == VOp::Mul)
    for (const VExpr &O : Dividend->Ops)
      if (O->Op == VOp::Const && O->Value % Divisor == 0)
        return true;
  const VExpr &Amount = Dividend->Ops[1];
  return Dividend->Op == VOp::Shl && Amount->Op == VOp::Const && Amount->Value >= 0 &&
         Amount->Value < 62 && (int64_t(1) << Amount->Value) % Divisor == 0;
}

// Powers of two the device compiler recognises: constants and `1 << k` (NVIDIA's compiler
// turns an unsigned `x / (1u << k)` into a shift, but not a value doubled in a loop).
bool compilerKnowsPowerOfTwo(const VExpr &D) {
  switch (D->Op) {
  case VOp::Const:
    return D->Value > 0 && !(D->Value & (D->Value - 1));
  case VOp::Shl:
    return compilerKnowsPowerOfTwo(D->Ops[0]);
  case VOp::Mul:
    return compilerKnowsPowerOfTwo(D->Ops[0]) && compilerKnowsPowerOfTwo(D->Ops[1]);
  default:
    return false;
  }
}

std::string unsignedSpelling(clang::QualType T) {
  if (T->isSpecificBuiltinType(clang::BuiltinType::Long))
    return "ulong";
  return "uint";
}

class Pow2DivModRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    // One verdict per operator, over every kernel and call chain that reaches it.
    std::map<const clang::BinaryOperator *, Verdict> Ops;
    std::vector<const clang::BinaryOperator *> Order;
    for (const KernelInfo &K : Ctx.analysis().kernels().kernels()) {
      const KernelFacts &Facts = Ctx.analysis().facts(K);
      for (const Division &D : Facts.divisions()) {
        auto [It, New] = Ops.try_emplace(D.Op);
        Verdict &V = It->second;
        if (New) {
          V.First = &D;
          V.Facts = &Facts;
          Order.push_back(D.Op);
          if (D.Divisor->Op == VOp::Const)
            V.ConstDivisor = D.Divisor->Value;
        } else if (V.ConstDivisor &&
                   (D.Divisor->Op != VOp::Const || D.Divisor->Value != *V.ConstDivisor)) {
          V.Mixed = true;
        }
        V.AllNonNegative &= isNonNegative(D.Dividend) && idLikeNonNegative(D.Dividend);
        V.CompilerSeesNonNegative &=
            compilerProvesNonNegative(D.Dividend) ||
            (D.Context &&
             loopKeepsNonNegative(D.Dividend,
                                  enclosingConditions(Facts, *D.Context, D.Op).LoopConditions));
        V.AllRuntimePow2 &= isRuntimePow2(D.Divisor);
        V.CompilerSeesPow2 &= compilerKnowsPowerOfTwo(D.Divisor);
        V.FoldsAway &= D.Divisor->Op == VOp::Const &&
                       foldsAway(D.Op->getLHS(), D.Dividend, D.Divisor->Value, Ctx.ast());
      }
    }
    for (const clang::BinaryOperator *Op : Order) {
      const Verdict &V = Ops[Op];
      if (!V.Mixed && !V.FoldsAway && !insideAssume(*V.Facts, V.First->Function, Op))
        report(Ctx, Op, V);
    }
  }

private:
  struct Verdict {
    const Division *First = nullptr;
    const KernelFacts *Facts = nullptr;
    bool AllNonNegative = true;          // as this analysis knows (ids are never negative)
    bool CompilerSeesNonNegative = true; // as the device compiler can prove it
    bool AllRuntimePow2 = true;
    bool CompilerSeesPow2 = true;
    bool FoldsAway = true;
    std::optional<int64_t> ConstDivisor;
    bool Mixed = false;
  };

  static bool isConstPow2(const VExpr &D) { return D->Op == VOp::Const && log2Exact(D->Value); }

  // A value the code keeps a power of two: `1 << k`, products of such values, and loop
  // variables that start at one and are doubled or halved (`for (s = 1; ...; s *= 2)`).
  static bool isRuntimePow2(const VExpr &D) {
    auto pow2 = [](const VExpr &E) {
      return isConstPow2(E) || isRuntimePow2(E) || (E->Op == VOp::Const && E->Value == 1);
    };
    switch (D->Op) {
    case VOp::Shl:
      return pow2(D->Ops[0]) && (D->Ops[1]->Op != VOp::Const || !isConstPow2(D->Ops[0]));
    case VOp::Mul:
      return pow2(D->Ops[0]) && pow2(D->Ops[1]);
    case VOp::Sym: {
      if (!D->Recurrence)
        return false;
      const LoopRecurrence &R = *D->Recurrence;
      bool Scales = ((R.Step == VOp::Mul || R.Step == VOp::Div) && isConstPow2(R.Amount)) ||
                    R.Step == VOp::Shl || R.Step == VOp::Shr;
      return Scales && pow2(R.Init);
    }
    default:
      return false;
    }
  }

  // The instructions the problem adds each time the operator runs (HARDWARE.md's SASS counts).
  static Excess extra(double Instructions) {
    Excess E;
    E.Ops.Alu = Instructions;
    return E;
  }

  // The operator's text in the file, also when its divisor is a whole object-like macro
  // (`lid / BATCH`: the rewrite keeps the name); invalid inside a macro's body, where the
  // fix is dropped.
  static clang::CharSourceRange operatorRange(RuleContext &Ctx, const clang::BinaryOperator *Op) {
    clang::CharSourceRange R = clang::CharSourceRange::getTokenRange(Op->getSourceRange());
    if (!R.getBegin().isMacroID() && !R.getEnd().isMacroID())
      return R;
    return clang::Lexer::makeFileCharRange(R, Ctx.ast().getSourceManager(),
                                           Ctx.ast().getLangOpts());
  }

  struct Operator {
    const clang::BinaryOperator *Op;
    const clang::Expr *L, *R;
    std::string LText, RText, LP; // LP: the dividend, parenthesised unless simple
    bool IsDiv, Compound, Signed;
    clang::QualType DividendType;
  };

  void report(RuleContext &Ctx, const clang::BinaryOperator *Op, const Verdict &V) {
    clang::ASTContext &AST = Ctx.ast();
    Operator O{};
    O.Op = Op;
    O.L = Op->getLHS();
    O.R = Op->getRHS();
    O.IsDiv = Op->getOpcode() == clang::BO_Div || Op->getOpcode() == clang::BO_DivAssign;
    O.Compound = Op->isCompoundAssignmentOp();
    O.DividendType = O.Compound
                         ? llvm::cast<clang::CompoundAssignOperator>(Op)->getComputationLHSType()
                         : O.L->getType();
    O.Signed = O.DividendType->isSignedIntegerType();
    O.LText = sourceText(AST, O.L);
    O.RText = sourceText(AST, O.R);
    O.LP = simpleOperand(O.L) ? O.LText : "(" + O.LText + ")";
    bool ZeroTest =
        !O.IsDiv && !O.Compound && onlyTestedAgainstZero(*V.Facts, V.First->Function, Op, AST);
    if (V.ConstDivisor) {
      // The sign fix-up is all a constant power of two costs: none for unsigned operands, for
      // values the compiler proves non-negative, or for a remainder only compared with zero.
      bool ZeroExtended = O.Compound ? narrowUnsigned(O.L->getType()) : zeroExtendedValue(O.L);
      if (O.Signed && !V.CompilerSeesNonNegative && !ZeroExtended && !ZeroTest)
        reportConstant(Ctx, O, V, *V.ConstDivisor);
    } else if (V.AllRuntimePow2 && (O.Signed || !V.CompilerSeesPow2)) {
      reportRuntime(Ctx, O, V, ZeroTest);
    }
  }

  void reportConstant(RuleContext &Ctx, const Operator &O, const Verdict &V, int64_t Divisor) {
    std::optional<unsigned> K = log2Exact(Divisor);
    if (!K)
      return;
    bool NonNegative = V.AllNonNegative;
    // A divisor a macro, a constant or the host sets is kept by name: `>> 3` would go stale.
    bool Literal = spelledAsNumber(O.RText);
    std::string RP = simpleOperand(O.R) ? O.RText : "(" + O.RText + ")";
    std::string Opn = O.IsDiv ? "division" : "remainder";
    std::string Sym = O.IsDiv ? " / " : " % ";
    std::string Rewrite =
        O.IsDiv ? " >> " + std::to_string(*K) : " & " + std::to_string(Divisor - 1);
    std::string Msg = "signed integer " + Opn + " by " + std::to_string(Divisor) +
                      (Literal ? "" : " ('" + O.RText + "')") + ": ";
    Msg += NonNegative
               ? "'" + O.LText + "' is never negative here, but the compiler cannot prove it"
               : "'" + O.LText + "' may be negative";
    Msg += O.IsDiv ? ", so the shift gets a sign fix-up (+1-2 instructions)"
                   : ", so the mask gets a sign fix-up (+2-3 instructions)";
    // The rewrite: exact when the dividend is never negative (a safe fix), what the message
    // suggests otherwise (an unsafe fix: it changes the result of negative values).
    std::string T =
        O.DividendType->isSpecificBuiltinType(clang::BuiltinType::Long) ? "long" : "int";
    std::string Unsigned =
        "(" + T + ")((" + unsignedSpelling(O.DividendType) + ")" + O.LP + Sym + RP + ")";
    std::string Replacement =
        O.Compound ? (Literal ? O.LText + (O.IsDiv ? " >>= " : " &= ") +
                                    (O.IsDiv ? std::to_string(*K) : std::to_string(Divisor - 1))
                              : O.LText + " = " + Unsigned)
                   : (Literal ? "(" + O.LP + Rewrite + ")" : Unsigned);
    if (NonNegative) {
      bool Variable = llvm::isa<clang::DeclRefExpr>(O.L->IgnoreParenImpCasts());
      Msg += "; write '" + Replacement + "' or make " +
             (Variable ? "'" + sourceText(Ctx.ast(), O.L->IgnoreParenImpCasts()) + "'"
                       : std::string("its operands")) +
             " unsigned";
    } else {
      Msg += "; if it is never negative, make it unsigned";
      if (Literal)
        Msg += " or write '" + O.LP + Rewrite + "'";
    }
    FindingBuilder B = Ctx.report(O.Op->getOperatorLoc(), std::move(Msg));
    B.impact(Ctx.analysis().impact(V.First->Function, O.Op, extra(O.IsDiv ? 2 : 3)));
    B.fix(std::string(O.IsDiv ? "shift instead of dividing"
                              : "mask instead of taking the remainder") +
              (NonNegative ? "" : " (only if the dividend is never negative)"),
          NonNegative ? FixSafety::Safe : FixSafety::Unsafe,
          {{operatorRange(Ctx, O.Op), Replacement}});
    B.cost("extra-instructions", O.IsDiv ? 2 : 3,
           std::string(O.IsDiv ? "+1-2" : "+2-3") +
               " instructions per evaluation for the sign of the dividend; in a loop doing "
               "little else `x/16` ran 1.99x and `x%16` 3.1x slower than `>>`/`&` on an "
               "NVIDIA H100, in memory-bound kernels 1.00x");
  }

  // A run-time power of two is a full division unless the compiler sees the power: only
  // `1 << k` with unsigned operands (a value doubled in a loop is never recognised).
  void reportRuntime(RuleContext &Ctx, const Operator &O, const Verdict &V, bool ZeroTest) {
    bool NonNegative = V.AllNonNegative;
    double Extra = O.Signed ? 28 : 20;
    std::string Opn = O.IsDiv ? "division" : "remainder";
    std::string Msg = std::string(O.Signed ? "signed" : "unsigned") + " integer " + Opn +
                      " by the run-time power of two '" + O.RText + "' compiles to a full 32-bit " +
                      Opn + " (about " + numberText(Extra) + " more instructions) where a " +
                      (O.IsDiv ? "shift" : "mask") + " would do";
    const clang::Expr *Amount = runtimeShiftAmount(O.R);
    std::string RP = simpleOperand(O.R) ? O.RText : "(" + O.RText + ")";
    std::string Replacement;
    if ((NonNegative || !O.Signed) && Amount) {
      std::string KText = sourceText(Ctx.ast(), Amount);
      std::string KP = simpleOperand(Amount) ? KText : "(" + KText + ")";
      if (O.Compound)
        Replacement = O.LText + (O.IsDiv ? " >>= " + KP : " &= ((1 << " + KP + ") - 1)");
      else
        Replacement = "(" + O.LP + (O.IsDiv ? " >> " + KP : " & ((1 << " + KP + ") - 1)") + ")";
      Msg += "; write '" + Replacement + "'";
    } else if (!O.IsDiv && (NonNegative || !O.Signed || ZeroTest)) {
      // The mask is exact for non-negative values, and for any value tested against zero.
      Replacement =
          O.Compound ? O.LText + " &= " + RP + " - 1" : "(" + O.LP + " & (" + RP + " - 1))";
      Msg += "; write '" + Replacement + "'";
    } else if (O.Signed && !NonNegative && V.CompilerSeesPow2) {
      Msg += "; the dividend may be negative: make the operands unsigned (an unsigned division by "
             "'1u << k' is already a shift)";
    } else if (O.IsDiv) {
      Msg += "; keep the exponent in a counter beside '" + O.RText + "' and shift by it" +
             std::string(NonNegative || !O.Signed
                             ? ""
                             : " (the dividend may be negative: make it unsigned first)");
    } else {
      Msg += "; the dividend may be negative: make the operands unsigned and mask with '" + RP +
             " - 1'";
    }
    FindingBuilder B = Ctx.report(O.Op->getOperatorLoc(), std::move(Msg));
    B.impact(Ctx.analysis().impact(V.First->Function, O.Op, extra(Extra)));
    if (!Replacement.empty())
      B.fix(O.IsDiv ? "shift instead of dividing" : "mask instead of taking the remainder",
            FixSafety::Safe, {{operatorRange(Ctx, O.Op), Replacement}});
    B.cost("extra-instructions", Extra,
           "about " + numberText(Extra) + " extra instructions per evaluation (a " +
               (O.Signed ? "div.s32" : "div.u32") +
               " sequence); in a loop doing little else the signed division ran 4.8x and the "
               "remainder 6.9x slower than a shift or mask on an NVIDIA H100");
  }
};

} // namespace

std::unique_ptr<Rule> createPow2DivModRule() { return std::make_unique<Pow2DivModRule>(); }

} // namespace cllint
