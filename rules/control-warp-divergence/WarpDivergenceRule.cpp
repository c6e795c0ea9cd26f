// control-warp-divergence: a branch whose condition changes between neighbouring lanes, so
// every warp runs both paths with part of its lanes idle.
#include "Analysis/Uniformity.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "clang/AST/Stmt.h"

#include <set>

namespace cllint {
namespace {

using namespace analysis;

bool hasPeriodicOp(const VExpr &E) {
  if (E->TreeSize > 4096) // a huge shared DAG: not worth an exponential walk, and no verdict
    return false;
  if ((E->Op == VOp::Rem || E->Op == VOp::And || E->Op == VOp::Xor) && dependsOnLanes(E))
    return true;
  for (const VExpr &O : E->Ops)
    if (hasPeriodicOp(O))
      return true;
  return false;
}

std::string construct(const clang::Stmt *Owner) {
  if (llvm::isa<clang::IfStmt>(Owner))
    return "'if' condition";
  if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(Owner))
    return "loop condition";
  if (llvm::isa<clang::SwitchStmt>(Owner))
    return "'switch' value";
  return "'?:' condition";
}

class WarpDivergenceRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    std::set<const clang::Expr *> Seen;
    const DeviceProfile &P = Ctx.profile();
    for (const KernelInfo &K : Ctx.analysis().kernels().kernels()) {
      WorkGroupShape Shape = Ctx.analysis().workGroupShape(K);
      for (const BranchCondition &C : Ctx.analysis().facts(K).conditions()) {
        // A select runs one instruction stream for the whole warp: nothing to report.
        if (C.Select || !dependsOnLanes(C.Value) || Seen.count(C.Cond))
          continue;
        bool Switch = llvm::isa<clang::SwitchStmt>(C.Owner);
        ConditionVerdict V = classifyCondition(C.Value, Shape.Size, P.WarpSize, !Switch);
        if (V.K != ConditionVerdict::Divergent)
          continue;
        Seen.insert(C.Cond);
        report(Ctx, C, V, Shape, Switch);
      }
    }
  }

private:
  void report(RuleContext &Ctx, const BranchCondition &C, const ConditionVerdict &V,
              const WorkGroupShape &Shape, bool Switch) {
    const DeviceProfile &P = Ctx.profile();
    std::string Warp = warpWord(P);
    const WarpSplit &S = V.Worst;
    std::string Msg = construct(C.Owner) + " varies within each " + Warp + ": ";
    if (S.DivergentWarps == S.Warps)
      Msg += "every " + Warp + " splits";
    else
      Msg += std::to_string(S.DivergentWarps) + " of " + std::to_string(S.Warps) + " " + Warp +
             "s per work-group split";
    std::string W = std::to_string(P.WarpSize);
    if (Switch)
      Msg += " into up to " + std::to_string(S.MaxPaths) + " paths; " + numberText(S.AvgTrueLanes) +
             " of " + W + " lanes active on the largest";
    else if (numberText(S.AvgTrueLanes) == numberText(S.AvgOtherLanes))
      Msg += "; " + numberText(S.AvgTrueLanes) + " of " + W + " lanes active on each path";
    else
      Msg += "; " + numberText(S.AvgTrueLanes) + " of " + W + " lanes active on the true path, " +
             numberText(S.AvgOtherLanes) + " on the other";
    if (!V.Symbol.empty())
      Msg += " (" + V.Symbol + " = " + V.SymbolValueOfWorst + "; " + std::to_string(V.ValuesSplit) +
             " of " + std::to_string(V.ValuesTotal) + " values of '" + V.Symbol + "' diverge)";
    if (hasPeriodicOp(C.Value))
      Msg += "; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' "
             "with sequential addressing)";
    else
      Msg += "; remap the work so that whole " + Warp + "s take the same path";
    FindingBuilder B = Ctx.report(C.Cond->getBeginLoc(), std::move(Msg));
    B.range(C.Cond->getSourceRange());
    B.note(C.Cond->getBeginLoc(), "evaluated lane by lane over a work-group of shape " +
                                      shapeText(Shape.Size) + " (" + Shape.Source + ")");
    double Idle = S.Warps ? double(S.DivergentWarps) / S.Warps : 0;
    B.cost("divergent-" + Warp + "s", S.DivergentWarps,
           std::to_string(S.DivergentWarps) + " of " + std::to_string(S.Warps) + " " + Warp +
               "s run both paths (" + percentText(Idle, 1) + ")");
  }
};

} // namespace

std::unique_ptr<Rule> createWarpDivergenceRule() { return std::make_unique<WarpDivergenceRule>(); }

} // namespace cllint
