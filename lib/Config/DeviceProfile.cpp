#include "Config/DeviceProfile.h"

namespace cllint {

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
