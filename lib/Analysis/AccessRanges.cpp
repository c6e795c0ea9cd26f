// Index ranges and padded layouts of accesses: how far each index reaches over an NDRange
// (verify's buffer sizes) and an access under a padded row (the bank-conflict fix).
#include "Analysis/AccessQueries.h"
#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"

#include <algorithm>
#include <limits>
#include <set>

namespace cllint::analysis {

std::optional<MemoryAccess> withPaddedRows(const MemoryAccess &A, int64_t Pad) {
  if (A.ArrayDims.size() < 2 || A.Indices.size() != A.ArrayDims.size() || A.ElementBytes <= 0)
    return std::nullopt;
  MemoryAccess R = A;
  int64_t Stride = A.ElementBytes;
  VExpr Offset = vConst(0);
  for (size_t K = A.ArrayDims.size(); K-- > 0;) {
    Offset = vOp(VOp::Add, {Offset, vOp(VOp::Mul, {A.Indices[K], vConst(Stride)})});
    int64_t Dim = A.ArrayDims[K] + (K + 1 == A.ArrayDims.size() ? Pad : 0);
    Stride *= Dim;
  }
  R.ArrayDims.back() += Pad;
  R.ByteOffset = Offset;
  R.Bytes = linearize(Offset);
  return R;
}

namespace {

bool mentions(const VExpr &E, const std::string &Sym, std::set<const VNode *> &Seen) {
  if (!E || !Seen.insert(E.get()).second)
    return false;
  if (E->Op == VOp::Sym && E->Name == Sym)
    return true;
  for (const VExpr &O : E->Ops)
    if (mentions(O, Sym, Seen))
      return true;
  return false;
}

// How many times the loop of trip counter Counter runs at most, over the corners of the
// work-items and work-groups (Env binds sizes and arguments; Corners the ids to try): the
// first count whose condition fails (firstFailingIteration). nullopt when a condition cannot
// be evaluated or the loop runs past Limit.
std::optional<int64_t>
maxTrips(const std::vector<VExpr> &Conditions, const std::string &Counter, const SymbolValues &Env,
         const std::vector<std::pair<std::array<int64_t, 3>, SymbolValues>> &Corners) {
  constexpr int64_t Limit = int64_t(1) << 24;
  std::optional<int64_t> Best;
  for (const VExpr &C : Conditions) {
    std::set<const VNode *> Seen;
    if (!mentions(C, Counter, Seen))
      continue;
    int64_t Runs = 0;
    for (const auto &[Lid, Ids] : Corners) {
      SymbolValues E = Env;
      E.insert(Ids.begin(), Ids.end());
      auto holds = [&](int64_t K) -> std::optional<bool> {
        E[Counter] = K;
        auto V = evaluate(C, Lid, E);
        if (!V)
          return std::nullopt;
        return *V != 0;
      };
      // The bound counts as reached once it exceeds Limit.
      std::optional<int64_t> Trips = firstFailingIteration(holds, Limit + 1);
      if (!Trips)
        return std::nullopt;
      Runs = std::max(Runs, *Trips);
    }
    // The loop ends at the first condition that fails: the smallest bound wins.
    Best = Best ? std::min(*Best, Runs) : Runs;
  }
  return Best;
}

} // namespace

std::optional<IndexRange> indexRange(const MemoryAccess &A, const NDRange &Range,
                                     const SymbolValues &Args, std::string *WhyNot,
                                     const std::vector<VExpr> *LoopConditions) {
  auto fail = [&](std::string Why) -> std::optional<IndexRange> {
    if (WhyNot)
      *WhyNot = std::move(Why);
    return std::nullopt;
  };
  if (!A.Bytes.isAffine())
    return fail("the address is " + A.Bytes.str());
  SymbolValues Env = Args;
  std::vector<std::pair<std::string, int64_t>> Free; // variable, upper bound (inclusive)
  for (unsigned D = 0; D < 3; ++D) {
    uint64_t G = D < Range.Dims ? Range.Global[D] : 1, L = D < Range.Dims ? Range.Local[D] : 1;
    L = std::max<uint64_t>(L, 1);
    Env[localSizeSym(D)] = L;
    Env[globalSizeSym(D)] = G;
    Env[numGroupsSym(D)] = (G + L - 1) / L;
    Env["get_global_offset(" + std::to_string(D) + ")"] = 0;
    Free.push_back({groupIdSym(D), (G + L - 1) / L - 1});
    Free.push_back({"lid" + std::to_string(D), L - 1});
  }
  // The form is multilinear in group ids and lane ids (each appears at most once per term), so
  // its extremes are at corners of the box.
  std::vector<std::pair<Poly, std::string>> Terms = {{A.Bytes.Constant, ""}};
  for (unsigned D = 0; D < 3; ++D)
    Terms.push_back({A.Bytes.Lane[D], "lid" + std::to_string(D)});
  std::vector<std::string> Used;
  for (const auto &[P, Lane] : Terms) {
    if (!Lane.empty() && !P.isZero())
      Used.push_back(Lane);
    for (const auto &[M, C] : P.terms()) {
      for (size_t I = 0; I < M.size(); ++I) {
        if (I && M[I] == M[I - 1] && symbolKind(M[I]) == SymbolKind::GroupId)
          return fail("the address is not linear in " + M[I]);
        bool IsFree = symbolKind(M[I]) == SymbolKind::GroupId;
        if (IsFree) {
          Used.push_back(M[I]);
          continue;
        }
        if (!Env.count(M[I]) && symbolKind(M[I]) == SymbolKind::TripCounter && LoopConditions &&
            std::find_if(Free.begin(), Free.end(),
                         [&](const auto &X) { return X.first == M[I]; }) == Free.end()) {
          // A counted loop: the counter runs from 0 to its last iteration, a corner like the ids.
          std::vector<std::pair<std::array<int64_t, 3>, SymbolValues>> Corners(2);
          for (const auto &[Name, Upper] : Free) {
            if (Name.rfind("lid", 0) == 0) {
              Corners[1].first[Name[3] - '0'] = Upper;
            } else {
              Corners[0].second[Name] = 0;
              Corners[1].second[Name] = Upper;
            }
          }
          if (std::optional<int64_t> Runs = maxTrips(*LoopConditions, M[I], Env, Corners);
              Runs && *Runs > 0) {
            Free.push_back({M[I], *Runs - 1});
            Used.push_back(M[I]);
            continue;
          }
        }
        if (std::find_if(Free.begin(), Free.end(),
                         [&](const auto &X) { return X.first == M[I]; }) != Free.end()) {
          Used.push_back(M[I]);
          continue;
        }
        if (!Env.count(M[I]))
          return fail(symbolKind(M[I]) == SymbolKind::TripCounter
                          ? "the address depends on how many times the '" +
                                tripCounterVariable(M[I]) +
                                "' loop runs, which the plan does not bound"
                          : "the address depends on '" + M[I] + "', which has no value");
      }
    }
  }
  std::sort(Used.begin(), Used.end());
  Used.erase(std::unique(Used.begin(), Used.end()), Used.end());
  int64_t Lo = std::numeric_limits<int64_t>::max(), Hi = std::numeric_limits<int64_t>::min();
  for (unsigned Mask = 0; Mask < (1u << Used.size()); ++Mask) {
    SymbolValues E = Env;
    std::array<int64_t, 3> Lid = {0, 0, 0};
    for (size_t I = 0; I < Used.size(); ++I) {
      int64_t Upper = 0;
      for (const auto &[Name, Bound] : Free)
        if (Name == Used[I])
          Upper = Bound;
      int64_t V = (Mask >> I) & 1 ? Upper : 0;
      if (Used[I].rfind("lid", 0) == 0)
        Lid[Used[I][3] - '0'] = V;
      else
        E[Used[I]] = V;
    }
    int64_t Sum = 0;
    for (size_t T = 0; T < Terms.size(); ++T) {
      auto V = Terms[T].first.evaluate(E);
      if (!V)
        return fail("the address has an unbound symbol");
      Sum += T == 0 ? *V : *V * Lid[T - 1];
    }
    Lo = std::min(Lo, Sum);
    Hi = std::max(Hi, Sum);
  }
  int64_t EB = std::max<int64_t>(1, A.ElementBytes);
  auto floorDiv = [](int64_t X, int64_t Y) { return X >= 0 ? X / Y : -((-X + Y - 1) / Y); };
  return IndexRange{floorDiv(Lo, EB), floorDiv(Hi + A.AccessBytes - 1, EB)};
}

BufferRanges bufferIndexRanges(const KernelFacts &Facts, const NDRange &Range,
                               const SymbolValues &Args) {
  BufferRanges Out;
  for (const MemoryAccess &A : Facts.accesses()) {
    const auto *P = llvm::dyn_cast_or_null<clang::ParmVarDecl>(A.Base);
    if (!P)
      continue;
    std::string Why;
    auto R = indexRange(A, Range, Args, &Why);
    if (!R) {
      Out.Undecided[P] = Why;
      continue;
    }
    auto It = Out.Ranges.find(P);
    if (It == Out.Ranges.end())
      Out.Ranges[P] = *R;
    else
      It->second = {std::min(It->second.Min, R->Min), std::max(It->second.Max, R->Max)};
  }
  return Out;
}

} // namespace cllint::analysis
