// What the warps of one work-group fetch together: each sector once, however the group's
// lanes spread over the warps.
#include "Analysis/AccessQueries.h"

#include <algorithm>

namespace cllint::analysis {

std::optional<double> sectorsSharedByGroup(const MemoryAccess &A,
                                           const std::array<unsigned, 3> &Shape,
                                           const DeviceProfile &P) {
  return sectorsSharedByGroup(std::vector<const MemoryAccess *>{&A}, Shape, P);
}

std::optional<double> sectorsSharedByGroup(const std::vector<const MemoryAccess *> &Members,
                                           const std::array<unsigned, 3> &Shape,
                                           const DeviceProfile &P) {
  int64_t Bytes = 0;
  for (const MemoryAccess *A : Members) {
    if (A->Write)
      return std::nullopt;
    Bytes += A->AccessBytes;
  }
  unsigned WarpSize = std::max(1u, P.WarpSize);
  uint64_t Items =
      uint64_t(std::max(1u, Shape[0])) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]);
  unsigned Warps = unsigned(std::min<uint64_t>(32, (Items + WarpSize - 1) / WarpSize));
  TrafficTally Tally(P.SectorBytes);
  for (unsigned W = 0; W < Warps; ++W)
    for (const MemoryAccess *A : Members) {
      std::vector<int64_t> Addrs = laneByLaneAddresses(*A, Shape, WarpSize, W);
      if (Addrs.empty())
        return std::nullopt;
      for (int64_t Addr : Addrs)
        Tally.add(Addr, A->AccessBytes);
    }
  double PerWarp = double(Tally.result().Touched) / Warps;
  int64_t Minimum = (int64_t(WarpSize) * Bytes + P.SectorBytes - 1) / P.SectorBytes;
  if (PerWarp * 4 > double(Minimum) * 5)
    return std::nullopt;
  return PerWarp;
}

} // namespace cllint::analysis
