// control-barrier-divergence: a barrier that some work-items of a work-group reach and others
// do not (under a condition on their ids, in a loop whose trip count differs between them, or
// after a `return` only some take). OpenCL leaves that undefined: devices hang, or the barrier
// releases early and the __local data it should protect is read half-written.
#include "Analysis/AccessQueries.h"
#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "clang/AST/Stmt.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace cllint {
namespace {

using namespace analysis;

struct Verdict {
  enum Kind { Uniform, Splits, Unknown } K = Uniform;
  std::string Why;   // what splits the work-items, or what the verdict depends on
  bool Loop = false; // the barrier's loop runs a different number of times per work-item
};

// Names in V that neither the work-group shape binds nor a loop replays (kernel arguments,
// global sizes), and whether V mentions work-item ids along a dimension in which the group has
// more than one work-item (not only loaded values, not only ids the shape keeps constant; of an
// assumed shape only dimension 0 is taken as given: how far it extends in the others is a
// guess).
std::vector<std::string> unboundNames(const VExpr &V, const WorkGroupShape &WG, bool &MentionsIds) {
  const std::array<unsigned, 3> &Shape = WG.Size;
  std::vector<const VNode *> Syms;
  collectSymbols(V, Syms);
  SymbolValues Env = firstGroupBindings(Shape);
  std::set<std::string> Out;
  for (const VNode *S : Syms)
    if (!Env.count(S->Name) && !S->Recurrence && symbolKind(S->Name) != SymbolKind::TripCounter)
      Out.insert(S->Name);
  std::set<const VNode *> Seen;
  std::function<bool(const VExpr &)> Ids = [&](const VExpr &E) {
    if (!E || !E->Lanes || !Seen.insert(E.get()).second)
      return false;
    if (E->Op == VOp::Lane)
      return E->Value < 3 && Shape[E->Value] > 1 && (E->Value == 0 || !WG.Assumed);
    for (const VExpr &O : E->Ops)
      if (Ids(O))
        return true;
    return false;
  };
  MentionsIds = Ids(V);
  return {Out.begin(), Out.end()};
}

std::string quotedList(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? (I + 1 == Names.size() ? " and '" : ", '") : "'") + Names[I] + "'";
  return Out;
}

std::string bindingText(const SymbolValues &B) {
  std::string Out;
  for (const auto &[Name, Value] : B) {
    std::string Shown = symbolKind(Name) == SymbolKind::TripCounter
                            ? "iteration " + std::to_string(Value) + " of the '" +
                                  tripCounterVariable(Name) + "' loop"
                            : Name + " = " + std::to_string(Value);
    Out += (Out.empty() ? " (at " : ", ") + Shown;
  }
  return Out.empty() ? Out : Out + ")";
}

// Whether the work-items of one work-group (or of one warp, for a sub-group barrier) all
// take the same way through the branch or loop of node N.
Verdict judge(const KernelFacts &F, const FlowNode &N, const WorkGroupShape &Shape,
              unsigned WarpSize, bool SubGroup) {
  Verdict V;
  const BranchCondition &C = F.conditions()[N.Condition];
  if (!C.Value || !dependsOnLanes(C.Value))
    return V;
  std::string Text = "'" + sourceText(F.kernel().Decl->getASTContext(), C.Cond) + "'";
  std::vector<VExpr> Loops = flowConditions(F, N.Parent).LoopConditions;
  if (N.K == FlowNode::Loop) {
    // A condition the whole group shares on entry and that no loop variable changes
    // (`bool go = gid >= 0; while (go)`) keeps the group together.
    std::vector<const VNode *> Syms;
    collectSymbols(C.Value, Syms);
    bool Fixed = std::none_of(Syms.begin(), Syms.end(), [](const VNode *S) {
      return S->Recurrence || symbolKind(S->Name) == SymbolKind::TripCounter;
    });
    if (Fixed)
      if (std::optional<GroupSplit> G = splitGroup(C.Value, Shape.Size, Loops); G && G->constant())
        return V;
    if (std::optional<TripSpread> T = tripSpread(C.Value, Shape.Size, WarpSize)) {
      if (T->MinTrips == T->MaxTrips || (SubGroup && !T->UnevenWarps))
        return V;
      V.K = Verdict::Splits;
      V.Loop = true;
      V.Why = "inside a loop whose trip count differs between work-items (" + Text + ": " +
              std::to_string(T->MinTrips) + " to " + std::to_string(T->MaxTrips) + " iterations)";
    }
  } else if (std::optional<GroupSplit> G = splitGroup(C.Value, Shape.Size, Loops)) {
    if (G->constant())
      return V;
    if (SubGroup) {
      std::optional<WarpSplit> W =
          splitWarps(C.Value, Shape.Size, WarpSize, firstGroupBindings(Shape.Size), true);
      if (W && !W->DivergentWarps)
        return V;
    }
    unsigned Taken = N.K == FlowNode::Else ? G->Lanes - G->True : G->True;
    V.K = Verdict::Splits;
    V.Why = std::string("under ") + (N.K == FlowNode::Else ? "the 'else' of " : "") + Text +
            ", which lets " + std::to_string(Taken) + " of " + std::to_string(G->Lanes) +
            " work-items through" + bindingText(G->Binding);
  }
  if (V.K == Verdict::Splits)
    return V;
  // A condition that varies only through values it loads (`while (*len > i)`, a flag read
  // from __local memory) is usually the same for the whole group; nothing is claimed.
  bool MentionsIds = false;
  std::vector<std::string> Names = unboundNames(C.Value, Shape, MentionsIds);
  if (!MentionsIds)
    return V;
  V.K = Verdict::Unknown;
  V.Loop = N.K == FlowNode::Loop;
  V.Why = (N.K == FlowNode::Loop ? "inside a loop whose condition " : "under ") + Text +
          (N.K == FlowNode::Loop ? "" : ", which") + " depends on the work-item id" +
          (Names.empty() ? "" : " and on " + quotedList(Names));
  return V;
}

