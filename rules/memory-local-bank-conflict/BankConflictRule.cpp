// memory-local-bank-conflict: lanes of one warp hitting the same __local bank at different
// addresses, which serialises the access.
#include "Analysis/AccessQueries.h"
#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <map>
#include <set>

namespace cllint {
namespace {

using namespace analysis;

struct Conflict {
  unsigned Degree = 1;
  int64_t StrideWords = 0;
};

// Distinct words per bank, max over banks, for each group of `Banks` lanes (one bank cycle).
// Lanes whose Active entry is false (switched off by a guard) are left out.
unsigned degree(const std::vector<int64_t> &Addrs, int64_t AccessBytes, const DeviceProfile &P,
                const std::vector<bool> &Active = {}) {
  unsigned Worst = 0;
  for (size_t G = 0; G < Addrs.size(); G += P.Banks) {
    std::map<int64_t, std::set<int64_t>> Words;
    for (size_t L = G; L < std::min(Addrs.size(), G + P.Banks); ++L)
      if (L >= Active.size() || Active[L])
        for (int64_t B = 0; B < std::max<int64_t>(AccessBytes, 1); B += P.BankWidth) {
          int64_t W = (Addrs[L] + B) / P.BankWidth;
          Words[((W % P.Banks) + P.Banks) % P.Banks].insert(W);
        }
    for (auto &[Bank, Set] : Words)
      Worst = std::max<unsigned>(Worst, Set.size());
  }
  return Worst;
}

class BankConflictRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    Ctx.analysis().forEachAccess(
        {clang::LangAS::opencl_local},
        [&](const KernelInfo &K, const KernelFacts &F, const MemoryAccess &A,
            const WorkGroupShape &Shape) { return checkAccess(Ctx, K, F, A, Shape); });
  }

private:
  // The one loop variable with a replayable recurrence that the address's lane coefficients
  // need, when the shape binds everything else.
  static const VNode *replayedSymbol(const MemoryAccess &A, const WorkGroupShape &Shape) {
    if (!A.Bytes.isAffine() || !A.ByteOffset)
      return nullptr;
    SymbolValues Env = firstGroupBindings(Shape.Size);
    std::vector<const VNode *> Syms;
    collectSymbols(A.ByteOffset, Syms);
    const VNode *Rec = nullptr;
    for (const VNode *S : Syms) {
      if (Env.count(S->Name))
        continue;
      bool InCoefficient = false;
      for (const Poly &C : A.Bytes.Lane)
        for (const std::string &N : C.symbols())
          InCoefficient |= N == S->Name;
      if (!InCoefficient)
        continue;
      if (!S->Recurrence || Rec)
        return nullptr;
      Rec = S;
    }
    return Rec;
  }

