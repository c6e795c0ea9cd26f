#include "Analysis/AccessQueries.h"

#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"

#include <algorithm>
#include <limits>
#include <map>
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

unsigned firstGroupLanes(const std::array<unsigned, 3> &Shape) {
  return std::min(1024u, std::max(1u, Shape[0]) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]));
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
    int64_t V = SampledSymbolValue; // plain unknowns; distanceFollowsSamples lists them
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

// Whether every symbol of P is a loop trip counter.
bool onlyTripCounters(const Poly &P) {
  for (const std::string &S : P.symbols())
    if (symbolKind(S) != SymbolKind::TripCounter)
      return false;
  return true;
}

// P without the terms that mention a loop trip counter.
Poly withoutTripCounters(const Poly &P) {
  return P.termsWhere([](const Poly::Monomial &M) {
    return std::none_of(M.begin(), M.end(), [](const std::string &S) {
      return symbolKind(S) == SymbolKind::TripCounter;
    });
  });
}

bool singleLaneAccess(const KernelFacts &F, const MemoryAccess &A,
                      const std::array<unsigned, 3> &Shape, unsigned WarpSize) {
  for (const VExpr &G : enclosingConditions(F, A).Guards)
    if (atMostOneLane(G, Shape[0], WarpSize))
      return true;
  return false;
}

std::optional<unsigned> consecutiveAlongOtherDimension(const KernelFacts &F) {
  std::array<bool, 3> Unit = {false, false, false};
  for (const MemoryAccess &A : F.accesses()) {
    if (A.AddressSpace != clang::LangAS::opencl_global || !A.Bytes.isAffine())
      continue;
    for (unsigned D = 0; D < 3; ++D)
      if (std::optional<int64_t> Step = A.Bytes.Lane[D].constantValue())
        Unit[D] |= *Step == A.ElementBytes && A.ElementBytes > 0;
  }
  if (Unit[0])
    return std::nullopt;
  for (unsigned D = 1; D < 3; ++D)
    if (Unit[D])
      return D;
  return std::nullopt;
}

int64_t usualDistance(const std::vector<int64_t> &Addrs) {
  std::map<int64_t, unsigned> Deltas;
  for (size_t I = 1; I < Addrs.size(); ++I)
    ++Deltas[Addrs[I] - Addrs[I - 1]];
  if (Deltas.empty())
    return 0;
  return std::max_element(Deltas.begin(), Deltas.end(),
                          [](auto &L, auto &R) { return L.second < R.second; })
      ->first;
}

std::vector<std::string> distanceFollowsSamples(const MemoryAccess &A,
                                                const std::array<unsigned, 3> &Shape,
                                                unsigned WarpSize) {
  if (!A.ByteOffset)
    return {};
  // The same choice laneByLaneAddresses makes: what the shape leaves free and no rule of its
  // own (recurrence, loop counter, launch size) binds gets SampledSymbolValue.
  SymbolValues Bound = firstGroupBindings(Shape), Other;
  std::vector<const VNode *> Syms;
  collectSymbols(A.ByteOffset, Syms);
  std::vector<std::string> Names;
  for (const VNode *S : Syms)
    if (!Bound.count(S->Name) && !Other.count(S->Name) && !S->Recurrence &&
        symbolKind(S->Name) != SymbolKind::TripCounter &&
        S->Name.rfind("get_num_groups(", 0) != 0 && S->Name.rfind("get_global_size(", 0) != 0) {
      Other[S->Name] = SampledSymbolValue / 2;
      Names.push_back(S->Name);
    }
  if (Names.empty())
    return {};
  std::vector<int64_t> AtSample = laneByLaneAddresses(A, Shape, WarpSize);
  std::vector<int64_t> AtOther = laneByLaneAddresses(A, Shape, WarpSize, 0, Other);
  if (AtSample.size() < 2 || AtOther.size() != AtSample.size() ||
      usualDistance(AtSample) == usualDistance(AtOther))
    return {};
  // In one order for every access: the sites of one finding list them once, not per order.
  std::sort(Names.begin(), Names.end());
  return Names;
}

