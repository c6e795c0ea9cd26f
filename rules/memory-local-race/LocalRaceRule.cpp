// memory-local-race: __local data one work-item writes and another reads (or writes) with no
// barrier between them: the unrolled last-warp reduction `if (lid < 32) { s[lid] += s[lid + 16];
// ... }`, a broadcast read right after the write. Within one warp the code relies on lanes
// running in lockstep, which OpenCL does not promise; across warps it is a plain race.
#include "Analysis/AccessQueries.h"
#include "Analysis/Surroundings.h"
#include "Analysis/Uniformity.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "clang/AST/ParentMapContext.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace cllint {
namespace {

using namespace analysis;

// One conflicting pair found: Writer's bytes read (or written) by Other.
struct Conflict {
  unsigned Writer = 0, Other = 0; // lanes of the first work-group
  int64_t Byte = 0;
  bool SameWarp = true; // every conflicting pair of the two accesses lies within one warp
};

// The bytes each lane touches through A, with every guard around A evaluated lane by lane;
// nullopt when an address or a guard cannot be computed (no claim is made then).
std::optional<std::vector<std::optional<int64_t>>>
laneBytes(const KernelFacts &F, const MemoryAccess &A, const std::array<unsigned, 3> &Shape,
          unsigned Lanes, const SymbolValues &Env) {
  Surroundings Around = flowConditions(F, int(A.Node));
  std::vector<std::optional<int64_t>> Out(Lanes);
  for (unsigned L = 0; L < Lanes; ++L) {
    bool On = true;
    for (const VExpr &G : Around.Guards) {
      auto V = evaluate(G, laneIds(L, Shape), Env);
      if (!V)
        return std::nullopt;
      On &= *V != 0;
    }
    if (!On)
      continue;
    auto X = evaluate(A.ByteOffset, laneIds(L, Shape), Env);
    if (!X)
      return std::nullopt;
    Out[L] = *X;
  }
  return Out;
}

// Whether W stores one value that is the same for every work-item (`shared[i] = in[g*N + i]`
// with i a loop counter): when each work-item writes such a location itself before reading
// it, whichever write it sees holds the value it wrote.
bool storesUniformValue(const KernelFacts &F, clang::ASTContext &Ctx, const MemoryAccess &W) {
  if (!W.Write || W.Read || !W.Context)
    return false;
  for (const clang::DynTypedNode &P : Ctx.getParents(*W.E))
    if (const auto *B = P.get<clang::BinaryOperator>();
        B && B->getOpcode() == clang::BO_Assign &&
        B->getLHS()->IgnoreParenImpCasts() == W.E->IgnoreParenImpCasts()) {
      VExpr V = F.valueIn(*W.Context, B->getRHS());
      return V && !dependsOnLanes(V);
    }
  return false;
}

// The first pair of lanes of the first work-group where W writes bytes that R (another lane)
// reads or writes, under every binding of the loop variables both share. UniformStore: W
// stores one value for every work-item (storesUniformValue).
// With Assumed (a guessed shape), only work-items of one row (same ids beyond dimension 0) and
// one warp are compared: the rows and the group's size are a guess, the warp is not.
std::optional<Conflict> conflict(const KernelFacts &F, const MemoryAccess &W, const MemoryAccess &R,
                                 const std::array<unsigned, 3> &Shape, unsigned WarpSize,
                                 bool Assumed, bool UniformStore) {
  unsigned Lanes = firstGroupLanes(Shape);
  SymbolValues Base = firstGroupBindings(Shape);
  std::vector<VExpr> Exprs = {W.ByteOffset, R.ByteOffset};
  Surroundings SW = flowConditions(F, int(W.Node)), SR = flowConditions(F, int(R.Node));
  Exprs.insert(Exprs.end(), SW.Guards.begin(), SW.Guards.end());
  Exprs.insert(Exprs.end(), SR.Guards.begin(), SR.Guards.end());
  std::vector<VExpr> Loops = SW.LoopConditions;
  Loops.insert(Loops.end(), SR.LoopConditions.begin(), SR.LoopConditions.end());
  auto Combos = symbolCombinations(Exprs, Loops, Base, 3, 64);
  if (!Combos)
    return std::nullopt;
  std::optional<Conflict> Found;
  for (const SymbolValues &C : *Combos) {
    SymbolValues Env = Base;
    Env.insert(C.begin(), C.end());
    auto WB = laneBytes(F, W, Shape, Lanes, Env), RB = laneBytes(F, R, Shape, Lanes, Env);
    if (!WB || !RB)
      return std::nullopt;
    std::map<int64_t, unsigned> Written; // byte -> lane
    for (unsigned L = 0; L < Lanes; ++L)
      if ((*WB)[L])
        for (int64_t B = 0; B < W.AccessBytes; ++B)
          Written.emplace(*(*WB)[L] + B, L);
    for (unsigned L = 0; L < Lanes; ++L) {
      if (!(*RB)[L])
        continue;
      for (int64_t B = 0; B < R.AccessBytes; ++B) {
        auto It = Written.find(*(*RB)[L] + B);
        // A reader that wrote this byte itself, the same value as everyone: nothing to race.
        if (UniformStore && (*WB)[L] && *(*RB)[L] + B >= *(*WB)[L] &&
            *(*RB)[L] + B < *(*WB)[L] + W.AccessBytes)
          continue;
        bool Same = It != Written.end() && It->second / WarpSize == L / WarpSize;
        if (It == Written.end() || It->second == L ||
            (Assumed &&
             (!Same || It->second / std::max(1u, Shape[0]) != L / std::max(1u, Shape[0]))))
          continue;
        if (!Found)
          Found = Conflict{It->second, L, It->first, Same};
        else if (!Same && Found->SameWarp)
          Found = Conflict{It->second, L, It->first, false};
        break;
      }
    }
  }
  return Found;
}

class LocalRaceRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    const TUAnalysis &A = Ctx.analysis();
    // One finding per array and stretch between barriers: (array, barriers before it).
    std::set<std::tuple<const KernelInfo *, const clang::ValueDecl *, size_t>> Reported;
    for (const KernelInfo &K : A.kernels().kernels()) {
      const KernelFacts &F = A.facts(K);
      std::vector<unsigned> Barriers;
      for (const SyncSite &S : F.syncSites())
        if (S.K == SyncSite::Barrier || S.K == SyncSite::SubGroupBarrier)
          Barriers.push_back(S.Order);
      auto stretch = [&](unsigned X) {
        return size_t(std::upper_bound(Barriers.begin(), Barriers.end(), X) - Barriers.begin());
      };
      auto barrierBetween = [&](unsigned X, unsigned Y) {
        auto It = std::upper_bound(Barriers.begin(), Barriers.end(), std::min(X, Y));
        return It != Barriers.end() && *It < std::max(X, Y);
      };
      std::set<const clang::Expr *> Sites; // one finding per racing access site
      std::vector<const MemoryAccess *> Local;
      for (const MemoryAccess &M : F.accesses())
        if (M.AddressSpace == clang::LangAS::opencl_local && M.ByteOffset)
          Local.push_back(&M);
      for (const WorkGroupShape &Shape : A.workGroupShapes(K))
        for (const MemoryAccess *W : Local) {
          if (!W->Write)
            continue;
          for (const MemoryAccess *R : Local) {
            if (R->Base != W->Base || R->Context != W->Context || R->Order <= W->Order ||
                barrierBetween(W->Order, R->Order) ||
                Reported.count({&K, W->Base, stretch(W->Order)}))
              continue;
            std::optional<Conflict> C =
                conflict(F, *W, *R, Shape.Size, Ctx.profile().WarpSize, Shape.Assumed,
                         storesUniformValue(F, Ctx.ast(), *W));
            // Across warps the pair rests on the group's size, which a guessed shape gets wrong
            // (tiles of two elements per work-item taken for one each): no claim then.
            if (!C || (!C->SameWarp && Shape.Assumed) || !Sites.insert(R->E).second)
              continue;
            Reported.insert({&K, W->Base, stretch(W->Order)});
            report(Ctx, K, *W, *R, *C, Shape);
            break;
          }
        }
    }
  }

