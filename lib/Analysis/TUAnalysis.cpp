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
  return {Profile.DefaultWorkGroup, "profile default", true, {}};
}

const KernelFacts &TUAnalysis::facts(const KernelInfo &K) const {
  auto &Slot = Facts[&K];
  if (!Slot)
    Slot = std::make_unique<KernelFacts>(Ctx, K);
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
