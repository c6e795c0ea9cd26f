#include "Analysis/ExecutionWeight.h"

#include "Analysis/AccessQueries.h"
#include "Analysis/Uniformity.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

namespace cllint::analysis {

namespace {

struct Factor {
  double PerItem = 1, PerWarp = 1;
  std::string Assumption;
};

// The first work-group away from the border: group ids 1, sizes from the shape.
SymbolValues groupBindings(const std::array<unsigned, 3> &Shape) {
  SymbolValues Env = firstGroupBindings(Shape);
  for (unsigned D = 0; D < 3; ++D)
    Env[groupIdSym(D)] = 1;
  return Env;
}

std::string loopName(const FlowNode &N, const std::vector<const VNode *> &Syms) {
  for (const VNode *S : Syms)
    if (symbolKind(S->Name) == SymbolKind::TripCounter)
      return "the '" + tripCounterVariable(S->Name) + "' loop";
    else if (S->Recurrence)
      return "the '" + S->Name + "' loop";
  (void)N;
  return "a loop";
}

// The size an unknown bound of a doubling or halving loop is taken to be: a work-group's.
constexpr int64_t TypicalBound = 256;

Factor loopFactor(const KernelFacts &F, const FlowNode &N, const std::array<unsigned, 3> &Shape,
                  unsigned WarpSize) {
  Factor Out;
  auto assumed = [&](const std::string &Name) {
    Out.PerItem = Out.PerWarp = double(ExecutionWeights::AssumedTrips);
    Out.Assumption = Name + " runs " + std::to_string(ExecutionWeights::AssumedTrips) + " times";
    return Out;
  };
  if (N.Condition < 0)
    return assumed("a loop without a condition");
  const VExpr &Cond = F.conditions()[N.Condition].Value;
  std::vector<const VNode *> Syms;
  collectSymbols(Cond, Syms);
  std::string Name = loopName(N, Syms);
  SymbolValues Env = groupBindings(Shape);
  // A loop variable replayed through its loop (`s = L/2; s > 0; s >>= 1`): one run per value.
  for (const VNode *S : Syms)
    if (S->Recurrence && !Env.count(S->Name)) {
      std::vector<int64_t> Values = plausibleValues(*S, Env);
      if (!Values.empty()) {
        Out.PerItem = Out.PerWarp = double(Values.size());
        return Out;
      }
      // Bounded by an unknown (`for (s = 1; s < n; s <<= 1)`) or by an enclosing loop's
      // variable (`for (stride = size; stride > 1; stride >>= 1)`): replayed with the unknowns
      // at a typical size and the enclosing variables at their largest, a doubling loop runs
      // about log2 of it, not AssumedTrips times.
      SymbolValues Typical = Env;
      std::vector<std::string> Taken;
      std::vector<const VNode *> All;
      collectSymbols(Cond, All);
      for (const VNode *U : All)
        if (U != S && !U->Recurrence && !Typical.count(U->Name) &&
            symbolKind(U->Name) != SymbolKind::TripCounter) {
          Typical[U->Name] = TypicalBound;
          Taken.push_back(U->Name + " as " + std::to_string(TypicalBound));
        }
      for (const VNode *U : All)
        if (U != S && U->Recurrence && !Typical.count(U->Name))
          if (std::vector<int64_t> Outer = plausibleValues(*U, Typical); !Outer.empty()) {
            int64_t Largest = *std::max_element(Outer.begin(), Outer.end());
            Typical[U->Name] = Largest;
            Taken.push_back(U->Name + " at its largest, " + std::to_string(Largest));
          }
      Values = plausibleValues(*S, Typical);
      if (Values.empty() || Taken.empty() ||
          Values.size() >= size_t(ExecutionWeights::AssumedTrips))
        return assumed(Name);
      Out.PerItem = Out.PerWarp = double(Values.size());
      Out.Assumption = Name + " runs " + std::to_string(Values.size()) + " times (" +
                       llvm::join(Taken, ", ") + ")";
      return Out;
    }
  std::string Counter;
  for (const VNode *S : Syms)
    if (symbolKind(S->Name) == SymbolKind::TripCounter && S->Name != Counter) {
      if (!Counter.empty())
        return assumed(Name); // bounded by an outer loop's counter: a triangle
      Counter = S->Name;
    }
  if (Counter.empty())
    return assumed(Name);
  if (dependsOnLanes(Cond)) {
    std::optional<TripSpread> Spread = tripSpread(Cond, Shape, WarpSize);
    if (!Spread)
      return assumed(Name);
    Out.PerWarp = double(Spread->MaxTrips);
    Out.PerItem = Out.PerWarp * (1 - Spread->IdleShare);
    return Out;
  }
  auto holds = [&](int64_t K) -> std::optional<bool> {
    Env[Counter] = K;
    auto V = evaluate(Cond, {0, 0, 0}, Env);
    if (!V)
      return std::nullopt;
    return *V != 0;
  };
  std::optional<int64_t> Trips = firstFailingIteration(holds, int64_t(1) << 24);
  if (!Trips)
    return assumed(Name);
  Out.PerItem = Out.PerWarp = double(*Trips);
  return Out;
}

// Shares of the work-items, and of the warps, that take one arm of a branch.
Factor armFactor(const KernelFacts &F, const FlowNode &N, const std::array<unsigned, 3> &Shape,
                 unsigned WarpSize) {
  Factor Out;
  if (N.Condition < 0)
    return Out;
  const BranchCondition &BC = F.conditions()[N.Condition];
  bool Want = N.K == FlowNode::Then;
  SymbolValues Env = groupBindings(Shape);
  uint64_t Items = workGroupItems(Shape);
  if (!dependsOnLanes(BC.Value)) {
    std::optional<int64_t> V = evaluate(BC.Value, {0, 0, 0}, Env);
    if (V && (*V != 0) != Want)
      Out.PerItem = Out.PerWarp = 0;
    return Out;
  }
  unsigned Lanes = unsigned(std::min<uint64_t>(Items, 256));
  unsigned W = std::max(1u, WarpSize);
  unsigned Taken = 0, Warps = 0, WarpsTaken = 0;
  bool WarpHas = false;
  for (unsigned L = 0; L < Lanes; ++L) {
    std::optional<int64_t> V = evaluate(BC.Value, laneIds(L, Shape), Env);
    if (!V) {
      // Depends on something unknown: counted as taken, except by the lanes that an equality
      // leaves out whatever the unknowns are (`i == n - 1`: one lane of each warp).
      if (Want && atMostOneLane(BC.Value, Shape[0], W))
        Out.PerItem = 1.0 / W;
      return Out;
    }
    bool Takes = (*V != 0) == Want;
    Taken += Takes;
    WarpHas |= Takes;
    if ((L + 1) % W == 0 || L + 1 == Lanes) {
      ++Warps;
      WarpsTaken += WarpHas;
      WarpHas = false;
    }
  }
  Out.PerItem = double(Taken) / Lanes;
  Out.PerWarp = double(WarpsTaken) / std::max(1u, Warps);
  return Out;
}

} // namespace

ExecutionWeights::ExecutionWeights(const KernelFacts &F, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize)
    : F(F) {
  const std::vector<FlowNode> &Nodes = F.nodes();
  Weights.resize(Nodes.size());
  // Parents come before their children: nodes are made in the walk's pre-order.
  for (size_t I = 1; I < Nodes.size(); ++I) {
    const FlowNode &N = Nodes[I];
    Factor Own = N.K == FlowNode::Loop ? loopFactor(F, N, Shape, WarpSize)
                                       : armFactor(F, N, Shape, WarpSize);
    const NodeWeight &P = Weights[N.Parent];
    NodeWeight &W = Weights[I];
    W.PerItem = P.PerItem * Own.PerItem;
    W.PerWarp = P.PerWarp * Own.PerWarp;
    W.Assumptions = P.Assumptions;
    if (!Own.Assumption.empty())
      W.Assumptions.push_back(Own.Assumption);
  }
}

NodeWeight ExecutionWeights::at(const clang::FunctionDecl *Fn, const clang::Stmt *S) const {
  NodeWeight Sum;
  Sum.PerItem = Sum.PerWarp = 0;
  std::set<std::string> Seen;
  for (unsigned N : F.nodesOf(Fn, S)) {
    const NodeWeight &W = Weights[N];
    Sum.PerItem += W.PerItem;
    Sum.PerWarp += W.PerWarp;
    for (const std::string &A : W.Assumptions)
      if (Seen.insert(A).second)
        Sum.Assumptions.push_back(A);
  }
  return Sum;
}

bool ExecutionWeights::within(unsigned N, unsigned Ancestor) const {
  for (int At = int(N); At >= 0; At = F.nodes()[At].Parent)
    if (unsigned(At) == Ancestor)
      return true;
  return false;
}

} // namespace cllint::analysis