namespace {

// E as a sum of opaque terms with integer coefficients plus a constant, the terms keyed by
// their printed form (small trees only); false when E is too large to compare this way.
bool linearTerms(const VExpr &E, int64_t Scale, std::map<std::string, int64_t> &Terms,
                 int64_t &Constant, unsigned Depth = 0) {
  // Opaque parts are compared by their text: a 3-D Morton code of the ids (three bit
  // spreads, FAST's histopyramid) is a tree of about a thousand nodes.
  if (Depth > 32 || E->TreeSize > 2048)
    return false;
  // 64-bit arithmetic that overflows makes the comparison unknown, never garbage.
  auto addTo = [](int64_t &Sum, int64_t Scale, int64_t Value) {
    int64_t Product;
    return !__builtin_mul_overflow(Scale, Value, &Product) &&
           !__builtin_add_overflow(Sum, Product, &Sum);
  };
  switch (E->Op) {
  case VOp::Const:
    return addTo(Constant, Scale, E->Value);
  case VOp::Add:
    return linearTerms(E->Ops[0], Scale, Terms, Constant, Depth + 1) &&
           linearTerms(E->Ops[1], Scale, Terms, Constant, Depth + 1);
  case VOp::Sub:
    return linearTerms(E->Ops[0], Scale, Terms, Constant, Depth + 1) && Scale != INT64_MIN &&
           linearTerms(E->Ops[1], -Scale, Terms, Constant, Depth + 1);
  case VOp::Neg:
    return Scale != INT64_MIN && linearTerms(E->Ops[0], -Scale, Terms, Constant, Depth + 1);
  case VOp::Mul:
    for (int K = 0; K < 2; ++K)
      if (E->Ops[K]->Op == VOp::Const) {
        int64_t Scaled;
        return !__builtin_mul_overflow(Scale, E->Ops[K]->Value, &Scaled) &&
               linearTerms(E->Ops[1 - K], Scaled, Terms, Constant, Depth + 1);
      }
    [[fallthrough]];
  default:
    return addTo(Terms[toString(E)], Scale, 1);
  }
}

} // namespace

std::optional<int64_t> constantApart(const VExpr &A, const VExpr &B) {
  std::map<std::string, int64_t> Terms;
  int64_t Constant = 0;
  if (!linearTerms(B, 1, Terms, Constant) || !linearTerms(A, -1, Terms, Constant))
    return std::nullopt;
  for (const auto &[Term, Coefficient] : Terms)
    if (Coefficient)
      return std::nullopt;
  return Constant;
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
    // Addresses the analysis evaluates lane by lane (`2 * (idx + r * ns)` and `... + 1`, with
    // idx from `/` and `%`): siblings when they differ by a constant.
    if (!Joined && !A->Bytes.isAffine() && A->ByteOffset)
      for (SiblingGroup &G : Groups) {
        const MemoryAccess &First = *G.Members.front();
        if (First.Bytes.isAffine() || !First.ByteOffset || First.Base != A->Base ||
            First.AddressSpace != A->AddressSpace || First.Context != A->Context)
          continue;
        std::optional<int64_t> Apart = constantApart(First.ByteOffset, A->ByteOffset);
        if (!Apart)
          continue;
        G.Members.push_back(A);
        G.Offsets.push_back(*Apart);
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

WarpTraffic warpTraffic(const std::vector<int64_t> &Addrs, int64_t Bytes, int64_t Unit) {
  TrafficTally Count(Unit);
  for (int64_t A : Addrs)
    Count.add(A, Bytes);
  return Count.result();
}

std::optional<WarpTraffic> groupTraffic(const KernelFacts &F, const SiblingGroup &G,
                                        const std::array<unsigned, 3> &Shape, unsigned WarpSize,
                                        int64_t Unit) {
  TrafficTally Count(Unit);
  // Every member's lane addresses are the first member's lane part plus its own constant; the
  // part of the constant no loop counter moves (a base index) is common to all and drops out.
  const MemoryAccess &First = *G.Members.front();
  std::string Sampled; // lane-by-lane addresses sample the unknowns, the same for every member
  std::vector<int64_t> Lanes =
      warpAddresses(First, Shape, WarpSize, 0, {}, First.Bytes.isAffine() ? nullptr : &Sampled);
  if (Lanes.empty())
    return std::nullopt;
  if (!First.Bytes.isAffine()) {
    // Evaluated lane by lane, once per iteration of the counted loops that move it (a
    // work-item filling its own 5x5 block: `lhs[i][0][n][m]` for n, m < 5); each member is the
    // first moved by its constant offset.
    std::vector<const VNode *> Syms;
    collectSymbols(First.ByteOffset, Syms);
    std::vector<VExpr> Counters;
    for (const VNode *S : Syms)
      if (symbolKind(S->Name) == SymbolKind::TripCounter)
        Counters.push_back(vSym(S->Name, true));
    std::vector<SymbolValues> Iterations = {{}};
    if (!Counters.empty())
      if (auto Combos = symbolCombinations(Counters, enclosingConditions(F, First).LoopConditions,
                                           {}, 3, 256))
        Iterations = std::move(*Combos);
    for (const SymbolValues &Iteration : Iterations) {
      std::string Ignored;
      std::vector<int64_t> At =
          Iteration.empty() ? Lanes : warpAddresses(First, Shape, WarpSize, 0, Iteration, &Ignored);
      for (size_t I = 0; I < G.Members.size(); ++I)
        for (int64_t A : At)
          Count.add(A + G.Offsets[I], G.Members[I]->AccessBytes);
    }
    return Count.result();
  }
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

} // namespace cllint::analysis
