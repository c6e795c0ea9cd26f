#include "Analysis/WalkTraffic.h"

#include <algorithm>
#include <map>
#include <set>

namespace cllint::analysis {

int64_t l1Wavefronts(const std::vector<int64_t> &Addrs, int64_t Bytes, const DeviceProfile &P) {
  int64_t Unit = std::max(1u, P.SectorBytes);
  int64_t Quarters = std::max<int64_t>(1, int64_t(P.CacheLineBytes) / Unit);
  std::set<int64_t> Sectors;
  for (int64_t A : Addrs)
    for (int64_t B = A; B < A + std::max<int64_t>(1, Bytes); B += std::min(Bytes, Unit))
      Sectors.insert(B >= 0 ? B / Unit : -((-B + Unit - 1) / Unit));
  std::map<int64_t, int64_t> PerQuarter;
  int64_t Most = 0;
  for (int64_t S : Sectors)
    Most = std::max(Most, ++PerQuarter[((S % Quarters) + Quarters) % Quarters]);
  return Most;
}

std::optional<RunTraffic> walkRunTraffic(const KernelFacts &F, const SiblingGroup &G,
                                         const std::array<unsigned, 3> &Shape,
                                         const DeviceProfile &P) {
  if (G.Members.empty() || !G.StrideBytes || loopOffsets(F, *G.Members.front()).size() < 2)
    return std::nullopt;
  uint64_t Items =
      uint64_t(std::max(1u, Shape[0])) * std::max(1u, Shape[1]) * std::max(1u, Shape[2]);
  unsigned W = unsigned(std::min<uint64_t>(Items, std::max(1u, P.WarpSize)));
  int64_t Unit = std::max(1u, P.SectorBytes);
  std::optional<WarpTraffic> Whole = groupTraffic(F, G, Shape, W, Unit);
  if (!Whole || !Whole->Touched || Whole->Useful * 5 < Whole->Touched * Unit * 4)
    return std::nullopt; // the loop itself leaves fetched bytes unused: not a walk of a record
  RunTraffic R;
  int64_t Sectors = 0, Minimum = 0;
  for (const MemoryAccess *M : G.Members) {
    std::vector<int64_t> Addrs = warpAddresses(*M, Shape, W);
    if (Addrs.empty())
      return std::nullopt;
    WarpTraffic T = warpTraffic(Addrs, M->AccessBytes, Unit);
    Sectors += T.Touched;
    Minimum += T.Minimum;
    if (M->Write) {
      ++R.Stores;
      R.StoreSectors += T.Touched;
      R.MinimumStoreSectors += T.Minimum;
    } else {
      ++R.Loads;
      R.LoadSectors += T.Touched;
      R.Wavefronts += l1Wavefronts(Addrs, M->AccessBytes, P);
      R.MinimumWavefronts += (T.Useful + P.CacheLineBytes - 1) / std::max(1u, P.CacheLineBytes);
    }
  }
  if (Sectors * 4 <= Minimum * 5)
    return std::nullopt;
  R.RecordBytes = Whole->Useful / std::max<int64_t>(1, W);
  return R;
}

} // namespace cllint::analysis
