// What holds where a statement runs, as far as its own function shows: the conditions of the
// loops whose body holds it and the branch conditions around it (negated on the else side),
// as values in the statement's call-chain context.
#pragma once

#include "Analysis/KernelFacts.h"

#include <vector>

namespace cllint::analysis {

struct Surroundings {
  std::vector<VExpr> LoopConditions;
  std::vector<VExpr> Guards; // loop conditions included
};

Surroundings enclosingConditions(const KernelFacts &F, Instance &Context, const clang::Stmt *S);

// What holds where code of flow node Node runs, from that node up to the kernel's entry (so a
// helper's code also gets its callers' conditions): branch conditions (negated on the else
// side) and loop conditions. Empty for Node < 0.
Surroundings flowConditions(const KernelFacts &F, int Node);

// The lane-dependent conditions of flowConditions(F, Node), as one conjunction: the lanes that
// reach code of that node (`if (orderIndex == 0)` around a switch). Null when none depends on
// the lanes.
VExpr reachingLanes(const KernelFacts &F, int Node);

// The same for a memory access, in the context it was analysed in; empty when the access was
// reached through a helper whose conditions belong to another function.
Surroundings enclosingConditions(const KernelFacts &F, const MemoryAccess &A);

} // namespace cllint::analysis
