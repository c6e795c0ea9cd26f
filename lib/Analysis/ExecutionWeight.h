// How many times code runs, per work-item and per warp: the execution weight every rule's
// impact rests on. A flow node (KernelFacts::nodes) runs its parent's count times its own
// factor: a loop's trip count (from its condition, with the work-group shape and the known
// argument values bound; otherwise AssumedTrips, said in the assumptions), or the share of
// work-items (and of warps) that take a branch arm, evaluated lane by lane over the first
// work-group. Conditions the analysis cannot evaluate count as taken.
#pragma once

#include "Analysis/KernelFacts.h"

#include <array>
#include <string>
#include <vector>

namespace cllint::analysis {

struct NodeWeight {
  double PerItem = 1; // runs per work-item, averaged over the work-items
  double PerWarp = 1; // runs per warp: a warp issues the code when any of its lanes runs it
  std::vector<std::string> Assumptions; // "the 'k' loop runs 32 times" (assumed)
};

class ExecutionWeights {
public:
  static constexpr int64_t AssumedTrips = 32;

  ExecutionWeights(const KernelFacts &F, const std::array<unsigned, 3> &Shape, unsigned WarpSize);
  const NodeWeight &node(unsigned N) const { return Weights[N]; }
  size_t size() const { return Weights.size(); }
  // Summed over the nodes S runs in (a helper called twice runs twice); zero when the kernel
  // does not reach S.
  NodeWeight at(const clang::FunctionDecl *Fn, const clang::Stmt *S) const;
  // Whether node N lies inside node Ancestor (or is it).
  bool within(unsigned N, unsigned Ancestor) const;

private:
  const KernelFacts &F;
  std::vector<NodeWeight> Weights;
};

} // namespace cllint::analysis
