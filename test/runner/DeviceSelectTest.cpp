#include "cllint/Verify/Runner/Device.h"
#include "cllint/Verify/Runner/Errors.h"

#include <gtest/gtest.h>

using namespace cllint::runner;

namespace {

std::vector<DeviceInfo> devices() {
  DeviceInfo cpu;
  cpu.index = 0, cpu.platformIndex = 0, cpu.deviceIndex = 0;
  cpu.platform = "Portable Computing Language", cpu.name = "pthread-haswell", cpu.type = "CPU";
  DeviceInfo gpu0 = cpu;
  gpu0.index = 1, gpu0.platformIndex = 1, gpu0.deviceIndex = 0;
  gpu0.platform = "NVIDIA CUDA", gpu0.name = "NVIDIA H200", gpu0.type = "GPU";
  DeviceInfo gpu1 = gpu0;
  gpu1.index = 2, gpu1.deviceIndex = 1, gpu1.name = "NVIDIA H100";
  return {cpu, gpu0, gpu1};
}

} // namespace

TEST(SelectDevice, DefaultIsTheFirstGpu) {
  auto list = devices();
  EXPECT_EQ(selectDevice(list, "").name, "NVIDIA H200");
  list.erase(list.begin() + 1, list.end());
  EXPECT_EQ(selectDevice(list, "").name, "pthread-haswell");
}

TEST(SelectDevice, ByFlatIndexAndPlatformDevice) {
  auto list = devices();
  EXPECT_EQ(selectDevice(list, "0").type, "CPU");
  EXPECT_EQ(selectDevice(list, "2").name, "NVIDIA H100");
  EXPECT_EQ(selectDevice(list, "1:1").name, "NVIDIA H100");
  EXPECT_EQ(selectDevice(list, "0:0").type, "CPU");
}

TEST(SelectDevice, BySubstringIgnoringCase) {
  auto list = devices();
  EXPECT_EQ(selectDevice(list, "h100").name, "NVIDIA H100");
  EXPECT_EQ(selectDevice(list, "NVIDIA").name, "NVIDIA H200") << "the first match wins";
}

TEST(SelectDevice, SubstringCoversPlatformAndDevice) {
  auto list = devices();
  EXPECT_EQ(selectDevice(list, "cuda / nvidia h1").name, "NVIDIA H100");
  EXPECT_EQ(selectDevice(list, "portable").type, "CPU");
}

TEST(SelectDevice, NothingMatches) {
  auto list = devices();
  try {
    selectDevice(list, "radeon");
    FAIL();
  } catch (const UsageError &e) {
    EXPECT_NE(std::string(e.what()).find("'radeon' matches no device"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("NVIDIA CUDA / NVIDIA H200"), std::string::npos);
  }
  EXPECT_THROW(selectDevice(list, "7"), UsageError);
  EXPECT_THROW(selectDevice(list, "0:3"), UsageError);
  EXPECT_THROW(selectDevice({}, ""), DeviceError);
}

TEST(SelectDevice, ListRendersEveryDevice) {
  const std::string text = renderDeviceList(devices());
  EXPECT_NE(text.find("NVIDIA CUDA / NVIDIA H100"), std::string::npos);
  EXPECT_NE(text.find("1:1"), std::string::npos);
  EXPECT_NE(text.find("CUs"), std::string::npos);
  EXPECT_NE(text.find("driver"), std::string::npos);
}
