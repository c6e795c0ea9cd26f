#include "Analysis/AccessQueries.h"

#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"

#include <algorithm>
#include <limits>
#include <set>

namespace cllint::analysis {

SymbolValues firstGroupBindings(const std::array<unsigned, 3> &Shape) {
  SymbolValues Env;
  for (unsigned D = 0; D < 3; ++D) {
    Env[localSizeSym(D)] = Shape[D];
    Env[groupIdSym(D)] = 0;
    Env["get_global_offset(" + std::to_string(D) + ")"] = 0;
  }
  return Env;
}

std::array<int64_t, 3> laneIds(unsigned Lane, const std::array<unsigned, 3> &Shape) {
  int64_t L0 = std::max(1u, Shape[0]), L1 = std::max(1u, Shape[1]);
  return {Lane % L0, (Lane / L0) % L1, Lane / (L0 * L1)};
}

std::optional<LaneStride> laneStride(const MemoryAccess &A, const std::array<unsigned, 3> &Shape,
                                     const SymbolValues &Extra) {
  if (!A.Bytes.isAffine())
    return std::nullopt;
  LaneStride S;
  S.Dim = Shape[0] > 1 ? 0 : (Shape[1] > 1 ? 1 : 2);
  S.Bytes = A.Bytes.Lane[S.Dim];
  SymbolValues Env = firstGroupBindings(Shape);
  for (const auto &[K, V] : Extra)
    Env[K] = V;
  S.Value = S.Bytes.evaluate(Env);
  return S;
}

namespace {

// Whether lane id D takes one value over the lanes of warp Warp.
bool constantInWarp(unsigned D, const std::array<unsigned, 3> &Shape, unsigned WarpSize,
                    unsigned Warp) {
  unsigned Lanes = std::max(1u, Shape[0]) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]);
  unsigned First = Warp * WarpSize, Last = std::min(Lanes, (Warp + 1) * WarpSize) - 1;
  return First >= Lanes || laneIds(First, Shape)[D] == laneIds(Last, Shape)[D];
}

} // namespace

std::vector<int64_t> warpAddresses(const MemoryAccess &A, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize, unsigned Warp, const SymbolValues &Extra,
                                   std::string *Assumed) {
  if (!A.Bytes.isAffine())
    return Assumed ? laneByLaneAddresses(A, Shape, WarpSize, Warp, Extra, Assumed)
                   : std::vector<int64_t>{};
  SymbolValues Env = firstGroupBindings(Shape);
  for (const auto &[K, V] : Extra)
    Env[K] = V;
  std::array<int64_t, 3> Coef;
  for (unsigned D = 0; D < 3; ++D) {
    auto C = A.Bytes.Lane[D].evaluate(Env);
    if (!C && constantInWarp(D, Shape, WarpSize, Warp)) {
      C = 0; // a symbolic row pitch (`a[y*w + x]`) with the warp inside one row
    } else if (!C && Assumed) {
      // The warp spans rows of a symbolic pitch: assume rows far apart, as large pitches are.
      C = LargePitchBytes;
      if (!Assumed->empty())
        *Assumed += ", ";
      *Assumed += A.Bytes.Lane[D].str() + " assumed at least " + std::to_string(*C) + " B";
    }
    if (!C)
      return {};
    Coef[D] = *C;
  }
  int64_t Const = A.Bytes.Constant.evaluate(Env).value_or(0);
  unsigned Lanes = std::max(1u, Shape[0]) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]);
  std::vector<int64_t> Out;
  for (unsigned L = Warp * WarpSize; L < (Warp + 1) * WarpSize && L < Lanes; ++L) {
    auto Id = laneIds(L, Shape);
    Out.push_back(Const + Coef[0] * Id[0] + Coef[1] * Id[1] + Coef[2] * Id[2]);
  }
  return Out;
}

