#include "cllint/Verify/Runner/Compare.h"

#include "Half.h"

#include <cmath>
#include <cstring>
#include <gtest/gtest.h>

using namespace cllint::runner;

namespace {

template <typename T> std::vector<unsigned char> bytesOf(const std::vector<T> &values) {
  std::vector<unsigned char> bytes(values.size() * sizeof(T));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

template <typename T>
BufferDiff diff(const char *typeName, const std::vector<T> &a, const std::vector<T> &b,
                std::uint64_t tolerance = 0) {
  const ElementType t = *parseElementType(typeName);
  return compareBuffer(t, a.size() * sizeof(T) / t.size(), bytesOf(a).data(), bytesOf(b).data(),
                       tolerance);
}

} // namespace

TEST(Ulp, Float) {
  EXPECT_EQ(ulpDistance(1.0f, 1.0f), 0u);
  EXPECT_EQ(ulpDistance(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
  EXPECT_EQ(ulpDistance(1.0f, std::nextafter(1.0f, 0.0f)), 1u);
  EXPECT_EQ(ulpDistance(0.0f, -0.0f), 0u);
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(ulpDistance(tiny, -tiny), 2u); // across zero
  EXPECT_EQ(ulpDistance(NAN, NAN), 0u);
  EXPECT_EQ(ulpDistance(NAN, 1.0f), UlpInfinite);
  EXPECT_EQ(ulpDistance(1.0f, 2.0f), 1u << 23);
}

TEST(Ulp, DoubleAndHalf) {
  EXPECT_EQ(ulpDistance(1.0, std::nextafter(1.0, 2.0)), 1u);
  EXPECT_EQ(ulpDistance(-1.0, 1.0), 2 * 0x3ff0000000000000ull);
  EXPECT_EQ(ulpDistanceHalf(0x3c00, 0x3c03), 3u);
  EXPECT_EQ(ulpDistanceHalf(0x0001, 0x8001), 2u);
  EXPECT_EQ(ulpDistanceHalf(0x7e00, 0x3c00), UlpInfinite);
}

TEST(CompareBuffer, IdenticalInts) {
  BufferDiff d = diff<int>("int", {1, 2, 3}, {1, 2, 3});
  EXPECT_EQ(d.elements, 3u);
  EXPECT_EQ(d.differing, 0u);
  EXPECT_EQ(d.firstIndex, -1);
}

TEST(CompareBuffer, IntsDifferBeyondAnyTolerance) {
  BufferDiff d = diff<int>("int", {1, 2, 3, 4}, {1, 5, 3, 6}, 100);
  EXPECT_EQ(d.differing, 2u);
  EXPECT_EQ(d.beyondTolerance, 2u);
  EXPECT_EQ(d.firstIndex, 1);
  EXPECT_EQ(d.firstBefore, "2");
  EXPECT_EQ(d.firstAfter, "5");
}

TEST(CompareBuffer, FloatsWithinTolerance) {
  const float x = 0.3f;
  BufferDiff d = diff<float>("float", {x, 1.0f, x}, {std::nextafter(x, 1.0f), 1.0f, x}, 4);
  EXPECT_EQ(d.differing, 1u);
  EXPECT_EQ(d.beyondTolerance, 0u);
  EXPECT_EQ(d.maxUlp, 1u);
}

TEST(CompareBuffer, FirstReportedIsTheFirstBeyondTolerance) {
  BufferDiff d =
      diff<float>("float", {1.0f, 1.0f, 1.0f}, {std::nextafter(1.0f, 2.0f), 1.0f, 2.0f}, 1);
  EXPECT_EQ(d.differing, 2u);
  EXPECT_EQ(d.beyondTolerance, 1u);
  EXPECT_EQ(d.firstIndex, 2);
}

TEST(CompareBuffer, VectorsCountOnceAndPaddingIsIgnored) {
  // float3 is stored as four floats; the fourth is padding and may hold anything.
  BufferDiff d = diff<float>("float3", {1, 2, 3, 99, 4, 5, 6, 0}, {1, 2, 3, -1, 4, 7, 8, 0});
  EXPECT_EQ(d.elements, 2u);
  EXPECT_EQ(d.differing, 1u);
  EXPECT_EQ(d.firstIndex, 1);
  EXPECT_EQ(d.firstBefore, "(4, 5, 6)");
  EXPECT_EQ(d.firstAfter, "(4, 7, 8)");
}

TEST(CompareBuffer, HalfValues) {
  BufferDiff d = diff<std::uint16_t>("half", {floatToHalf(1.0f), floatToHalf(0.5f)},
                                     {floatToHalf(1.0f), 0x3801}, 0);
  EXPECT_EQ(d.differing, 1u);
  EXPECT_EQ(d.maxUlp, 1u);
  EXPECT_EQ(d.firstBefore, "0.5");
}

TEST(Judge, Texts) {
  const ElementType f = *parseElementType("float"), i = *parseElementType("int");
  BufferDiff same;
  same.elements = 100;
  EXPECT_EQ(judgeOutputs(CompareMode::Bitwise, 0, {{1, f, same}}).text, "identical");

  BufferDiff close = same;
  close.differing = 37, close.maxUlp = 2;
  OutputsVerdict v = judgeOutputs(CompareMode::Ulp, 4, {{1, f, close}, {2, i, same}});
  EXPECT_TRUE(v.agree);
  EXPECT_EQ(v.text, "within 2 ulp (37 elements differ)");
  EXPECT_EQ(v.maxUlp, 2u);

  // The same buffer compared bitwise is a mismatch.
  close.firstIndex = 3, close.firstBefore = "0.1", close.firstAfter = "0.100000001";
  v = judgeOutputs(CompareMode::Bitwise, 0, {{1, f, close}});
  EXPECT_FALSE(v.agree);
  EXPECT_EQ(v.text, "differ: arg 1 (float): 37 of 100 elements differ (max 2 ulp); first at [3]: "
                    "0.1 before, 0.100000001 after");

  BufferDiff far = close;
  far.beyondTolerance = 5, far.maxUlp = 9;
  v = judgeOutputs(CompareMode::Ulp, 4, {{1, f, far}});
  EXPECT_FALSE(v.agree);
  EXPECT_NE(v.text.find("5 of 100 elements differ by more than 4 ulp (max 9 ulp)"),
            std::string::npos);
}
