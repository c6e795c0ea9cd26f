// Questions asked of a memory access: its byte stride between consecutive lanes, the byte
// addresses one warp touches, and the range of element indices it reaches over an NDRange
// (the verify feature sizes its buffers with indexRange / bufferIndexRanges).
#pragma once

#include "Analysis/KernelFacts.h"
#include "Analysis/TUAnalysis.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cllint::analysis {

// Symbol values for the first work-group of a launch with this shape: get_local_size(d) and
// get_group_id(d) = 0 (and get_global_offset(d) = 0).
SymbolValues firstGroupBindings(const std::array<unsigned, 3> &Shape);

// Lane l of a work-group is (l % L0, l / L0 % L1, l / (L0*L1)).
std::array<int64_t, 3> laneIds(unsigned Lane, const std::array<unsigned, 3> &Shape);
// The work-items of the first work-group that lane-by-lane evaluations cover (at most 1024).
unsigned firstGroupLanes(const std::array<unsigned, 3> &Shape);

struct LaneStride {
  unsigned Dim = 0;             // the id that changes between consecutive lanes
  Poly Bytes;                   // symbolic byte stride (coefficient x element size)
  std::optional<int64_t> Value; // numeric, under the shape's bindings
};
// Stride of A between consecutive lanes along the first dimension with more than one lane;
// nullopt when the address is not affine in the lane ids.
std::optional<LaneStride> laneStride(const MemoryAccess &A, const std::array<unsigned, 3> &Shape,
                                     const SymbolValues &Extra = {});

// Byte offsets (from the base) of each lane of warp `Warp` of the first work-group; the
// constant part counts as 0 when it is not known. A symbolic lane coefficient (a row pitch `w`
// in `a[y*w + x]`) counts as 0 when that id does not change within the warp; otherwise, with
// Assumed given, as LargePitchBytes (said in Assumed). Addresses that are not affine in the
// lane ids are evaluated lane by lane (laneByLaneAddresses). Empty when not computable.
constexpr int64_t LargePitchBytes = 1 << 16;
std::vector<int64_t> warpAddresses(const MemoryAccess &A, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize, unsigned Warp = 0,
                                   const SymbolValues &Extra = {}, std::string *Assumed = nullptr);

// The address evaluated for each lane of the warp from the access's value tree, for addresses
// an affine form cannot hold (`(x + 1) % nx`, a lane-dependent choice between two forms):
// symbols the shape does not bind are sampled (a loop recurrence at its first plausible value,
// trip counters at 0, other uniform values at SampledSymbolValue) and listed in Assumed
// ("nx = 4096"). Empty when a lane's address depends on a load or an unknown.
constexpr int64_t SampledSymbolValue = 4096;
std::vector<int64_t> laneByLaneAddresses(const MemoryAccess &A,
                                         const std::array<unsigned, 3> &Shape, unsigned WarpSize,
                                         unsigned Warp = 0, const SymbolValues &Extra = {},
                                         std::string *Assumed = nullptr);

// A guard around A leaves at most one lane of each warp (`if (i == n - 1)`, `i == N / 4` after
// a loop that strides i by the work-group): one address per warp, neither strided nor in
// conflict, whatever the unknowns are.
bool singleLaneAccess(const KernelFacts &F, const MemoryAccess &A,
                      const std::array<unsigned, 3> &Shape, unsigned WarpSize);

// The lane dimension other than 0 along which some global access of the kernel moves by one
// element between neighbouring work-items, while none does along dimension 0 (`in[gx * pitch +
// gy]` throughout): a kernel written for work-items that run along that dimension, launched
// as (1, N). nullopt otherwise.
std::optional<unsigned> consecutiveAlongOtherDimension(const KernelFacts &F);

// The distance most neighbouring lanes of Addrs are apart (0 for fewer than two).
int64_t usualDistance(const std::vector<int64_t> &Addrs);

