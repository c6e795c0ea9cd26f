#include "Analysis/TUAnalysis.h"

namespace cllint::analysis {

TUAnalysis::TUAnalysis(clang::ASTContext &Ctx, const DeviceProfile &Profile,
                       std::optional<std::array<unsigned, 3>> ConfiguredWorkGroup)
    : Ctx(Ctx), Profile(Profile), ConfiguredWorkGroup(ConfiguredWorkGroup),
      Kernels(KernelModel::build(Ctx)) {}

WorkGroupShape TUAnalysis::workGroupShape(const KernelInfo &K) const {
  if (K.Required && K.Required->Size[0] && K.Required->Size[1] && K.Required->Size[2])
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

} // namespace cllint::analysis
