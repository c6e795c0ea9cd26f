#include "Analysis/TUAnalysis.h"

#include <algorithm>
#include <set>

namespace cllint::analysis {

TUAnalysis::TUAnalysis(clang::ASTContext &Ctx, const DeviceProfile &Profile,
                       std::optional<std::array<unsigned, 3>> ConfiguredWorkGroup)
    : Ctx(Ctx), Profile(Profile), ConfiguredWorkGroup(ConfiguredWorkGroup),
      Kernels(KernelModel::build(Ctx)) {}

WorkGroupShape TUAnalysis::workGroupShape(const KernelInfo &K) const {
  // A required shape no device can launch (launch-work-group-size reports it) says nothing
  // about warps, and enumerating its lanes would take forever.
  if (K.Required && workGroupItems(K.Required->Size) != 0 &&
      workGroupItems(K.Required->Size) <= MaxWorkGroupItems)
    return {K.Required->Size, "reqd_work_group_size"};
  if (ConfiguredWorkGroup)
    return {*ConfiguredWorkGroup, "config"};
  return {Profile.DefaultWorkGroup, "profile default"};
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
