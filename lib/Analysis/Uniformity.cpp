#include "Analysis/Uniformity.h"

#include "Analysis/AccessQueries.h"

#include <algorithm>
#include <bit>
#include <map>
#include <set>

namespace cllint::analysis {

Uniformity uniformityOf(const VExpr &E) {
  return isVarying(E) ? Uniformity::Varying : Uniformity::Uniform;
}

std::optional<WarpSplit> splitWarps(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                    unsigned WarpSize, const SymbolValues &Env, bool Boolean) {
  unsigned Lanes =
      std::min(1024u, std::max(1u, Shape[0]) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]));
  WarpSplit S;
  S.WarpSize = WarpSize;
  S.Warps = (Lanes + WarpSize - 1) / WarpSize;
  double SumTrue = 0, SumOther = 0;
  std::optional<int64_t> First;
  for (unsigned W = 0; W < S.Warps; ++W) {
    std::map<int64_t, unsigned> Count;
    unsigned Transitions = 0;
    std::optional<int64_t> Prev;
    for (unsigned L = W * WarpSize; L < std::min(Lanes, (W + 1) * WarpSize); ++L) {
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
  }
  return S;
}

namespace {

// How many times a loop with this condition runs: the number of values its own counter is
// replayed through. nullopt when the condition has no replayable counter.
std::optional<int64_t> tripCount(const VExpr &Cond, const VNode &Sym, const SymbolValues &Env) {
  if (!Cond)
    return std::nullopt;
  std::vector<const VNode *> Syms;
  collectSymbols(Cond, Syms);
  for (const VNode *S : Syms)
    if (S->Recurrence && S->Name != Sym.Name && !Env.count(S->Name)) {
      std::vector<int64_t> Values = plausibleValues(*S, Env);
      if (Values.empty())
        return std::nullopt;
      return static_cast<int64_t>(Values.size());
    }
  // A counted loop (`for (d = 0; d < 3; ++d)`): its counter is `init + iter(d)*step`, so the
  // trip count is the first iter(d) for which the condition fails.
  std::vector<std::string> Free;
  for (const VNode *S : Syms)
    if (!Env.count(S->Name))
      Free.push_back(S->Name);
  if (Free.size() != 1 || symbolKind(Free[0]) != SymbolKind::TripCounter)
    return std::nullopt;
  for (int64_t K = 0; K <= 4096; ++K) {
    SymbolValues E = Env;
    E[Free[0]] = K;
    auto C = evaluate(Cond, {0, 0, 0}, E);
    if (!C)
      return std::nullopt;
    if (!*C)
      return K;
  }
  return std::nullopt;
}

// The largest exponent e in [From, MaxExp] for which a loop condition that tests Sym itself
// holds at 2^e; nullopt when it cannot be evaluated or never holds.
constexpr int MaxExp = 30;
std::optional<int> guardBound(const VExpr &Cond, const VNode &Sym, int From,
                              const SymbolValues &Env) {
  std::optional<int> Best;
  for (int E = std::max(From, 0); E <= MaxExp; ++E) {
    SymbolValues Env2 = Env;
    Env2[Sym.Name] = int64_t(1) << E;
    auto C = evaluate(Cond, {0, 0, 0}, Env2);
    if (!C)
      return std::nullopt;
    if (*C)
      Best = E;
  }
  return Best;
}

// The powers of two a power-of-two recurrence goes through (see LoopRecurrence).
std::vector<int64_t> powerOfTwoValues(const VNode &Sym, const LoopRecurrence &R,
                                      const SymbolValues &Env) {
  int Lo = MaxExp, Hi = 0;
  for (const VExpr &Init : R.PowerOfTwoInits) {
    auto V = evaluate(Init, {0, 0, 0}, Env);
    if (!V || *V <= 0 || (*V & (*V - 1)))
      return {};
    int E = std::countr_zero(static_cast<uint64_t>(*V));
    Lo = std::min(Lo, E);
    Hi = std::max(Hi, E);
  }
  int64_t Up = 0, Down = 0;
  bool Unbounded = false;
  std::optional<int> Guarded; // the highest value a self-testing loop lets through, scaled once
  for (const LoopRecurrence::Scale &S : R.Scales) {
    int64_t Runs = 1;
    bool Known = true;
    for (const VExpr &C : S.LoopConditions) {
      if (C && S.Shift > 0) {
        std::vector<const VNode *> Syms;
        collectSymbols(C, Syms);
        bool TestsSelf = std::any_of(Syms.begin(), Syms.end(),
                                     [&](const VNode *N) { return N->Name == Sym.Name; });
        if (TestsSelf) {
          if (auto G = guardBound(C, Sym, Lo, Env)) {
            Guarded = std::max(Guarded.value_or(0), *G + S.Shift);
            Known = false;
            Runs = 0;
            break;
          }
        }
      }
      auto T = tripCount(C, Sym, Env);
      if (!T) {
        Known = false;
        break;
      }
      Runs = std::min<int64_t>(Runs * *T, 64);
    }
    if (S.Shift > 0) {
      if (Known)
        Up += S.Shift * Runs;
      else if (Runs) // not bounded by a guard either
        Unbounded = true;
    } else if (S.Shift < 0) {
      Down = Known ? Down - S.Shift * Runs : MaxExp;
    }
  }
  int64_t Top = Hi + Up;
  if (Guarded)
    Top = std::max<int64_t>(Top, *Guarded);
  if (Unbounded) {
    // Nothing counts the doublings: stop at the work-group size, the usual extent of a tree.
    int64_t Lanes = 1;
    for (unsigned D = 0; D < 3; ++D) {
      auto It = Env.find(localSizeSym(D));
      if (It == Env.end())
        return {};
      Lanes *= std::max<int64_t>(1, It->second);
    }
    Top = std::max<int64_t>(Hi, 63 - std::countl_zero(static_cast<uint64_t>(Lanes)));
  }
  Top = std::min<int64_t>(Top, MaxExp);
  int64_t Bottom = std::max<int64_t>(0, Lo - Down);
  std::vector<int64_t> Out;
  for (int64_t E = Bottom; E <= Top; ++E)
    Out.push_back(int64_t(1) << E);
  return Out;
}

} // namespace

