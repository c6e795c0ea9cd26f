#include "Verify/Plan/LoopHarness.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

namespace cllint::verify {

using namespace clang;

namespace {

// [Begin, End) file offsets of E in the main file; nullopt inside a macro or another file.
std::optional<std::pair<unsigned, unsigned>> mainFileSpan(const ASTContext &Ctx, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = E->getSourceRange();
  if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return std::nullopt;
  SourceLocation End = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts());
  auto [FB, B] = SM.getDecomposedLoc(R.getBegin());
  auto [FE, En] = SM.getDecomposedLoc(End);
  if (FB != SM.getMainFileID() || FE != SM.getMainFileID() || En <= B)
    return std::nullopt;
  return std::make_pair(B, En);
}

// The deepest expression of a body whose text holds Offset (the finding's token).
struct DeepestAt : RecursiveASTVisitor<DeepestAt> {
  DeepestAt(const ASTContext &Ctx, unsigned Offset) : Ctx(Ctx), Offset(Offset) {}
  bool VisitExpr(Expr *E) {
    auto Span = mainFileSpan(Ctx, E);
    if (Span && Span->first <= Offset && Offset < Span->second &&
        (!Found || Span->second - Span->first <= Size)) {
      Found = E;
      Size = Span->second - Span->first;
    }
    return true;
  }
  const ASTContext &Ctx;
  unsigned Offset;
  const Expr *Found = nullptr;
  unsigned Size = 0;
};

bool scalarArithmetic(QualType T) {
  return T->isArithmeticType() && !T->isVectorType() && !T->isExtVectorType();
}

// The operands of a lifted expression: its scalar variables and the scalar values it loads
// from memory (`a[i]`, `p->x`), each of which becomes a variable of the harness.
struct Operands {
  std::map<std::string, QualType> Vars; // name -> type
  struct Load {
    unsigned Begin, End; // file offsets of the load's text
    std::string Name;
  };
  std::vector<Load> Loads;
  std::map<std::string, std::string> LoadNames; // load text -> its variable
};

bool isLoad(const Expr *E) {
  const auto *U = dyn_cast<UnaryOperator>(E);
  return isa<ArraySubscriptExpr, MemberExpr>(E) || (U && U->getOpcode() == UO_Deref);
}

// Whether E only computes: literals, scalar variables, scalar loads, arithmetic, builtins
// without a body. Operands are collected; Why says what stops it.
bool computesOnly(const ASTContext &Ctx, const std::string &Text, const Expr *E, Operands &Ops,
                  std::string &Why) {
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->isLocalVarDeclOrParm() || !scalarArithmetic(V->getType())) {
      Why = "it reads '" + Ref->getDecl()->getNameAsString() + "', which is not a scalar variable";
      return false;
    }
    Ops.Vars[V->getNameAsString()] = V->getType();
    return true;
  }
  if (isLoad(E)) {
    auto Span = mainFileSpan(Ctx, E);
    if (!Span || !scalarArithmetic(E->getType())) {
      Why = "it reads memory that is not a scalar written in the file";
      return false;
    }
    std::string Load = Text.substr(Span->first, Span->second - Span->first);
    auto [It, New] =
        Ops.LoadNames.try_emplace(Load, "cllint_v" + std::to_string(Ops.LoadNames.size()));
    if (New)
      Ops.Vars[It->second] = E->getType();
    Ops.Loads.push_back({Span->first, Span->second, It->second});
    return true;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    UnaryOperatorKind K = U->getOpcode();
    if (K != UO_Minus && K != UO_Plus && K != UO_Not && K != UO_LNot) {
      Why = "it changes or takes the address of memory";
      return false;
    }
  } else if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->isCommaOp()) {
      Why = "it assigns";
      return false;
    }
  } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || FD->hasBody()) {
      Why = "it calls a function of the program";
      return false;
    }
  } else if (!isa<ParenExpr, ImplicitCastExpr, CStyleCastExpr, ConditionalOperator>(E)) {
    Why = "it is not plain arithmetic";
    return false;
  }
  if (!scalarArithmetic(E->getType()) && !isa<CallExpr>(E)) {
    Why = "it computes a vector or a pointer";
    return false;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child);
        !CE || !computesOnly(Ctx, Text, CE, Ops, Why))
      return false;
  return true;
}

std::string typeName(const ASTContext &Ctx, QualType T) {
  PrintingPolicy P(Ctx.getLangOpts());
  return T.getCanonicalType().getUnqualifiedType().getAsString(P);
}