// The unknowns of A's address that laneByLaneAddresses samples at SampledSymbolValue (not loop
// counters, recurrences or launch sizes), when the usual distance between the first warp's
// lanes changes with them: the distance is then the sample's, not a fact about the kernel.
// Empty otherwise.
std::vector<std::string> distanceFollowsSamples(const MemoryAccess &A,
                                                const std::array<unsigned, 3> &Shape,
                                                unsigned WarpSize);

// B - A when it is a constant whatever the unknowns are (`2 * (idx + r * ns) + 1` against
// `2 * (idx + r * ns)`: 1), comparing the parts that are not sums and products by constants
// as written.
std::optional<int64_t> constantApart(const VExpr &A, const VExpr &B);

// Accesses of one kernel to one base that move by the same number of bytes between
// consecutive lanes and whose addresses differ by a constant: the fields of one record
// (`s[gid].a`, `s[gid].b`), `p[3*i+0..2]`, `rec[gid].f[0..15]`. The hardware fetches their
// sectors together, so they are judged together.
struct SiblingGroup {
  std::vector<const MemoryAccess *> Members; // in the order given
  std::vector<int64_t> Offsets;              // each member's bytes from the first member
  int64_t StrideBytes = 0;
};
std::vector<SiblingGroup> siblingGroups(const KernelFacts &F,
                                        const std::vector<const MemoryAccess *> &Accesses,
                                        const std::array<unsigned, 3> &Shape);

// Transactions of Unit bytes one warp needs for every member of G together, and the useful
// bytes among them; nullopt when an address cannot be evaluated.
struct WarpTraffic {
  int64_t Touched = 0, Useful = 0, Minimum = 0;
};
// The transactions of Unit bytes and the distinct bytes that lanes' accesses cover.
class TrafficTally {
public:
  explicit TrafficTally(int64_t Unit) : Unit(Unit) {}
  void add(int64_t Address, int64_t Bytes) {
    for (int64_t B = Address; B < Address + Bytes; ++B) {
      UsefulBytes.insert(B);
      Units.insert(B >= 0 ? B / Unit : -((-B + Unit - 1) / Unit));
    }
  }
  WarpTraffic result() const {
    WarpTraffic T;
    T.Touched = static_cast<int64_t>(Units.size());
    T.Useful = static_cast<int64_t>(UsefulBytes.size());
    T.Minimum = (T.Useful + Unit - 1) / Unit;
    return T;
  }

private:
  int64_t Unit;
  std::set<int64_t> Units, UsefulBytes;
};

// The sectors per warp of a load whose work-group, all warps together, uses what it fetches (at
// most 1.25x the minimum per warp): the sectors all the group's lanes touch (its first 32 warps,
// evaluated lane by lane) over its warps. What one warp uses in part serves the others from L1,
// which the group's warps share on their compute unit: memory serves each sector once. nullopt
// for stores, addresses not evaluable lane by lane, and groups that do not use what they fetch.
std::optional<double> sectorsSharedByGroup(const MemoryAccess &A,
                                           const std::array<unsigned, 3> &Shape,
                                           const DeviceProfile &P);
// The same for loads a work-item makes together (the 8 bytes of its Morton block read one by
// one): their sectors over the group's warps against what all of them need.
std::optional<double> sectorsSharedByGroup(const std::vector<const MemoryAccess *> &Members,
                                           const std::array<unsigned, 3> &Shape,
                                           const DeviceProfile &P);

// Transactions of Unit bytes one warp needs for these per-lane byte addresses, each lane
// moving Bytes bytes.
WarpTraffic warpTraffic(const std::vector<int64_t> &Addrs, int64_t Bytes, int64_t Unit);
// The byte offsets an access takes over the iterations of the counted loops whose counters
// move it (`for (i = 0; i < 5; i++) ... s[gid].w[i]`: 0, 4, ..., 16), relative to the
// iteration where every counter is 0; {0} when no counted loop moves it.
std::vector<int64_t> loopOffsets(const KernelFacts &F, const MemoryAccess &A);
// Whether every symbol of P is a loop trip counter; P without the terms that mention one.
bool onlyTripCounters(const Poly &P);
Poly withoutTripCounters(const Poly &P);
// The same with every other symbol of those terms at 1 (`in[(c + i) * step]`: the offsets of
// i's loop when step is 1), for a verdict that holds only above a symbol's smallest value.
std::vector<int64_t> loopOffsetsAtUnitSymbols(const KernelFacts &F, const MemoryAccess &A);

