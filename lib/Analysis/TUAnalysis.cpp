#include "Analysis/TUAnalysis.h"

#include "Config/RuleSelection.h"
#include "Diagnostics/ClangLocations.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

namespace cllint::analysis {

std::string shapeString(const std::array<unsigned, 3> &S) {
  return std::to_string(S[0]) + "x" + std::to_string(S[1]) + "x" + std::to_string(S[2]);
}

TUAnalysis::TUAnalysis(clang::ASTContext &Ctx, const DeviceProfile &Profile,
                       std::optional<std::array<unsigned, 3>> ConfiguredWorkGroup,
                       const LaunchTable *Launches, const std::vector<ConfiguredKernel> *Configured)
    : Ctx(Ctx), Profile(Profile), ConfiguredWorkGroup(ConfiguredWorkGroup), Launches(Launches),
      Configured(Configured), Kernels(KernelModel::build(Ctx)) {}

WorkGroupShape TUAnalysis::workGroupShape(const KernelInfo &K) const {
  return workGroupShapes(K).front();
}

std::vector<WorkGroupShape> TUAnalysis::workGroupShapes(const KernelInfo &K) const {
  // A required shape no device can launch (launch-work-group-size reports it) says nothing
  // about warps, and enumerating its lanes would take forever.
  if (K.Required && workGroupItems(K.Required->Size) != 0 &&
      workGroupItems(K.Required->Size) <= MaxWorkGroupItems)
    return {{K.Required->Size, "reqd_work_group_size", false, {}}};
  std::string Name = K.Decl->getNameAsString();
  if (Configured)
    for (const ConfiguredKernel &C : *Configured)
      if (C.WorkGroup && globMatch(C.NameGlob, Name))
        return {{*C.WorkGroup, "config kernels: entry at " + C.Source, false, {}}};
  if (Launches)
    if (std::vector<WorkGroupShape> S = hostShapes(Name); !S.empty())
      return S;
  if (ConfiguredWorkGroup)
    return {{*ConfiguredWorkGroup, "config", false, {}}};
  if (std::optional<WorkGroupShape> Inferred = inferredShape(K))
    return {*Inferred};
  return {defaultShape(K)};
}

std::vector<WorkGroupShape> TUAnalysis::hostShapes(const std::string &Kernel) const {
  // Each distinct shape the host launches the kernel with is analysed: a finding names the
  // launch it holds for and the shapes it was not seen under.
  std::vector<WorkGroupShape> Out;
  const std::vector<KernelLaunch> *L = Launches->hostLaunches(Kernel);
  if (!L)
    return Out;
  for (const KernelLaunch &Launch : *L) {
    if (workGroupItems(Launch.Local) > MaxWorkGroupItems)
      continue;
    bool Seen = false;
    for (const WorkGroupShape &S : Out)
      Seen |= S.Size == Launch.Local;
    if (!Seen)
      Out.push_back({Launch.Local, Launch.Source, false, {}});
  }
  for (WorkGroupShape &S : Out)
    for (const WorkGroupShape &Other : Out)
      if (Other.Size != S.Size)
        S.Others.push_back(shapeString(Other.Size) + " by the " + Other.Source);
  return Out;
}

namespace {

// The lane dimensions a value depends on, as a bit mask.
unsigned laneDims(const VExpr &E, std::set<const VNode *> &Seen) {
  if (!E || !E->Lanes || !Seen.insert(E.get()).second)
    return 0;
  if (E->Op == VOp::Lane)
    return 1u << E->Value;
  unsigned M = 0;
  for (const VExpr &O : E->Ops)
    M |= laneDims(O, Seen);
  return M;
}

// The lane dimensions the kernel's addresses and branches depend on.
unsigned usedLaneDims(const KernelFacts &F) {
  std::set<const VNode *> Seen;
  unsigned Used = 0;
  for (const MemoryAccess &A : F.accesses())
    Used |= laneDims(A.ByteOffset, Seen);
  for (const BranchCondition &C : F.conditions())
    Used |= laneDims(C.Value, Seen);
  return Used;
}

unsigned floorPowerOfTwo(int64_t N) {
  unsigned P = 1;
  while (int64_t(P) * 2 <= N && P < (1u << 30))
    P *= 2;
  return P;
}

unsigned ceilPowerOfTwo(int64_t N) {
  unsigned P = 1;
  while (int64_t(P) < N && P < (1u << 30))
    P *= 2;
  return P;
}

// The smallest size of dimension D that a comparison of its lane id with a constant implies:
// `lid < 64` or `lid >= 64` would be decided the same way for every work-item of a smaller
// group, so the group has more than 64 work-items in that dimension.
std::optional<std::pair<unsigned, int64_t>> guardedSize(const VExpr &E) {
  if (!E || E->Ops.size() != 2)
    return std::nullopt;
  const VExpr *Id = &E->Ops[0], *C = &E->Ops[1];
  VOp Op = E->Op;
  if ((*Id)->Op == VOp::Const) { // `64 > lid` is `lid < 64`
    std::swap(Id, C);
    Op = Op == VOp::Lt   ? VOp::Gt
         : Op == VOp::Gt ? VOp::Lt
         : Op == VOp::Le ? VOp::Ge
         : Op == VOp::Ge ? VOp::Le
                         : Op;
  }
  if ((*Id)->Op != VOp::Lane || (*C)->Op != VOp::Const || (*C)->Value < 1)
    return std::nullopt;
  int64_t N = (*C)->Value;
  if (Op == VOp::Lt || Op == VOp::Ge)
    return std::make_pair(unsigned((*Id)->Value), N + 1);
  if (Op == VOp::Le || Op == VOp::Gt)
    return std::make_pair(unsigned((*Id)->Value), N + 2);
  return std::nullopt;
}

// Whether a condition tests the work-group's own size (`if (n > 1024)` with `n` from
// `get_local_size(0)`): code written for any group size, whose lane guards imply none.
bool testsLocalSize(const BranchCondition &C) {
  std::vector<const VNode *> Syms;
  collectSymbols(C.Value, Syms);
  for (const VNode *S : Syms)
    for (unsigned D = 0; D < 3; ++D)
      if (S->Name == localSizeSym(D))
        return true;
  return false;
}

// guardedSize of a condition and of each operand of its `&&` / `||` chain.
std::vector<std::pair<unsigned, int64_t>> guardedSizes(const BranchCondition &C) {
  std::vector<std::pair<unsigned, int64_t>> Out;
  if (auto G = guardedSize(C.Value))
    Out.push_back(*G);
  for (const auto &P : C.Parts)
    if (auto G = guardedSize(P.second))
      Out.push_back(*G);
  return Out;
}

// Total work-items (a power of two) over the dimensions in the mask Dims, the first ones getting
// the larger share: 256 over two is 16x16, over three 8x8x4.
std::array<unsigned, 3> spreadOverDims(unsigned Total, unsigned Dims) {
  unsigned Bits = 0;
  while ((2u << Bits) <= Total)
    ++Bits;
  std::array<unsigned, 3> Size = {1, 1, 1};
  for (unsigned D = 0, Left = std::popcount(Dims); D < 3; ++D)
    if ((Dims >> D) & 1) {
      unsigned Share = (Bits + Left - 1) / Left;
      Size[D] = 1u << Share;
      Bits -= Share;
      --Left;
    }
  return Size;
}

} // namespace

std::string TUAnalysis::guardText(const clang::Expr *Cond) const {
  return "'" + sourceText(Ctx, Cond) + "' at line " +
         std::to_string(Ctx.getSourceManager().getPresumedLineNumber(Cond->getBeginLoc()));
}

WorkGroupShape TUAnalysis::defaultShape(const KernelInfo &K) const {
  // The profile's default spread over the dimensions the kernel uses: a 2-D kernel analysed as
  // 256x1x1 would see every work-item in row 0.
  const KernelFacts &F = facts(K);
  unsigned Used = usedLaneDims(F);
  std::array<unsigned, 3> Size = Profile.DefaultWorkGroup;
  std::string Source = "profile default";
  unsigned DefaultDims = 0;
  for (unsigned D = 0; D < 3; ++D)
    DefaultDims |= Size[D] > 1 ? 1u << D : 0;
  if (Used && Used != DefaultDims && Used != 1) {
    // Rows one warp wide (32x8 of 256): a warp then holds one row, as in most 2-D launches
    // of real code, and no finding rests on a guess of how rows share a warp. 16x16 was
    // tried: it made cross-row bank conflicts of kernels launched 32x8 (arrayfire's SIFT).
    unsigned Total = floorPowerOfTwo(workGroupItems(Size));
    unsigned First = std::countr_zero(Used);
    unsigned Row = std::min(Total, floorPowerOfTwo(Profile.WarpSize));
    Size = spreadOverDims(std::max(1u, Total / Row), Used & ~(1u << First));
    Size[First] = Row;
    Source = "profile default of " + std::to_string(Total) + " work-items over the kernel's " +
             std::to_string(std::popcount(Used)) + " dimensions, one warp per row";
  }
  // Guards raise a dimension to the smallest size they make sense for, unless the kernel
  // tests its own group size (a reduction unrolled for every size up to 1024 guards `lid <
  // 1024` under `if (n > 1024)`).
  std::string Guard;
  if (std::none_of(F.conditions().begin(), F.conditions().end(), testsLocalSize))
    for (const BranchCondition &C : F.conditions())
      for (const auto &G : guardedSizes(C))
        if ((Used >> G.first) & 1 && Size[G.first] < G.second &&
            G.second <= int64_t(MaxWorkGroupItems)) {
          Size[G.first] = ceilPowerOfTwo(G.second);
          Guard = guardText(C.Cond);
        }
  if (!Guard.empty()) {
    if (workGroupItems(Size) > MaxWorkGroupItems)
      return {Profile.DefaultWorkGroup, "profile default", true, {}};
    return {Size, "inferred from the guard " + Guard, true, {}};
  }
  return {Size, Source, true, {}};
}

std::optional<WorkGroupShape> TUAnalysis::inferredShape(const KernelInfo &K) const {
  // A `__local` tile subscripted by a bare lane id bounds that dimension of the work-group
  // (`tile[ly][lx]` with `tile[16][17]`: 16 x 16, padding rounded off); every other id the
  // kernel uses must be bounded too.
  const KernelFacts &F = facts(K);
  std::array<int64_t, 3> Bound = {0, 0, 0};
  std::array<std::string, 3> TileOf; // the tile that bounds each dimension
  for (const MemoryAccess &A : F.accesses()) {
    if (A.AddressSpace != clang::LangAS::opencl_local || A.Indices.size() != A.ArrayDims.size())
      continue;
    for (size_t I = 0; I < A.Indices.size(); ++I)
      if (const VExpr &X = A.Indices[I]; X && X->Op == VOp::Lane && A.ArrayDims[I] > 0) {
        int64_t &B = Bound[X->Value];
        if (B && A.ArrayDims[I] >= B)
          continue;
        B = A.ArrayDims[I];
        TileOf[X->Value] = A.Base->getNameAsString();
        for (int64_t D : A.ArrayDims)
          TileOf[X->Value] += "[" + std::to_string(D) + "]";
      }
  }
  // A guard on the same id that only makes sense for a larger group (`if (lid < 16) hist[lid]
  // = 0` with `hist[16]`) says the tile is smaller than the group: it bounds nothing.
  for (const BranchCondition &C : F.conditions())
    for (const auto &G : guardedSizes(C))
      if (Bound[G.first] && G.second > Bound[G.first]) {
        Bound[G.first] = 0;
        TileOf[G.first].clear();
      }
  std::string Tile = !TileOf[0].empty() ? TileOf[0] : !TileOf[1].empty() ? TileOf[1] : TileOf[2];
  // A work-group-linear index (`ly * 32 + lx`, arrayfire's `tidy * DIMX + tidx`) into __local
  // memory gives the row width: the code is written for that many work-items per row.
  std::string Linear;
  if (!Bound[0])
    for (const MemoryAccess &A : F.accesses()) {
      if (A.AddressSpace != clang::LangAS::opencl_local || !A.Bytes.isAffine())
        continue;
      std::optional<int64_t> X = A.Bytes.Lane[0].constantValue(),
                             Y = A.Bytes.Lane[1].constantValue();
      if (!X || !Y || *X <= 0 || *Y <= *X || *Y % *X || !A.Bytes.Lane[2].isZero())
        continue;
      // A pitch a few words over a power of two is a padded or haloed row: `TILE + 1` (33)
      // holds 32 work-items, `16 + 2` (18) holds 16.
      int64_t Pitch = *Y / *X, Width = floorPowerOfTwo(Pitch);
      if (Pitch > 1024 + 4 || Pitch - Width > 4 || Width < 2)
        continue;
      Bound[0] = Width;
      Linear = "the linear __local index of '" + A.Base->getNameAsString() + "' (rows of " +
               std::to_string(Pitch) + " words, " + std::to_string(Width) + " work-items per row)";
      break;
    }
  if (Tile.empty() && Linear.empty())
    return std::nullopt;
  unsigned Used = usedLaneDims(F), Unbounded = 0;
  std::array<unsigned, 3> Size = {1, 1, 1};
  for (unsigned D = 0; D < 3; ++D) {
    if (Bound[D])
      Size[D] = floorPowerOfTwo(Bound[D]);
    else if (Used & (1u << D))
      Unbounded |= 1u << D;
  }
  std::string Source =
      "inferred from " + (Tile.empty() ? Linear : "the __local tile '" + Tile + "'");
  if (Unbounded) {
    // Ids the tile does not bound share what the profile's default leaves (`tile[ly + j][lx]`
    // with a 32-wide tile and 256 work-items: 32x8).
    unsigned Left = std::max<uint64_t>(
        1, floorPowerOfTwo(workGroupItems(Profile.DefaultWorkGroup)) / workGroupItems(Size));
    std::array<unsigned, 3> Rest = spreadOverDims(Left, Unbounded);
    for (unsigned D = 0; D < 3; ++D)
      if ((Unbounded >> D) & 1)
        Size[D] = Rest[D];
    Source += " and the profile default of " +
              std::to_string(floorPowerOfTwo(workGroupItems(Profile.DefaultWorkGroup))) +
              " work-items";
  }
  return WorkGroupShape{Size, Source, true, {}};
}

const KernelFacts &TUAnalysis::facts(const KernelInfo &K) const {
  auto &Slot = Facts[&K];
  if (!Slot)
    Slot = std::make_unique<KernelFacts>(Ctx, K, knownArgs(K));
  return *Slot;
}

std::vector<std::string> TUAnalysis::analysisLimits() const {
  std::vector<std::string> Out;
  for (const auto &[K, F] : Facts)
    if (F)
      for (const clang::FunctionDecl *Fn : F->analysisStopped())
        Out.push_back("kernel '" + K->Decl->getNameAsString() + "': the value analysis of '" +
                      Fn->getNameAsString() + "' stopped after " +
                      std::to_string(MaxResolutionsPerInstance) +
                      " variable reads (variables computed from one another in a loop); values "
                      "past that point are unknown, so findings that need them are missing");
  return Out;
}

std::map<std::string, int64_t> TUAnalysis::knownArgs(const KernelInfo &K) const {
  std::map<std::string, int64_t> Args;
  if (Configured)
    for (const ConfiguredKernel &C : *Configured)
      if (globMatch(C.NameGlob, K.Decl->getNameAsString()))
        for (const auto &[Name, V] : C.Args)
          Args.emplace(Name, V); // the first matching entry wins
  // Then the host's constants, for the integer parameters the config leaves open.
  if (Launches)
    for (const auto &[Index, V] : Launches->fixedArgs(K.Decl->getNameAsString()))
      if (Index < K.Decl->getNumParams()) {
        const clang::ParmVarDecl *P = K.Decl->getParamDecl(Index);
        if (P->getType()->isIntegerType())
          Args.emplace(P->getNameAsString(), V);
      }
  return Args;
}

std::optional<std::pair<std::array<uint64_t, 3>, std::string>>
TUAnalysis::configuredGlobal(const KernelInfo &K) const {
  if (Configured)
    for (const ConfiguredKernel &C : *Configured)
      if (C.Global && globMatch(C.NameGlob, K.Decl->getNameAsString()))
        return std::make_pair(*C.Global, "config kernels: entry at " + C.Source);
  // Then the host's, when every launch of the kernel with a known global size agrees.
  const std::vector<KernelLaunch> *L =
      Launches ? Launches->hostLaunches(K.Decl->getNameAsString()) : nullptr;
  std::optional<std::pair<std::array<uint64_t, 3>, std::string>> Host;
  for (const KernelLaunch &Each : L ? *L : std::vector<KernelLaunch>{}) {
    if (!Each.Global || (Host && Host->first != *Each.Global))
      return std::nullopt;
    if (!Host)
      Host = std::make_pair(*Each.Global, Each.Source);
  }
  return Host;
}

std::vector<const KernelFacts *> TUAnalysis::factsReaching(const clang::FunctionDecl *FD) const {
  std::vector<const KernelFacts *> Out;
  for (const KernelInfo *K : Kernels.kernelsReaching(FD))
    Out.push_back(&facts(*K));
  return Out;
}

const KernelCost &TUAnalysis::cost(const KernelInfo &K) const {
  auto &Slot = Costs[&K];
  if (!Slot)
    Slot =
        std::make_unique<KernelCost>(facts(K), workGroupShape(K).Size, Profile, residentItems(K));
  return *Slot;
}

std::optional<uint64_t> TUAnalysis::launchItems(const KernelInfo &K) const {
  auto items = [](const std::array<uint64_t, 3> &G) {
    return std::max<uint64_t>(1, G[0]) * std::max<uint64_t>(1, G[1]) * std::max<uint64_t>(1, G[2]);
  };
  if (auto G = configuredGlobal(K))
    return items(G->first);
  const std::vector<KernelLaunch> *L =
      Launches ? Launches->hostLaunches(K.Decl->getNameAsString()) : nullptr;
  if (!L || L->empty())
    return std::nullopt;
  uint64_t Most = 0;
  for (const KernelLaunch &Each : *L) {
    if (!Each.Global)
      return std::nullopt;
    Most = std::max(Most, items(*Each.Global));
  }
  return Most;
}

std::optional<std::string> TUAnalysis::notRunByHost(const KernelInfo &K) const {
  std::string Name = K.Decl->getNameAsString();
  if (!Launches || !Launches->hostCodeRead() || configuredGlobal(K))
    return std::nullopt;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
      !Main || Launches->untracedMayLaunch(Main->getName().str()))
    return std::nullopt;
  // The host code read builds this file: it names (runs) another of its kernels.
  auto others = [&](auto Holds) {
    for (const KernelInfo &Other : Kernels.kernels())
      if (&Other != &K && Holds(Other.Decl->getNameAsString()))
        return true;
    return false;
  };
  if (!Launches->namedByHost(Name)) {
    if (others([&](const std::string &N) { return Launches->namedByHost(N); }))
      return "no host code read names kernel '" + Name + "', though it names others of this file";
    return std::nullopt;
  }
  if (!Launches->launched(Name) && !Launches->namedByScript(Name) &&
      others([&](const std::string &N) { return Launches->launched(N); }))
    return "the host code read never launches kernel '" + Name +
           "', though it launches others of this file";
  return std::nullopt;
}

