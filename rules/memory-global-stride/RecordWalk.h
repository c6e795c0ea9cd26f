// A work-item walking its own record or row in a loop whose trip count is not known
// (`for (i = 3; i < n; i++) rhs[k][j][i][m]` with work-items along j): each iteration of the
// warp touches one sector per lane, far apart, where work-items along the walked dimension
// would share them.
#pragma once

#include "Analysis/AccessQueries.h"
#include "Rule.h"

namespace cllint {

// Reports G when its members walk their records in an unbounded loop and one iteration of a
// warp touches well over the minimum; true when it reported.
bool reportRecordWalk(RuleContext &Ctx, const analysis::KernelFacts &F,
                      const analysis::SiblingGroup &G, const analysis::WorkGroupShape &Shape);

} // namespace cllint
