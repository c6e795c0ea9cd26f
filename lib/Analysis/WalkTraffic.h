// What one run of an access costs a warp when each work-item walks its own record in a counted
// loop (`in[g * 32 + i]` for i < 32): over the loop the warp uses every byte it fetches, since
// the cache serves the rest of each sector to the next iterations, but each single load or
// store still spreads over one sector per lane. Measured on an NVIDIA H200
// (bench/hardware/walk_probe.c): such loads run at the rate of the L1's data reads, one 32-B
// sector per quarter of a line per cycle (128-B records: 4x the time of the transposed layout),
// and such stores reach memory as partial sectors that nothing combines (5-15x).
#pragma once

#include "Analysis/AccessQueries.h"

#include <optional>

namespace cllint::analysis {

struct RunTraffic {
  // The stores among the members (a load and store of one element counts as a store): the
  // sectors one run writes, and the fewest that could hold its bytes.
  int64_t Stores = 0, StoreSectors = 0, MinimumStoreSectors = 0;
  // The loads: the sectors one run reads, and the L1 data cycles it takes.
  int64_t Loads = 0, LoadSectors = 0, Wavefronts = 0, MinimumWavefronts = 0;
  int64_t RecordBytes = 0; // what each work-item walks over the loop
};

// L1 data cycles of one warp access: the most distinct sectors that fall in one quarter of
// their lines (sector index modulo sectors per line).
int64_t l1Wavefronts(const std::vector<int64_t> &Addrs, int64_t Bytes, const DeviceProfile &P);

// The run cost of G's members when a counted loop moves them through each work-item's own
// record and one run touches well over the minimum (more than 1.25x); nullopt otherwise.
// Sectors and wavefronts are summed over the members of each kind, per run of the group.
std::optional<RunTraffic> walkRunTraffic(const KernelFacts &F, const SiblingGroup &G,
                                         const std::array<unsigned, 3> &Shape,
                                         const DeviceProfile &P);

} // namespace cllint::analysis
