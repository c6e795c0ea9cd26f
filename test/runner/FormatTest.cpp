#include "Format.h"

#include <gtest/gtest.h>

using namespace cllint::runner;

TEST(Format, Durations) {
  EXPECT_EQ(formatDuration(850), "850 ns");
  EXPECT_EQ(formatDuration(9999), "9999 ns");
  EXPECT_EQ(formatDuration(12'345), "12.35 µs");
  EXPECT_EQ(formatDuration(1'234'567), "1234.6 µs");
  EXPECT_EQ(formatDuration(12'345'678), "12.35 ms");
  EXPECT_EQ(formatDuration(25'000'000'000ull), "25.00 s");
  EXPECT_EQ(formatDurationRange(1'200'000 * 10, 1'300'000 * 10, 1'250'000 * 10), "12.00–13.00");
}

TEST(Format, BytesAndBandwidth) {
  EXPECT_EQ(formatBytes(512), "512 B");
  EXPECT_EQ(formatBytes(64 * 1024 * 1024), "64 MiB");
  EXPECT_EQ(formatBytes(1536ull * 1024 * 1024), "1.5 GiB");
  EXPECT_EQ(formatGbps(2733.14), "2733");
  EXPECT_EQ(formatGbps(17.12), "17.1");
  EXPECT_EQ(formatGbps(0.5), "0.50");
  EXPECT_EQ(formatRatio(1.934), "1.93x");
}

TEST(Format, WidthCountsCodePoints) {
  EXPECT_EQ(displayWidth("abc"), 3u);
  EXPECT_EQ(displayWidth("1.2–1.3 µs"), 10u);
  EXPECT_EQ(displayWidth("171 → 2617"), 10u);
}

TEST(Format, TableAlignsColumnsWithMultiByteText) {
  TextTable t({"a", "b", "c"});
  t.addRow({"x→y", "1", "end"});
  t.addRow({"long cell", "22", ""});
  const std::string out = t.render();
  EXPECT_EQ(out, "a          b   c\n"
                 "---------  --  ---\n"
                 "x→y        1   end\n"
                 "long cell  22\n");
}
