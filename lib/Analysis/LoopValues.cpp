// Values that uniform loop variables take: a recurrence replayed from its initial value
// (`s = L/2; s > 0; s >>= 1`), a power-of-two recurrence bounded by its loops' trip counts, and
// the combinations of loop variables and trip counters that the conditions around a statement
// allow.
#include "Analysis/AccessQueries.h"
#include "Analysis/Uniformity.h"

#include <algorithm>
#include <bit>
#include <map>
#include <set>

namespace cllint::analysis {

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

// The values a variable with a loop recurrence takes, iteration by iteration, replayed from its
// start while its loop condition holds (a power-of-two variable taken as its plain update).
static std::vector<int64_t> replayedInOrder(const VNode &Sym, const SymbolValues &Env) {
  LoopRecurrence Classic = *Sym.Recurrence;
  Classic.PowerOfTwoInits.clear();
  VNode Plain = Sym;
  Plain.Recurrence = std::make_shared<const LoopRecurrence>(std::move(Classic));
  return plausibleValues(Plain, Env);
}

std::vector<int64_t> plausibleValues(const VNode &Sym, const SymbolValues &Env) {
  std::vector<int64_t> Out;
  if (!Sym.Recurrence)
    return Out;
  const LoopRecurrence &R = *Sym.Recurrence;
  if (R.powerOfTwo()) {
    // A loop that tests the variable itself replays exactly; otherwise the loops' trip counts
    // bound it.
    if (R.Condition && R.Scales.size() == 1) {
      Out = replayedInOrder(Sym, Env);
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

// The loop variable that drives the loop of a power-of-two variable's scale (the one other
// symbol of its condition) and the values it takes, in iteration order; nullopt when there is
// no such variable or it cannot be replayed.
std::optional<std::pair<const VNode *, std::vector<int64_t>>>
driverSteps(const VNode &Sym, const LoopRecurrence::Scale &S, const SymbolValues &Env) {
  if (S.LoopConditions.empty() || !S.LoopConditions.back())
    return std::nullopt;
  std::vector<const VNode *> Syms;
  collectSymbols(S.LoopConditions.back(), Syms);
  const VNode *Driver = nullptr;
  for (const VNode *N : Syms) {
    if (N->Name == Sym.Name || Env.count(N->Name))
      continue;
    if (Driver && Driver->Name != N->Name)
      return std::nullopt;
    Driver = N;
  }
  if (!Driver || !Driver->Recurrence || !Driver->Recurrence->Condition)
    return std::nullopt;
  std::vector<int64_t> Steps = replayedInOrder(*Driver, Env);
  if (Steps.empty())
    return std::nullopt;
  return std::make_pair(Driver, std::move(Steps));
}

} // namespace

std::optional<std::vector<SymbolValues>> lockstepValues(const VNode &Sym, const SymbolValues &Env) {
  if (!Sym.Recurrence || !Sym.Recurrence->powerOfTwo())
    return std::nullopt;
  const LoopRecurrence &R = *Sym.Recurrence;
  if (R.PowerOfTwoInits.size() != 1)
    return std::nullopt;
  auto Init = evaluate(R.PowerOfTwoInits[0], {0, 0, 0}, Env);
  if (!Init || *Init <= 0 || (*Init & (*Init - 1)))
    return std::nullopt;
  int64_t Exp = std::countr_zero(static_cast<uint64_t>(*Init));
  // Earlier loops (the up-sweep before the down-sweep) scale it by their whole trip count; the
  // last one is the loop being replayed.
  for (size_t I = 0; I < R.Scales.size(); ++I) {
    const LoopRecurrence::Scale &S = R.Scales[I];
    if (S.Shift == 0 || std::abs(S.Shift) > 8)
      return std::nullopt;
    auto Driver = driverSteps(Sym, S, Env);
    if (!Driver)
      return std::nullopt;
    if (I + 1 < R.Scales.size()) {
      Exp += S.Shift * int64_t(Driver->second.size());
      if (Exp < 0 || Exp > MaxExp)
        return std::nullopt;
      continue;
    }
    std::vector<SymbolValues> Out;
    if (R.ReadAfterUpdate)
      Exp += S.Shift;
    for (int64_t D : Driver->second) {
      if (Exp < 0 || Exp > MaxExp)
        break;
      SymbolValues Pair;
      Pair[Sym.Name] = int64_t(1) << Exp;
      Pair[Driver->first->Name] = D;
      Out.push_back(std::move(Pair));
      Exp += S.Shift;
    }
    return Out;
  }
  return std::nullopt;
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
  return everyCombination(Free, MaxCombinations);
}

std::optional<std::vector<SymbolValues>>
everyCombination(const std::vector<std::pair<std::string, std::vector<int64_t>>> &Choices,
                 size_t MaxCombinations) {
  std::vector<SymbolValues> Out = {{}};
  for (const auto &[Name, Values] : Choices) {
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

} // namespace cllint::analysis