std::string harnessSource(const ASTContext &Ctx, const std::string &Expression,
                          const std::map<std::string, QualType> &Vars, QualType Result,
                          const std::string &Where) {
  bool FloatOut = Result->isRealFloatingType();
  std::string S = "\n\n// cllint loop harness for " + Where +
                  ": the flagged expression evaluated " + std::to_string(LoopHarnessIterations) +
                  " times per work-item, its variables read from fin/iin and stepped\n"
                  "__kernel void " +
                  std::string(LoopHarnessKernel) +
                  "(__global const float *fin, __global const int *iin, __global " +
                  (FloatOut ? "float" : "uint") +
                  " *out) {\n  size_t cllint_i = get_global_id(0);\n";
  unsigned N = 0;
  for (const auto &[Name, T] : Vars) {
    std::string Type = typeName(Ctx, T);
    std::string Index = "cllint_i + " + std::to_string(N++);
    if (T->isRealFloatingType())
      S += "  " + Type + " " + Name + " = (" + Type + ")fin[" + Index + "];\n";
    else
      S += "  " + Type + " " + Name + " = (" + Type + ")iin[" + Index + "];\n";
  }
  S += std::string("  ") + (FloatOut ? "float" : "uint") + " cllint_acc = 0;\n";
  S += "  for (int cllint_r = 0; cllint_r < " + std::to_string(LoopHarnessIterations) +
       "; ++cllint_r) {\n";
  // Magnitudes are summed: terms of both signs would cancel in the sum and turn a few ulp of
  // difference per evaluation into thousands near zero.
  S += FloatOut ? "    cllint_acc += fabs((float)(" + Expression + "));\n"
                : "    cllint_acc += (uint)(" + Expression + ");\n";
  for (const auto &[Name, T] : Vars)
    S += "    " + Name + (T->isRealFloatingType() ? " += 0.0009765625f;\n" : " += 1;\n");
  S += "  }\n  out[cllint_i] = cllint_acc;\n}\n";
  return S;
}

// The flagged expression lifted out of the kernel: its text with loads named, before and
// after the fixes, and what the harness declares.
struct Lifted {
  std::string Source;        // as written in the file
  std::string Before, After; // with loads named; After with the fixes' edits
  std::map<std::string, QualType> Vars;
  QualType Result;
};

std::optional<Lifted> lift(ASTContext &Ctx, const analysis::KernelInfo &K, const Finding &F,
                           const std::vector<const Fix *> &Fixes, const std::string &Text,
                           std::string &WhyNot) {
  DeepestAt Finder(Ctx, F.Where.Begin.Offset);
  Finder.TraverseStmt(K.Decl->getBody());
  if (!Finder.Found) {
    WhyNot = "the flagged expression comes from a macro";
    return std::nullopt;
  }
  // Up to the largest expression around it that only computes; a load holding the flagged
  // token (`in[i / 4]`) would hide it, so the walk stops below one.
  ParentMap Parents(K.Decl->getBody());
  Operands Ops;
  const Expr *Root = Finder.Found;
  if (isLoad(Root) || !computesOnly(Ctx, Text, Root, Ops, WhyNot)) {
    if (WhyNot.empty())
      WhyNot = "the flagged token is a load";
    return std::nullopt;
  }
  for (const Stmt *P = Parents.getParent(Root); const auto *PE = dyn_cast_or_null<Expr>(P);
       P = Parents.getParent(P)) {
    Operands More;
    std::string Ignored;
    if (isLoad(PE) || !mainFileSpan(Ctx, PE) || !computesOnly(Ctx, Text, PE, More, Ignored))
      break;
    Root = PE;
    Ops = std::move(More);
  }
  auto Span = mainFileSpan(Ctx, Root);
  if (!Span) {
    WhyNot = "the flagged expression comes from a macro";
    return std::nullopt;
  }
  if (Ops.Vars.empty()) {
    WhyNot = "the flagged expression has no variable operand, so a loop would fold it";
    return std::nullopt;
  }
  // The loads are named; the fixes' edits must lie in the expression, outside every load.
  struct Replacement {
    unsigned Begin, End;
    std::string Text;
  };
  std::vector<Replacement> Loads, WithFixes;
  for (const Operands::Load &L : Ops.Loads)
    Loads.push_back({L.Begin, L.End, L.Name});
  WithFixes = Loads;
  for (const Fix *X : Fixes)
    for (const Edit &E : X->Edits) {
      bool Inside = E.Where.Begin.Offset >= Span->first && E.Where.End.Offset <= Span->second;
      bool InLoad = std::any_of(Loads.begin(), Loads.end(), [&](const Replacement &L) {
        return E.Where.Begin.Offset < L.End && E.Where.End.Offset > L.Begin;
      });
      if (!Inside || InLoad) {
        WhyNot = "the fix edits code outside the flagged expression";
        return std::nullopt;
      }
      WithFixes.push_back({E.Where.Begin.Offset, E.Where.End.Offset, E.Replacement});
    }
  auto rewrite = [&](std::vector<Replacement> R) {
    std::sort(R.begin(), R.end(),
              [](const Replacement &X, const Replacement &Y) { return X.Begin > Y.Begin; });
    std::string Out = Text.substr(Span->first, Span->second - Span->first);
    for (const Replacement &X : R)
      Out.replace(X.Begin - Span->first, X.End - X.Begin, X.Text);
    return Out;
  };
  Lifted L{Text.substr(Span->first, Span->second - Span->first), rewrite(Loads), rewrite(WithFixes),
           std::move(Ops.Vars), Root->getType()};
  if (L.After == L.Before) {
    WhyNot = "the fix does not change the flagged expression";
    return std::nullopt;
  }
  return L;
}