std::vector<int64_t> plausibleValues(const VNode &Sym, const SymbolValues &Env) {
  std::vector<int64_t> Out;
  if (!Sym.Recurrence)
    return Out;
  const LoopRecurrence &R = *Sym.Recurrence;
  if (R.powerOfTwo()) {
    // A loop that tests the variable itself replays exactly; otherwise the loops' trip counts
    // bound it.
    if (R.Condition && R.Scales.size() == 1) {
      LoopRecurrence Classic = R;
      Classic.PowerOfTwoInits.clear();
      VNode Plain = Sym;
      Plain.Recurrence = std::make_shared<const LoopRecurrence>(std::move(Classic));
      Out = plausibleValues(Plain, Env);
      if (!Out.empty())
        return Out;
    }
    return powerOfTwoValues(Sym, R, Env);
  }
  auto Init = evaluate(R.Init, {0, 0, 0}, Env);
  auto Amount = evaluate(R.Amount, {0, 0, 0}, Env);
  if (!Init || !Amount || !R.Condition)
    return Out;
  int64_t V = *Init;
  for (unsigned Iter = 0; Iter < 64; ++Iter) {
    SymbolValues E = Env;
    E[Sym.Name] = V;
    auto C = evaluate(R.Condition, {0, 0, 0}, E);
    if (!C)
      return {};
    if (!*C)
      break;
    Out.push_back(V);
    if (R.Step != VOp::Mul && R.Step != VOp::Div && R.Step != VOp::Shl && R.Step != VOp::Shr &&
        R.Step != VOp::Add && R.Step != VOp::Sub)
      return {};
    // Folded with checked arithmetic: a step that overflows 64 bits ends the replay.
    VExpr Stepped = vOp(R.Step, {vConst(V), vConst(*Amount)});
    if (Stepped->Op != VOp::Const)
      break;
    int64_t Next = Stepped->Value;
    if (Next == V)
      break;
    V = Next;
  }
  return Out;
}