// Whether A walks through each work-item's own record in a loop whose trip count is not known
// (`for (i = 0; i < pw_len; i++) pws[gid].i[i]`): the loop's step is smaller than the lane
// stride. How much of the record the work-item reads, and so the waste, is then unknown.
bool walksRecordInUnboundedLoop(const KernelFacts &F, const MemoryAccess &A, int64_t StrideBytes);
// The smallest step, in bytes, by which a counter of a loop with no known trip count moves A
// (`for (row = start; row < stop; ++row) a[row]`: 4 for floats); nullopt when none moves it.
std::optional<int64_t> unboundedWalkStep(const KernelFacts &F, const MemoryAccess &A);
// Whether the lines a work-item walks come back from the cache between iterations: A moves by
// at most a sector per iteration of a loop with no known trip count, and the work-items a
// compute unit holds at once (ResidentItems, from the launch), one line each, fit its L1.
// Each iteration then fetches only what it uses from memory, whatever the lanes' stride.
bool walkStaysInCache(const KernelFacts &F, const MemoryAccess &A, double ResidentItems,
                      const DeviceProfile &P);
// A load each lane walks through its own line while L1 keeps it (walkStaysInCache): memory serves
// what the warp uses, but each load still reads a sector per lane from L1. A load every lane
// shares is no walk; a store's partial sectors reach memory.
bool loadWalkStaysInCache(const KernelFacts &F, const MemoryAccess &A, double ResidentItems,
                          const DeviceProfile &P);

// Members inside counted loops (`for (i = 0; i < 5; i++)`) count with every iteration's offset.
std::optional<WarpTraffic> groupTraffic(const KernelFacts &F, const SiblingGroup &G,
                                        const std::array<unsigned, 3> &Shape, unsigned WarpSize,
                                        int64_t Unit);

// A with the innermost dimension of its array grown by Pad elements (`[16][16]` -> `[16][17]`):
// the same subscripts, the padded layout. nullopt when A does not subscript every dimension.
std::optional<MemoryAccess> withPaddedRows(const MemoryAccess &A, int64_t Pad);

struct NDRange {
  unsigned Dims = 1;
  std::array<uint64_t, 3> Global = {1, 1, 1};
  std::array<uint64_t, 3> Local = {1, 1, 1};
};

// Element indices [Min, Max] that A touches over the whole NDRange, in units of
// A.ElementBytes (for vload4(i, p) on a float *p: floats, the last one included). Args binds
// the kernel's scalar arguments by name. nullopt (with WhyNot) when the index depends on
// something unknown: loads, unbound arguments, loop counters, non-linear lane terms.
struct IndexRange {
  int64_t Min = 0, Max = 0;
};
// LoopConditions (the access's enclosing loop conditions, enclosingConditions()) bound the trip
// counters of counted loops (`for (k = 0; k < K; k++)` with K known: k runs to K - 1).
std::optional<IndexRange> indexRange(const MemoryAccess &A, const NDRange &Range,
                                     const SymbolValues &Args, std::string *WhyNot = nullptr,
                                     const std::vector<VExpr> *LoopConditions = nullptr);

// indexRange merged per buffer argument of a kernel; buffers whose range cannot be decided are
// listed in Undecided with the reason.
struct BufferRanges {
  std::map<const clang::ParmVarDecl *, IndexRange> Ranges;
  std::map<const clang::ParmVarDecl *, std::string> Undecided;
};
BufferRanges bufferIndexRanges(const KernelFacts &Facts, const NDRange &Range,
                               const SymbolValues &Args);

} // namespace cllint::analysis
