// Where the counted loops around an access move it: the offsets a work-item's own loops take
// it through, and whether it walks its record in a loop of unknown length.
#include "Analysis/AccessQueries.h"
#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace cllint::analysis {

namespace {

// The trip counters that move A (`m` in `s[gid].w[m]`) with the values their loops give them;
// a counter whose loop has no known trip count maps to nullopt.
std::map<std::string, std::optional<std::vector<int64_t>>>
movingCounters(const KernelFacts &F, const MemoryAccess &A, const Poly &Own) {
  Surroundings Around = enclosingConditions(F, A);
  std::map<std::string, std::optional<std::vector<int64_t>>> Out;
  for (const std::string &S : Own.symbols()) {
    std::optional<std::vector<int64_t>> Values;
    if (auto Combos = symbolCombinations({vSym(S, true)}, Around.LoopConditions, {}, 1, 256)) {
      Values.emplace();
      for (const SymbolValues &C : *Combos)
        if (auto It = C.find(S); It != C.end())
          Values->push_back(It->second);
    }
    Out[S] = std::move(Values);
  }
  return Out;
}

// P with every symbol but the loop trip counters at 1.
Poly otherSymbolsAtOne(const Poly &P) {
  Poly R;
  for (const auto &[M, C] : P.terms()) {
    Poly T = Poly::constant(C);
    for (const std::string &S : M)
      if (symbolKind(S) == SymbolKind::TripCounter)
        T = T * Poly::symbol(S);
    R = R + T;
  }
  return R;
}

std::vector<int64_t> offsetsOver(const KernelFacts &F, const MemoryAccess &A, const Poly &Own) {
  // Counters of loops without a known trip count stay at their first iteration: the offsets
  // are those of one pass of the counted loops inside them (`for (j = jst; j < jend; j++)
  // for (m = 0; m < 5; m++) u[k][j][i][m]`: the five fields of one record).
  std::vector<std::pair<std::string, std::vector<int64_t>>> Choices;
  for (const auto &[Name, Values] : movingCounters(F, A, Own)) {
    if (Values && Values->empty())
      return {0};
    Choices.emplace_back(Name, Values ? *Values : std::vector<int64_t>{0});
  }
  std::optional<std::vector<SymbolValues>> Combos = everyCombination(Choices, 256);
  if (!Combos)
    return {0};
  std::vector<int64_t> Out;
  for (const SymbolValues &C : *Combos)
    if (auto V = Own.evaluate(C))
      Out.push_back(*V);
  if (Out.empty())
    Out.push_back(0);
  return Out;
}

// The terms of Own whose counters appear in no term with another symbol: a counter scaled by
// a run-time value (`blk` in `x[(lid + blk * ls) * 32 + j]`, a loop over records) moves between
// records and stays at its first iteration, like a counter of a loop of unknown length.
Poly termsOfPureCounters(const Poly &Own) {
  std::set<std::string> Mixed;
  for (const auto &[M, C] : Own.terms()) {
    bool Other = false;
    for (const std::string &S : M)
      Other |= symbolKind(S) != SymbolKind::TripCounter;
    if (Other)
      for (const std::string &S : M)
        Mixed.insert(S);
  }
  return Own.termsWhere([&](const Poly::Monomial &M) {
    return std::none_of(M.begin(), M.end(), [&](const std::string &S) { return Mixed.count(S); });
  });
}

} // namespace

std::vector<int64_t> loopOffsets(const KernelFacts &F, const MemoryAccess &A) {
  Poly Own = termsOfPureCounters(A.Bytes.Constant - withoutTripCounters(A.Bytes.Constant));
  if (!A.Bytes.isAffine() || Own.isZero())
    return {0};
  return offsetsOver(F, A, Own);
}

std::vector<int64_t> loopOffsetsAtUnitSymbols(const KernelFacts &F, const MemoryAccess &A) {
  Poly Own = otherSymbolsAtOne(A.Bytes.Constant - withoutTripCounters(A.Bytes.Constant));
  if (!A.Bytes.isAffine() || Own.isZero())
    return {0};
  return offsetsOver(F, A, Own);
}

std::optional<int64_t> unboundedWalkStep(const KernelFacts &F, const MemoryAccess &A) {
  Poly Own = A.Bytes.Constant - withoutTripCounters(A.Bytes.Constant);
  if (!A.Bytes.isAffine() || Own.isZero() || !onlyTripCounters(Own))
    return std::nullopt;
  std::map<std::string, int64_t> Steps;
  for (const auto &[M, C] : Own.terms()) {
    if (M.size() != 1)
      return std::nullopt;
    Steps[*M.begin()] = C;
  }
  std::optional<int64_t> Smallest;
  for (const auto &[Name, Values] : movingCounters(F, A, Own))
    if (!Values && Steps[Name] && (!Smallest || std::abs(Steps[Name]) < *Smallest))
      Smallest = std::abs(Steps[Name]);
  return Smallest;
}

bool walksRecordInUnboundedLoop(const KernelFacts &F, const MemoryAccess &A, int64_t StrideBytes) {
  // A counter that steps within a lane's record (a step smaller than the lane stride) in a
  // loop of unknown trip count; counters with larger steps move between records.
  std::optional<int64_t> Step = unboundedWalkStep(F, A);
  return StrideBytes && Step && *Step < std::abs(StrideBytes);
}

bool walkStaysInCache(const KernelFacts &F, const MemoryAccess &A, double ResidentItems,
                      const DeviceProfile &P) {
  std::optional<int64_t> Step = unboundedWalkStep(F, A);
  return Step && *Step <= int64_t(P.SectorBytes) && ResidentItems > 0 &&
         ResidentItems * P.CacheLineBytes <= P.L1BytesPerComputeUnit;
}

bool loadWalkStaysInCache(const KernelFacts &F, const MemoryAccess &A, double ResidentItems,
                          const DeviceProfile &P) {
  return !A.Write && dependsOnLanes(A.ByteOffset) && walkStaysInCache(F, A, ResidentItems, P);
}

} // namespace cllint::analysis
