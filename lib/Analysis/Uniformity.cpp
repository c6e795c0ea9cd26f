#include "Analysis/Uniformity.h"

#include "Analysis/AccessQueries.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <set>

namespace cllint::analysis {

Uniformity uniformityOf(const VExpr &E) {
  return isVarying(E) ? Uniformity::Varying : Uniformity::Uniform;
}

std::optional<WarpSplit> splitWarps(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                    unsigned WarpSize, const SymbolValues &Env, bool Boolean,
                                    const VExpr &Active) {
  unsigned Lanes = firstGroupLanes(Shape);
  WarpSplit S;
  S.WarpSize = WarpSize;
  S.Warps = (Lanes + WarpSize - 1) / WarpSize;
  double SumTrue = 0, SumOther = 0, SumReaching = 0;
  std::optional<int64_t> First;
  for (unsigned W = 0; W < S.Warps; ++W) {
    std::map<int64_t, unsigned> Count;
    unsigned Transitions = 0;
    std::optional<int64_t> Prev;
    for (unsigned L = W * WarpSize; L < std::min(Lanes, (W + 1) * WarpSize); ++L) {
      if (Active)
        if (auto On = evaluate(Active, laneIds(L, Shape), Env); On && !*On)
          continue;
      auto V = evaluate(Cond, laneIds(L, Shape), Env);
      if (!V)
        return std::nullopt;
      int64_t Val = Boolean ? (*V != 0) : *V;
      if (!First)
        First = Val;
      S.Constant &= *First == Val;
      ++Count[Val];
      if (Prev && *Prev != Val)
        ++Transitions;
      Prev = Val;
    }
    S.MaxTransitions = std::max(S.MaxTransitions, Transitions);
    S.MaxPaths = std::max<unsigned>(S.MaxPaths, Count.size());
    if (Count.size() > 1) {
      ++S.DivergentWarps;
      for (auto &[K, C] : Count)
        SumReaching += C;
      if (Boolean) {
        SumTrue += Count[1];
        SumOther += Count[0];
      } else {
        // For a switch: the largest path against the average of the others.
        unsigned Total = 0, Max = 0;
        for (auto &[K, C] : Count) {
          Total += C;
          Max = std::max(Max, C);
        }
        SumTrue += Max;
        SumOther += double(Total - Max) / (Count.size() - 1);
      }
    }
  }
  if (S.DivergentWarps) {
    S.AvgTrueLanes = SumTrue / S.DivergentWarps;
    S.AvgOtherLanes = SumOther / S.DivergentWarps;
    S.AvgReachingLanes = SumReaching / S.DivergentWarps;
  }
  return S;
}

namespace {

// Values tried for uniform symbols nothing binds (kernel arguments, loop counters): a
// condition counts as divergent only when it is divergent for every one of them.
const std::vector<int64_t> Samples = {0,  1,  2,   3,   4,   7,   8,    16,   17,   31,    32,
                                      33, 64, 100, 128, 255, 256, 1000, 1024, 4096, 100000};
const std::vector<int64_t> FewSamples = {1, 7, 32, 100, 1024, 4096};

bool isGroupId(const std::string &Name) { return symbolKind(Name) == SymbolKind::GroupId; }

bool worse(const WarpSplit &A, const WarpSplit &B) {
  if (A.DivergentWarps != B.DivergentWarps)
    return A.DivergentWarps > B.DivergentWarps;
  return A.MaxTransitions > B.MaxTransitions;
}

} // namespace

namespace {

// `lid < s`, `lx == 0`, `gid >= n` (a lane id plus uniform terms, compared with a uniform
// value), possibly joined with uniform tests by && / ||: within its dimension the condition
// changes once. In a 2-D group every row has that change, so every warp of narrow rows splits,
// but this is the sequential-addressing step of a reduction or a section one work-item per row
// runs, which the rule's remedy cannot improve on.
bool isLaneThreshold(const VExpr &E) {
  if (!E || !E->Lanes)
    return true; // uniform operand of && / ||
  if (E->Op == VOp::LAnd || E->Op == VOp::LOr) {
    for (const VExpr &O : E->Ops)
      if (!isLaneThreshold(O))
        return false;
    return true;
  }
  bool Compare = E->Op == VOp::Lt || E->Op == VOp::Le || E->Op == VOp::Gt || E->Op == VOp::Ge ||
                 E->Op == VOp::Eq || E->Op == VOp::Ne;
  if (!Compare || E->Ops.size() != 2 || (E->Ops[0]->Lanes && E->Ops[1]->Lanes))
    return false;
  // A truth value tested again (`if (isLast)` with `isLast = lx == W - 1`: `isLast != 0`).
  for (unsigned I = 0; I < 2; ++I) {
    const VExpr &Test = E->Ops[I], &Other = E->Ops[1 - I];
    bool Truth = Test->Op == VOp::Lt || Test->Op == VOp::Le || Test->Op == VOp::Gt ||
                 Test->Op == VOp::Ge || Test->Op == VOp::Eq || Test->Op == VOp::Ne ||
                 Test->Op == VOp::LAnd || Test->Op == VOp::LOr || Test->Op == VOp::LNot;
    if (Truth && Test->Lanes && Other->Op == VOp::Const && (E->Op == VOp::Eq || E->Op == VOp::Ne))
      return isLaneThreshold(Test->Op == VOp::LNot ? Test->Ops[0] : Test);
  }
  const VExpr &Side = E->Ops[0]->Lanes ? E->Ops[0] : E->Ops[1];
  // One lane id, plus or minus uniform terms.
  std::function<int(const VExpr &)> Ids = [&](const VExpr &X) -> int {
    if (!X->Lanes)
      return 0;
    if (X->Op == VOp::Lane)
      return 1;
    if (X->Op == VOp::Add || X->Op == VOp::Sub) {
      int N = 0;
      for (const VExpr &O : X->Ops)
        N += Ids(O);
      return N;
    }
    return 2; // scaled, periodic or otherwise mixed
  };
  return Ids(Side) == 1;
}

} // namespace

ConditionVerdict classifyCondition(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize, bool Boolean, const VExpr &Active) {
  ConditionVerdict V = classifyOverLanes(Cond, Shape, WarpSize, Boolean, Active);
  if (V.K == ConditionVerdict::Divergent && Boolean && isLaneThreshold(Cond))
    V.K = ConditionVerdict::Sparse;
  return V;
}

ConditionVerdict classifyOverLanes(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize, bool Boolean, const VExpr &Active) {
  ConditionVerdict V;
  if (!isVarying(Cond)) {
    V.K = ConditionVerdict::Uniform;
    return V;
  }
  SymbolValues Base = firstGroupBindings(Shape);
  // Group ids take several values each, independently: a condition on global ids that only the
  // border work-group sees (`x == 0`) or only the diagonal ones (`gx > gy`) does not split the
  // warps of the others. Group 0 (the border) is left out.
  for (unsigned D = 0; D < 3; ++D)
    Base.erase(groupIdSym(D));
  std::vector<const VNode *> Syms;
  collectSymbols(Cond, Syms);
  const VNode *Replayed = nullptr;
  std::vector<std::string> Sampled, Groups;
  for (const VNode *S : Syms) {
    if (Base.count(S->Name) || llvm::is_contained(Sampled, S->Name) ||
        llvm::is_contained(Groups, S->Name))
      continue;
    if (isGroupId(S->Name))
      Groups.push_back(S->Name);
    else if (S->Recurrence && !Replayed)
      Replayed = S;
    else
      Sampled.push_back(S->Name);
  }
  // Every combination of group ids 1..R per dimension: 1..2 for one dimension, 1..3 for two
  // (a diagonal test splits 3 of 9), 1..2 for three.
  std::vector<SymbolValues> GroupCombos = {{}};
  {
    int64_t R = Groups.size() <= 1 ? 2 : (Groups.size() == 2 ? 3 : 2);
    for (const std::string &G : Groups) {
      std::vector<SymbolValues> Next;
      for (const SymbolValues &C : GroupCombos)
        for (int64_t X = 1; X <= R; ++X) {
          SymbolValues C2 = C;
          C2[G] = X;
          Next.push_back(std::move(C2));
        }
      GroupCombos = std::move(Next);
    }
  }
  // A replayed symbol's loop may itself mention sampled symbols: those are sampled too.
  std::vector<std::optional<int64_t>> Choices = {std::nullopt};
  bool AnyEvaluated = false, AllSparseOrUniform = true, AnySplit = false;
  auto evalWith = [&](SymbolValues Env) -> std::optional<WarpSplit> {
    return splitWarps(Cond, Shape, WarpSize, Env, Boolean, Active);
  };
  auto verdictFor = [&](SymbolValues Env) -> std::optional<WarpSplit> {
    // Divergent only when divergent for every sample of the unbound symbols; reports the
    // mildest sample's split (what is certain).
    if (Sampled.empty())
      return evalWith(Env);
    // Samples under which the condition is the same on every lane do not take the branch
    // at all and say nothing; group ids skip the border work-group 0.
    std::optional<WarpSplit> Mildest, Constant;
    // Fewer samples per work-group when several work-groups are tried.
    const std::vector<int64_t> &List = GroupCombos.size() > 1 ? FewSamples : Samples;
    for (int64_t Sample : List) {
      SymbolValues E = Env;
      for (const std::string &N : Sampled)
        E[N] = Sample;
      auto S = evalWith(E);
      if (!S)
        return std::nullopt;
      if (S->Constant) {
        Constant = S;
        continue;
      }
      if (!S->periodic())
        return S;
      if (!Mildest || worse(*Mildest, *S))
        Mildest = S;
    }
    if (!Mildest)
      return Constant;
    return Mildest;
  };
  // Over the group combinations: divergent when most groups split periodically (the worst of
  // those is reported); otherwise the mildest split, a sparse verdict.
  auto overGroups = [&](const SymbolValues &Env) -> std::optional<WarpSplit> {
    if (Groups.empty())
      return verdictFor(Env);
    std::optional<WarpSplit> Worst, Mild;
    unsigned Periodic = 0, Other = 0, Total = unsigned(GroupCombos.size());
    for (const SymbolValues &G : GroupCombos) {
      SymbolValues E = Env;
      E.insert(G.begin(), G.end());
      auto S = verdictFor(E);
      if (!S)
        return std::nullopt;
      if (S->periodic()) {
        ++Periodic;
        if (!Worst || worse(*S, *Worst))
          Worst = S;
      } else {
        ++Other;
        if (!Mild || worse(*S, *Mild))
          Mild = S;
      }
      if (Other * 2 >= Total)
        break; // most work-groups do not split periodically: decided
    }
    V.GroupsSplit = std::max(V.GroupsSplit, Periodic);
    V.GroupsTotal = Total;
    if (Periodic * 2 > Total || !Mild)
      return Worst;
    return Mild;
  };
  std::vector<std::pair<std::optional<int64_t>, WarpSplit>> Results;
  if (Replayed) {
    SymbolValues Env = Base;
    if (!Sampled.empty())
      for (const std::string &N : Sampled)
        Env[N] = 256; // only to replay the loop when it depends on an argument
    std::vector<int64_t> Values = plausibleValues(*Replayed, Env);
    if (Values.empty()) {
      Sampled.push_back(Replayed->Name);
      Replayed = nullptr;
    } else {
      V.Symbol = Replayed->Name;
      for (int64_t X : Values) {
        SymbolValues E = Base;
        E[Replayed->Name] = X;
        if (auto S = overGroups(E))
          Results.push_back({X, *S});
      }
      V.ValuesTotal = Values.size();
    }
  }
  if (!Replayed)
    if (auto S = overGroups(Base))
      Results.push_back({std::nullopt, *S});
  for (const auto &[X, S] : Results) {
    AnyEvaluated = true;
    if (S.DivergentWarps)
      AnySplit = true;
    if (S.periodic()) {
      AllSparseOrUniform = false;
      ++V.ValuesSplit;
      if (!V.Worst.DivergentWarps || worse(S, V.Worst)) {
        V.Worst = S;
        V.SymbolValueOfWorst = X ? std::to_string(*X) : "";
      }
    }
  }
  if (!AnyEvaluated) {
    V.K = ConditionVerdict::Undecided;
    return V;
  }
  if (!AllSparseOrUniform)
    V.K = ConditionVerdict::Divergent;
  else if (AnySplit)
    V.K = ConditionVerdict::Sparse;
  else
    V.K = ConditionVerdict::WarpAligned;
  if (V.K != ConditionVerdict::Divergent && !Results.empty())
    V.Worst = Results.front().second;
  return V;
}

bool atMostOneLane(const VExpr &Cond, unsigned Dim0Lanes, unsigned WarpSize) {
  if (Cond->Op == VOp::LAnd)
    return atMostOneLane(Cond->Ops[0], Dim0Lanes, WarpSize) ||
           atMostOneLane(Cond->Ops[1], Dim0Lanes, WarpSize);
  if (Cond->Op != VOp::Eq || Dim0Lanes < WarpSize)
    return false;
  IndexForm D = linearize(vOp(VOp::Sub, {Cond->Ops[0], Cond->Ops[1]}));
  if (!D.isAffine() || !D.Lane[1].isZero() || !D.Lane[2].isZero())
    return false;
  std::optional<int64_t> Step = D.Lane[0].constantValue();
  return Step && *Step != 0;
}

std::optional<GroupSplit> splitGroup(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                     const std::vector<VExpr> &LoopConditions) {
  unsigned Lanes = firstGroupLanes(Shape);
  SymbolValues Env = firstGroupBindings(Shape);
  auto once = [&](const SymbolValues &E) -> std::optional<GroupSplit> {
    GroupSplit G;
    G.Lanes = Lanes;
    for (unsigned L = 0; L < Lanes; ++L) {
      auto V = evaluate(Cond, laneIds(L, Shape), E);
      if (!V)
        return std::nullopt;
      G.True += *V != 0;
    }
    return G;
  };
  if (auto G = once(Env))
    return G;
  auto Combos = symbolCombinations({Cond}, LoopConditions, Env);
  if (!Combos || Combos->empty())
    return std::nullopt;
  std::optional<GroupSplit> Last;
  for (const SymbolValues &C : *Combos) {
    SymbolValues E = Env;
    E.insert(C.begin(), C.end());
    auto G = once(E);
    if (!G)
      return std::nullopt;
    G->Binding = C;
    if (!G->constant())
      return G;
    Last = G;
  }
  return Last;
}

} // namespace cllint::analysis