private:
  void report(RuleContext &Ctx, const KernelInfo &K, const MemoryAccess &W, const MemoryAccess &R,
              const Conflict &C, const WorkGroupShape &Shape) {
    std::string Name = W.Base->getNameAsString();
    std::string Warp = warpWord(Ctx.profile());
    std::string Msg = "__local '" + Name + "' is written by work-item " + std::to_string(C.Writer) +
                      " and " + (R.Write && !R.Read ? "written" : "read") + " by work-item " +
                      std::to_string(C.Other) + " (byte " + std::to_string(C.Byte) +
                      ") with no barrier between them in kernel '" + K.Decl->getNameAsString() +
                      "'";
    if (C.SameWarp)
      Msg += ": both are in one " + Warp + ", so the code relies on the " + Warp +
             "'s lanes running in lockstep, which OpenCL does not promise (independent thread "
             "scheduling, other " +
             Warp +
             " widths; without 'volatile' the compiler may also "
             "keep the value in a register). Put a barrier between the write and the read, "
             "or use a sub-group or work-group function (sub_group_reduce_add, "
             "work_group_reduce_add)";
    else
      Msg += ": they are in different " + Warp +
             "s, which run in no fixed order, so the read "
             "may see the old value; put a barrier(CLK_LOCAL_MEM_FENCE) between them";
    Msg += shapeCaveatText(Shape);
    FindingBuilder B = Ctx.report(R.E->getBeginLoc(), std::move(Msg));
    B.range(R.E->getSourceRange());
    B.shape(Shape);
    // The same pattern repeated in one kernel (one unrolled reduction per component of a
    // vector) folds into one finding listing its sites.
    B.group("memory-local-race:" + K.Decl->getNameAsString() + ":" + Name);
    if (C.SameWarp)
      B.severity(Severity::Warning);
    B.note(W.E->getBeginLoc(), "the write of '" + Name + "'");
  }
};

} // namespace

std::unique_ptr<Rule> createLocalRaceRule() { return std::make_unique<LocalRaceRule>(); }

} // namespace cllint