// How work-items come to skip a barrier.
enum class Skip {
  Condition, // a branch or loop condition around it
  KernelEnd, // a branch that is the kernel's last statement: the others end the kernel
  Return,
  Break,
  Continue
};

Skip skipOf(SyncSite::Kind K) {
  return K == SyncSite::Return ? Skip::Return : K == SyncSite::Break ? Skip::Break : Skip::Continue;
}

// The jump statement's keyword; empty for the other ways.
std::string jumpWord(Skip How) {
  return How == Skip::Return     ? "return"
         : How == Skip::Break    ? "break"
         : How == Skip::Continue ? "continue"
                                 : "";
}

class BarrierDivergenceRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    const TUAnalysis &A = Ctx.analysis();
    std::set<const clang::Stmt *> Reported;
    for (const KernelInfo &K : A.kernels().kernels()) {
      const KernelFacts &F = A.facts(K);
      const std::vector<SyncSite> &Sites = F.syncSites();
      for (const WorkGroupShape &Shape : A.workGroupShapes(K)) {
        std::map<int, Verdict> Judged; // per flow node, under this shape
        auto verdictAt = [&](int N, bool SubGroup) -> const Verdict & {
          auto [It, New] = Judged.try_emplace(SubGroup ? -2 - N : N);
          if (New)
            It->second = judge(F, F.nodes()[N], Shape, Ctx.profile().WarpSize, SubGroup);
          return It->second;
        };
        for (size_t I = 0; I < Sites.size(); ++I) {
          const SyncSite &B = Sites[I];
          if ((B.K != SyncSite::Barrier && B.K != SyncSite::SubGroupBarrier) || Reported.count(B.S))
            continue;
          if (checkPath(Ctx, F, K, B, Shape, verdictAt) ||
              checkExits(Ctx, F, K, Sites, I, Shape, verdictAt))
            Reported.insert(B.S);
        }
      }
    }
  }

