// control-warp-divergence: a branch whose condition changes between neighbouring lanes, so
// every warp runs both paths with part of its lanes idle.
#include "Analysis/DeadCode.h"
#include "Analysis/Surroundings.h"
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

// What a split costs, as measured on an NVIDIA H100 (compute-bound paths of equal length).
std::string costText(const BranchCondition &C, const ConditionVerdict &V, const std::string &Warp,
                     bool Switch) {
  // A condition replayed over a loop variable (`lid % (2*s) == 0`): the tree reduction shape.
  if (!V.Symbol.empty() && llvm::isa<clang::IfStmt>(C.Owner))
    return "; in a barrier-bound tree reduction this costs little (measured 2-3% over "
           "sequential addressing on an NVIDIA H100), but sequential addressing also avoids "
           "the bank conflicts of the interleaved rewrite";
  const auto *If = llvm::dyn_cast<clang::IfStmt>(C.Owner);
  if (Switch)
    return "; a split " + Warp + " runs each of its paths one after the other";
  if (If && !If->getElse())
    return "; the idle lanes wait while the others run the body";
  if (If || llvm::isa<clang::ConditionalOperator>(C.Owner))
    return "; both paths run one after the other (measured 1.96x for two equal paths)";
  return "";
}

class WarpDivergenceRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    std::set<const clang::Expr *> Seen;
    const DeviceProfile &P = Ctx.profile();
    for (const KernelInfo &K : Ctx.analysis().kernels().kernels())
      for (const WorkGroupShape &Shape : Ctx.analysis().workGroupShapes(K))
        for (const BranchCondition &C : Ctx.analysis().facts(K).conditions()) {
          // A select runs one instruction stream for the whole warp: nothing to report.
          if (C.Select || !dependsOnLanes(C.Value) || Seen.count(C.Cond))
            continue;
          // A loop whose trip count differs between lanes: judged on the iterations lanes idle.
          if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(C.Owner))
            if (std::optional<TripSpread> T = tripSpread(C.Value, Shape.Size, P.WarpSize)) {
              if (T->IdleShare >= MinIdleShare && T->UnevenWarps * 2 > T->Warps && !T->Remainder) {
                Seen.insert(C.Cond);
                if (!deleted(C))
                  reportTrips(Ctx, C, *T, Shape);
              }
              continue;
            }
          bool Switch = llvm::isa<clang::SwitchStmt>(C.Owner);
          ConditionVerdict V = classifyCondition(C.Value, Shape.Size, P.WarpSize, !Switch,
                                                 laneGuards(Ctx.analysis().facts(K), C));
          if (V.K != ConditionVerdict::Divergent || leaderSection(C, V))
            continue;
          Seen.insert(C.Cond);
          if (!deleted(C))
            report(Ctx, C, V, Shape, Switch);
        }
  }

