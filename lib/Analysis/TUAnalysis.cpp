#include "Analysis/TUAnalysis.h"

#include "Config/RuleSelection.h"

#include <algorithm>
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
  // A required shape no device can launch (launch-work-group-size reports it) says nothing
  // about warps, and enumerating its lanes would take forever.
  if (K.Required && workGroupItems(K.Required->Size) != 0 &&
      workGroupItems(K.Required->Size) <= MaxWorkGroupItems)
    return {K.Required->Size, "reqd_work_group_size"};
  std::string Name = K.Decl->getNameAsString();
  if (Configured)
    for (const ConfiguredKernel &C : *Configured)
      if (C.WorkGroup && globMatch(C.NameGlob, Name))
        return {*C.WorkGroup, "config kernels: entry at " + C.Source, false, {}};
  if (Launches)
    if (const std::vector<KernelLaunch> *L = Launches->hostLaunches(Name); L && !L->empty()) {
      WorkGroupShape S{L->front().Local, L->front().Source, false, {}};
      for (const KernelLaunch &Other : *L)
        if (Other.Local != S.Size)
          S.Others.push_back(shapeString(Other.Local) + " (" + Other.Source + ")");
      if (workGroupItems(S.Size) <= MaxWorkGroupItems)
        return S;
    }
  if (ConfiguredWorkGroup)
    return {*ConfiguredWorkGroup, "config", false, {}};
  if (std::optional<WorkGroupShape> Inferred = inferredShape(K))
    return *Inferred;
  return {Profile.DefaultWorkGroup, "profile default", true, {}};
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

unsigned floorPowerOfTwo(int64_t N) {
  unsigned P = 1;
  while (int64_t(P) * 2 <= N && P < (1u << 30))
    P *= 2;
  return P;
}

} // namespace

std::optional<WorkGroupShape> TUAnalysis::inferredShape(const KernelInfo &K) const {
  // A `__local` tile subscripted by a bare lane id bounds that dimension of the work-group
  // (`tile[ly][lx]` with `tile[16][17]`: 16 x 16, padding rounded off); every other id the
  // kernel uses must be bounded too.
  const KernelFacts &F = facts(K);
  std::array<int64_t, 3> Bound = {0, 0, 0};
  std::set<const VNode *> Seen;
  unsigned Used = 0;
  std::string Tile;
  for (const MemoryAccess &A : F.accesses()) {
    Used |= laneDims(A.ByteOffset, Seen);
    if (A.AddressSpace != clang::LangAS::opencl_local || A.Indices.size() != A.ArrayDims.size())
      continue;
    for (size_t I = 0; I < A.Indices.size(); ++I)
      if (const VExpr &X = A.Indices[I]; X && X->Op == VOp::Lane && A.ArrayDims[I] > 0) {
        int64_t &B = Bound[X->Value];
        if (!B || A.ArrayDims[I] < B)
          B = A.ArrayDims[I];
        if (Tile.empty()) {
          Tile = A.Base->getNameAsString();
          for (int64_t D : A.ArrayDims)
            Tile += "[" + std::to_string(D) + "]";
        }
      }
  }
  for (const BranchCondition &C : F.conditions())
    Used |= laneDims(C.Value, Seen);
  if (Tile.empty())
    return std::nullopt;
  std::array<unsigned, 3> Size = {1, 1, 1};
  for (unsigned D = 0; D < 3; ++D) {
    if (Bound[D])
      Size[D] = floorPowerOfTwo(Bound[D]);
    else if (Used & (1u << D))
      return std::nullopt; // an id nothing bounds
  }
  return WorkGroupShape{Size, "inferred from the __local tile '" + Tile + "'", true, {}};
}

const KernelFacts &TUAnalysis::facts(const KernelInfo &K) const {
  auto &Slot = Facts[&K];
  if (!Slot) {
    std::map<std::string, int64_t> Args;
    if (Configured)
      for (const ConfiguredKernel &C : *Configured)
        if (globMatch(C.NameGlob, K.Decl->getNameAsString()))
          for (const auto &[Name, V] : C.Args)
            Args.emplace(Name, V); // the first matching entry wins
    Slot = std::make_unique<KernelFacts>(Ctx, K, std::move(Args));
  }
  return *Slot;
}

std::vector<const KernelFacts *> TUAnalysis::factsReaching(const clang::FunctionDecl *FD) const {
  std::vector<const KernelFacts *> Out;
  for (const KernelInfo *K : Kernels.kernelsReaching(FD))
    Out.push_back(&facts(*K));
  return Out;
}

void TUAnalysis::forEachAccess(std::initializer_list<clang::LangAS> Spaces,
                               const AccessVisitor &Visit) const {
  std::set<const clang::Expr *> Reported;
  for (const KernelInfo &K : Kernels.kernels()) {
    const KernelFacts &F = facts(K);
    WorkGroupShape Shape = workGroupShape(K);
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
