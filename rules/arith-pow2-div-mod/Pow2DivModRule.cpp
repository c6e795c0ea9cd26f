// arith-pow2-div-mod: integer `/` and `%` by powers of two that do not compile to one shift or
// mask: a signed dividend that may be negative needs a sign fix-up, a run-time power of two a
// full division.
#include "Analysis/KernelFacts.h"
#include "Rule.h"
#include "RuleSupport.h"

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

class Pow2DivModRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    // One verdict per operator, over every kernel and call chain that reaches it.
    struct Seen {
      const Division *First = nullptr;
      bool AllNonNegative = true;          // as this analysis knows (ids are never negative)
      bool CompilerSeesNonNegative = true; // as the device compiler can prove it
      bool AllRuntimePow2 = true;
      std::optional<int64_t> ConstDivisor;
      bool Mixed = false;
    };
    std::map<const clang::BinaryOperator *, Seen> Ops;
    std::vector<const clang::BinaryOperator *> Order;
    for (const KernelInfo &K : Ctx.analysis().kernels().kernels())
      for (const Division &D : Ctx.analysis().facts(K).divisions()) {
        auto [It, New] = Ops.try_emplace(D.Op);
        Seen &S = It->second;
        if (New) {
          S.First = &D;
          Order.push_back(D.Op);
          if (D.Divisor->Op == VOp::Const)
            S.ConstDivisor = D.Divisor->Value;
        } else if (S.ConstDivisor &&
                   (D.Divisor->Op != VOp::Const || D.Divisor->Value != *S.ConstDivisor)) {
          S.Mixed = true;
        }
        S.AllNonNegative &= isNonNegative(D.Dividend) && idLikeNonNegative(D.Dividend);
        S.CompilerSeesNonNegative &= compilerProvesNonNegative(D.Dividend);
        S.AllRuntimePow2 &= isRuntimePow2(D.Divisor);
      }
    for (const clang::BinaryOperator *Op : Order) {
      const Seen &S = Ops[Op];
      if (S.Mixed)
        continue;
      report(Ctx, S.First->Function, Op, S.ConstDivisor, S.AllNonNegative,
             S.CompilerSeesNonNegative, S.AllRuntimePow2);
    }
  }