private:
  // Code nothing observes (a loop summing into a variable never read, stores to a __local
  // array nobody reads) is deleted with its branch: the compiled kernel splits no warp there.
  static bool deleted(const BranchCondition &C) {
    return hasNoObservableEffect(C.Owner, C.Function);
  }

  // Only the lanes the conditions around a branch let through reach it (a switch under `if
  // (orderIndex == 0)` splits those lanes, not the warp); a loop's node holds its own condition.
  static VExpr laneGuards(const KernelFacts &F, const BranchCondition &C) {
    if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(C.Owner))
      return nullptr;
    return reachingLanes(F, int(C.Node));
  }

  // One lane of each warp commits the warp's result with an atomic (`if (lane == 0)
  // atomic_add(&sum, r)`, also through a helper): a warp-aggregated atomic, the remedy for
  // contended atomics, which no remapping spreads over the lanes.
  static bool leaderSection(const BranchCondition &C, const ConditionVerdict &V) {
    const auto *If = llvm::dyn_cast<clang::IfStmt>(C.Owner);
    return If && !If->getElse() && V.Worst.AvgTrueLanes <= 1.0 && callsAtomic(If->getThen(), 0);
  }

  static bool callsAtomic(const clang::Stmt *S, unsigned Depth) {
    if (!S || Depth > 4)
      return false;
    if (const auto *Call = llvm::dyn_cast<clang::CallExpr>(S))
      if (const clang::FunctionDecl *FD = Call->getDirectCallee()) {
        llvm::StringRef N = FD->getName();
        if (N.starts_with("atomic_") || N.starts_with("atom_"))
          return true;
        if (FD->hasBody() && callsAtomic(FD->getBody(), Depth + 1))
          return true;
      }
    for (const clang::Stmt *Child : S->children())
      if (callsAtomic(Child, Depth))
        return true;
    return false;
  }

  // Below this share of idle lane-iterations a varying trip count is a tail, not a problem.
  static constexpr double MinIdleShare = 0.10;

  void reportTrips(RuleContext &Ctx, const BranchCondition &C, const TripSpread &T,
                   const WorkGroupShape &Shape) {
    const DeviceProfile &P = Ctx.profile();
    std::string Warp = warpWord(P);
    std::string Counter = tripCounterVariable(T.Counter);
    std::string Msg =
        "loop trip count varies within each " + Warp + ": work-items run " +
        std::to_string(T.MinTrips) + " to " + std::to_string(T.MaxTrips) + " iterations of the '" +
        Counter + "' loop, and a " + Warp + " runs as many as its longest work-item, so " +
        percentText(T.IdleShare, 1) + " of lane-iterations are idle (" +
        (T.UnevenWarps == T.Warps ? "every " + Warp + " is uneven"
                                  : std::to_string(T.UnevenWarps) + " of " +
                                        std::to_string(T.Warps) + " " + Warp + "s are uneven") +
        ";"
        " measured 1.94x for trip counts 'lid % 8' against the same work aligned to warps on an "
        "NVIDIA H100); give the work-items of a " +
        Warp + " equal trip counts, e.g. by distributing the iterations across the " + Warp +
        shapeCaveatText(Shape);
    FindingBuilder B = Ctx.report(C.Cond->getBeginLoc(), std::move(Msg));
    B.shape(Shape);
    B.range(C.Cond->getSourceRange());
    B.impact(Ctx.analysis().idleLanes(C.Function, C.Owner));
    B.note(C.Cond->getBeginLoc(), "trip counts evaluated lane by lane over a work-group of shape " +
                                      shapeText(Shape.Size) + " (" + Shape.Source + ")");
    B.cost("idle-lane-iterations", T.IdleShare,
           percentText(T.IdleShare, 1) + " of lane-iterations idle; " +
               std::to_string(T.UnevenWarps) + " of " + std::to_string(T.Warps) + " " + Warp +
               "s uneven");
  }

  // The operand of a `&&`/`||` chain that splits warps on its own, if one does.
  static const clang::Expr *divergentPart(const BranchCondition &C, const WorkGroupShape &Shape,
                                          unsigned WarpSize) {
    for (const auto &[E, V] : C.Parts)
      if (dependsOnLanes(V) &&
          classifyCondition(V, Shape.Size, WarpSize).K == ConditionVerdict::Divergent)
        return E;
    return nullptr;
  }

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
    // A work-group smaller than a warp leaves only its own lanes in the warp.
    std::string Of = " of " +
                     std::to_string(std::min<uint64_t>(P.WarpSize, workGroupItems(Shape.Size))) +
                     " lanes";
    // Conditions around the branch leave only some lanes to split.
    if (S.AvgReachingLanes > 0 && S.AvgReachingLanes < double(P.WarpSize) &&
        S.AvgReachingLanes < double(workGroupItems(Shape.Size)))
      Of = " of the " + numberText(S.AvgReachingLanes) + " lanes that reach it";
    if (Switch)
      Msg += " into up to " + std::to_string(S.MaxPaths) + " paths; " + numberText(S.AvgTrueLanes) +
             Of + " active on the largest";
    else if (numberText(S.AvgTrueLanes) == numberText(S.AvgOtherLanes))
      Msg += "; " + numberText(S.AvgTrueLanes) + Of + " active on each path";
    else
      Msg += "; " + numberText(S.AvgTrueLanes) + Of + " active on the true path, " +
             numberText(S.AvgOtherLanes) + " on the other";
    if (!V.Symbol.empty())
      Msg += " (" + V.Symbol + " = " + V.SymbolValueOfWorst + "; " + std::to_string(V.ValuesSplit) +
             " of " + std::to_string(V.ValuesTotal) + " values of '" + V.Symbol + "' diverge)";
    if (V.GroupsTotal && V.GroupsSplit < V.GroupsTotal)
      Msg += " in " + std::to_string(V.GroupsSplit) + " of " + std::to_string(V.GroupsTotal) +
             " work-groups sampled";
    Msg += costText(C, V, Warp, Switch);
    if (hasPeriodicOp(C.Value))
      Msg += "; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' "
             "with sequential addressing)";
    else
      Msg += "; remap the work so that whole " + Warp + "s take the same path";
    Msg += shapeCaveatText(Shape);
    const clang::Expr *At = divergentPart(C, Shape, P.WarpSize);
    if (!At)
      At = C.Cond;
    FindingBuilder B = Ctx.report(At->getBeginLoc(), std::move(Msg));
    B.shape(Shape);
    B.range(At->getSourceRange());
    B.impact(Ctx.analysis().idleLanes(C.Function, C.Owner));
    if (At != C.Cond)
      B.note(C.Cond->getBeginLoc(),
             "the operand that splits the " + Warp + "s is part of this short-circuit condition");
    B.note(At->getBeginLoc(), "evaluated lane by lane over a work-group of shape " +
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
