// arith-double-literal: an unsuffixed floating literal that drags float arithmetic into double.
#include "Rule.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace cllint {
namespace {

bool isDouble(clang::QualType T) { return T->isSpecificBuiltinType(clang::BuiltinType::Double); }
bool isSingleOrHalf(clang::QualType T) {
  return T->isSpecificBuiltinType(clang::BuiltinType::Float) ||
         T->isSpecificBuiltinType(clang::BuiltinType::Half);
}

const clang::Expr *parentExpr(clang::ASTContext &Ctx, const clang::Expr *E) {
  auto Parents = Ctx.getParents(*E);
  return Parents.empty() ? nullptr : Parents[0].get<clang::Expr>();
}

// A call to an OpenCL math builtin (declared, no body): sin(1.0 * x) picks the double overload.
const clang::FunctionDecl *mathBuiltin(const clang::Expr *E) {
  const auto *Call = llvm::dyn_cast<clang::CallExpr>(E);
  if (!Call)
    return nullptr;
  const clang::FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || FD->hasBody() || !isDouble(Call->getType()))
    return nullptr;
  return FD;
}

bool isArithmetic(clang::BinaryOperatorKind Op) {
  return Op == clang::BO_Mul || Op == clang::BO_Div || Op == clang::BO_Add || Op == clang::BO_Sub;
}

// A node that computes in double and passes its double value up.
bool continuesDoubleComputation(const clang::Expr *E) {
  if (!isDouble(E->getType()))
    return false;
  if (llvm::isa<clang::ParenExpr, clang::ConditionalOperator>(E))
    return true;
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E))
    return U->getOpcode() == clang::UO_Minus || U->getOpcode() == clang::UO_Plus;
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E))
    return !llvm::isa<clang::CompoundAssignOperator>(B) && isArithmetic(B->getOpcode());
  if (const auto *C = llvm::dyn_cast<clang::ImplicitCastExpr>(E))
    return C->getCastKind() == clang::CK_NoOp;
  return mathBuiltin(E) != nullptr;
}

struct Leaves {
  unsigned Literals = 0;
  unsigned FloatOperands = 0; // float/half values promoted to double
  unsigned IntOperands = 0;
  unsigned GenuineDoubles = 0; // double variables, calls returning double: the code is double
  unsigned DoubleOps = 0;
  const clang::FunctionDecl *Builtin = nullptr;
};

void collectLeaves(const clang::Expr *E, Leaves &L) {
  E = E->IgnoreParens();
  if (llvm::isa<clang::FloatingLiteral>(E)) {
    ++L.Literals;
    return;
  }
  if (const auto *C = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
    if (C->getCastKind() == clang::CK_FloatingCast && isSingleOrHalf(C->getSubExpr()->getType())) {
      ++L.FloatOperands;
      return;
    }
    if (C->getCastKind() == clang::CK_IntegralToFloating) {
      ++L.IntOperands;
      return;
    }
    if (C->getCastKind() == clang::CK_NoOp) {
      collectLeaves(C->getSubExpr(), L);
      return;
    }
  }
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E);
      U && (U->getOpcode() == clang::UO_Minus || U->getOpcode() == clang::UO_Plus)) {
    collectLeaves(U->getSubExpr(), L);
    return;
  }
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E);
      B && (isArithmetic(B->getOpcode()) || B->isComparisonOp())) {
    ++L.DoubleOps;
    collectLeaves(B->getLHS(), L);
    collectLeaves(B->getRHS(), L);
    return;
  }
  if (const auto *Cond = llvm::dyn_cast<clang::ConditionalOperator>(E)) {
    collectLeaves(Cond->getTrueExpr(), L);
    collectLeaves(Cond->getFalseExpr(), L);
    return;
  }
  if (const clang::FunctionDecl *FD = mathBuiltin(E)) {
    ++L.DoubleOps;
    L.Builtin = FD;
    for (const clang::Expr *Arg : llvm::cast<clang::CallExpr>(E)->arguments())
      if (isDouble(Arg->getType()))
        collectLeaves(Arg, L);
    return;
  }
  ++L.GenuineDoubles;
}

enum class Sink { Float, Comparison, Double };

class DoubleLiteralRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    for (const clang::FunctionDecl *FD : Ctx.analysis().kernels().kernelCode())
      Visitor(Ctx, *this).TraverseStmt(FD->getBody());
  }

