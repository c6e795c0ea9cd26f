// Device profiles are data: the numbers rules quantify their findings with.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cllint {

struct DeviceProfile {
  std::string Name;
  std::string Description;
  unsigned WarpSize = 32;        // lanes per warp / wavefront
  unsigned Banks = 32;           // __local memory banks
  unsigned BankWidth = 4;        // bytes per bank word
  unsigned SectorBytes = 32;     // smallest global-memory transaction
  unsigned CacheLineBytes = 128; // cache line
  unsigned LocalMemBytes = 49152;
  // Throughput per compute unit (SM, CU) per clock, for the kernel cost estimate: memory bytes,
  // and warp instructions of each class (a warp's fp64 op, a float<->double conversion, a
  // special-function op, a __local access without conflict).
  double MemoryBytesPerCycle = 11.6;
  double IssuePerCycle = 4;
  double Fp64PerCycle = 2;
  double ConvertPerCycle = 0.5;
  double SpecialPerCycle = 0.5;
  double LocalPerCycle = 1;
  // A launch's fixed cost, in the cycles above, and the compute units that share its warps:
  // a kernel the host launches with few work-items spends most of its time on the launch.
  double LaunchCycles = 8000;
  double ComputeUnits = 132;
  // Work-groups one compute unit holds at once: a launch of at most ComputeUnits x this many
  // work-groups runs in a single wave, so how each group fills its warps costs no time.
  double GroupsPerComputeUnit = 32;
  // What one compute unit holds at once, for occupancy: __local bytes shared by its resident
  // work-groups, and work-items.
  double LocalMemPerComputeUnit = 233472;
  double WorkItemsPerComputeUnit = 2048;
  // The data cache of one compute unit, for the lines its resident work-items walk.
  double L1BytesPerComputeUnit = 131072;
  // Work-group shape assumed when neither the kernel nor the config says.
  std::array<unsigned, 3> DefaultWorkGroup = {256, 1, 1};
};

// The profile's rates and limits as a config names them (`compute-units: 132`): what a config's
// profile may set and what --dump-config prints.
struct ProfileRate {
  const char *Key;
  double DeviceProfile::*Field;
};
const std::vector<ProfileRate> &profileRates();

const DeviceProfile &nvidiaProfile();
const DeviceProfile &amdProfile();

// Built-in profiles plus the ones a config defines; user profiles may shadow built-ins.
class ProfileTable {
public:
  ProfileTable();
  void add(DeviceProfile P);
  const DeviceProfile *find(const std::string &Name) const;
  const std::map<std::string, DeviceProfile> &all() const { return Profiles; }

private:
  std::map<std::string, DeviceProfile> Profiles;
};

// The most work-items per work-group cllint accepts from a shape (devices run 1024 to 4096):
// beyond it a shape says nothing about warps, and enumerating its lanes would take forever.
constexpr uint64_t MaxWorkGroupItems = uint64_t(1) << 16;

// Work-items of a work-group shape, saturating at UINT64_MAX instead of wrapping.
uint64_t workGroupItems(const std::array<unsigned, 3> &Shape);

} // namespace cllint
