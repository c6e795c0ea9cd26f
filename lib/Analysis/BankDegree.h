// The n-way degree of a __local access: distinct words per bank among the lanes of a warp that
// run it, worst over the warps of the first work-group, the bindings of the loops and guards
// around it, and the values of a replayed loop variable in its address.
#pragma once

#include "Analysis/AccessQueries.h"
#include "Config/DeviceProfile.h"

#include <optional>
#include <string>

namespace cllint {

// Two lanes of one warp on the same bank at different words: the example a message names.
struct BankCollision {
  unsigned LaneA = 0, LaneB = 0; // within the work-group
  int64_t WordA = 0, WordB = 0;
  int64_t Bank = 0;
};

struct BankDegree {
  unsigned Degree = 0; // the worst conflicting degree; 0 when no binding conflicts
  bool Active = false; // some lane runs the access under some binding
  // A replayed loop variable (`offset` in `temp[offset*(2*lid+1)-1]`): its worst value, and for
  // how many of its values the access conflicts.
  std::string Symbol;
  int64_t SymbolValue = 0;
  unsigned ValuesConflict = 0, ValuesTotal = 0;
  // Extra passes through the banks per run: Degree - 1, or, when the variable is replayed
  // iteration by iteration with the loop's own (a Blelloch sweep), their mean over iterations.
  double MeanReplays = 0;
  std::optional<BankCollision> Example;
};

// nullopt when the addresses cannot be evaluated.
std::optional<BankDegree> bankDegree(const analysis::KernelFacts &F,
                                     const analysis::MemoryAccess &A,
                                     const analysis::WorkGroupShape &Shape, const DeviceProfile &P);

} // namespace cllint