// 1 Mi work-items; the operands' inputs and the output of harnessSource's kernel.
KernelSetup harnessSetup(size_t Variables, bool FloatOut) {
  KernelSetup S;
  S.Kernel = LoopHarnessKernel;
  S.Dims = 1;
  const uint64_t WorkItems = 1u << 20;
  S.Global = {WorkItems, 1, 1};
  S.Local = {256, 1, 1};
  auto buffer = [&](const std::string &Name, const std::string &Type, uint64_t Elements,
                    const std::string &Fill, bool Output) {
    ArgPlan P;
    P.K = ArgPlan::Buffer;
    P.Name = Name;
    P.Type = Type;
    P.TypeBytes = 4;
    P.Elements = Elements;
    P.Fill = Fill;
    P.Output = Output;
    S.Args.push_back(P);
  };
  // Positive operands: a fix such as `>>` for `/` holds for values that are never negative,
  // which is what the finding asks the user to confirm.
  buffer("fin", "float", WorkItems + Variables, "random:0.5:2", false);
  buffer("iin", "int", WorkItems + Variables, "random:0:65536", false);
  buffer("out", FloatOut ? "float" : "uint", WorkItems, "zero", true);
  S.Assumptions.push_back(llvm::formatv("loop harness: {0} work-items, operands from random "
                                        "inputs (floats in [0.5, 2), integers in [0, 65536)), "
                                        "stepped each iteration",
                                        WorkItems)
                              .str());
  return S;
}

} // namespace

std::optional<PlannedCase> loopHarnessCase(const analysis::TUAnalysis &A,
                                           const analysis::KernelInfo &K, const Finding &F,
                                           const std::vector<const Fix *> &Fixes,
                                           const PlannedCase &KernelCase, std::string &WhyNot) {
  ASTContext &Ctx = A.context();
  if (Fixes.empty() || !K.Decl->getBody()) {
    WhyNot = "the finding has no fix";
    return std::nullopt;
  }
  // Random operands break what such a fix rests on: a divisor the kernel's loop keeps a power
  // of two (`2 * s`) is an arbitrary value in the harness, where the mask is not exact.
  if (F.RuleId == "arith-pow2-div-mod" &&
      F.Message.find("run-time power of two") != std::string::npos) {
    WhyNot = "the divisor is a power of two only where the kernel computes it";
    return std::nullopt;
  }
  const std::string &Text = KernelCase.Before;
  std::optional<Lifted> L = lift(Ctx, K, F, Fixes, Text, WhyNot);
  if (!L)
    return std::nullopt;
  PlannedCase C;
  C.Id = KernelCase.Id + ":loop-harness";
  C.File = KernelCase.File;
  C.Line = KernelCase.Line;
  C.Covers = KernelCase.Covers;
  C.Rule = KernelCase.Rule;
  C.Kernel = LoopHarnessKernel;
  C.Variant = "fix";
  C.Compare = KernelCase.Compare;
  // Each of the 256 sums may round differently after an unsafe fix (a float literal).
  C.UlpTolerance = KernelCase.UlpTolerance * LoopHarnessIterations;
  C.BuildOptions = KernelCase.BuildOptions;
  C.Before = Text + harnessSource(Ctx, L->Before, L->Vars, L->Result, KernelCase.Id);
  C.After = Text + harnessSource(Ctx, L->After, L->Vars, L->Result, KernelCase.Id);
  C.Description = "loop harness, arithmetic-bound (not the kernel's own time): '" + L->Source +
                  "' evaluated " + std::to_string(LoopHarnessIterations) +
                  " times per work-item, its loads read once into variables, before and after the "
                  "fix";
  C.SetupFrom = "loop harness";
  C.LoopHarness = true;
  C.Setup = harnessSetup(L->Vars.size(), L->Result->isRealFloatingType());
  return C;
}

} // namespace cllint::verify