void TUAnalysis::scaleForLaunch(const KernelInfo &K, const KernelCost &C, ImpactEstimate &E) const {
  if (std::optional<std::string> NotRun = notRunByHost(K)) {
    E.Conditional = true;
    E.Assumptions.push_back(*NotRun);
  } else if (Launches && Launches->launchedOnceBesideLoops(K.Decl->getNameAsString())) {
    E.Conditional = true;
    E.Assumptions.push_back("the host launches it once, outside the loops that launch its other "
                            "kernels (setup or verification)");
  }
  std::optional<uint64_t> Items = launchItems(K);
  if (!Items)
    return;
  // Each compute unit runs its share of the warps one after another (the estimate is per warp
  // at the unit's throughput); the launch's fixed cost comes on top.
  double Warps = std::ceil(double(*Items) / std::max(1u, Profile.WarpSize));
  double Work = std::ceil(Warps / std::max(1.0, Profile.ComputeUnits)) * C.parts().time();
  double Busy = Work / (Work + Profile.LaunchCycles);
  E.Share *= Busy;
  if (Busy < 0.5)
    E.Assumptions.push_back("the launch's own cost dominates: the host launches " +
                            std::to_string(*Items) + " work-items");
}

std::optional<ImpactEstimate> TUAnalysis::impact(const clang::FunctionDecl *Fn,
                                                 const clang::Stmt *S, const Excess &PerRun,
                                                 const KernelInfo *In) const {
  std::optional<ImpactEstimate> Best;
  for (const KernelInfo *K : Kernels.kernelsReaching(Fn)) {
    if (In && K != In)
      continue;
    const KernelCost &C = cost(*K);
    NodeWeight W = C.weights().at(Fn, S);
    if (W.PerWarp <= 0 && W.PerItem <= 0 && facts(*K).nodesOf(Fn, S).empty())
      continue;
    ImpactEstimate E = C.impact(W, PerRun);
    if (const clang::Stmt *Loop = facts(*K).hoistedOutOf(S))
      E.Assumptions.push_back(hoistedBeforeText(Loop));
    scaleForLaunch(*K, C, E);
    if (!Best || E.Share > Best->Share)
      Best = std::move(E);
  }
  return Best;
}