private:
  using VerdictAt = std::function<const Verdict &(int, bool)>;

  // The conditions on the way from the kernel's entry to the barrier.
  bool checkPath(RuleContext &Ctx, const KernelFacts &F, const KernelInfo &K, const SyncSite &B,
                 const WorkGroupShape &Shape, const VerdictAt &At) {
    bool Sub = B.K == SyncSite::SubGroupBarrier;
    for (int N = int(B.Node); N >= 0; N = F.nodes()[N].Parent) {
      const FlowNode &FN = F.nodes()[N];
      if (FN.Condition < 0)
        continue;
      const Verdict &V = At(N, Sub);
      if (V.K == Verdict::Uniform)
        continue;
      // `if (i < n) { ...; barrier(); ... }` as the kernel's last statement: the work-items
      // that skip it end the kernel, like an early return.
      bool Ends = FN.K != FlowNode::Loop && endsKernel(K, FN.Owner);
      report(Ctx, K, B, V, F.conditions()[FN.Condition].Cond->getBeginLoc(), Shape,
             Ends ? Skip::KernelEnd : Skip::Condition);
      return true;
    }
    return false;
  }

  // Whether S is the last statement of the kernel's body (a trailing `return;` aside).
  static bool endsKernel(const KernelInfo &K, const clang::Stmt *S) {
    const auto *Body = llvm::dyn_cast_or_null<clang::CompoundStmt>(K.Decl->getBody());
    if (!Body || Body->body_empty())
      return false;
    const clang::Stmt *Last = Body->body_back();
    if (llvm::isa<clang::ReturnStmt>(Last) && Body->size() > 1)
      Last = *(Body->body_end() - 2);
    return Last == S;
  }

  // A `return` earlier in the barrier's function (same call chain), a `break` out of a loop
  // that holds the barrier, or a `continue` before it in such a loop, under a condition that
  // splits the group and does not also hold the barrier.
  bool checkExits(RuleContext &Ctx, const KernelFacts &F, const KernelInfo &K,
                  const std::vector<SyncSite> &Sites, size_t BarrierIndex,
                  const WorkGroupShape &Shape, const VerdictAt &At) {
    const SyncSite &B = Sites[BarrierIndex];
    bool Sub = B.K == SyncSite::SubGroupBarrier;
    std::set<int> Around;
    for (int N = int(B.Node); N >= 0; N = F.nodes()[N].Parent)
      Around.insert(N);
    for (size_t I = 0; I < Sites.size(); ++I) {
      const SyncSite &X = Sites[I];
      if (X.Context != B.Context || X.K == SyncSite::Barrier || X.K == SyncSite::SubGroupBarrier)
        continue;
      // Sites are in walk order, which is source order within one call chain.
      bool Before = I < BarrierIndex;
      if (X.K == SyncSite::Return
              ? !Before
              : !Around.count(X.LoopNode) || (X.K == SyncSite::Continue && !Before))
        continue;
      for (int N = int(X.Node); N >= 0 && !Around.count(N); N = F.nodes()[N].Parent) {
        if (F.nodes()[N].Condition < 0)
          continue;
        const Verdict &V = At(N, Sub);
        if (V.K == Verdict::Uniform)
          continue;
        report(Ctx, K, B, V, X.S->getBeginLoc(), Shape, skipOf(X.K));
        return true;
      }
    }
    return false;
  }

  void report(RuleContext &Ctx, const KernelInfo &K, const SyncSite &B, const Verdict &V,
              clang::SourceLocation Where, const WorkGroupShape &Shape, Skip How) {
    // Work-items that returned (or skip a last branch and so end the kernel) are gone; those
    // that left a loop early wait elsewhere.
    bool Gone = How == Skip::Return || How == Skip::KernelEnd;
    std::string ExitWord = jumpWord(How);
    bool Exit = !ExitWord.empty();
    std::string Unit = B.K == SyncSite::SubGroupBarrier ? "sub-group" : "work-group";
    std::string Name = llvm::cast<clang::CallExpr>(B.S)->getDirectCallee()->getName().str();
    std::string Msg =
        Name + "() is not reached by every work-item of the " + Unit + " in kernel '" +
        K.Decl->getNameAsString() +
        "': " + (Exit ? "it comes after a '" + ExitWord + "' taken " : std::string("it runs ")) +
        V.Why;
    if (V.K == Verdict::Unknown)
      Msg += "; unless that holds for all or none of the work-items of each " + Unit +
             ", some skip it";
    Msg += ". A " + Unit + " whose work-items do not all reach a barrier is undefined behaviour";
    if (How == Skip::KernelEnd)
      Msg += " (the work-items that skip it end the kernel there; an NVIDIA H100 counts them as "
             "arrived and runs it; other devices may hang or release the barrier early)";
    else if (Gone)
      Msg += " (an NVIDIA H100 counts work-items that have returned as arrived and runs it; other "
             "devices may hang or release the barrier early)";
    else if (V.Loop)
      Msg += " (such a loop hung an NVIDIA H100)";
    else
      Msg += ": a hang, or a barrier that releases early so that __local data is read before it "
             "is written";
    Msg += "; ";
    Msg += Exit ? "let every work-item reach the barrier (guard the work, not the barrier: "
                  "replace the '" +
                      ExitWord + "' with a condition around the code it skips)"
                : "move the barrier out of the branch (or loop) so that every work-item "
                  "reaches it, and guard only the work";
    Msg += shapeCaveatText(Shape);
    FindingBuilder FB = Ctx.report(B.S->getBeginLoc(), std::move(Msg));
    FB.range(B.S->getSourceRange());
    // What depends on an argument is the host's to guarantee; a return, which the device
    // counts as an arrival (measured), that depends on one is a note.
    if (V.K == Verdict::Unknown)
      FB.severity(Gone ? Severity::Note : Severity::Warning);
    else if (Gone)
      FB.severity(Severity::Warning);
    if (V.K == Verdict::Splits)
      FB.shape(Shape);
    FB.note(Where, Exit ? "the '" + ExitWord + "' that some work-items take"
                        : "the condition that work-items of one " + Unit + " evaluate differently");
  }
};

} // namespace

std::unique_ptr<Rule> createBarrierDivergenceRule() {
  return std::make_unique<BarrierDivergenceRule>();
}

} // namespace cllint
