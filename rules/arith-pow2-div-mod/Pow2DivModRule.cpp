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
      bool AllNonNegative = true;
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
        S.AllNonNegative &= isNonNegative(D.Dividend);
        S.AllRuntimePow2 &= isRuntimePow2(D.Divisor);
      }
    for (const clang::BinaryOperator *Op : Order) {
      const Seen &S = Ops[Op];
      if (S.Mixed)
        continue;
      report(Ctx, Op, S.ConstDivisor, S.AllNonNegative, S.AllRuntimePow2);
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

  void report(RuleContext &Ctx, const clang::BinaryOperator *Op, std::optional<int64_t> Const,
              bool NonNegative, bool RuntimePow2) {
    clang::ASTContext &AST = Ctx.ast();
    bool IsDiv = Op->getOpcode() == clang::BO_Div || Op->getOpcode() == clang::BO_DivAssign;
    bool Compound = Op->isCompoundAssignmentOp();
    const clang::Expr *L = Op->getLHS(), *R = Op->getRHS();
    clang::QualType DividendType =
        Compound ? llvm::cast<clang::CompoundAssignOperator>(Op)->getComputationLHSType()
                 : L->getType();
    bool Signed = DividendType->isSignedIntegerType();
    std::string LText = sourceText(AST, L), RText = sourceText(AST, R);
    std::string Opn = IsDiv ? "division" : "remainder";
    if (Const) {
      std::optional<unsigned> K = log2Exact(*Const);
      if (!K || !Signed || NonNegative)
        return; // not a power of two, or the compiler already shifts / masks
      std::string Msg = "signed integer " + Opn + " by " + std::to_string(*Const) + ": '" + LText +
                        "' may be negative, so ";
      if (IsDiv)
        Msg += "the compiler adds a sign fix-up to the shift (about 3 instructions instead of 1)";
      else
        Msg += "the remainder takes a sign fix-up (about 5 instructions instead of one AND)";
      Msg += "; if it is never negative, make it unsigned or write '" +
             (simpleOperand(L) ? LText : "(" + LText + ")") +
             (IsDiv ? " >> " + std::to_string(*K) : " & " + std::to_string(*Const - 1)) + "'";
      FindingBuilder B = Ctx.report(Op->getOperatorLoc(), std::move(Msg));
      B.cost("extra-instructions", IsDiv ? 2 : 4,
             std::string(IsDiv ? "about 2" : "about 4") +
                 " extra instructions per evaluation for the sign of the dividend");
      return;
    }
    if (!RuntimePow2)
      return;
    const clang::Expr *Amount = runtimeShiftAmount(R);
    std::string Msg = "integer " + Opn + " by the run-time power of two '" + RText +
                      "' compiles to a full integer " + Opn + " (tens of instructions) where a " +
                      (IsDiv ? "shift" : "mask") + " would do";
    std::string Replacement;
    if (NonNegative && Amount) {
      std::string KText = sourceText(AST, Amount);
      std::string KP = simpleOperand(Amount) ? KText : "(" + KText + ")";
      std::string LP = simpleOperand(L) ? LText : "(" + LText + ")";
      if (Compound)
        Replacement = LText + (IsDiv ? " >>= " + KP : " &= ((1 << " + KP + ") - 1)");
      else
        Replacement = "(" + LP + (IsDiv ? " >> " + KP : " & ((1 << " + KP + ") - 1)") + ")";
      Msg += "; write '" + Replacement + "'";
    } else if (NonNegative && !IsDiv) {
      std::string LP = simpleOperand(L) ? LText : "(" + LText + ")";
      std::string RP = simpleOperand(R) ? RText : "(" + RText + ")";
      Replacement = Compound ? LText + " &= " + RP + " - 1" : "(" + LP + " & (" + RP + " - 1))";
      Msg += "; write '" + Replacement + "'";
    } else if (!NonNegative) {
      Msg += "; the dividend may be negative: make it unsigned, then shift or mask";
    } else {
      Msg += "; shift by the exponent instead";
    }
    FindingBuilder B = Ctx.report(Op->getOperatorLoc(), std::move(Msg));
    if (!Replacement.empty())
      B.fix(IsDiv ? "shift instead of dividing" : "mask instead of taking the remainder",
            FixSafety::Safe,
            {{clang::CharSourceRange::getTokenRange(Op->getSourceRange()), Replacement}});
    B.cost("extra-instructions", 20, "an integer " + Opn + " costs about 20 instructions on GPUs");
  }
};

} // namespace

std::unique_ptr<Rule> createPow2DivModRule() { return std::make_unique<Pow2DivModRule>(); }

} // namespace cllint
