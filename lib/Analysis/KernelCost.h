// A coarse estimate of where one kernel spends its time, so that every finding can say what
// share of it the problem adds (docs/cost-model.md). Per warp, in cycles of one compute unit
// under the device profile's rates:
//   memory        global/constant sectors x executions x sector bytes / bytes per cycle
//   __local       wavefronts (1 + bank-conflict replays) x executions / local rate
//   instructions  ALU, fp64, conversion and special-function ops x executions / their rates
// and the kernel's time is the largest of the three plus a tenth of the others (the pipes
// overlap, not perfectly): a roofline, meant to be right within a factor of two.
#pragma once

#include "Analysis/ExecutionWeight.h"
#include "Analysis/KernelFacts.h"
#include "Config/DeviceProfile.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cllint::analysis {

struct CostParts {
  double Memory = 0, Local = 0, Instructions = 0; // cycles per warp
  double time() const;
};

// What a problem adds per run of its code by one warp, beyond what its fix would cost.
struct Excess {
  OpCounts Ops;
  double Sectors = 0;    // global memory transactions
  double Wavefronts = 0; // __local replays
};

// The share of a kernel's estimated time a finding adds.
struct ImpactEstimate {
  std::string Kernel;
  double Share = 0;         // of the kernel's estimated time, 0..1
  double ResourceShare = 0; // of the resource it adds to (memory traffic, instructions, ...)
  std::string Resource; // "global memory traffic", "instruction time", "L1 and __local data time"
  double PerItem = 0;   // runs per work-item
  std::vector<std::string> Assumptions;
  // Rests on something unconfirmed (a kernel no host code launches): at most a note.
  bool Conditional = false;
};

// One line of the estimate's breakdown (--dump-costs).
struct CostSite {
  const clang::Stmt *Where = nullptr;
  std::string What;     // "load of 'a'", "arithmetic"
  std::string Resource; // "memory", "local", "instructions"
  double Cycles = 0;    // per warp
  double PerItem = 0;   // runs per work-item
  double PerRun = 0;    // sectors, wavefronts or instruction cycles per warp-run
};

class KernelCost {
public:
  // ResidentItems: the work-items a compute unit holds at once in the launch, when known.
  KernelCost(const KernelFacts &F, const std::array<unsigned, 3> &Shape, const DeviceProfile &P,
             std::optional<double> ResidentItems = std::nullopt);

  const CostParts &parts() const { return Parts; }
  const ExecutionWeights &weights() const { return Weights; }
  const std::vector<CostSite> &sites() const { return Sites; }
  // Every assumption the estimate rests on (assumed trip counts), once each.
  std::vector<std::string> assumptions() const;
  // Cycles per warp of Ops under the profile's rates.
  double instructionCycles(const OpCounts &Ops) const;

  // The impact of an Excess added at each of the given runs per warp (PerWarp of the code).
  ImpactEstimate impact(const NodeWeight &W, const Excess &PerRun) const;
  // The idle lanes of a branch or a loop whose lanes disagree: the instructions of its arms
  // (or body) issued for warps of which only some lanes run them.
  // nullopt when Owner opens no flow node.
  std::optional<ImpactEstimate> idleLanes(const clang::Stmt *Owner) const;
  // What the kernel saves per work-item when its work-groups, which leave lanes of their last
  // warp idle, grow to Full's shape, whose warps are full. A warp of a smaller group carries
  // fewer work-items: its instructions and __local accesses serve fewer of them, and so do its
  // sectors when its lanes do not fill one, while a memory-bound kernel whose active lanes fill
  // their sectors pays little. IdleShare is the share of issued lanes left idle.
  ImpactEstimate widenedGroups(const KernelCost &Full, double IdleShare) const;
  // The same for a `switch` in Fn, whose cases open no flow node: a split warp runs at least
  // two of its paths, so at least half of the body's issue slots wait.
  std::optional<ImpactEstimate> switchIdleLanes(const clang::ASTContext &Ctx,
                                                const clang::FunctionDecl *Fn,
                                                const clang::SwitchStmt *Switch) const;

private:
  // The parts per work-item under the shape, whose warps may leave lanes idle.
  CostParts perItem() const;
  // Image reads and writes, at their texels' bytes.
  void addImages();
  void addMemory();
  // Work-items per work-group of the shape, at least 1.
  uint64_t groupItems() const;
  ImpactEstimate estimate(const CostParts &Removed, const char *Resource, double ResourceTotal,
                          double ResourceRemoved) const;

  const KernelFacts &F;
  const DeviceProfile &P;
  std::array<unsigned, 3> Shape;
  std::optional<double> ResidentItems;
  ExecutionWeights Weights;
  CostParts Parts;
  std::vector<CostSite> Sites;
};

} // namespace cllint::analysis
