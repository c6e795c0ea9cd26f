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

// The same for a memory access, in the context it was analysed in; empty when the access was
// reached through a helper whose conditions belong to another function.
Surroundings enclosingConditions(const KernelFacts &F, const MemoryAccess &A);

} // namespace cllint::analysis
