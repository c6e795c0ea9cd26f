#include "Analysis/KernelCost.h"

#include "Analysis/AccessQueries.h"
#include "Analysis/BankDegree.h"
#include "Analysis/TUAnalysis.h"
#include "Analysis/WalkTraffic.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

namespace cllint::analysis {

namespace {

bool isGlobal(const MemoryAccess &A) {
  return A.AddressSpace == clang::LangAS::opencl_global ||
         A.AddressSpace == clang::LangAS::opencl_constant;
}

std::string accessText(const MemoryAccess &A) {
  std::string Kind = A.Read && A.Write ? "load/store" : (A.Write ? "store" : "load");
  return Kind + " of '" + A.Base->getNameAsString() + "'";
}

} // namespace

double CostParts::time() const {
  double Max = std::max({Memory, Local, Instructions});
  return Max + 0.1 * (Memory + Local + Instructions - Max);
}

KernelCost::KernelCost(const KernelFacts &F, const std::array<unsigned, 3> &Shape,
                       const DeviceProfile &P, std::optional<double> ResidentItems)
    : F(F), P(P), Shape(Shape), ResidentItems(ResidentItems), Weights(F, Shape, P.WarpSize) {
  const std::vector<FlowNode> &Nodes = F.nodes();
  for (size_t I = 0; I < Nodes.size(); ++I) {
    const NodeWeight &W = Weights.node(unsigned(I));
    double Cycles = instructionCycles(Nodes[I].Work);
    if (Cycles <= 0 || W.PerWarp <= 0)
      continue;
    Parts.Instructions += Cycles * W.PerWarp;
    CostSite S;
    S.Where = Nodes[I].Owner;
    S.What = Nodes[I].K == FlowNode::Loop   ? "loop body"
             : Nodes[I].K == FlowNode::Root ? "kernel body"
                                            : "branch";
    S.Resource = "instructions";
    S.Cycles = Cycles * W.PerWarp;
    S.PerItem = W.PerItem;
    S.PerRun = Cycles;
    Sites.push_back(S);
  }
  addMemory();
  addImages();
  std::stable_sort(Sites.begin(), Sites.end(),
                   [](const CostSite &A, const CostSite &B) { return A.Cycles > B.Cycles; });
}

void KernelCost::addMemory() {
  int64_t Unit = std::max(1u, P.SectorBytes);
  // A warp never holds work-items of two work-groups: a group of 8 fills 8 lanes of its warp.
  unsigned W = unsigned(std::min<uint64_t>(groupItems(), std::max(1u, P.WarpSize)));
  auto add = [&](const MemoryAccess &A, double PerRun, bool Local) {
    const NodeWeight &NW = Weights.node(A.Node);
    if (NW.PerWarp <= 0)
      return;
    CostSite S;
    S.Where = A.E;
    S.What = accessText(A);
    S.Resource = Local ? "local" : "memory";
    S.PerItem = NW.PerItem;
    S.PerRun = PerRun;
    S.Cycles = Local ? PerRun * NW.PerWarp / P.LocalPerCycle
                     : PerRun * NW.PerWarp * double(Unit) / P.MemoryBytesPerCycle;
    (Local ? Parts.Local : Parts.Memory) += S.Cycles;
    Sites.push_back(S);
  };
  auto addL1Reads = [&](const MemoryAccess &A, double Wavefronts) {
    const NodeWeight &NW = Weights.node(A.Node);
    if (NW.PerWarp <= 0)
      return;
    CostSite S;
    S.Where = A.E;
    S.What = accessText(A) + " from L1";
    S.Resource = "local";
    S.PerItem = NW.PerItem;
    S.PerRun = Wavefronts;
    S.Cycles = Wavefronts * NW.PerWarp / P.LocalPerCycle;
    Parts.Local += S.Cycles;
    Sites.push_back(S);
  };
  // A load each lane walks through its own line, which L1 keeps between iterations (a load the
  // whole warp shares is no walk).
  auto cachedWalk = [&](const MemoryAccess &A) {
    return ResidentItems && loadWalkStaysInCache(F, A, *ResidentItems, P);
  };
  // Sectors one warp's run of a lone access fetches; unknown addresses count as coalesced
  // (gathers the analysis cannot see are not charged to a finding) or, when uniform, as one.
  auto sectors = [&](const MemoryAccess &A) -> double {
    // A work-item's own walk whose lines the cache keeps between iterations fetches only what
    // the warp uses (its L1 reads are charged apart); stores reach memory as partial sectors.
    if (cachedWalk(A))
      return double((int64_t(W) * A.AccessBytes + Unit - 1) / Unit);
    // A load the group's warps share from L1: memory serves each of its sectors once.
    if (A.Bytes.K == IndexForm::UnknownVarying)
      if (std::optional<double> Shared = sectorsSharedByGroup(A, Shape, P))
        return *Shared;
    // A symbolic row pitch across the warp counts as a large one (a new sector per row).
    std::string Pitch;
    std::vector<int64_t> Addrs = warpAddresses(A, Shape, W, 0, {}, &Pitch);
    if (!Addrs.empty())
      return double(warpTraffic(Addrs, A.AccessBytes, Unit).Touched);
    if (!dependsOnLanes(A.ByteOffset))
      return 1;
    return double((int64_t(W) * A.AccessBytes + Unit - 1) / Unit);
  };
  std::vector<const MemoryAccess *> Global;
  for (const MemoryAccess &A : F.accesses()) {
    if (isGlobal(A)) {
      Global.push_back(&A);
    } else if (A.AddressSpace == clang::LangAS::opencl_local) {
      WorkGroupShape WS;
      WS.Size = Shape;
      std::optional<BankDegree> D = bankDegree(F, A, WS, P);
      add(A, D ? std::max(1u, D->Degree) : 1.0, true);
    }
  }
  for (const SiblingGroup &G : siblingGroups(F, Global, Shape)) {
    int64_t Widest = 0;
    for (const MemoryAccess *A : G.Members)
      Widest = std::max(Widest, A->AccessBytes);
    // A record each work-item walks in a counted loop (`a[gid * 256 + i]`, i < 256): what the
    // loop fetches in all, per iteration (the lines come back from the cache for the next
    // iterations), as the rule judges it.
    size_t Runs = loopOffsets(F, *G.Members.front()).size();
    if (Runs > 1 && G.StrideBytes)
      if (std::optional<WarpTraffic> T = groupTraffic(F, G, Shape, W, Unit); T && T->Touched) {
        // Each run of a walk spreads over a sector per lane: a store's partial sectors reach
        // memory as they are (nothing combines them), a load's come from L1 at the rate of its
        // data reads (WalkTraffic.h).
        bool Walk = walkRunTraffic(F, G, Shape, P).has_value();
        for (const MemoryAccess *A : G.Members) {
          if (Walk && A->Write) {
            add(*A, sectors(*A), false);
            continue;
          }
          add(*A, double(T->Touched) / double(Runs) / double(G.Members.size()), false);
          if (Walk)
            addL1Reads(*A, double(l1Wavefronts(warpAddresses(*A, Shape, W), A->AccessBytes, P)));
        }
        continue;
      }
    std::vector<int64_t> Lanes;
    if (G.Members.size() > 1 && std::abs(G.StrideBytes) > Widest)
      Lanes = warpAddresses(*G.Members.front(), Shape, W);
    if (Lanes.empty()) {
      for (const MemoryAccess *A : G.Members) {
        add(*A, sectors(*A), false);
        // Each load of a cache-resident walk still reads a sector per lane from L1.
        if (cachedWalk(*A))
          addL1Reads(*A, double(l1Wavefronts(warpAddresses(*A, Shape, W), A->AccessBytes, P)));
      }
      continue;
    }
    // Fields of one record per work-item: fetched together, shared out among the members.
    std::vector<int64_t> All;
    for (size_t I = 0; I < G.Members.size(); ++I)
      for (int64_t L : Lanes)
        for (int64_t B = 0; B < G.Members[I]->AccessBytes; B += std::max<int64_t>(1, Widest))
          All.push_back(L + G.Offsets[I] + B);
    double Touched = double(warpTraffic(All, Widest, Unit).Touched);
    for (const MemoryAccess *A : G.Members)
      add(*A, Touched / double(G.Members.size()), false);
  }
}

void KernelCost::addImages() {
  // Texels of neighbouring work-items are neighbours in the image: the texture path fetches
  // what a warp uses, so image traffic counts at its useful bytes.
  const std::vector<FlowNode> &Nodes = F.nodes();
  for (size_t I = 0; I < Nodes.size(); ++I) {
    const NodeWeight &W = Weights.node(unsigned(I));
    if (Nodes[I].ImageBytes <= 0 || W.PerWarp <= 0)
      continue;
    CostSite S;
    S.Where = Nodes[I].Owner;
    S.What = "image reads and writes";
    S.Resource = "memory";
    S.PerItem = W.PerItem;
    S.PerRun = Nodes[I].ImageBytes * P.WarpSize / std::max(1u, P.SectorBytes);
    S.Cycles = Nodes[I].ImageBytes * P.WarpSize * W.PerWarp / P.MemoryBytesPerCycle;
    Parts.Memory += S.Cycles;
    Sites.push_back(S);
  }
}

double KernelCost::instructionCycles(const OpCounts &Ops) const {
  return Ops.Alu / P.IssuePerCycle + Ops.Fp64 / P.Fp64PerCycle + Ops.Convert / P.ConvertPerCycle +
         Ops.Special / P.SpecialPerCycle;
}

std::vector<std::string> KernelCost::assumptions() const {
  std::vector<std::string> Out;
  std::set<std::string> Seen;
  for (size_t I = 0; I < Weights.size(); ++I)
    for (const std::string &A : Weights.node(unsigned(I)).Assumptions)
      if (Seen.insert(A).second)
        Out.push_back(A);
  return Out;
}

ImpactEstimate KernelCost::estimate(const CostParts &Removed, const char *Resource,
                                    double ResourceTotal, double ResourceRemoved) const {
  ImpactEstimate E;
  E.Kernel = F.kernel().Decl->getNameAsString();
  CostParts After;
  After.Memory = std::max(0.0, Parts.Memory - Removed.Memory);
  After.Local = std::max(0.0, Parts.Local - Removed.Local);
  After.Instructions = std::max(0.0, Parts.Instructions - Removed.Instructions);
  double Before = Parts.time();
  E.Share = Before > 0 ? std::clamp((Before - After.time()) / Before, 0.0, 1.0) : 0;
  E.Resource = Resource;
  E.ResourceShare = ResourceTotal > 0 ? std::clamp(ResourceRemoved / ResourceTotal, 0.0, 1.0) : 0;
  return E;
}

ImpactEstimate KernelCost::impact(const NodeWeight &W, const Excess &PerRun) const {
  CostParts Removed;
  Removed.Memory = PerRun.Sectors * W.PerWarp * P.SectorBytes / P.MemoryBytesPerCycle;
  Removed.Local = PerRun.Wavefronts * W.PerWarp / P.LocalPerCycle;
  Removed.Instructions = instructionCycles(PerRun.Ops) * W.PerWarp;
  ImpactEstimate E;
  if (Removed.Memory >= Removed.Local && Removed.Memory >= Removed.Instructions)
    E = estimate(Removed, "global memory traffic", Parts.Memory, Removed.Memory);
  else if (Removed.Local >= Removed.Instructions)
    E = estimate(Removed, "L1 and __local data time", Parts.Local, Removed.Local);
  else
    E = estimate(Removed, "instruction time", Parts.Instructions, Removed.Instructions);
  E.PerItem = W.PerItem;
  E.Assumptions = W.Assumptions;
  return E;
}

std::optional<ImpactEstimate> KernelCost::idleLanes(const clang::Stmt *Owner) const {
  const std::vector<FlowNode> &Nodes = F.nodes();
  std::vector<unsigned> Roots;
  for (size_t I = 0; I < Nodes.size(); ++I)
    if (Nodes[I].Owner == Owner && Nodes[I].K != FlowNode::Root)
      Roots.push_back(unsigned(I));
  if (Roots.empty())
    return std::nullopt;
  CostParts Removed;
  NodeWeight First;
  First.PerItem = 0;
  for (size_t I = 0; I < Nodes.size(); ++I) {
    bool Inside = llvm::any_of(Roots, [&](unsigned R) { return Weights.within(unsigned(I), R); });
    if (!Inside)
      continue;
    const NodeWeight &W = Weights.node(unsigned(I));
    Removed.Instructions += instructionCycles(Nodes[I].Work) * std::max(0.0, W.PerWarp - W.PerItem);
  }
  for (unsigned R : Roots) {
    const NodeWeight &W = Weights.node(Nodes[R].Parent < 0 ? R : unsigned(Nodes[R].Parent));
    First.PerItem = std::max(First.PerItem, W.PerItem);
    for (const std::string &A : W.Assumptions)
      if (!llvm::is_contained(First.Assumptions, A))
        First.Assumptions.push_back(A);
  }
  ImpactEstimate E =
      estimate(Removed, "instruction time", Parts.Instructions, Removed.Instructions);
  E.PerItem = First.PerItem;
  E.Assumptions = First.Assumptions;
  return E;
}

uint64_t KernelCost::groupItems() const { return std::max<uint64_t>(1, workGroupItems(Shape)); }

CostParts KernelCost::perItem() const {
  double Items = double(groupItems());
  double Warp = std::max(1u, P.WarpSize);
  // Issue slots are shared by the work-items of each warp, on average; sectors are those of the
  // first warp's lanes, which the estimate counts.
  double PerWarp = Items / std::ceil(Items / Warp), FirstWarp = std::min(Items, Warp);
  CostParts Out;
  Out.Memory = Parts.Memory / FirstWarp;
  Out.Local = Parts.Local / PerWarp;
  Out.Instructions = Parts.Instructions / PerWarp;
  return Out;
}

ImpactEstimate KernelCost::widenedGroups(const KernelCost &Full, double IdleShare) const {
  double Before = perItem().time(), After = Full.perItem().time();
  ImpactEstimate E;
  E.Kernel = F.kernel().Decl->getNameAsString();
  E.Share = Before > 0 ? std::clamp((Before - After) / Before, 0.0, 1.0) : 0;
  E.Resource = "issued lanes";
  E.ResourceShare = std::clamp(IdleShare, 0.0, 1.0);
  E.PerItem = 1;
  E.Assumptions = assumptions();
  return E;
}

std::optional<ImpactEstimate> KernelCost::switchIdleLanes(const clang::ASTContext &Ctx,
                                                          const clang::FunctionDecl *Fn,
                                                          const clang::SwitchStmt *Switch) const {
  NodeWeight W = Weights.at(Fn, Switch);
  if (W.PerWarp <= 0)
    return std::nullopt;
  // The body's own instructions, run where the switch runs; loops and branch arms inside it
  // are flow nodes of their own, counted with their weights.
  OpCounts Direct;
  std::set<const clang::Stmt *> Owners;
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *S) {
    if (!S)
      return;
    if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt, clang::IfStmt>(S)) {
      Owners.insert(S);
      return;
    }
    Direct += opCost(S, Ctx);
    for (const clang::Stmt *C : S->children())
      Walk(C);
  };
  Walk(Switch->getBody());
  double Cycles = instructionCycles(Direct) * W.PerWarp;
  const std::vector<FlowNode> &Nodes = F.nodes();
  std::vector<unsigned> Roots;
  for (size_t I = 0; I < Nodes.size(); ++I)
    if (Owners.count(Nodes[I].Owner) && Nodes[I].K != FlowNode::Root)
      Roots.push_back(unsigned(I));
  for (size_t I = 0; I < Nodes.size(); ++I)
    if (llvm::any_of(Roots, [&](unsigned R) { return Weights.within(unsigned(I), R); }))
      Cycles += instructionCycles(Nodes[I].Work) * Weights.node(unsigned(I)).PerWarp;
  CostParts Removed;
  Removed.Instructions = Cycles / 2;
  ImpactEstimate E =
      estimate(Removed, "instruction time", Parts.Instructions, Removed.Instructions);
  E.PerItem = W.PerItem;
  E.Assumptions = W.Assumptions;
  return E;
}

} // namespace cllint::analysis
