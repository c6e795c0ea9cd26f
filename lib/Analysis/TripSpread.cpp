// Lane-dependent loop trip counts: how many iterations each lane of a warp runs.
#include "Analysis/AccessQueries.h"
#include "Analysis/Uniformity.h"

#include <algorithm>

namespace cllint::analysis {

std::optional<int64_t>
firstFailingIteration(const std::function<std::optional<bool>(int64_t)> &Holds, int64_t Limit) {
  std::optional<bool> H = Holds(0);
  if (!H)
    return std::nullopt;
  if (!*H)
    return 0;
  int64_t Lo = 0, Hi = 1; // holds at Lo, unknown at Hi
  while (true) {
    if (Hi >= Limit)
      return std::nullopt;
    std::optional<bool> HH = Holds(Hi);
    if (!HH)
      return std::nullopt;
    if (!*HH)
      break;
    Lo = Hi;
    Hi *= 2;
  }
  while (Hi - Lo > 1) {
    int64_t Mid = Lo + (Hi - Lo) / 2;
    std::optional<bool> HM = Holds(Mid);
    if (!HM)
      return std::nullopt;
    (*HM ? Lo : Hi) = Mid;
  }
  return Hi;
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
      std::optional<int64_t> K = firstFailingIteration(holds, MaxTrips);
      if (!K)
        return std::nullopt; // unknown, or not bounded here: no verdict
      Trips[L] = *K;
      Any |= *K > 0;
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
    S.Remainder = S.MaxTrips - S.MinTrips <= 1;
    for (unsigned L = 1; L < Lanes && S.Remainder; ++L)
      if (L % std::max(1u, Shape[0]) != 0 && Trips[L] > Trips[L - 1])
        S.Remainder = false;
    if (!Mildest || S.IdleShare < Mildest->IdleShare)
      Mildest = S;
    if (Mildest->IdleShare == 0)
      break; // nothing milder to find
  }
  return Mildest;
}

} // namespace cllint::analysis
