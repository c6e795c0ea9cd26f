// control-barrier-divergence: a barrier that some work-items of a work-group reach and others
// do not (under a condition on their ids, in a loop whose trip count differs between them, or
// after a `return` only some take). OpenCL leaves that undefined: devices hang, or the barrier
// releases early and the __local data it should protect is read half-written.
#include "Analysis/AccessQueries.h"
#include "Analysis/Uniformity.h"
#include "BarrierSites.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "clang/AST/Stmt.h"

#include <algorithm>
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
// global sizes), and whether V mentions work-item ids themselves (not only loaded values).
std::vector<std::string> unboundNames(const VExpr &V, const std::array<unsigned, 3> &Shape,
                                      bool &MentionsIds) {
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
      return true;
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
  std::vector<VExpr> Loops;
  for (int P = N.Parent; P >= 0; P = F.nodes()[P].Parent)
    if (F.nodes()[P].K == FlowNode::Loop && F.nodes()[P].Condition >= 0)
      Loops.push_back(F.conditions()[F.nodes()[P].Condition].Value);
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
  std::vector<std::string> Names = unboundNames(C.Value, Shape.Size, MentionsIds);
  if (!MentionsIds)
    return V;
  V.K = Verdict::Unknown;
  V.Loop = N.K == FlowNode::Loop;
  V.Why = (N.K == FlowNode::Loop ? "inside a loop whose condition " : "under ") + Text +
          (N.K == FlowNode::Loop ? "" : ", which") + " depends on the work-item id" +
          (Names.empty() ? "" : " and on " + quotedList(Names));
  return V;
}

class BarrierDivergenceRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    const TUAnalysis &A = Ctx.analysis();
    BarrierSites Sites = findBarrierSites(A.kernels().kernelCode());
    std::set<const clang::CallExpr *> Reported;
    for (const KernelInfo &K : A.kernels().kernels()) {
      const KernelFacts &F = A.facts(K);
      for (const WorkGroupShape &Shape : A.workGroupShapes(K))
        for (const BarrierCall &B : Sites.Barriers) {
          if (Reported.count(B.Call))
            continue;
          std::vector<unsigned> Nodes = F.nodesOf(B.Function, B.Call);
          for (size_t Chain = 0; Chain < Nodes.size() && !Reported.count(B.Call); ++Chain)
            if (checkPath(Ctx, F, K, B, Nodes[Chain], Shape) ||
                checkReturns(Ctx, F, K, B, Sites, Chain, Nodes[Chain], Shape))
              Reported.insert(B.Call);
        }
    }
  }

private:
  // The conditions on the way from the kernel's entry to the barrier.
  bool checkPath(RuleContext &Ctx, const KernelFacts &F, const KernelInfo &K, const BarrierCall &B,
                 unsigned Node, const WorkGroupShape &Shape) {
    for (int N = int(Node); N >= 0; N = F.nodes()[N].Parent) {
      const FlowNode &FN = F.nodes()[N];
      if (FN.Condition < 0)
        continue;
      Verdict V = judge(F, FN, Shape, Ctx.profile().WarpSize, B.SubGroup);
      if (V.K == Verdict::Uniform)
        continue;
      report(Ctx, K, B, V, F.conditions()[FN.Condition].Cond->getBeginLoc(), Shape, nullptr);
      return true;
    }
    return false;
  }

  // A `return` earlier in the barrier's function, a `break` out of a loop that holds the
  // barrier, or a `continue` before it in such a loop, under a condition that splits the group
  // and does not also hold the barrier.
  bool checkReturns(RuleContext &Ctx, const KernelFacts &F, const KernelInfo &K,
                    const BarrierCall &B, const BarrierSites &Sites, size_t Chain,
                    unsigned BarrierNode, const WorkGroupShape &Shape) {
    const clang::SourceManager &SM = Ctx.ast().getSourceManager();
    std::set<int> Around;
    for (int N = int(BarrierNode); N >= 0; N = F.nodes()[N].Parent)
      Around.insert(N);
    for (const EarlyExit &X : Sites.Exits) {
      if (X.Function != B.Function)
        continue;
      bool Before = SM.isBeforeInTranslationUnit(X.Jump->getBeginLoc(), B.Call->getBeginLoc());
      bool Break = X.Loop && std::string(X.Word) == "break";
      if (X.Loop ? !encloses(F, B.Function, X.Loop, B.Call) || (!Break && !Before) : !Before)
        continue;
      std::vector<unsigned> Nodes = F.nodesOf(X.Function, X.Jump);
      if (Chain >= Nodes.size())
        continue;
      for (int N = int(Nodes[Chain]); N >= 0 && !Around.count(N); N = F.nodes()[N].Parent) {
        const FlowNode &FN = F.nodes()[N];
        if (FN.Condition < 0)
          continue;
        Verdict V = judge(F, FN, Shape, Ctx.profile().WarpSize, B.SubGroup);
        if (V.K == Verdict::Uniform)
          continue;
        report(Ctx, K, B, V, X.Jump->getBeginLoc(), Shape, X.Word);
        return true;
      }
    }
    return false;
  }

  static bool encloses(const KernelFacts &F, const clang::FunctionDecl *Fn,
                       const clang::Stmt *Outer, const clang::Stmt *S) {
    for (const clang::Stmt *At = S; At; At = F.parentIn(Fn, At))
      if (At == Outer)
        return true;
    return false;
  }

  void report(RuleContext &Ctx, const KernelInfo &K, const BarrierCall &B, const Verdict &V,
              clang::SourceLocation Where, const WorkGroupShape &Shape, const char *Exit) {
    // Work-items that returned are gone; those that left a loop early wait elsewhere.
    bool AfterReturn = Exit && std::string(Exit) == "return";
    std::string ExitWord = Exit ? Exit : "";
    std::string Unit = B.SubGroup ? "sub-group" : "work-group";
    std::string Msg =
        B.Name + "() is not reached by every work-item of the " + Unit + " in kernel '" +
        K.Decl->getNameAsString() +
        "': " + (Exit ? "it comes after a '" + ExitWord + "' taken " : std::string("it runs ")) +
        V.Why;
    if (V.K == Verdict::Unknown)
      Msg += "; unless that holds for all or none of the work-items of each " + Unit +
             ", some skip it";
    Msg += ". A " + Unit + " whose work-items do not all reach a barrier is undefined behaviour";
    if (AfterReturn)
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
    if (V.K == Verdict::Splits)
      Msg += shapeCaveatText(Shape);
    FindingBuilder FB = Ctx.report(B.Call->getBeginLoc(), std::move(Msg));
    FB.range(B.Call->getSourceRange());
    // What depends on an argument is the host's to guarantee; a return, which the device
    // counts as an arrival (measured), that depends on one is a note.
    if (V.K == Verdict::Unknown)
      FB.severity(AfterReturn ? Severity::Note : Severity::Warning);
    else if (AfterReturn)
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
