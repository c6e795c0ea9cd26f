// arith-double-literal: an unsuffixed floating literal that drags float arithmetic into double.
#include "Analysis/FunctionDefs.h"
#include "Rule.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <memory>
#include <set>

namespace cllint {
namespace {

bool isDouble(clang::QualType T) { return T->isSpecificBuiltinType(clang::BuiltinType::Double); }
bool isSingleOrHalf(clang::QualType T) {
  return T->isSpecificBuiltinType(clang::BuiltinType::Float) ||
         T->isSpecificBuiltinType(clang::BuiltinType::Half);
}

const clang::Expr *parentExpr(const clang::ParentMap &Parents, const clang::Expr *E) {
  return llvm::dyn_cast_or_null<clang::Expr>(Parents.getParent(E));
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

// A local variable that holds a constant wherever it is read (`int k42 = 500;` never written
// again): the compiler propagates it, so it folds like a literal.
bool holdsConstant(const clang::Expr *E, const analysis::FunctionDefs &Defs,
                   const clang::ASTContext &Ctx) {
  const auto *R = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = R ? llvm::dyn_cast<clang::VarDecl>(R->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(V) || !V->getInit() ||
      V->getInit()->isValueDependent() || Defs.AddressTaken.count(V))
    return false;
  // Its initialisation is its only definition: never assigned, incremented or passed by address.
  auto It = Defs.Defs.find(V);
  if (It == Defs.Defs.end() || It->second.size() != 1)
    return false;
  clang::Expr::EvalResult Result;
  return V->getInit()->EvaluateAsRValue(Result, Ctx) && !Result.HasSideEffects;
}

// An integer of a few values only (`c || d`, `1 + (x < w)`): converted to double, then to float,
// it becomes a select between constants.
bool fewValued(const clang::Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (llvm::isa<clang::IntegerLiteral>(E))
    return true;
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E))
    return U->getOpcode() == clang::UO_LNot ||
           (U->getOpcode() == clang::UO_Minus && fewValued(U->getSubExpr()));
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E)) {
    if (B->isComparisonOp() || B->isLogicalOp())
      return true;
    if (B->getOpcode() == clang::BO_Add || B->getOpcode() == clang::BO_Sub ||
        B->getOpcode() == clang::BO_Mul)
      return fewValued(B->getLHS()) && fewValued(B->getRHS());
  }
  if (const auto *C = llvm::dyn_cast<clang::ConditionalOperator>(E))
    return fewValued(C->getTrueExpr()) && fewValued(C->getFalseExpr());
  return false;
}

bool isOne(const clang::Expr *E, const clang::ASTContext &Ctx) {
  llvm::APFloat V(0.0);
  return !E->isValueDependent() && E->EvaluateAsFloat(V, Ctx) && V.isExactlyValue(1.0);
}

struct Leaves {
  unsigned Literals = 0;        // literals and constant subexpressions, folded by the compiler
  unsigned FewValued = 0;       // integers of a few values: a select if nothing else varies
  unsigned InexactLiterals = 0; // of which not exactly representable in float
  unsigned FloatOperands = 0;   // float/half values promoted to double
  unsigned IntOperands = 0;
  unsigned GenuineDoubles = 0; // double variables, calls returning double: the code is double
  unsigned DoubleOps = 0;
  const clang::FunctionDecl *Builtin = nullptr;
};

// Whether a double constant survives the trip to float and back unchanged.
bool exactInFloat(const llvm::APFloat &V) {
  llvm::APFloat F = V;
  bool LosesInfo = false;
  F.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
  return !LosesInfo;
}

