// launch-work-group-size: a work-group that does not fill whole warps leaves lanes idle.
#include "Analysis/TUAnalysis.h"
#include "MacroDefault.h"
#include "Rule.h"

#include "clang/AST/Attr.h"

namespace cllint {
namespace {

struct Packing {
  uint64_t Items = 0, Warps = 0, Idle = 0;
};

// No OpenCL device runs work-groups larger than this (NVIDIA and AMD allow 1024).
constexpr uint64_t MaxDeviceWorkGroup = 1024;

Packing pack(const std::array<unsigned, 3> &Size, unsigned Warp) {
  Packing P;
  P.Items = workGroupItems(Size); // saturating: never wraps to 0
  P.Warps = (P.Items + Warp - 1) / Warp;
  P.Idle = P.Warps * Warp - P.Items;
  return P;
}

// The shape that fills whole warps by widening the first dimension the least.
std::array<unsigned, 3> fullShape(std::array<unsigned, 3> Size, unsigned Warp) {
  uint64_t Rows = uint64_t(Size[1]) * Size[2];
  while (Warp && (uint64_t(Size[0]) * Rows) % Warp)
    ++Size[0];
  return Size;
}

std::string shape(const std::array<unsigned, 3> &S) {
  return std::to_string(S[0]) + "x" + std::to_string(S[1]) + "x" + std::to_string(S[2]);
}

std::string percent(uint64_t Part, uint64_t Whole) {
  return std::to_string((Part * 100 + Whole / 2) / Whole) + "%";
}

class WorkGroupSizeRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    for (const analysis::KernelInfo &K : Ctx.analysis().kernels().kernels()) {
      // An Intel-only kernel's shape is chosen for Intel's sub-groups (a 16-wide group is one
      // SIMD16 sub-group there); devices without Intel's built-ins cannot run it.
      if (!K.IntelOnly.empty())
        continue;
      if (K.Required)
        checkAttr(Ctx, K, *K.Required, "reqd_work_group_size");
      if (K.Hint)
        checkAttr(Ctx, K, *K.Hint, "work_group_size_hint");
    }
  }

private:
  void checkAttr(RuleContext &Ctx, const analysis::KernelInfo &K, const analysis::WorkGroupAttr &A,
                 const char *Name) {
    const DeviceProfile &Prof = Ctx.profile();
    if (A.Size[0] == 0 || A.Size[1] == 0 || A.Size[2] == 0)
      return; // not a constant: clang already complains
    if (uint64_t Items = workGroupItems(A.Size); Items > MaxDeviceWorkGroup) {
      std::string Count = Items == UINT64_MAX ? "more than 2^64" : std::to_string(Items);
      FindingBuilder B = Ctx.report(
          A.Attr->getLocation(), std::string(Name) + "(" + shape(A.Size) + ") asks for " + Count +
                                     " work-items per work-group; no device runs "
                                     "more than " +
                                     std::to_string(MaxDeviceWorkGroup) +
                                     " (NVIDIA and AMD), so the kernel cannot be launched");
      B.range(A.Attr->getRange());
      return;
    }
    Packing P = pack(A.Size, Prof.WarpSize);
    if (P.Idle == 0)
      return;
    uint64_t Lanes = P.Warps * Prof.WarpSize;
    uint64_t Suggest = P.Warps * Prof.WarpSize;
    std::string Unit = Prof.WarpSize == 64 ? "wavefront" : "warp";
    std::string Msg = std::string(Name) + "(" + shape(A.Size) + ") gives " +
                      std::to_string(P.Items) + " work-items, not a multiple of the " + Unit +
                      " width " + std::to_string(Prof.WarpSize) + ": each work-group runs " +
                      std::to_string(P.Warps) + " " + Unit + (P.Warps == 1 ? "" : "s") + " with " +
                      std::to_string(P.Idle) + " of " + std::to_string(Lanes) + " lanes idle (" +
                      percent(P.Idle, Lanes) + "); use a multiple of " +
                      std::to_string(Prof.WarpSize) + " such as " + std::to_string(Suggest);
    FindingBuilder B = Ctx.report(A.Attr->getLocation(), std::move(Msg));
    B.range(A.Attr->getRange());
    // Idle lanes are issued with every instruction and __local access, and a warp of few lanes
    // may waste part of each sector: the estimate weighs the kernel per work-item at this shape
    // and at one with full warps.
    const analysis::TUAnalysis &TU = Ctx.analysis();
    analysis::KernelCost Now(TU.facts(K), A.Size, Prof),
        Full(TU.facts(K), fullShape(A.Size, Prof.WarpSize), Prof);
    analysis::ImpactEstimate Idle = Now.widenedGroups(Full, double(P.Idle) / double(Lanes));
    TU.scaleForLaunch(K, Now, Idle);
    if (std::optional<std::string> Default = defaultedSize(Ctx.ast(), A.Attr, A.Size))
      Idle.Assumptions.push_back(*Default);
    B.impact(Idle);
    B.cost("idle-lanes", P.Idle,
           std::to_string(P.Idle) + " idle lanes per work-group (" + percent(P.Idle, Lanes) +
               " of issued lanes) on " + Prof.Name);
    for (const DeviceProfile *Other : {&nvidiaProfile(), &amdProfile()}) {
      if (Other->Name == Prof.Name)
        continue;
      Packing O = pack(A.Size, Other->WarpSize);
      uint64_t OLanes = O.Warps * Other->WarpSize;
      B.note(A.Attr->getLocation(),
             "on " + Other->Name + " (" + std::to_string(Other->WarpSize) + "-wide): " +
                 (O.Idle ? std::to_string(O.Idle) + " of " + std::to_string(OLanes) +
                               " lanes idle (" + percent(O.Idle, OLanes) + ")"
                         : std::string("no idle lanes")));
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWorkGroupSizeRule() { return std::make_unique<WorkGroupSizeRule>(); }

} // namespace cllint