  bool checkAccess(RuleContext &Ctx, const KernelInfo &K, const KernelFacts &F,
                   const MemoryAccess &A, const WorkGroupShape &Shape) {
    const DeviceProfile &P = Ctx.profile();
    auto ideal = [&](size_t Lanes) {
      return std::max(1u, unsigned((std::min<size_t>(Lanes, P.Banks) *
                                        std::max<int64_t>(A.AccessBytes, P.BankWidth) +
                                    P.Banks * P.BankWidth - 1) /
                                   (P.Banks * P.BankWidth)));
    };
    int64_t ArrayBytes = A.ElementBytes;
    for (int64_t Dim : A.ArrayDims)
      ArrayBytes *= Dim;
    // Lanes that the conditions around the access switch off do not take part: the guards are
    // evaluated lane by lane with the address's bindings, and their own loop variables bound to
    // each plausible value (a guard that cannot be evaluated counts as true).
    Surroundings Around = enclosingConditions(F, A);
    unsigned GroupLanes =
        std::min(1024u, std::max(1u, Shape.Size[0]) * std::max(1u, Shape.Size[1]) *
                            std::max(1u, Shape.Size[2]));
    unsigned Warps = Around.Guards.empty() ? 1 : (GroupLanes + P.WarpSize - 1) / P.WarpSize;
    struct Outcome {
      bool Active = false; // some lane runs the access
      unsigned D = 0;      // the worst conflicting degree, 0 when none conflicts
    };
    // The worst degree over the warps of the first work-group and the guards' bindings;
    // nullopt when the addresses are not numeric.
    auto evaluateWith = [&](const SymbolValues &Extra) -> std::optional<Outcome> {
      SymbolValues Env = firstGroupBindings(Shape.Size);
      Env.insert(Extra.begin(), Extra.end());
      std::vector<SymbolValues> Combos = {{}};
      if (!Around.Guards.empty())
        if (auto C = symbolCombinations(Around.Guards, Around.LoopConditions, Env))
          Combos = std::move(*C);
      Outcome R;
      for (unsigned W = 0; W < Warps; ++W) {
        std::vector<int64_t> Xs = warpAddresses(A, Shape.Size, P.WarpSize, W, Extra);
        if (Xs.empty())
          return std::nullopt;
        for (const SymbolValues &Combo : Combos) {
          SymbolValues E = Env;
          E.insert(Combo.begin(), Combo.end());
          std::vector<bool> On(Xs.size(), true);
          for (const VExpr &G : Around.Guards) {
            std::vector<bool> Holds(Xs.size(), true);
            bool Known = true;
            for (size_t L = 0; L < Xs.size() && Known; ++L) {
              auto V = evaluate(G, laneIds(W * P.WarpSize + L, Shape.Size), E);
              Known = V.has_value();
              Holds[L] = V && *V;
            }
            if (Known)
              for (size_t L = 0; L < Xs.size(); ++L)
                On[L] = On[L] && Holds[L];
          }
          // A binding that puts every active lane outside the array is not one the access sees.
          size_t N = 0;
          bool Inside = A.ArrayDims.empty();
          for (size_t L = 0; L < Xs.size(); ++L)
            if (On[L]) {
              ++N;
              Inside |= Xs[L] >= 0 && Xs[L] < ArrayBytes;
            }
          if (!N || !Inside)
            continue;
          R.Active = true;
          unsigned DX = degree(Xs, A.AccessBytes, P, On);
          if (DX > ideal(N))
            R.D = std::max(R.D, DX);
        }
      }
      return R;
    };
    // A loop variable in the address (`offset` doubled in one loop, halved in the next) is
    // replayed over its plausible values; the worst one is reported.
    SymbolValues Worst;
    std::string Symbol;
    unsigned ValuesConflict = 0, ValuesTotal = 0;
    unsigned D = 0;
    if (auto R = evaluateWith({})) {
      if (!R->D)
        return false;
      D = R->D;
    } else {
      const VNode *Rec = replayedSymbol(A, Shape);
      if (!Rec)
        return false;
      for (int64_t X : plausibleValues(*Rec, firstGroupBindings(Shape.Size))) {
        SymbolValues Extra = {{Rec->Name, X}};
        auto RX = evaluateWith(Extra);
        if (!RX || !RX->Active)
          continue;
        ++ValuesTotal;
        if (!RX->D)
          continue;
        ++ValuesConflict;
        if (RX->D > D) {
          D = RX->D;
          Worst = Extra;
        }
      }
      if (!ValuesConflict)
        return false;
      Symbol = Rec->Name;
    }
    auto Stride = laneStride(A, Shape.Size, Worst);
    std::string What = A.Read && A.Write ? "load and store" : (A.Write ? "store" : "load");
    std::string Name = A.Base->getNameAsString();
    std::string Msg = "__local " + What + " of '" + Name + "' has a " + std::to_string(D) +
                      "-way bank conflict: lanes of one " + warpWord(P) + " hit the same bank at " +
                      std::to_string(D) + " different addresses";
    if (Stride && Stride->Value && *Stride->Value % P.BankWidth == 0)
      Msg += " (stride of " + std::to_string(*Stride->Value / P.BankWidth) +
             " words between consecutive work-items, " + std::to_string(P.Banks) + " banks)";
    Msg += ", so the access is replayed " + std::to_string(D) + " times";
    if (!Symbol.empty())
      Msg += " (" + Symbol + " = " + std::to_string(Worst.begin()->second) + "; " +
             std::to_string(ValuesConflict) + " of " + std::to_string(ValuesTotal) +
             " values of '" + Symbol + "' conflict)";
    std::optional<std::pair<clang::CharSourceRange, std::string>> Pad = padding(Ctx, K, F, A);
    if (Pad)
      Msg += "; pad the innermost dimension by one element";
    else if (A.ArrayDims.size() < 2)
      Msg += "; change the indexing so consecutive work-items use consecutive words";
    FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
    B.range(A.E->getSourceRange());
    if (Shape.Size[0] < P.WarpSize || Shape.Source != "reqd_work_group_size")
      B.note(A.E->getBeginLoc(),
             "work-group shape " + shapeText(Shape.Size) + " (" + Shape.Source + ")");
    if (Pad) {
      B.note(A.Base->getLocation(), "'" + Name + "' is declared here");
      B.fix("pad the innermost dimension of '" + Name + "' by one element", FixSafety::Safe,
            {*Pad});
    }
    B.cost("bank-conflict-degree", D,
           std::to_string(D) + "-way conflict: " + std::to_string(D) +
               " serialised passes through the banks instead of 1");
    return true;
  }

  // The edit `[T][T]` -> `[T][T + 1]`, when every use of the array subscripts every dimension
  // and keeps the innermost index within its bound.
  std::optional<std::pair<clang::CharSourceRange, std::string>>
  padding(RuleContext &Ctx, const KernelInfo &K, const KernelFacts &F, const MemoryAccess &A) {
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
    for (const clang::DeclRefExpr *Ref : U.Refs) {
      const clang::Expr *Cur = Ref;
      const clang::ArraySubscriptExpr *Last = nullptr;
      for (size_t Dim = 0; Dim < A.ArrayDims.size(); ++Dim) {
        auto Parents = AST.getParents(*Cur);
        if (Parents.empty())
          return std::nullopt;
        const auto *Cast = Parents[0].get<clang::ImplicitCastExpr>();
        if (!Cast || Cast->getCastKind() != clang::CK_ArrayToPointerDecay)
          return std::nullopt;
        auto P2 = AST.getParents(*Cast);
        const auto *Sub = P2.empty() ? nullptr : P2[0].get<clang::ArraySubscriptExpr>();
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
    clang::CharSourceRange R = clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(Size->getSourceRange()), AST.getSourceManager(),
        AST.getLangOpts());
    if (R.isInvalid())
      return std::nullopt;
    std::string Text =
        clang::Lexer::getSourceText(R, AST.getSourceManager(), AST.getLangOpts()).str();
    bool Simple = llvm::isa<clang::IntegerLiteral, clang::DeclRefExpr>(Size->IgnoreParenImpCasts());
    if (const auto *Lit = llvm::dyn_cast<clang::IntegerLiteral>(Size->IgnoreParenImpCasts());
        Lit && !Size->getBeginLoc().isMacroID())
      return std::make_pair(R, std::to_string(Lit->getValue().getSExtValue() + 1));
    return std::make_pair(R, (Simple ? Text : "(" + Text + ")") + " + 1");
  }

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
    if (dependsOnLanes(V) && Shape.Source == "profile default")
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
};

} // namespace

std::unique_ptr<Rule> createBankConflictRule() { return std::make_unique<BankConflictRule>(); }

} // namespace cllint
