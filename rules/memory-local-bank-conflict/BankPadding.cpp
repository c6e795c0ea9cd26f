#include "BankPadding.h"

#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"
#include "RuleSupport.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

namespace cllint {
namespace {

using namespace analysis;

bool innerIndexInRange(RuleContext &Ctx, const KernelInfo &K, const KernelFacts &F,
                       const clang::Expr *Idx, int64_t Bound) {
  clang::Expr::EvalResult R;
  if (Idx->EvaluateAsInt(R, Ctx.ast())) {
    int64_t V = R.Val.getInt().getExtValue();
    return V >= 0 && V < Bound;
  }
  // Lane ids, loop counters and their sums with constants, evaluated over the work-group's
  // shape, with the counters of the loops around the use bound to each value they take.
  Instance *Root = nullptr;
  for (const analysis::MemoryAccess &A : F.accesses())
    if (A.Context && A.Context->Function == K.Decl)
      Root = A.Context;
  if (!Root)
    return false;
  VExpr V = F.valueIn(*Root, Idx);
  if (!V)
    return false;
  WorkGroupShape Shape = Ctx.analysis().workGroupShape(K);
  if (dependsOnLanes(V) && Shape.Assumed)
    return false; // the bound must hold for the real launch
  SymbolValues Env = firstGroupBindings(Shape.Size);
  Surroundings Around = enclosingConditions(F, *Root, Idx);
  auto Combos = symbolCombinations({V}, Around.LoopConditions, Env);
  if (!Combos)
    return false;
  unsigned Lanes = Shape.Size[0] * Shape.Size[1] * Shape.Size[2];
  for (const SymbolValues &Combo : *Combos) {
    SymbolValues E = Env;
    E.insert(Combo.begin(), Combo.end());
    for (unsigned L = 0; L < Lanes && L < 1024; ++L) {
      auto X = evaluate(V, laneIds(L, Shape.Size), E);
      if (!X || *X < 0 || *X >= Bound)
        return false;
    }
  }
  return true;
}

// The edit `[T][T]` -> `[T][T + Pad]`, when every use of the array subscripts every dimension
// and keeps the innermost index within its bound.
std::optional<std::pair<clang::CharSourceRange, std::string>>
paddingEdit(RuleContext &Ctx, const KernelInfo &K, const KernelFacts &F, const MemoryAccess &A,
            int64_t Pad) {
  const auto *V = llvm::dyn_cast<clang::VarDecl>(A.Base);
  if (!V || A.ArrayDims.size() < 2 || !V->getTypeSourceInfo())
    return std::nullopt;
  int64_t Inner = A.ArrayDims.back();
  // Only `[T][T]` with a power-of-two row is padded: a row that is already padded (`[16][17]`
  // is still 2-way with 16-wide groups) would otherwise grow by one on every --fix run.
  if (Inner <= 0 || (Inner & (Inner - 1)))
    return std::nullopt;
  clang::ASTContext &AST = Ctx.ast();
  struct Uses : clang::RecursiveASTVisitor<Uses> {
    const clang::VarDecl *V;
    std::vector<const clang::DeclRefExpr *> Refs;
    bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
      if (E->getDecl() == V)
        Refs.push_back(E);
      return true;
    }
  } U;
  U.V = V;
  const clang::FunctionDecl *FD = llvm::dyn_cast<clang::FunctionDecl>(V->getDeclContext());
  if (!FD || FD != K.Decl)
    return std::nullopt;
  U.TraverseStmt(FD->getBody());
  clang::ParentMap Parents(FD->getBody());
  for (const clang::DeclRefExpr *Ref : U.Refs) {
    const clang::Expr *Cur = Ref;
    const clang::ArraySubscriptExpr *Last = nullptr;
    for (size_t Dim = 0; Dim < A.ArrayDims.size(); ++Dim) {
      const auto *Cast = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(Parents.getParent(Cur));
      if (!Cast || Cast->getCastKind() != clang::CK_ArrayToPointerDecay)
        return std::nullopt;
      const auto *Sub = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(Parents.getParent(Cast));
      if (!Sub || Sub->getBase() != Cast)
        return std::nullopt;
      Last = Sub;
      Cur = Sub;
    }
    if (!innerIndexInRange(Ctx, K, F, Last->getIdx(), Inner))
      return std::nullopt;
  }
  // The innermost array dimension as written.
  clang::TypeLoc TL = V->getTypeSourceInfo()->getTypeLoc();
  clang::ConstantArrayTypeLoc InnerLoc;
  while (auto CA = TL.getAs<clang::ConstantArrayTypeLoc>()) {
    InnerLoc = CA;
    TL = CA.getElementLoc();
  }
  if (!InnerLoc || !InnerLoc.getSizeExpr())
    return std::nullopt;
  const clang::Expr *Size = InnerLoc.getSizeExpr();
  clang::CharSourceRange R =
      clang::Lexer::makeFileCharRange(clang::CharSourceRange::getTokenRange(Size->getSourceRange()),
                                      AST.getSourceManager(), AST.getLangOpts());
  if (R.isInvalid())
    return std::nullopt;
  std::string Text =
      clang::Lexer::getSourceText(R, AST.getSourceManager(), AST.getLangOpts()).str();
  bool Simple = llvm::isa<clang::IntegerLiteral, clang::DeclRefExpr>(Size->IgnoreParenImpCasts());
  if (const auto *Lit = llvm::dyn_cast<clang::IntegerLiteral>(Size->IgnoreParenImpCasts());
      Lit && !Size->getBeginLoc().isMacroID())
    return std::make_pair(R, std::to_string(Lit->getValue().getSExtValue() + Pad));
  return std::make_pair(R, (Simple ? Text : "(" + Text + ")") + " + " + std::to_string(Pad));
}

// Replays beyond the first, summed over the accesses: what a padding leaves to pay.
unsigned excess(const std::vector<unsigned> &Degrees) {
  unsigned Sum = 0;
  for (unsigned D : Degrees)
    Sum += D > 1 ? D - 1 : 0;
  return Sum;
}

} // namespace