void collectLeaves(const clang::Expr *E, Leaves &L, const clang::ASTContext &Ctx,
                   const analysis::FunctionDefs &Defs) {
  E = E->IgnoreParens();
  // A literal, or a constant expression of literals (`1/1.5e12`), is folded to one constant.
  llvm::APFloat Folded(0.0);
  if (isDouble(E->getType()) && !E->isValueDependent() && E->EvaluateAsFloat(Folded, Ctx)) {
    ++L.Literals;
    if (!exactInFloat(Folded))
      ++L.InexactLiterals;
    return;
  }
  if (const auto *C = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
    bool FromFloat =
        C->getCastKind() == clang::CK_FloatingCast && isSingleOrHalf(C->getSubExpr()->getType());
    bool FromInt = C->getCastKind() == clang::CK_IntegralToFloating;
    if ((FromFloat || FromInt) && holdsConstant(C->getSubExpr(), Defs, Ctx)) {
      ++L.Literals; // exact: a float, or an integer the conversion itself folds
      return;
    }
    if (FromFloat) {
      ++L.FloatOperands;
      return;
    }
    if (FromInt) {
      ++(fewValued(C->getSubExpr()) ? L.FewValued : L.IntOperands);
      return;
    }
    if (C->getCastKind() == clang::CK_NoOp) {
      collectLeaves(C->getSubExpr(), L, Ctx, Defs);
      return;
    }
  }
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E);
      U && (U->getOpcode() == clang::UO_Minus || U->getOpcode() == clang::UO_Plus)) {
    collectLeaves(U->getSubExpr(), L, Ctx, Defs);
    return;
  }
  if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(E);
      B && (isArithmetic(B->getOpcode()) || B->isComparisonOp())) {
    // `x * 1.0`, `x / 1.0`: the compiler drops the operation.
    bool Identity = (B->getOpcode() == clang::BO_Mul && isOne(B->getLHS(), Ctx)) ||
                    ((B->getOpcode() == clang::BO_Mul || B->getOpcode() == clang::BO_Div) &&
                     isOne(B->getRHS(), Ctx));
    L.DoubleOps += Identity ? 0 : 1;
    collectLeaves(B->getLHS(), L, Ctx, Defs);
    collectLeaves(B->getRHS(), L, Ctx, Defs);
    return;
  }
  if (const auto *Cond = llvm::dyn_cast<clang::ConditionalOperator>(E)) {
    collectLeaves(Cond->getTrueExpr(), L, Ctx, Defs);
    collectLeaves(Cond->getFalseExpr(), L, Ctx, Defs);
    return;
  }
  if (const clang::FunctionDecl *FD = mathBuiltin(E)) {
    ++L.DoubleOps;
    L.Builtin = FD;
    for (const clang::Expr *Arg : llvm::cast<clang::CallExpr>(E)->arguments())
      if (isDouble(Arg->getType()))
        collectLeaves(Arg, L, Ctx, Defs);
    return;
  }
  ++L.GenuineDoubles;
}

enum class Sink { Float, Comparison, Double };

// The double constants of opencl-c-base.h that have a float twin named NAME_F.
bool isOpenCLMathConstant(llvm::StringRef Name) {
  static const char *Names[] = {"M_E",        "M_LOG2E", "M_LOG10E", "M_LN2",  "M_LN10",
                                "M_PI",       "M_PI_2",  "M_PI_4",   "M_1_PI", "M_2_PI",
                                "M_2_SQRTPI", "M_SQRT2", "M_SQRT1_2"};
  for (const char *N : Names)
    if (Name == N)
      return true;
  return false;
}

// The unsuffixed double literals of an expression, in source order.
void unsuffixedLiterals(const clang::Stmt *S, std::vector<const clang::FloatingLiteral *> &Out) {
  if (!S)
    return;
  if (const auto *Lit = llvm::dyn_cast<clang::FloatingLiteral>(S)) {
    if (isDouble(Lit->getType()))
      Out.push_back(Lit);
    return;
  }
  for (const clang::Stmt *C : S->children())
    unsuffixedLiterals(C, Out);
}

std::string spelling(const clang::SourceManager &SM, const clang::LangOptions &LO,
                     clang::SourceLocation Loc) {
  clang::SourceLocation Spelled = SM.getSpellingLoc(Loc);
  return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(Spelled, Spelled), SM,
                                     LO)
      .str();
}

