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

TEST(Format, ElisionKeepsBothEndsOrTheStart) {
  EXPECT_EQ(elideMiddle("reduce_interleaved", 18), "reduce_interleaved");
  EXPECT_EQ(elideMiddle("reduce_interleaved", 9), "redu…aved");
  EXPECT_EQ(displayWidth(elideMiddle("reduce_interleaved", 9)), 9u);
  EXPECT_EQ(elideMiddle("µµµµµµµµµµ", 5), "µµ…µµ"); // cuts between code points
  EXPECT_EQ(elideEnd("within 1 ulp", 8), "within …");
  EXPECT_EQ(elideEnd("abc", 0), "");
}

TEST(Format, WrapBreaksAtSpacesAndSplitsWordsLongerThanALine) {
  EXPECT_EQ(wrapText("one two three four", 9, "", "  "), "one two\n  three\n  four\n");
  EXPECT_EQ(wrapText("a/very/long/path x", 8, "- ", "  "), "- a/very\n  /long/\n  path x\n");
  EXPECT_EQ(wrapText("", 10, "", ""), "");
  for (std::size_t width : {10u, 20u, 37u}) {
    const std::string text = wrapText(
        "kernels-corpus/sgemm/naive.cl: kernel 'sgemm_naive', 2 findings (memory-global-stride "
        "at lines 27, 30): cannot size buffer 'A'",
        width, "  ", "      ");
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t end = text.find('\n', start);
      EXPECT_LE(displayWidth(text.substr(start, end - start)), width) << text;
      start = end + 1;
    }
  }
}

TEST(Format, TableShrinksTheColumnsItMayToTheWidth) {
  TextTable t({"kernel", "rule", "n"});
  t.addRow({"a_kernel_with_a_rather_long_name", "memory-global-stride", "1"});
  t.addRow({"short", "arith-pow2-div-mod", "22"});
  t.allowShrinking(0, 10, Elide::Middle);
  const std::string out = t.render(40);
  EXPECT_EQ(out, "kernel          rule                  n\n"
                 "--------------  --------------------  --\n"
                 "a_kerne…g_name  memory-global-stride  1\n"
                 "short           arith-pow2-div-mod    22\n");
  // Never below the minimum: the table is then wider than asked.
  const std::string narrow = t.render(20);
  EXPECT_NE(narrow.find("a_ker…name  memory-global-stride"), std::string::npos) << narrow;
  // Without a limit nothing is cut.
  EXPECT_NE(t.render().find("a_kernel_with_a_rather_long_name"), std::string::npos);
}