std::optional<PaddingPlan> bestPadding(RuleContext &Ctx, const KernelInfo &K, const KernelFacts &F,
                                       const MemoryAccess &A, const WorkGroupShape &Shape) {
  if (A.ArrayDims.size() < 2 || A.Indices.empty())
    return std::nullopt;
  const DeviceProfile &P = Ctx.profile();
  std::vector<const MemoryAccess *> Sites;
  for (const MemoryAccess &M : F.accesses())
    if (M.Base == A.Base && M.AddressSpace == A.AddressSpace &&
        std::none_of(Sites.begin(), Sites.end(), [&](auto *S) { return S->E == M.E; })) {
      if (M.Indices.empty())
        return std::nullopt; // a use the padded layout cannot be computed for
      Sites.push_back(&M);
    }
  auto degrees = [&](int64_t Pad) -> std::optional<std::vector<unsigned>> {
    std::vector<unsigned> Out;
    for (const MemoryAccess *M : Sites) {
      std::optional<MemoryAccess> Padded = Pad ? withPaddedRows(*M, Pad) : *M;
      if (!Padded)
        return std::nullopt;
      std::optional<BankDegree> D = bankDegree(F, *Padded, Shape, P);
      Out.push_back(D ? std::max(1u, D->Degree) : 1u);
    }
    return Out;
  };
  std::optional<std::vector<unsigned>> Before = degrees(0);
  if (!Before)
    return std::nullopt;
  std::optional<PaddingPlan> Best;
  unsigned BestExcess = excess(*Before);
  for (int64_t Pad = 1; Pad <= 4 && BestExcess > 0; ++Pad) {
    std::optional<std::vector<unsigned>> After = degrees(Pad);
    if (!After || excess(*After) >= BestExcess)
      continue;
    auto Edit = paddingEdit(Ctx, K, F, A, Pad);
    if (!Edit)
      return std::nullopt;
    PaddingPlan Plan;
    Plan.Pad = Pad;
    Plan.Edit = *Edit;
    for (size_t I = 0; I < A.ArrayDims.size(); ++I)
      Plan.Declared +=
          "[" + std::to_string(A.ArrayDims[I] + (I + 1 == A.ArrayDims.size() ? Pad : 0)) + "]";
    for (size_t I = 0; I < Sites.size(); ++I)
      Plan.Sites.push_back({Sites[I], (*Before)[I], (*After)[I]});
    BestExcess = excess(*After);
    Best = std::move(Plan);
  }
  return Best;
}

} // namespace cllint