// Several literals of one expression: one finding at the first, one fix for all of them
// (OpenCL's M_PI and its kin become their float twins M_PI_F).
FindingBuilder reportLiterals(RuleContext &Ctx,
                              const std::vector<const clang::FloatingLiteral *> &Lits,
                              const std::string &What, const std::string &CostText) {
  const clang::SourceManager &SM = Ctx.ast().getSourceManager();
  const clang::LangOptions &LO = Ctx.ast().getLangOpts();
  std::string Names;
  std::vector<std::pair<clang::CharSourceRange, std::string>> Edits;
  bool Fixable = true;
  for (size_t K = 0; K < Lits.size(); ++K) {
    clang::SourceLocation Loc = Lits[K]->getLocation();
    std::string Macro =
        Loc.isMacroID() ? clang::Lexer::getImmediateMacroName(Loc, SM, LO).str() : "";
    std::string Shown = isOpenCLMathConstant(Macro) ? Macro : spelling(SM, LO, Loc);
    if (K < 4)
      Names += (K ? ", '" : "'") + Shown + "'";
    if (isOpenCLMathConstant(Macro)) {
      clang::SourceLocation Use = SM.getImmediateExpansionRange(Loc).getBegin();
      Fixable &= Use.isFileID();
      Edits.push_back({clang::CharSourceRange::getTokenRange(Use, Use), Macro + "_F"});
    } else if (Loc.isMacroID()) {
      Fixable = false; // a literal in a macro serves other uses: fixing only some changes nothing
    } else {
      clang::SourceLocation End =
          clang::Lexer::getLocForEndOfToken(Lits[K]->getEndLoc(), 0, SM, LO);
      Edits.push_back({clang::CharSourceRange::getCharRange(End, End), "f"});
    }
  }
  if (Lits.size() > 4)
    Names += " and " + std::to_string(Lits.size() - 4) + " more";
  clang::SourceLocation At = Lits.front()->getLocation();
  if (At.isMacroID() && isOpenCLMathConstant(clang::Lexer::getImmediateMacroName(At, SM, LO).str()))
    At = SM.getImmediateExpansionRange(At).getBegin();
  FindingBuilder B = Ctx.report(At, std::to_string(Lits.size()) + " double-precision literals (" +
                                        Names + ") make this float " + What + " run in double (" +
                                        CostText + "; write them as float constants");
  if (Fixable)
    B.fix("make the literals float", FixSafety::Unsafe, std::move(Edits));
  return B;
}

class DoubleLiteralRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    for (const clang::FunctionDecl *FD : Ctx.analysis().kernels().kernelCode())
      if (FD->getBody()) {
        // Parents within the function: the whole unit's map would walk the include prelude.
        clang::ParentMap Parents(FD->getBody());
        Visitor(Ctx, *this, Parents, FD).TraverseStmt(FD->getBody());
      }
  }

