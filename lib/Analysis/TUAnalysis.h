// The analysis of one translation unit, computed once and shared by every rule.
#pragma once

#include "Analysis/KernelCost.h"
#include "Analysis/KernelFacts.h"
#include "Analysis/KernelModel.h"
#include "Analysis/LaunchTable.h"
#include "Config/DeviceProfile.h"

#include "clang/AST/ASTContext.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cllint::analysis {

// Where the work-group shape a kernel is analysed with comes from (messages say which).
struct WorkGroupShape {
  std::array<unsigned, 3> Size = {256, 1, 1};
  // "reqd_work_group_size", "config kernels: entry at .cllint.yaml:4", "host launch at
  // main.c:120", "config", "profile default"
  std::string Source;
  // Not declared by the kernel, the config or a host launch: findings say they assume it.
  bool Assumed = false;
  // Other shapes the kernel is launched with (host launches that disagree), for messages.
  std::vector<std::string> Others;
};

// "16x16x1".
std::string shapeString(const std::array<unsigned, 3> &S);

class TUAnalysis {
public:
  // Launches (host code) and Configured (the config's kernels: entries) may be null.
  TUAnalysis(clang::ASTContext &Ctx, const DeviceProfile &Profile,
             std::optional<std::array<unsigned, 3>> ConfiguredWorkGroup,
             const LaunchTable *Launches = nullptr,
             const std::vector<ConfiguredKernel> *Configured = nullptr);

  clang::ASTContext &context() const { return Ctx; }
  const DeviceProfile &profile() const { return Profile; }
  const KernelModel &kernels() const { return Kernels; }
  const LaunchTable *launches() const { return Launches; }
  const std::vector<ConfiguredKernel> *configured() const { return Configured; }
  // The shape K is analysed with: its first entry of workGroupShapes().
  WorkGroupShape workGroupShape(const KernelInfo &K) const;
  // Every shape K is analysed with: one, or one per distinct host launch shape.
  std::vector<WorkGroupShape> workGroupShapes(const KernelInfo &K) const;
  // The shape a kernel's own `__local` tiles imply, when nothing declares one.
  std::optional<WorkGroupShape> inferredShape(const KernelInfo &K) const;
  // The profile's default over the dimensions K uses, raised by its guards (`lid < 64`).
  WorkGroupShape defaultShape(const KernelInfo &K) const;
  // Accesses, conditions and divisions of K with its helpers inlined; computed on first use.
  const KernelFacts &facts(const KernelInfo &K) const;
  // For the kernels analysed so far, where the value analysis stopped at its budget.
  std::vector<std::string> analysisLimits() const;
  // Scalar arguments the config's kernels: entries give K (`args: {w: 1024}`), then those the
  // host code always sets to one value.
  std::map<std::string, int64_t> knownArgs(const KernelInfo &K) const;
  // The global size a kernels: entry gives K, with where it is written.
  std::optional<std::pair<std::array<uint64_t, 3>, std::string>>
  configuredGlobal(const KernelInfo &K) const;
  // Facts of every kernel that reaches FD (FD's own code analysed in each kernel's context).
  std::vector<const KernelFacts *> factsReaching(const clang::FunctionDecl *FD) const;

  // K's estimated time and its parts under its first shape; computed on first use.
  const KernelCost &cost(const KernelInfo &K) const;
  // Work-items per launch where the config or every host launch of K says (the largest).
  std::optional<uint64_t> launchItems(const KernelInfo &K) const;
  // The work-items one compute unit holds at once in K's launch: its share of the launch, at
  // most the profile's limit; nullopt when the launch's size is unknown.
  std::optional<double> residentItems(const KernelInfo &K) const {
    std::optional<uint64_t> Items = launchItems(K);
    if (!Items)
      return std::nullopt;
    return std::min(Profile.WorkItemsPerComputeUnit,
                    std::ceil(double(*Items) / std::max(1.0, Profile.ComputeUnits)));
  }
  // Why the host code read never runs K while it runs other kernels of this file (an unused
  // variant, a test kernel, another build's kernel): its findings are then at most notes.
  // nullopt when K may run.
  std::optional<std::string> notRunByHost(const KernelInfo &K) const;
  // What PerRun, added each time S (in Fn) runs, costs the kernel that reaches Fn and pays
  // most for it, or kernel In when given (a finding judged on one kernel's accesses and shape
  // in a helper other kernels call too). nullopt when no kernel reaches S.
  // A finding's share of a launch the host makes with few work-items, where the launch's fixed
  // cost is much of the time.
  void scaleForLaunch(const KernelInfo &K, const KernelCost &C, ImpactEstimate &E) const;
  std::optional<ImpactEstimate> impact(const clang::FunctionDecl *Fn, const clang::Stmt *S,
                                       const Excess &PerRun, const KernelInfo *In = nullptr) const;
  // What the idle lanes of the branch or loop Owner (in Fn) cost, as for impact().
  std::optional<ImpactEstimate> idleLanes(const clang::FunctionDecl *Fn,
                                          const clang::Stmt *Owner) const;

  // Every access in one of Spaces, in each kernel that reaches it, with that kernel's facts and
  // shape. Once Visit returns true (it reported) the access expression is not visited again, so
  // a helper's access reached from several kernels gives one finding.
  using AccessVisitor = std::function<bool(const KernelInfo &, const KernelFacts &,
                                           const MemoryAccess &, const WorkGroupShape &)>;
  void forEachAccess(std::initializer_list<clang::LangAS> Spaces, const AccessVisitor &Visit) const;

private:
  std::vector<WorkGroupShape> hostShapes(const std::string &Kernel) const;
  // "'lid < 64' at line 12".
  std::string guardText(const clang::Expr *Cond) const;

  clang::ASTContext &Ctx;
  const DeviceProfile &Profile;
  std::optional<std::array<unsigned, 3>> ConfiguredWorkGroup;
  const LaunchTable *Launches;
  const std::vector<ConfiguredKernel> *Configured;
  KernelModel Kernels;
  mutable std::map<const KernelInfo *, std::unique_ptr<KernelFacts>> Facts;
  mutable std::map<const KernelInfo *, std::unique_ptr<KernelCost>> Costs;
};

} // namespace cllint::analysis
