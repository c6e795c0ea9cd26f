// A work-item walking its own record in a counted loop (`in[g * 32 + i]` for i < 32): over the
// loop the warp uses every byte it fetches, but each load reads a sector per lane from L1 and
// each store writes one to memory (analysis/WalkTraffic.h, measured by
// bench/hardware/walk_probe.c).
#pragma once

#include "Analysis/AccessQueries.h"
#include "Rule.h"

namespace cllint {

// Reports G when its members walk their records in a counted loop and each run touches well
// over the minimum; true when it reported.
bool reportCountedWalk(RuleContext &Ctx, const analysis::KernelFacts &F,
                       const analysis::SiblingGroup &G, const analysis::WorkGroupShape &Shape);

// Reports the load A when each work-item walks its own run of it in a loop whose lines the
// cache keeps between iterations (walkStaysInCache): memory serves each sector once, but each
// load of a warp reads a sector per lane from L1. True when it reported.
bool reportCachedWalk(RuleContext &Ctx, const analysis::KernelFacts &F,
                      const analysis::MemoryAccess &A, const analysis::WorkGroupShape &Shape);

} // namespace cllint
