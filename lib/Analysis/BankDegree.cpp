#include "Analysis/BankDegree.h"

#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"

#include <algorithm>
#include <map>
#include <set>

namespace cllint {

using namespace analysis;

namespace {

// Distinct words per bank, max over banks, for each group of `Banks` lanes (one bank cycle);
// lanes switched off by a guard are left out. Example gets two lanes of the worst bank.
unsigned degree(const std::vector<int64_t> &Addrs, int64_t AccessBytes, const DeviceProfile &P,
                const std::vector<bool> &Active, std::optional<BankCollision> *Example) {
  unsigned Worst = 0;
  for (size_t G = 0; G < Addrs.size(); G += P.Banks) {
    std::map<int64_t, std::map<int64_t, size_t>> Words; // bank -> word -> first lane
    for (size_t L = G; L < std::min(Addrs.size(), G + P.Banks); ++L)
      if (L >= Active.size() || Active[L])
        for (int64_t B = 0; B < std::max<int64_t>(AccessBytes, 1); B += P.BankWidth) {
          int64_t W = (Addrs[L] + B) / P.BankWidth;
          Words[((W % P.Banks) + P.Banks) % P.Banks].emplace(W, L);
        }
    for (auto &[Bank, Set] : Words)
      if (Set.size() > Worst) {
        Worst = Set.size();
        if (Example && Set.size() > 1) {
          auto First = Set.begin(), Second = std::next(First);
          BankCollision C;
          C.LaneA = unsigned(First->second);
          C.LaneB = unsigned(Second->second);
          C.WordA = First->first;
          C.WordB = Second->first;
          C.Bank = Bank;
          if (C.LaneA > C.LaneB) {
            std::swap(C.LaneA, C.LaneB);
            std::swap(C.WordA, C.WordB);
          }
          *Example = C;
        }
      }
  }
  return Worst;
}

// The one loop variable with a replayable recurrence that the address's lane coefficients
// need, when the shape binds everything else.
const VNode *replayedSymbol(const MemoryAccess &A, const WorkGroupShape &Shape) {
  if (!A.Bytes.isAffine() || !A.ByteOffset)
    return nullptr;
  SymbolValues Env = firstGroupBindings(Shape.Size);
  std::vector<const VNode *> Syms;
  collectSymbols(A.ByteOffset, Syms);
  const VNode *Rec = nullptr;
  for (const VNode *S : Syms) {
    if (Env.count(S->Name))
      continue;
    bool InCoefficient = false;
    for (const Poly &C : A.Bytes.Lane)
      for (const std::string &N : C.symbols())
        InCoefficient |= N == S->Name;
    if (!InCoefficient)
      continue;
    if (!S->Recurrence || Rec)
      return nullptr;
    Rec = S;
  }
  return Rec;
}

// Components of one __local vector element that the same work-item reads or writes together
// (`t[lid].x`, `.y`, `.z`, `.w` on a float4) compile to one access of the vector's width. The
// fields of a record do not, even one the size of a vector: NVIDIA's compiler loads `.re` and
// `.im` of a struct of two doubles with two 8-byte loads (bench/hardware/local_width_probe.c).
// The access as the compiler issues it, or nullopt when A has no such sibling.
std::optional<MemoryAccess> vectorWidth(const KernelFacts &F, const MemoryAccess &A) {
  if (!A.ElementType->isVectorType() || A.AccessBytes >= A.ElementBytes || !A.ByteOffset)
    return std::nullopt;
  // The component's place in its element: the constant term's number (the symbolic terms,
  // `16*i` in `t[lid + i].y`, are whole elements).
  std::optional<int64_t> Own = linearize(A.ByteOffset).Constant.numericTerm();
  if (!Own || A.ElementBytes <= 0)
    return std::nullopt;
  for (const MemoryAccess &B : F.accesses()) {
    if (&B == &A || B.Base != A.Base || B.Function != A.Function || B.Context != A.Context ||
        B.Node != A.Node || B.Write != A.Write || B.ElementBytes != A.ElementBytes || !B.ByteOffset)
      continue;
    IndexForm Diff = linearize(vOp(VOp::Sub, {B.ByteOffset, A.ByteOffset}));
    std::optional<int64_t> Apart = Diff.Constant.constantValue();
    if (!Diff.isAffine() || !Diff.isUniform() || !Apart || *Apart == 0 ||
        std::abs(*Apart) >= A.ElementBytes)
      continue;
    MemoryAccess Wide = A;
    int64_t Component = ((*Own % A.ElementBytes) + A.ElementBytes) % A.ElementBytes;
    Wide.AccessBytes = A.ElementBytes;
    Wide.ByteOffset = vOp(VOp::Sub, {A.ByteOffset, vConst(Component)});
    Wide.Bytes = linearize(Wide.ByteOffset);
    return Wide;
  }
  return std::nullopt;
}

} // namespace

std::optional<BankDegree> bankDegree(const KernelFacts &F, const MemoryAccess &Access,
                                     const WorkGroupShape &Shape, const DeviceProfile &P) {
  std::optional<MemoryAccess> Wide = vectorWidth(F, Access);
  const MemoryAccess &A = Wide ? *Wide : Access;
  auto ideal = [&](size_t Lanes) {
    return std::max(1u, unsigned((std::min<size_t>(Lanes, P.Banks) *
                                      std::max<int64_t>(A.AccessBytes, P.BankWidth) +
                                  P.Banks * P.BankWidth - 1) /
                                 (P.Banks * P.BankWidth)));
  };
  int64_t ArrayBytes = A.ElementBytes;
  for (int64_t Dim : A.ArrayDims)
    ArrayBytes *= Dim;
  // Lanes that the conditions around the access switch off do not take part: the guards are
  // evaluated lane by lane with the address's bindings, and their own loop variables bound to
  // each plausible value (a guard that cannot be evaluated counts as true).
  if (singleLaneAccess(F, A, Shape.Size, P.WarpSize)) {
    BankDegree One; // one address: no conflict
    One.Active = true;
    return One;
  }
  Surroundings Around = enclosingConditions(F, A);
  unsigned GroupLanes = firstGroupLanes(Shape.Size);
  unsigned Warps = Around.Guards.empty() ? 1 : (GroupLanes + P.WarpSize - 1) / P.WarpSize;
  struct Outcome {
    bool Active = false;
    unsigned D = 0;
    std::optional<BankCollision> Example;
  };
  auto evaluateWith = [&](const SymbolValues &Extra) -> std::optional<Outcome> {
    SymbolValues Env = firstGroupBindings(Shape.Size);
    Env.insert(Extra.begin(), Extra.end());
    std::vector<SymbolValues> Combos = {{}};
    if (!Around.Guards.empty())
      if (auto C = symbolCombinations(Around.Guards, Around.LoopConditions, Env))
        Combos = std::move(*C);
    Outcome R;
    for (unsigned W = 0; W < Warps; ++W) {
      std::vector<int64_t> Xs = warpAddresses(A, Shape.Size, P.WarpSize, W, Extra);
      if (Xs.empty())
        return std::nullopt;
      for (const SymbolValues &Combo : Combos) {
        SymbolValues E = Env;
        E.insert(Combo.begin(), Combo.end());
        std::vector<bool> On(Xs.size(), true);
        for (const VExpr &G : Around.Guards) {
          std::vector<bool> Holds(Xs.size(), true);
          bool Known = true;
          for (size_t L = 0; L < Xs.size() && Known; ++L) {
            auto V = evaluate(G, laneIds(W * P.WarpSize + L, Shape.Size), E);
            Known = V.has_value();
            Holds[L] = V && *V;
          }
          if (Known)
            for (size_t L = 0; L < Xs.size(); ++L)
              On[L] = On[L] && Holds[L];
        }
        // A binding that puts every active lane outside the array is not one the access sees.
        size_t N = 0;
        bool Inside = A.ArrayDims.empty();
        for (size_t L = 0; L < Xs.size(); ++L)
          if (On[L]) {
            ++N;
            Inside |= Xs[L] >= 0 && Xs[L] < ArrayBytes;
          }
        if (!N || !Inside)
          continue;
        R.Active = true;
        std::optional<BankCollision> Ex;
        // Wide accesses (8 or 16 B a lane) take several passes even without a conflict: the
        // degree counts the passes beyond those.
        unsigned DX = degree(Xs, A.AccessBytes, P, On, &Ex), Ideal = ideal(N);
        unsigned Relative = (DX + Ideal - 1) / Ideal;
        if (DX > Ideal && Relative > 1 && Relative > R.D) {
          R.D = Relative;
          R.Example = Ex;
          if (R.Example) {
            R.Example->LaneA += W * P.WarpSize;
            R.Example->LaneB += W * P.WarpSize;
          }
        }
      }
    }
    return R;
  };
  BankDegree Out;
  if (auto R = evaluateWith({})) {
    Out.Active = R->Active;
    Out.Degree = R->D;
    Out.MeanReplays = R->D ? R->D - 1 : 0;
    Out.Example = R->Example;
    return Out;
  }
  // A loop variable in the address (`offset` doubled in one loop, halved in the next) is
  // replayed over its plausible values; the worst one is reported.
  const VNode *Rec = replayedSymbol(A, Shape);
  if (!Rec)
    return std::nullopt;
  // Scaled in lockstep with the loop's own variable (a Blelloch sweep: `tid < d` with
  // `offset` = n / 2d), the two are replayed together; otherwise each value of the symbol
  // meets every value of the guard's variables.
  std::vector<SymbolValues> Bindings;
  auto Pairs = lockstepValues(*Rec, firstGroupBindings(Shape.Size));
  if (Pairs)
    Bindings = std::move(*Pairs);
  else
    for (int64_t X : plausibleValues(*Rec, firstGroupBindings(Shape.Size)))
      Bindings.push_back({{Rec->Name, X}});
  double Replays = 0;
  for (const SymbolValues &Binding : Bindings) {
    int64_t X = Binding.at(Rec->Name);
    auto RX = evaluateWith(Binding);
    if (!RX || !RX->Active)
      continue;
    Out.Active = true;
    ++Out.ValuesTotal;
    if (!RX->D)
      continue;
    Replays += RX->D - 1;
    ++Out.ValuesConflict;
    if (RX->D > Out.Degree) {
      Out.Degree = RX->D;
      Out.SymbolValue = X;
      Out.Example = RX->Example;
    }
  }
  Out.Symbol = Rec->Name;
  Out.MeanReplays = Out.Degree ? Out.Degree - 1 : 0;
  if (Pairs && Out.ValuesTotal)
    Out.MeanReplays = Replays / Out.ValuesTotal;
  return Out;
}

} // namespace cllint
