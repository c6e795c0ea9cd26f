#include "HostLaunchCheck.h"

#include "Analysis/TUAnalysis.h"
#include "RuleSupport.h"

namespace cllint {
namespace {

std::array<unsigned, 3> narrow(const std::array<uint64_t, 3> &S) {
  std::array<unsigned, 3> Out;
  for (unsigned I = 0; I < 3; ++I)
    Out[I] = unsigned(std::min<uint64_t>(S[I], 1u << 30));
  return Out;
}

// The work-groups of a launch small enough to run in a single wave of the device, where how
// each group fills its warps changes little (launches of 36 to 1,000 single-item groups took
// 6.4-7.3 us on an NVIDIA H100 whatever their local size; 55 launches of 512 took 7% longer
// than with full warps); nullopt otherwise.
std::optional<uint64_t> oneWaveGroups(const HostLaunch &L, uint64_t GroupItems,
                                      const DeviceProfile &P) {
  if (!L.Global || GroupItems == 0)
    return std::nullopt;
  uint64_t Items = 1;
  for (uint64_t G : *L.Global)
    Items = std::min<uint64_t>(Items * std::max<uint64_t>(1, G), uint64_t(1) << 40);
  uint64_t Groups = (Items + GroupItems - 1) / GroupItems;
  if (double(Groups) > P.ComputeUnits * P.GroupsPerComputeUnit)
    return std::nullopt;
  return Groups;
}

} // namespace

std::vector<Finding> checkHostLaunches(const HostFile &File, const DeviceProfile &Profile) {
  std::vector<Finding> Out;
  for (const HostLaunch &L : File.Launches) {
    if (L.LocalNull && !L.Kernel.empty()) {
      // The implementation picks the shape: the kernel's analysis falls back to another
      // source (a constant launch elsewhere, the config, its attribute) or an assumption.
      Finding F;
      F.RuleId = "launch-work-group-size";
      F.Level = Severity::Note;
      F.Where = L.Where;
      F.LineText = L.LineText;
      F.Message = "local size NULL for kernel '" + L.Kernel +
                  "': the OpenCL implementation picks the work-group shape, which cllint "
                  "cannot know; findings on the kernel use its reqd_work_group_size, a kernels: "
                  "entry, another launch or an assumed shape (pass a local size, or declare "
                  "reqd_work_group_size, so that the analysis and the device agree)";
      F.GroupKey = "host-launch:" + L.Kernel + ":null";
      Out.push_back(std::move(F));
      continue;
    }
    if (!L.Local)
      continue;
    std::array<unsigned, 3> Size = narrow(*L.Local);
    uint64_t Items = workGroupItems(Size);
    uint64_t Warp = Profile.WarpSize;
    uint64_t Warps = (Items + Warp - 1) / Warp, Idle = Warps * Warp - Items;
    if (Idle == 0)
      continue;
    uint64_t Lanes = Warps * Warp;
    std::string Unit = Warp == 64 ? "wavefront" : "warp";
    std::optional<uint64_t> Groups = oneWaveGroups(L, Items, Profile);
    std::string Kernel = L.Kernel.empty() ? "a kernel" : "kernel '" + L.Kernel + "'";
    Finding F;
    F.RuleId = "launch-work-group-size";
    F.Level = Groups ? Severity::Note : Severity::Warning;
    F.Where = L.Where;
    F.LineText = L.LineText;
    F.Message = "local size " + analysis::shapeString(Size) + " for " + Kernel + " gives " +
                std::to_string(Items) + " work-items, not a multiple of the " + Unit + " width " +
                std::to_string(Warp) + ": each work-group runs " + std::to_string(Warps) + " " +
                Unit + (Warps == 1 ? "" : "s") + " with " + std::to_string(Idle) + " of " +
                std::to_string(Lanes) + " lanes idle (" + percentText(double(Idle), double(Lanes)) +
                "); use a multiple of " + std::to_string(Warp) + " such as " +
                std::to_string(Lanes);
    // The launch's own numbers go to a note, so that every launch of the kernel with this
    // shape reads the same and the run folds them into one finding.
    if (Groups) {
      F.Message += "; but this launch's work-groups fit the device at once (one wave): the idle "
                   "lanes cost little at this size (launches of up to 1,000 such groups were "
                   "within 7% of full warps on an NVIDIA H100), and in full once the launch "
                   "grows";
      F.Notes.push_back({L.Where, "this launch has " + std::to_string(*Groups) + " work-group" +
                                      (*Groups == 1 ? "" : "s")});
    }
    F.GroupKey = "host-launch:" + L.Kernel + ":" + analysis::shapeString(Size);
    Cost C;
    C.Profile = Profile.Name;
    C.Metric = "idle-lanes";
    C.Value = double(Idle);
    C.Summary = std::to_string(Idle) + " idle lanes per work-group (" +
                percentText(double(Idle), double(Lanes)) + " of issued lanes) on " + Profile.Name;
    F.Price = C;
    for (const DeviceProfile *Other : {&nvidiaProfile(), &amdProfile()}) {
      if (Other->Name == Profile.Name)
        continue;
      uint64_t OW = Other->WarpSize, OWarps = (Items + OW - 1) / OW, OIdle = OWarps * OW - Items;
      F.Notes.push_back(
          {L.Where,
           "on " + Other->Name + " (" + std::to_string(OW) + "-wide): " +
               (OIdle ? std::to_string(OIdle) + " of " + std::to_string(OWarps * OW) +
                            " lanes idle (" + percentText(double(OIdle), double(OWarps * OW)) + ")"
                      : std::string("no idle lanes"))});
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace cllint