std::optional<ImpactEstimate> TUAnalysis::idleLanes(const clang::FunctionDecl *Fn,
                                                    const clang::Stmt *Owner) const {
  std::optional<ImpactEstimate> Best;
  for (const KernelInfo *K : Kernels.kernelsReaching(Fn)) {
    const auto *Switch = llvm::dyn_cast<clang::SwitchStmt>(Owner);
    std::optional<ImpactEstimate> E =
        Switch ? cost(*K).switchIdleLanes(Ctx, Fn, Switch) : cost(*K).idleLanes(Owner);
    if (E)
      scaleForLaunch(*K, cost(*K), *E);
    if (E && (!Best || E->Share > Best->Share))
      Best = std::move(E);
  }
  return Best;
}

void TUAnalysis::forEachAccess(std::initializer_list<clang::LangAS> Spaces,
                               const AccessVisitor &Visit) const {
  std::set<const clang::Expr *> Reported;
  for (const KernelInfo &K : Kernels.kernels()) {
    const KernelFacts &F = facts(K);
    for (const WorkGroupShape &Shape : workGroupShapes(K))
      for (const MemoryAccess &A : F.accesses()) {
        if (std::find(Spaces.begin(), Spaces.end(), A.AddressSpace) == Spaces.end() ||
            Reported.count(A.E))
          continue;
        if (Visit(K, F, A, Shape))
          Reported.insert(A.E);
      }
  }
}

} // namespace cllint::analysis