private:
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

  void report(RuleContext &Ctx, const clang::FunctionDecl *Fn, const clang::BinaryOperator *Op,
              std::optional<int64_t> Const, bool NonNegative, bool CompilerSeesNonNegative,
              bool RuntimePow2) {
    clang::ASTContext &AST = Ctx.ast();
    bool IsDiv = Op->getOpcode() == clang::BO_Div || Op->getOpcode() == clang::BO_DivAssign;
    bool Compound = Op->isCompoundAssignmentOp();
    const clang::Expr *L = Op->getLHS(), *R = Op->getRHS();
    clang::QualType DividendType =
        Compound ? llvm::cast<clang::CompoundAssignOperator>(Op)->getComputationLHSType()
                 : L->getType();
    // Unsigned operands compile to one shift or mask, by a constant or a run-time power of two.
    if (!DividendType->isSignedIntegerType())
      return;
    std::string LText = sourceText(AST, L), RText = sourceText(AST, R);
    std::string LP = simpleOperand(L) ? LText : "(" + LText + ")";
    std::string Opn = IsDiv ? "division" : "remainder";
    if (Const) {
      std::optional<unsigned> K = log2Exact(*Const);
      if (!K || CompilerSeesNonNegative)
        return; // not a power of two, or the compiler already shifts / masks
      std::string Rewrite =
          IsDiv ? " >> " + std::to_string(*K) : " & " + std::to_string(*Const - 1);
      std::string Msg = "signed integer " + Opn + " by " + std::to_string(*Const) + ": ";
      Msg += NonNegative
                 ? "'" + LText + "' is never negative here, but the compiler cannot prove it"
                 : "'" + LText + "' may be negative";
      Msg += IsDiv ? ", so the shift gets a sign fix-up (+1-2 instructions)"
                   : ", so the mask gets a sign fix-up (+2-3 instructions)";
      std::string Replacement;
      if (NonNegative) {
        Replacement = Compound ? LText + (IsDiv ? " >>= " : " &= ") +
                                     (IsDiv ? std::to_string(*K) : std::to_string(*Const - 1))
                               : "(" + LP + Rewrite + ")";
        bool Variable = llvm::isa<clang::DeclRefExpr>(L->IgnoreParenImpCasts());
        Msg += "; write '" + Replacement + "' or make " +
               (Variable ? "'" + sourceText(AST, L->IgnoreParenImpCasts()) + "'"
                         : std::string("its operands")) +
               " unsigned";
      } else {
        Msg += "; if it is never negative, make it unsigned or write '" + LP + Rewrite + "'";
      }
      FindingBuilder B = Ctx.report(Op->getOperatorLoc(), std::move(Msg));
      B.impact(Ctx.analysis().impact(Fn, Op, extra(IsDiv ? 2 : 3)));
      if (!Replacement.empty())
        B.fix(IsDiv ? "shift instead of dividing" : "mask instead of taking the remainder",
              FixSafety::Safe,
              {{clang::CharSourceRange::getTokenRange(Op->getSourceRange()), Replacement}});
      B.cost("extra-instructions", IsDiv ? 2 : 3,
             std::string(IsDiv ? "+1-2" : "+2-3") +
                 " instructions per evaluation for the sign of the dividend; in a loop doing "
                 "little else `x/16` ran 1.99x and `x%16` 3.1x slower than `>>`/`&` on an "
                 "NVIDIA H100, in memory-bound kernels 1.00x");
      return;
    }
    if (!RuntimePow2)
      return;
    const clang::Expr *Amount = runtimeShiftAmount(R);
    std::string Msg = "signed integer " + Opn + " by the run-time power of two '" + RText +
                      "' compiles to a full 32-bit " + Opn + " (about 28 more instructions) " +
                      "where a " + (IsDiv ? "shift" : "mask") + " would do";
    std::string Replacement;
    if (NonNegative && Amount) {
      std::string KText = sourceText(AST, Amount);
      std::string KP = simpleOperand(Amount) ? KText : "(" + KText + ")";
      if (Compound)
        Replacement = LText + (IsDiv ? " >>= " + KP : " &= ((1 << " + KP + ") - 1)");
      else
        Replacement = "(" + LP + (IsDiv ? " >> " + KP : " & ((1 << " + KP + ") - 1)") + ")";
      Msg += "; write '" + Replacement + "'";
    } else if (NonNegative && !IsDiv) {
      std::string RP = simpleOperand(R) ? RText : "(" + RText + ")";
      Replacement = Compound ? LText + " &= " + RP + " - 1" : "(" + LP + " & (" + RP + " - 1))";
      Msg += "; write '" + Replacement + "'";
    } else if (!NonNegative) {
      Msg += "; the dividend may be negative: make the operands unsigned (an unsigned division by "
             "a power of two is already a shift)";
    } else {
      Msg += "; make the operands unsigned, or shift by the exponent";
    }
    FindingBuilder B = Ctx.report(Op->getOperatorLoc(), std::move(Msg));
    B.impact(Ctx.analysis().impact(Fn, Op, extra(28)));
    if (!Replacement.empty())
      B.fix(IsDiv ? "shift instead of dividing" : "mask instead of taking the remainder",
            FixSafety::Safe,
            {{clang::CharSourceRange::getTokenRange(Op->getSourceRange()), Replacement}});
    B.cost("extra-instructions", 28,
           "about 28 extra instructions per evaluation (a div.s32 sequence); in a loop doing "
           "little else the division ran 4.8x and the remainder 6.9x slower than a shift or mask "
           "on an NVIDIA H100");
  }
};

} // namespace

std::unique_ptr<Rule> createPow2DivModRule() { return std::make_unique<Pow2DivModRule>(); }

} // namespace cllint