private:
  struct Visitor : clang::RecursiveASTVisitor<Visitor> {
    Visitor(RuleContext &Ctx, DoubleLiteralRule &R, const clang::ParentMap &Parents,
            const clang::FunctionDecl *Fn)
        : Ctx(Ctx), R(R), Parents(Parents), Fn(Fn) {}
    RuleContext &Ctx;
    DoubleLiteralRule &R;
    const clang::ParentMap &Parents;
    const clang::FunctionDecl *Fn;
    bool VisitFloatingLiteral(clang::FloatingLiteral *Lit) {
      if (isDouble(Lit->getType()))
        R.checkLiteral(Ctx, Parents, Fn, Lit);
      return true;
    }
  };

  // Expressions already reported: the cost belongs to the expression, so its literals are one
  // finding (fixing one literal of a chain alone removes nothing).
  std::set<const clang::Expr *> ReportedTrees;
  std::map<const clang::FunctionDecl *, std::unique_ptr<analysis::FunctionDefs>> Defs;

  void checkLiteral(RuleContext &Ctx, const clang::ParentMap &Parents,
                    const clang::FunctionDecl *Fn, const clang::FloatingLiteral *Lit) {
    clang::ASTContext &AST = Ctx.ast();
    const clang::Expr *Root = Lit;
    while (const clang::Expr *P = parentExpr(Parents, Root)) {
      if (!continuesDoubleComputation(P))
        break;
      Root = P;
    }
    const clang::Expr *Parent = parentExpr(Parents, Root);
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
    auto [It, New] = Defs.try_emplace(Fn, nullptr);
    if (New)
      It->second = std::make_unique<analysis::FunctionDefs>(analysis::collectDefs(Fn, AST));
    collectLeaves(Tree, L, AST, *It->second);
    if (L.GenuineDoubles)
      return;
    // Integers of a few values beside other run-time operands are converted like any other.
    if (L.FloatOperands || L.IntOperands)
      L.IntOperands += L.FewValued;
    if (CompoundAssign) {
      ++L.FloatOperands;
      ++L.DoubleOps;
    }
    bool HasRuntimeOperand = L.FloatOperands || (Where == Sink::Float && L.IntOperands);
    if (!HasRuntimeOperand || (Where == Sink::Float && Tree == Lit && !CompoundAssign))
      return; // folded at compile time: `float x = 0.5;`, `x = 0.5 * 2.0;`
    if (Where == Sink::Comparison && !L.FloatOperands)
      return;
    if (L.DoubleOps == 0)
      return; // `c ? 0.0 : x` into a float: a select of two constants converted at compile time
    // What the device compiler narrows back to float (measured on NVIDIA's compiler): one
    // + - * / or comparison of float values and constants exact in float, whose result goes
    // straight to float. Rounding the double result to float gives the float result exactly.
    // A build with -cl-opt-disable narrows nothing (PTX compared on an NVIDIA H100).
    if (L.DoubleOps == 1 && !L.Builtin && !L.IntOperands && !L.InexactLiterals &&
        AST.getLangOpts().Optimize)
      return;

    if (!ReportedTrees.insert(Tree).second)
      return;
    const clang::SourceManager &SM = AST.getSourceManager();
    const clang::LangOptions &LO = AST.getLangOpts();
    std::vector<const clang::FloatingLiteral *> Lits;
    unsuffixedLiterals(Tree, Lits);
    unsigned Conversions = L.FloatOperands + L.IntOperands + (Where == Sink::Float ? 1 : 0);
    std::string What = Where == Sink::Comparison ? "comparison" : "arithmetic";
    std::string Cost = std::to_string(L.DoubleOps) + " fp64 operation" +
                       (L.DoubleOps == 1 ? "" : "s") + " and " + std::to_string(Conversions) +
                       " float<->double conversion" + (Conversions == 1 ? "" : "s") +
                       " per evaluation";
    std::string Overload =
        L.Builtin ? " and selects the double overload of '" + L.Builtin->getNameAsString() + "'"
                  : "";

    // OpenCL's M_PI, M_E, ... are double constants; each has a float twin, M_PI_F.
    std::string Macro = Lit->getLocation().isMacroID()
                            ? clang::Lexer::getImmediateMacroName(Lit->getLocation(), SM, LO).str()
                            : "";
    FindingBuilder B = [&]() {
      if (Lits.size() > 1)
        return reportLiterals(Ctx, Lits, What, Cost + ")" + Overload);
      if (isOpenCLMathConstant(Macro)) {
        clang::SourceLocation Use = SM.getImmediateExpansionRange(Lit->getLocation()).getBegin();
        FindingBuilder B = Ctx.report(
            Use, "'" + Macro + "' is a double constant: it makes this float " + What +
                     " run in double (" + Cost + ")" + Overload + "; write '" + Macro + "_F'");
        if (Use.isFileID())
          B.fix("use the float constant '" + Macro + "_F'", FixSafety::Unsafe,
                {{clang::CharSourceRange::getTokenRange(Use, Use), Macro + "_F"}});
        return B;
      }
      clang::SourceLocation Spelled = SM.getSpellingLoc(Lit->getLocation());
      std::string Spelling = clang::Lexer::getSourceText(
                                 clang::CharSourceRange::getTokenRange(Spelled, Spelled), SM, LO)
                                 .str();
      FindingBuilder B =
          Ctx.report(Lit->getLocation(), "double-precision literal '" + Spelling +
                                             "' makes this float " + What + " run in double (" +
                                             Cost + ")" + Overload + "; write '" + Spelling + "f'");
      // A literal spelled in a macro serves every use of the macro: no fix-it there.
      if (!Lit->getLocation().isMacroID()) {
        clang::SourceLocation End = clang::Lexer::getLocForEndOfToken(Lit->getEndLoc(), 0, SM, LO);
        B.fix("append 'f' to make the literal float", FixSafety::Unsafe,
              {{clang::CharSourceRange::getCharRange(End, End), "f"}});
      }
      return B;
    }();
    // What the expression adds per evaluation beyond its float version.
    analysis::Excess PerRun;
    PerRun.Ops.Fp64 = L.DoubleOps + (L.Builtin ? 40 : 0);
    PerRun.Ops.Convert = Conversions;
    B.impact(Ctx.analysis().impact(Fn, Tree, PerRun));
    B.cost("fp64-operations", L.DoubleOps,
           Cost + "; the conversions set the cost: arithmetic-bound float loops measured 2.3x "
                  "(16 such operations per element) to 13.8x (1,024) slower on an NVIDIA H100, "
                  "fast fp64 or not; memory-bound kernels hide it (1.02x)");
  }
};

} // namespace

std::unique_ptr<Rule> createDoubleLiteralRule() { return std::make_unique<DoubleLiteralRule>(); }

} // namespace cllint