std::vector<int64_t> laneByLaneAddresses(const MemoryAccess &A,
                                         const std::array<unsigned, 3> &Shape, unsigned WarpSize,
                                         unsigned Warp, const SymbolValues &Extra,
                                         std::string *Assumed) {
  if (!A.ByteOffset || !dependsOnLanes(A.ByteOffset))
    return {};
  SymbolValues Env = firstGroupBindings(Shape);
  for (const auto &[K, V] : Extra)
    Env[K] = V;
  std::vector<const VNode *> Syms;
  collectSymbols(A.ByteOffset, Syms);
  std::vector<std::string> Samples;
  for (const VNode *S : Syms) {
    if (Env.count(S->Name))
      continue;
    int64_t V = SampledSymbolValue;
    if (S->Recurrence) {
      std::vector<int64_t> Plausible = plausibleValues(*S, Env);
      if (Plausible.empty())
        return {};
      V = Plausible.front();
    } else if (symbolKind(S->Name) == SymbolKind::TripCounter) {
      V = 0;
    } else if (S->Name.rfind("get_num_groups(", 0) == 0) {
      V = 64;
    } else if (S->Name.rfind("get_global_size(", 0) == 0) {
      unsigned D = S->Name[16] - '0';
      V = 64 * int64_t(std::max(1u, Shape[std::min(D, 2u)]));
    }
    Env[S->Name] = V;
    Samples.push_back(S->Name + " = " + std::to_string(V));
  }
  unsigned Lanes = std::max(1u, Shape[0]) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]);
  std::vector<int64_t> Out;
  for (unsigned L = Warp * WarpSize; L < (Warp + 1) * WarpSize && L < Lanes; ++L) {
    std::optional<int64_t> V = evaluate(A.ByteOffset, laneIds(L, Shape), Env);
    if (!V)
      return {};
    Out.push_back(*V);
  }
  if (Assumed)
    for (const std::string &S : Samples) {
      if (!Assumed->empty())
        *Assumed += ", ";
      *Assumed += S;
    }
  return Out;
}

namespace {

// Whether every symbol of P is a loop trip counter.
bool onlyTripCounters(const Poly &P) {
  for (const std::string &S : P.symbols())
    if (symbolKind(S) != SymbolKind::TripCounter)
      return false;
  return true;
}

// P without the terms that mention a loop trip counter.
Poly withoutTripCounters(const Poly &P) {
  Poly R;
  for (const auto &[M, C] : P.terms()) {
    bool Trip = false;
    for (const std::string &S : M)
      Trip |= symbolKind(S) == SymbolKind::TripCounter;
    if (Trip)
      continue;
    Poly T = Poly::constant(C);
    for (const std::string &S : M)
      T = T * Poly::symbol(S);
    R = R + T;
  }
  return R;
}

} // namespace

std::vector<int64_t> loopOffsets(const KernelFacts &F, const MemoryAccess &A) {
  Poly Own = A.Bytes.Constant - withoutTripCounters(A.Bytes.Constant);
  if (!A.Bytes.isAffine() || Own.isZero() || !onlyTripCounters(Own))
    return {0};
  std::vector<VExpr> Counters;
  for (const std::string &S : Own.symbols())
    Counters.push_back(vSym(S, true));
  Surroundings Around = enclosingConditions(F, A);
  std::vector<int64_t> Out;
  if (auto Combos = symbolCombinations(Counters, Around.LoopConditions, {}, 3, 256))
    for (const SymbolValues &C : *Combos)
      if (auto V = Own.evaluate(C))
        Out.push_back(*V);
  if (Out.empty())
    Out.push_back(0);
  return Out;
}

bool walksRecordInUnboundedLoop(const KernelFacts &F, const MemoryAccess &A, int64_t StrideBytes) {
  Poly Own = A.Bytes.Constant - withoutTripCounters(A.Bytes.Constant);
  if (!A.Bytes.isAffine() || Own.isZero() || !onlyTripCounters(Own) || !StrideBytes)
    return false;
  for (const auto &[M, C] : Own.terms())
    if (M.size() != 1 || std::abs(C) >= std::abs(StrideBytes))
      return false; // a step as large as a lane's record moves between records, not within
  return loopOffsets(F, A).size() < 2;
}

