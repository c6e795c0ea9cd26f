#include "cllint/Verify/Runner/Fill.h"

#include "Half.h"

#include <cstring>
#include <gtest/gtest.h>
#include <stdexcept>

using namespace cllint::runner;

namespace {

ElementType type(const char *name) { return *parseElementType(name); }

template <typename T>
std::vector<T> fill(const char *typeName, std::uint64_t n, const char *spec,
                    std::uint64_t seed = 1) {
  const ElementType t = type(typeName);
  const auto bytes = makeFilledBuffer(t, n, parseFill(spec, t), seed);
  EXPECT_EQ(bytes.size(), n * t.size());
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), bytes.size());
  return values;
}

} // namespace

TEST(Fill, Zero) {
  for (float v : fill<float>("float", 16, "zero"))
    EXPECT_EQ(v, 0.0f);
}

TEST(Fill, IotaCountsScalarComponents) {
  EXPECT_EQ(fill<int>("int", 4, "iota"), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(fill<float>("float2", 2, "iota"), (std::vector<float>{0, 1, 2, 3}));
  // 3-vectors: three real components, then padding left at zero.
  EXPECT_EQ(fill<float>("float3", 2, "iota"), (std::vector<float>{0, 1, 2, 0, 3, 4, 5, 0}));
  // Casts wrap like C conversions to unsigned types.
  auto bytes = fill<std::uint8_t>("uchar", 300, "iota");
  EXPECT_EQ(bytes[299], 299 % 256);
}

TEST(Fill, IotaOnHalfStoresRealHalfValues) {
  auto h = fill<std::uint16_t>("half", 3, "iota");
  EXPECT_EQ(halfToFloat(h[0]), 0.0f);
  EXPECT_EQ(halfToFloat(h[2]), 2.0f);
}

TEST(Fill, RandomIsDeterministicAndInRange) {
  auto a = fill<float>("float", 10000, "random");
  EXPECT_EQ(a, fill<float>("float", 10000, "random"));
  EXPECT_NE(a, fill<float>("float", 10000, "random", 2));
  float lo = 1, hi = -1;
  for (float v : a) {
    EXPECT_GE(v, -1.0f);
    EXPECT_LT(v, 1.0f);
    lo = std::min(lo, v), hi = std::max(hi, v);
  }
  EXPECT_LT(lo, -0.99f);
  EXPECT_GT(hi, 0.99f);

  for (int v : fill<int>("int", 10000, "random")) {
    EXPECT_GE(v, 0);
    EXPECT_LT(v, 100);
  }
  for (std::uint16_t v : fill<std::uint16_t>("half", 10000, "random")) {
    EXPECT_GE(halfToFloat(v), -1.0f);
    EXPECT_LT(halfToFloat(v), 1.0f);
  }
}

TEST(Fill, RandomRange) {
  for (long v : fill<long>("long", 5000, "random:-5:5")) {
    EXPECT_GE(v, -5);
    EXPECT_LT(v, 5);
  }
  for (double v : fill<double>("double", 5000, "random:10:10.5")) {
    EXPECT_GE(v, 10.0);
    EXPECT_LT(v, 10.5);
  }
  for (float v : fill<float>("float4", 1000, "random:0:1e-3")) {
    EXPECT_GE(v, 0.0f);
    EXPECT_LT(v, 1e-3f);
  }
}

TEST(Fill, ConstIndexModAndRowPointers) {
  EXPECT_EQ(fill<short>("short", 3, "const:-7"), (std::vector<short>{-7, -7, -7}));
  EXPECT_EQ(fill<double>("double", 2, "const:0.25"), (std::vector<double>{0.25, 0.25}));
  EXPECT_EQ(fill<int>("int", 7, "index-mod:3"), (std::vector<int>{0, 1, 2, 0, 1, 2, 0}));
  EXPECT_EQ(fill<unsigned>("uint", 4, "csr-rowptr:5"), (std::vector<unsigned>{0, 5, 10, 15}));
}

TEST(Fill, RejectsBadSpecs) {
  const ElementType i = type("int"), f = type("float");
  EXPECT_THROW(parseFill("gaussian", f), std::invalid_argument);
  EXPECT_THROW(parseFill("", f), std::invalid_argument);
  EXPECT_THROW(parseFill("zero:1", f), std::invalid_argument);
  EXPECT_THROW(parseFill("random:1", f), std::invalid_argument);
  EXPECT_THROW(parseFill("random:5:5", i), std::invalid_argument);
  EXPECT_THROW(parseFill("random:2:1", f), std::invalid_argument);
  EXPECT_THROW(parseFill("const:1.5", i), std::invalid_argument);
  EXPECT_THROW(parseFill("const:abc", f), std::invalid_argument);
  EXPECT_THROW(parseFill("const:inf", f), std::invalid_argument);
  EXPECT_THROW(parseFill("index-mod:0", i), std::invalid_argument);
  EXPECT_THROW(parseFill("csr-rowptr:-1", i), std::invalid_argument);
  try {
    parseFill("gaussian", f);
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("unknown fill 'gaussian'"), std::string::npos);
  }
}
