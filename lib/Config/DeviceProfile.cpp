#include "Config/DeviceProfile.h"

namespace cllint {

const std::vector<ProfileRate> &profileRates() {
  // The rates of the cost estimate (docs/cost-model.md) and the compute unit's limits.
  static const std::vector<ProfileRate> Rates = {
      {"memory-bytes-per-cycle", &DeviceProfile::MemoryBytesPerCycle},
      {"issue-per-cycle", &DeviceProfile::IssuePerCycle},
      {"fp64-per-cycle", &DeviceProfile::Fp64PerCycle},
      {"convert-per-cycle", &DeviceProfile::ConvertPerCycle},
      {"special-per-cycle", &DeviceProfile::SpecialPerCycle},
      {"local-per-cycle", &DeviceProfile::LocalPerCycle},
      {"launch-cycles", &DeviceProfile::LaunchCycles},
      {"compute-units", &DeviceProfile::ComputeUnits},
      {"groups-per-compute-unit", &DeviceProfile::GroupsPerComputeUnit},
      {"local-memory-per-compute-unit", &DeviceProfile::LocalMemPerComputeUnit},
      {"work-items-per-compute-unit", &DeviceProfile::WorkItemsPerComputeUnit},
      {"l1-bytes-per-compute-unit", &DeviceProfile::L1BytesPerComputeUnit}};
  return Rates;
}

const DeviceProfile &nvidiaProfile() {
  static const DeviceProfile P = [] {
    DeviceProfile P;
    P.Name = "nvidia";
    P.Description = "NVIDIA GPUs: warp 32, 32 banks x 4 B, 32-B sectors in 128-B lines";
    P.WarpSize = 32;
    P.Banks = 32;
    P.BankWidth = 4;
    P.SectorBytes = 32;
    P.CacheLineBytes = 128;
    P.LocalMemBytes = 49152;
    // H100 SXM: 2.7 TB/s measured over 132 SMs at 1.755 GHz; 4 schedulers; 64 fp64 and 16
    // conversion or special-function lanes per clock per SM; 32 banks x 4 B per clock.
    P.MemoryBytesPerCycle = 11.6;
    P.IssuePerCycle = 4;
    P.Fp64PerCycle = 2;
    P.ConvertPerCycle = 0.5;
    P.SpecialPerCycle = 0.5;
    P.LocalPerCycle = 1;
    // About 4.5 us from enqueue to completion for an empty kernel, 132 SMs.
    P.LaunchCycles = 8000;
    P.ComputeUnits = 132;
    P.GroupsPerComputeUnit = 32; // resident thread blocks per SM
    // H100: 228 KiB of shared memory per SM, 2,048 resident threads.
    P.LocalMemPerComputeUnit = 233472;
    P.WorkItemsPerComputeUnit = 2048;
    // 256 KiB of L1 and shared memory together per SM; half of it counts as data cache, what
    // the driver leaves beside a kernel's shared memory in most configurations.
    P.L1BytesPerComputeUnit = 131072;
    return P;
  }();
  return P;
}

const DeviceProfile &amdProfile() {
  static const DeviceProfile P = [] {
    DeviceProfile P;
    P.Name = "amd";
    P.Description = "AMD GCN/CDNA GPUs: wavefront 64, 32 LDS banks x 4 B, 64-B cache lines";
    P.WarpSize = 64;
    P.Banks = 32;
    P.BankWidth = 4;
    P.SectorBytes = 64;
    P.CacheLineBytes = 64;
    P.LocalMemBytes = 65536;
    // CDNA (MI100-class): 1.2 TB/s over 120 CUs at 1.5 GHz; 4 SIMD16 issue one wave64
    // instruction per clock per CU; fp64 at half rate; conversions and transcendentals at a
    // quarter; the LDS serves 128 B per clock.
    P.MemoryBytesPerCycle = 6.7;
    P.IssuePerCycle = 1;
    P.Fp64PerCycle = 0.5;
    P.ConvertPerCycle = 0.25;
    P.SpecialPerCycle = 0.25;
    P.LocalPerCycle = 0.5;
    P.LaunchCycles = 7500;
    P.ComputeUnits = 120;
    P.GroupsPerComputeUnit = 16; // work-groups per CU (GCN/CDNA)
    // CDNA: 64 KiB of LDS per CU, 40 wavefronts of 64.
    P.LocalMemPerComputeUnit = 65536;
    P.WorkItemsPerComputeUnit = 2560;
    P.L1BytesPerComputeUnit = 16384; // CDNA: 16 KiB vector L1 per CU
    return P;
  }();
  return P;
}

ProfileTable::ProfileTable() {
  add(nvidiaProfile());
  add(amdProfile());
}

void ProfileTable::add(DeviceProfile P) {
  std::string Name = P.Name;
  Profiles[Name] = std::move(P);
}

const DeviceProfile *ProfileTable::find(const std::string &Name) const {
  auto It = Profiles.find(Name);
  return It == Profiles.end() ? nullptr : &It->second;
}

uint64_t workGroupItems(const std::array<unsigned, 3> &Shape) {
  uint64_t Items = 1;
  for (unsigned D : Shape)
    if (__builtin_mul_overflow(Items, uint64_t(D), &Items))
      return UINT64_MAX;
  return Items;
}

} // namespace cllint