std::vector<SiblingGroup> siblingGroups(const KernelFacts &F,
                                        const std::vector<const MemoryAccess *> &Accesses,
                                        const std::array<unsigned, 3> &Shape) {
  std::vector<SiblingGroup> Groups;
  for (const MemoryAccess *A : Accesses) {
    auto Stride = laneStride(*A, Shape);
    bool Joined = false;
    if (Stride && Stride->Value && A->Bytes.isAffine())
      for (SiblingGroup &G : Groups) {
        const MemoryAccess &First = *G.Members.front();
        if (First.Base != A->Base || First.AddressSpace != A->AddressSpace ||
            G.StrideBytes != *Stride->Value || !(First.Bytes.Lane[0] == A->Bytes.Lane[0]) ||
            !(First.Bytes.Lane[1] == A->Bytes.Lane[1]) ||
            !(First.Bytes.Lane[2] == A->Bytes.Lane[2]))
          continue;
        // The same record at a constant distance, or at one that only loop counters move
        // (`for (i = 0; i < 5; i++) ... s[gid].w[i]`).
        Poly Delta = A->Bytes.Constant - First.Bytes.Constant;
        if (!Delta.constantValue() &&
            (!onlyTripCounters(Delta) || !withoutTripCounters(Delta).constantValue()))
          continue;
        G.Members.push_back(A);
        G.Offsets.push_back(Delta.constantValue().value_or(0));
        Joined = true;
        break;
      }
    if (!Joined) {
      SiblingGroup G;
      G.Members.push_back(A);
      G.Offsets.push_back(0);
      G.StrideBytes = Stride && Stride->Value ? *Stride->Value : 0;
      Groups.push_back(std::move(G));
    }
  }
  return Groups;
}

namespace {
// The transactions of Unit bytes and the distinct bytes that lanes' accesses cover.
class TrafficCount {
public:
  explicit TrafficCount(int64_t Unit) : Unit(Unit) {}
  void add(int64_t Address, int64_t Bytes) {
    for (int64_t B = Address; B < Address + Bytes; ++B) {
      UsefulBytes.insert(B);
      Units.insert(B >= 0 ? B / Unit : -((-B + Unit - 1) / Unit));
    }
  }
  WarpTraffic result() const {
    WarpTraffic T;
    T.Touched = static_cast<int64_t>(Units.size());
    T.Useful = static_cast<int64_t>(UsefulBytes.size());
    T.Minimum = (T.Useful + Unit - 1) / Unit;
    return T;
  }

private:
  int64_t Unit;
  std::set<int64_t> Units, UsefulBytes;
};
} // namespace

WarpTraffic warpTraffic(const std::vector<int64_t> &Addrs, int64_t Bytes, int64_t Unit) {
  TrafficCount Count(Unit);
  for (int64_t A : Addrs)
    Count.add(A, Bytes);
  return Count.result();
}

std::optional<WarpTraffic> groupTraffic(const KernelFacts &F, const SiblingGroup &G,
                                        const std::array<unsigned, 3> &Shape, unsigned WarpSize,
                                        int64_t Unit) {
  TrafficCount Count(Unit);
  // Every member's lane addresses are the first member's lane part plus its own constant; the
  // part of the constant no loop counter moves (a base index) is common to all and drops out.
  const MemoryAccess &First = *G.Members.front();
  std::vector<int64_t> Lanes = warpAddresses(First, Shape, WarpSize);
  if (Lanes.empty())
    return std::nullopt;
  SymbolValues Env = firstGroupBindings(Shape);
  int64_t FirstConst = First.Bytes.Constant.evaluate(Env).value_or(0);
  for (int64_t &L : Lanes)
    L -= FirstConst;
  for (const MemoryAccess *M : G.Members)
    if (walksRecordInUnboundedLoop(F, *M, G.StrideBytes))
      return std::nullopt; // how much of its record a work-item reads is not known
  for (size_t I = 0; I < G.Members.size(); ++I) {
    const MemoryAccess &M = *G.Members[I];
    // This member's distance from the first when every loop counter is 0, then each
    // iteration's offset.
    std::optional<int64_t> Delta =
        (withoutTripCounters(M.Bytes.Constant) - withoutTripCounters(First.Bytes.Constant))
            .constantValue();
    std::vector<int64_t> Offsets;
    for (int64_t Off : loopOffsets(F, M))
      Offsets.push_back(Delta.value_or(G.Offsets[I]) + Off);
    int64_t Bytes = M.AccessBytes;
    for (int64_t Off : Offsets)
      for (int64_t A : Lanes)
        Count.add(A + Off, Bytes);
  }
  return Count.result();
}

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