namespace {

// The symbols E mentions itself (not those of their recurrences), by name.
void directSymbols(const VExpr &E, std::map<std::string, const VNode *> &Out,
                   std::set<const VNode *> &Seen) {
  if (!E || !Seen.insert(E.get()).second) // a shared DAG is walked once per node
    return;
  if (E->Op == VOp::Sym)
    Out.emplace(E->Name, E.get());
  for (const VExpr &O : E->Ops)
    directSymbols(O, Out, Seen);
}

void directSymbols(const VExpr &E, std::map<std::string, const VNode *> &Out) {
  std::set<const VNode *> Seen;
  directSymbols(E, Out, Seen);
}

// Values of a counted loop's trip counter: 0, 1, ... while a loop condition on it holds.
std::optional<std::vector<int64_t>> tripCounterValues(const std::string &Name,
                                                      const std::vector<VExpr> &LoopConditions,
                                                      const SymbolValues &Env) {
  constexpr int64_t Cap = 1024;
  for (const VExpr &C : LoopConditions) {
    if (!C || dependsOnLanes(C))
      continue;
    std::map<std::string, const VNode *> Syms;
    directSymbols(C, Syms);
    bool OnlyIt = Syms.count(Name) != 0;
    for (const auto &[N, S] : Syms)
      OnlyIt &= N == Name || Env.count(N);
    if (!OnlyIt)
      continue;
    std::vector<int64_t> Out;
    for (int64_t K = 0; K <= Cap; ++K) {
      SymbolValues E = Env;
      E[Name] = K;
      auto V = evaluate(C, {0, 0, 0}, E);
      if (!V)
        break;
      if (!*V)
        return Out;
      Out.push_back(K);
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<std::vector<SymbolValues>>
symbolCombinations(const std::vector<VExpr> &Exprs, const std::vector<VExpr> &LoopConditions,
                   const SymbolValues &Env, unsigned MaxSymbols, size_t MaxCombinations) {
  std::map<std::string, const VNode *> Syms;
  for (const VExpr &E : Exprs)
    directSymbols(E, Syms);
  std::vector<std::pair<std::string, std::vector<int64_t>>> Free;
  for (const auto &[Name, S] : Syms) {
    if (Env.count(Name))
      continue;
    if (Free.size() == MaxSymbols)
      return std::nullopt;
    std::vector<int64_t> Values;
    if (S->Recurrence)
      Values = plausibleValues(*S, Env);
    else if (symbolKind(Name) == SymbolKind::TripCounter) {
      auto Trips = tripCounterValues(Name, LoopConditions, Env);
      if (!Trips)
        return std::nullopt;
      Values = std::move(*Trips);
    }
    if (Values.empty())
      return std::nullopt;
    Free.emplace_back(Name, std::move(Values));
  }
  std::vector<SymbolValues> Out = {{}};
  for (const auto &[Name, Values] : Free) {
    if (Out.size() * Values.size() > MaxCombinations)
      return std::nullopt;
    std::vector<SymbolValues> Next;
    for (const SymbolValues &C : Out)
      for (int64_t V : Values) {
        SymbolValues C2 = C;
        C2[Name] = V;
        Next.push_back(std::move(C2));
      }
    Out = std::move(Next);
  }
  return Out;
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

ConditionVerdict classifyCondition(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize, bool Boolean) {
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
    return splitWarps(Cond, Shape, WarpSize, Env, Boolean);
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

std::optional<TripSpread> tripSpread(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                     unsigned WarpSize) {
  if (!dependsOnLanes(Cond))
    return std::nullopt;
  SymbolValues Base = firstGroupBindings(Shape);
  for (unsigned D = 0; D < 3; ++D)
    Base[groupIdSym(D)] = 1; // away from the border work-group
  std::vector<const VNode *> Syms;
  collectSymbols(Cond, Syms);
  std::string Counter;
  std::vector<std::string> Sampled;
  for (const VNode *S : Syms) {
    if (Base.count(S->Name) || S->Name == Counter || llvm::is_contained(Sampled, S->Name))
      continue;
    if (S->Recurrence)
      return std::nullopt;
    if (symbolKind(S->Name) == SymbolKind::TripCounter) {
      if (!Counter.empty())
        return std::nullopt;
      Counter = S->Name;
    } else {
      Sampled.push_back(S->Name);
    }
  }
  if (Counter.empty())
    return std::nullopt;
  constexpr int64_t MaxTrips = 1024;
  unsigned Lanes =
      std::min(256u, std::max(1u, Shape[0]) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]));
  std::optional<TripSpread> Mildest;
  for (int64_t Sample : {100, 256, 1000, 4096}) {
    SymbolValues Env = Base;
    for (const std::string &N : Sampled)
      Env[N] = Sample;
    std::vector<int64_t> Trips(Lanes, 0);
    bool Any = false;
    for (unsigned L = 0; L < Lanes; ++L) {
      auto Id = laneIds(L, Shape);
      auto holds = [&](int64_t K) -> std::optional<bool> {
        Env[Counter] = K;
        auto C = evaluate(Cond, Id, Env);
        if (!C)
          return std::nullopt;
        return *C != 0;
      };
      // The first iteration whose condition fails, found by doubling then bisecting: a loop's
      // condition, once false, ends it, so it is taken to stay false after that.
      std::optional<bool> H = holds(0);
      if (!H)
        return std::nullopt;
      int64_t K = 0;
      if (*H) {
        int64_t Lo = 0, Hi = 1; // holds at Lo, unknown at Hi
        while (true) {
          if (Hi >= MaxTrips)
            return std::nullopt; // not bounded here: no verdict
          std::optional<bool> HH = holds(Hi);
          if (!HH)
            return std::nullopt;
          if (!*HH)
            break;
          Lo = Hi;
          Hi *= 2;
        }
        while (Hi - Lo > 1) {
          int64_t Mid = Lo + (Hi - Lo) / 2;
          std::optional<bool> HM = holds(Mid);
          if (!HM)
            return std::nullopt;
          (*HM ? Lo : Hi) = Mid;
        }
        K = Hi;
      }
      Trips[L] = K;
      Any |= K > 0;
    }
    if (!Any)
      continue;
    TripSpread S;
    S.Counter = Counter;
    S.MinTrips = *std::min_element(Trips.begin(), Trips.end());
    S.MaxTrips = *std::max_element(Trips.begin(), Trips.end());
    int64_t Run = 0, Busy = 0;
    for (unsigned W = 0; W * WarpSize < Lanes; ++W) {
      ++S.Warps;
      auto First = Trips.begin() + W * WarpSize;
      auto Last = Trips.begin() + std::min<size_t>(Lanes, (W + 1) * WarpSize);
      int64_t Max = *std::max_element(First, Last), Min = *std::min_element(First, Last);
      if (Max != Min)
        ++S.UnevenWarps;
      Run += Max * (Last - First);
      for (auto It = First; It != Last; ++It)
        Busy += *It;
    }
    S.IdleShare = Run ? double(Run - Busy) / double(Run) : 0;
    if (!Mildest || S.IdleShare < Mildest->IdleShare)
      Mildest = S;
    if (Mildest->IdleShare == 0)
      break; // nothing milder to find
  }
  return Mildest;
}

} // namespace cllint::analysis
