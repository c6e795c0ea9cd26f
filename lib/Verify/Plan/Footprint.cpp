#include "Verify/Plan/Footprint.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <vector>

namespace cllint::verify {

using namespace analysis;

std::string dimsText(const std::array<uint64_t, 3> &V, unsigned Dims) {
  std::string S;
  for (unsigned D = 0; D < Dims; ++D)
    S += (D ? "x" : "") + std::to_string(V[D]);
  return S;
}

std::string bytesText(uint64_t B) {
  char Buf[64];
  if (B >= (1ull << 20))
    std::snprintf(Buf, sizeof Buf, "%.4g MiB", static_cast<double>(B) / (1 << 20));
  else if (B >= 1024)
    std::snprintf(Buf, sizeof Buf, "%.4g KiB", static_cast<double>(B) / 1024);
  else
    std::snprintf(Buf, sizeof Buf, "%llu B", static_cast<unsigned long long>(B));
  return Buf;
}

NDRange toRange(const KernelSetup &S) {
  NDRange R;
  R.Dims = S.Dims;
  for (unsigned D = 0; D < 3; ++D) {
    R.Global[D] = D < S.Dims ? S.Global[D] : 1;
    R.Local[D] = D < S.Dims ? S.Local[D] : 1;
  }
  return R;
}

SymbolValues scalarBindings(const KernelSetup &S) {
  SymbolValues V;
  for (const ArgPlan &A : S.Args)
    if (A.K == ArgPlan::Scalar && A.Integer)
      V[A.Name] = static_cast<int64_t>(A.Value);
  return V;
}

const clang::ParmVarDecl *paramOf(const MemoryAccess &A) {
  return llvm::dyn_cast_or_null<clang::ParmVarDecl>(A.Base);
}

namespace {

// Most offsets one access may be enumerated over (work-items times loop iterations); beyond
// it the access counts as not enumerable.
constexpr uint64_t MaxOffsets = uint64_t(1) << 26;

// A loop counter in an address (the analysis's `iter(NAME)` symbol: the iteration number of the
// loop that steps NAME) with the number of iterations its loop runs.
struct LoopCounter {
  std::string Sym;
  int64_t Trips = 0;
};

SymbolValues sizeBindings(const NDRange &R, const SymbolValues &Args) {
  SymbolValues Env = Args;
  for (unsigned D = 0; D < 3; ++D) {
    Env[localSizeSym(D)] = static_cast<int64_t>(R.Local[D]);
    Env[globalSizeSym(D)] = static_cast<int64_t>(R.Global[D]);
    Env[numGroupsSym(D)] = static_cast<int64_t>((R.Global[D] + R.Local[D] - 1) / R.Local[D]);
    Env["get_global_offset(" + std::to_string(D) + ")"] = 0;
  }
  return Env;
}

// The loop counters A's address depends on, each with the trip count of the innermost loop
// around A whose condition is on it. Nullopt, with Why, when a symbol is not such a counter
// or its loop's bounds are not constant over the NDRange (they depend on the work-item, the
// work-group or another counter).
std::optional<std::vector<LoopCounter>> loopCounters(const MemoryAccess &A, const KernelFacts &F,
                                                     const SymbolValues &Env, int64_t MaxTrips,
                                                     std::string &Why) {
  std::vector<std::string> Unbound;
  auto collect = [&](const Poly &P) {
    for (const std::string &S : P.symbols())
      if (!Env.count(S) && symbolKind(S) != SymbolKind::GroupId &&
          std::find(Unbound.begin(), Unbound.end(), S) == Unbound.end())
        Unbound.push_back(S);
  };
  collect(A.Bytes.Constant);
  for (const Poly &P : A.Bytes.Lane)
    collect(P);
  std::vector<LoopCounter> Out;
  if (Unbound.empty())
    return Out;
  if (!A.E || !A.Function) {
    Why = "the access has no source location";
    return std::nullopt;
  }
  const clang::SourceManager &SM = A.Function->getASTContext().getSourceManager();
  clang::SourceLocation At = SM.getExpansionLoc(A.E->getBeginLoc());
  for (const std::string &Sym : Unbound) {
    if (symbolKind(Sym) != SymbolKind::TripCounter) {
      Why = "the address depends on '" + Sym + "', which is not a loop counter";
      return std::nullopt;
    }
    const BranchCondition *Best = nullptr;
    clang::SourceRange BestRange;
    for (const BranchCondition &C : F.conditions()) {
      if (C.Function != A.Function || !C.Owner || !C.Value ||
          !llvm::isa<clang::ForStmt, clang::WhileStmt>(C.Owner))
        continue;
      std::vector<const VNode *> Syms;
      collectSymbols(C.Value, Syms);
      bool Mentions = false;
      for (const VNode *N : Syms)
        Mentions |= N->Name == Sym;
      if (!Mentions)
        continue;
      clang::SourceRange R(SM.getExpansionLoc(C.Owner->getBeginLoc()),
                           SM.getExpansionLoc(C.Owner->getEndLoc()));
      if (!SM.isPointWithin(At, R.getBegin(), R.getEnd()))
        continue;
      if (!Best || SM.isBeforeInTranslationUnit(BestRange.getBegin(), R.getBegin())) {
        Best = &C;
        BestRange = R;
      }
    }
    if (!Best) {
      Why = "no loop around the access has a condition on '" + tripCounterVariable(Sym) + "'";
      return std::nullopt;
    }
    if (dependsOnLanes(Best->Value)) {
      Why =
          "the bounds of the loop on '" + tripCounterVariable(Sym) + "' differ between work-items";
      return std::nullopt;
    }
    SymbolValues E2 = Env;
    int64_t Trips = -1;
    for (int64_t K = 0; K <= MaxTrips; ++K) {
      E2[Sym] = K;
      auto V = evaluate(Best->Value, {0, 0, 0}, E2);
      if (!V) {
        Why = "the condition of the loop on '" + tripCounterVariable(Sym) + "' is not constant";
        return std::nullopt;
      }
      if (!*V) {
        Trips = K;
        break;
      }
    }
    if (Trips < 0) {
      Why = "the loop on '" + tripCounterVariable(Sym) + "' runs too many iterations to enumerate";
      return std::nullopt;
    }
    Out.push_back({Sym, Trips});
  }
  return Out;
}

// Calls Visit with the byte offset of A for every work-item of the NDRange and, for an address
// that depends on loop counters with constant bounds, every iteration. False, with Why, when a
// coefficient cannot be evaluated, a counter cannot be enumerated, or there are more than
// MaxOffsets offsets.
bool forEachOffset(const MemoryAccess &A, const KernelFacts &F, const NDRange &R,
                   const SymbolValues &Args,
                   const std::function<void(int64_t Offset, uint64_t Item)> &Visit,
                   std::string &Why, bool &UsedLoops) {
  if (!A.Bytes.isAffine()) {
    Why = "an address is not affine in the work-item ids";
    return false;
  }
  SymbolValues Env = sizeBindings(R, Args);
  std::array<uint64_t, 3> Groups{};
  unsigned __int128 Work = 1;
  for (unsigned D = 0; D < 3; ++D) {
    if (R.Local[D] == 0 || R.Global[D] > (uint64_t(1) << 40)) {
      Why = "the NDRange is too large to enumerate";
      return false;
    }
    Groups[D] = (R.Global[D] + R.Local[D] - 1) / R.Local[D];
    Work *= Groups[D] * R.Local[D]; // each factor below 2^41: no overflow in 128 bits
  }
  // Enumerating more work-items than this takes minutes (`global: [4294967296, ...]`).
  if (Work > MaxOffsets) {
    Why = "the NDRange has more than 2^26 work-items to enumerate";
    return false;
  }
  int64_t MaxTrips = Work ? static_cast<int64_t>(MaxOffsets / std::max<uint64_t>(1, Work)) : 0;
  auto Counters = loopCounters(A, F, Env, MaxTrips, Why);
  if (!Counters)
    return false;
  UsedLoops = !Counters->empty();
  for (const LoopCounter &C : *Counters)
    Work *= static_cast<uint64_t>(C.Trips);
  if (!Counters->empty() && Work > MaxOffsets) {
    Why = "an access has more than 2^26 offsets over the NDRange and its loops";
    return false;
  }
  std::vector<int64_t> Iter(Counters->size(), 0);
  for (const LoopCounter &C : *Counters) {
    if (C.Trips == 0)
      return true; // the loop never runs
    Env[C.Sym] = 0;
  }
  while (true) {
    for (uint64_t G2 = 0; G2 < Groups[2]; ++G2)
      for (uint64_t G1 = 0; G1 < Groups[1]; ++G1)
        for (uint64_t G0 = 0; G0 < Groups[0]; ++G0) {
          Env[groupIdSym(0)] = static_cast<int64_t>(G0);
          Env[groupIdSym(1)] = static_cast<int64_t>(G1);
          Env[groupIdSym(2)] = static_cast<int64_t>(G2);
          auto C = A.Bytes.Constant.evaluate(Env);
          auto C0 = A.Bytes.Lane[0].evaluate(Env), C1 = A.Bytes.Lane[1].evaluate(Env),
               C2 = A.Bytes.Lane[2].evaluate(Env);
          if (!C || !C0 || !C1 || !C2) {
            Why = "a coefficient of an address cannot be evaluated";
            return false;
          }
          for (uint64_t L2 = 0; L2 < R.Local[2]; ++L2)
            for (uint64_t L1 = 0; L1 < R.Local[1]; ++L1)
              for (uint64_t L0 = 0; L0 < R.Local[0]; ++L0) {
                uint64_t X = G0 * R.Local[0] + L0, Y = G1 * R.Local[1] + L1,
                         Z = G2 * R.Local[2] + L2;
                Visit(*C + *C0 * static_cast<int64_t>(L0) + *C1 * static_cast<int64_t>(L1) +
                          *C2 * static_cast<int64_t>(L2),
                      X + Groups[0] * R.Local[0] * (Y + Groups[1] * R.Local[1] * Z));
              }
        }
    // Next iteration of the counters, the last one fastest.
    size_t I = Iter.size();
    while (I > 0) {
      --I;
      if (++Iter[I] < (*Counters)[I].Trips) {
        Env[(*Counters)[I].Sym] = Iter[I];
        break;
      }
      Iter[I] = 0;
      Env[(*Counters)[I].Sym] = 0;
      if (I == 0)
        return true;
    }
    if (Iter.empty())
      return true;
  }
}

} // namespace

// Bytes moved: distinct elements each buffer has read and written over the NDRange. A buffer
// the spec sized whose accesses cannot be enumerated is counted whole when AllowWhole.
Footprint footprint(const KernelFacts &Facts, const KernelSetup &S,
                    const std::map<std::string, const clang::ParmVarDecl *> &ByName,
                    bool AllowWhole) {
  Footprint Out;
  NDRange Range = toRange(S);
  SymbolValues Bindings = scalarBindings(S);
  for (const ArgPlan &Arg : S.Args) {
    if (Arg.K != ArgPlan::Buffer)
      continue;
    auto PIt = ByName.find(Arg.Name);
    const clang::ParmVarDecl *P = PIt == ByName.end() ? nullptr : PIt->second;
    std::vector<bool> ReadBits(Arg.Elements), WriteBits(Arg.Elements);
    bool Any = false, Enumerated = true, AnyRead = false, AnyWrite = false;
    for (const MemoryAccess &Acc : Facts.accesses()) {
      if (!P || paramOf(Acc) != P)
        continue;
      Any = true;
      AnyRead |= Acc.Read;
      AnyWrite |= Acc.Write;
      int64_t Span = std::max<int64_t>(1, Acc.AccessBytes);
      std::string Why;
      bool UsedLoops = false;
      bool Ok = forEachOffset(
          Acc, Facts, Range, Bindings,
          [&](int64_t Off, uint64_t) {
            if (Off < 0)
              return;
            uint64_t First = uint64_t(Off) / Arg.TypeBytes,
                     Last = uint64_t(Off + Span - 1) / Arg.TypeBytes;
            for (uint64_t I = First; I <= Last && I < Arg.Elements; ++I) {
              if (Acc.Read)
                ReadBits[I] = true;
              if (Acc.Write)
                WriteBits[I] = true;
            }
          },
          Why, UsedLoops);
      Out.Loops |= Ok && UsedLoops;
      if (!Ok && Out.Why.empty())
        Out.Why = Arg.Name + ": " + Why;
      Enumerated &= Ok;
    }
    if (!Any)
      continue;
    if (!Enumerated && Arg.SizeFromSpec && AllowWhole) {
      // A buffer the spec sized is counted whole in each direction it is accessed, which is
      // what a kernel that sweeps it moves.
      std::fill(ReadBits.begin(), ReadBits.end(), AnyRead);
      std::fill(WriteBits.begin(), WriteBits.end(), AnyWrite);
      Out.WholeFromSpec = true;
    } else {
      Out.Exact &= Enumerated;
    }
    uint64_t R = std::count(ReadBits.begin(), ReadBits.end(), true) * Arg.TypeBytes;
    uint64_t W = std::count(WriteBits.begin(), WriteBits.end(), true) * Arg.TypeBytes;
    Out.Moved += R + W;
    auto add = [&](const char *Verb, uint64_t B) {
      if (!B)
        return;
      Out.Note += (Out.Note.empty() ? "" : ", ") + std::string(Verb) + " " + bytesText(B) + " of " +
                  Arg.Name;
    };
    add("reads", R);
    add("writes", W);
  }
  if (Out.Exact)
    Out.Note = (Out.Note.empty() ? std::string("no global memory traffic") : Out.Note) +
               " per launch (distinct elements per buffer and direction over " +
               dimsText(S.Global, S.Dims) + " work-items" +
               (Out.Loops ? " and the iterations of constant-bound loops" : "") +
               (Out.WholeFromSpec ? "; buffers sized by the spec with accesses that cannot be "
                                    "enumerated counted whole"
                                  : "") +
               ")";
  return Out;
}

std::optional<bool> writesOverlap(const KernelFacts &Facts, const KernelSetup &S) {
  NDRange Range = toRange(S);
  SymbolValues Bindings = scalarBindings(S);
  for (const MemoryAccess &Acc : Facts.accesses()) {
    if (!Acc.Write || !paramOf(Acc) || !Acc.Bytes.isAffine())
      continue;
    // Lanes of a work-group that share an address (`out[get_group_id(0)]` behind a guard the
    // enumeration does not see) say nothing about the NDRange.
    bool DistinctLanes = true;
    for (unsigned D = 0; D < S.Dims; ++D)
      DistinctLanes &= !Acc.Bytes.Lane[D].isZero();
    if (!DistinctLanes)
      continue;
    int64_t Unit = std::max<int64_t>(1, Acc.AccessBytes);
    std::vector<uint32_t> Owner; // work-item + 1 that last wrote each element
    bool Overlap = false, UsedLoops = false;
    std::string Why;
    bool Ok = forEachOffset(
        Acc, Facts, Range, Bindings,
        [&](int64_t Off, uint64_t Item) {
          if (Off < 0 || Overlap || Off % Unit)
            return;
          uint64_t I = uint64_t(Off / Unit);
          if (I >= (uint64_t(1) << 25))
            return;
          if (I >= Owner.size())
            Owner.resize(std::max<uint64_t>(I + 1, Owner.size() * 2), 0);
          uint32_t Id = static_cast<uint32_t>(Item + 1); // Item < MaxOffsets
          if (Owner[I] && Owner[I] != Id)
            Overlap = true;
          Owner[I] = Id;
        },
        Why, UsedLoops);
    if (!Ok)
      return std::nullopt;
    if (Overlap)
      return true;
  }
  return false;
}

} // namespace cllint::verify