private:
  struct Visitor : clang::RecursiveASTVisitor<Visitor> {
    Visitor(RuleContext &Ctx, DoubleLiteralRule &R) : Ctx(Ctx), R(R) {}
    RuleContext &Ctx;
    DoubleLiteralRule &R;
    bool VisitFloatingLiteral(clang::FloatingLiteral *Lit) {
      if (isDouble(Lit->getType()))
        R.checkLiteral(Ctx, Lit);
      return true;
    }
  };

  void checkLiteral(RuleContext &Ctx, const clang::FloatingLiteral *Lit) {
    clang::ASTContext &AST = Ctx.ast();
    const clang::Expr *Root = Lit;
    while (const clang::Expr *P = parentExpr(AST, Root)) {
      if (!continuesDoubleComputation(P))
        break;
      Root = P;
    }
    const clang::Expr *Parent = parentExpr(AST, Root);
    Sink Where = Sink::Double;
    const clang::Expr *Tree = Root;
    bool CompoundAssign = false; // `f *= 2.0`: the float on the left is an operand too
    if (const auto *B = llvm::dyn_cast_or_null<clang::BinaryOperator>(Parent)) {
      if (B->isComparisonOp() && isDouble(B->getLHS()->getType())) {
        Where = Sink::Comparison;
        Tree = B;
      } else if (const auto *CA = llvm::dyn_cast<clang::CompoundAssignOperator>(B);
                 CA && isDouble(CA->getComputationLHSType()) &&
                 isSingleOrHalf(CA->getLHS()->getType())) {
        Where = Sink::Float;
        Tree = CA->getRHS();
        CompoundAssign = true;
      }
    } else if (const auto *C = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(Parent)) {
      if (C->getCastKind() == clang::CK_FloatingCast && isSingleOrHalf(C->getType()))
        Where = Sink::Float;
    }
    if (Where == Sink::Double)
      return; // genuinely double code, or not arithmetic at all

    Leaves L;
    collectLeaves(Tree, L);
    if (L.GenuineDoubles)
      return;
    if (CompoundAssign) {
      ++L.FloatOperands;
      ++L.DoubleOps;
    }
    bool HasRuntimeOperand = L.FloatOperands || (Where == Sink::Float && L.IntOperands);
    if (!HasRuntimeOperand || (Where == Sink::Float && Tree == Lit && !CompoundAssign))
      return; // folded at compile time: `float x = 0.5;`, `x = 0.5 * 2.0;`
    if (Where == Sink::Comparison && !L.FloatOperands)
      return;

    const clang::SourceManager &SM = AST.getSourceManager();
    clang::SourceLocation Spelled = SM.getSpellingLoc(Lit->getLocation());
    std::string Spelling =
        clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(Spelled, Spelled), SM,
                                    AST.getLangOpts())
            .str();
    std::string What = Where == Sink::Comparison ? "comparison" : "arithmetic";
    std::string Msg =
        "double-precision literal '" + Spelling + "' makes this float " + What + " run in double";
    if (L.Builtin)
      Msg += " and selects the double overload of '" + L.Builtin->getNameAsString() + "'";
    Msg += "; write '" + Spelling + "f'";
    unsigned Conversions = L.FloatOperands + L.IntOperands + (Where == Sink::Float ? 1 : 0);
    clang::SourceLocation End =
        clang::Lexer::getLocForEndOfToken(Lit->getEndLoc(), 0, SM, AST.getLangOpts());
    FindingBuilder B = Ctx.report(Lit->getLocation(), std::move(Msg));
    // A literal spelled in a macro serves every use of the macro: no fix-it there.
    if (!Lit->getLocation().isMacroID())
      B.fix("append 'f' to make the literal float", FixSafety::Unsafe,
            {{clang::CharSourceRange::getCharRange(End, End), "f"}});
    B.cost("fp64-operations", L.DoubleOps,
           std::to_string(L.DoubleOps) + " double-precision operation(s) and " +
               std::to_string(Conversions) +
               " float<->double conversion(s) per evaluation; fp64 runs at 1/64 of the "
               "fp32 rate on consumer GPUs and 1/2 on data-center GPUs");
  }
};

} // namespace

std::unique_ptr<Rule> createDoubleLiteralRule() { return std::make_unique<DoubleLiteralRule>(); }

} // namespace cllint
