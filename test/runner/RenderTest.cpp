#include "cllint/Verify/Runner/Render.h"

#include "XmlCheck.h"
#include "cllint/Verify/Runner/ResultsJson.h"

#include <gtest/gtest.h>

using namespace cllint::runner;
using cllint::runner::test::checkWellFormed;
using cllint::runner::test::countOf;

namespace {

Timing timing(std::uint64_t median, std::uint64_t spread) {
  Timing t;
  t.medianNs = median;
  t.minNs = median - spread;
  t.maxNs = median + spread;
  t.q1Ns = median - spread / 4;
  t.q3Ns = median + spread / 4;
  return t;
}

CaseResult makeCase(const std::string &kernel, std::uint64_t before, std::uint64_t after,
                    std::uint64_t spread) {
  CaseResult c;
  c.id = kernel + ".cl:14:memory-global-stride";
  c.file = "kernels/" + kernel + ".cl";
  c.line = 14;
  c.rule = "memory-global-stride";
  c.kernel = kernel;
  c.bytesMoved = 8 * 1024 * 1024;
  c.before = timing(before, spread);
  c.after = timing(after, spread);
  c.outputs = "identical";
  deriveFigures(c);
  return c;
}

Results sample() {
  Results r;
  r.device.platform = "NVIDIA CUDA";
  r.device.name = "NVIDIA H200";
  r.device.driver = "580.65";
  r.device.version = "OpenCL 3.0 CUDA";
  r.device.type = "GPU";
  r.date = "2026-11-21T21:30:00Z";
  r.runs = 20;
  r.warmup = 3;
  r.ceilingGbps = 2733.1;
  r.ceilingBytes = 64 << 20;
  r.command = "cllint-runner --report r.html plan";

  r.cases.push_back(makeCase("transpose_naive", 49'000, 3'100, 200)); // a real speed-up
  CaseResult whatIf = makeCase("strided<copy>", 32'000, 3'000, 100);
  whatIf.variant = Variant::WhatIf;
  whatIf.outputs = "not compared (what-if)";
  r.cases.push_back(whatIf);
  r.cases.push_back(makeCase("noisy", 10'000, 9'900, 2'000)); // 1% with 10% spread

  CaseResult broken;
  broken.id = "b.cl:3:x";
  broken.kernel = "broken";
  broken.rule = "x";
  broken.line = 3;
  broken.status = CaseStatus::Error;
  broken.error = "after (after.cl): clBuildProgram: CL_BUILD_PROGRAM_FAILURE; build log:\n"
                 "error: use of undeclared identifier 'a & b < c'";
  broken.outputs = "not compared (error)";
  r.cases.push_back(broken);
  return r;
}

} // namespace

TEST(Derive, BandwidthAndSpeedup) {
  CaseResult c = makeCase("k", 4'000'000, 2'000'000, 1000);
  ASSERT_TRUE(c.before->gbps);
  EXPECT_NEAR(*c.before->gbps, 8.0 * 1024 * 1024 / 4e6, 1e-9);
  ASSERT_TRUE(c.speedup);
  EXPECT_DOUBLE_EQ(*c.speedup, 2.0);
  EXPECT_TRUE(c.measurable);
}

TEST(Derive, DifferenceInsideTheSpreadIsNotMeasurable) {
  CaseResult c = makeCase("k", 10'000, 9'900, 2'000);
  EXPECT_FALSE(c.measurable);
  // One wild outlier (max) does not hide a clear 2x difference: the spread is the IQR.
  CaseResult d = makeCase("k", 2'000, 1'000, 10);
  d.before->maxNs = 50'000;
  deriveFigures(d);
  EXPECT_TRUE(d.measurable);
}

TEST(Derive, NoBytesMeansNoBandwidth) {
  CaseResult c = makeCase("k", 2'000, 1'000, 10);
  c.bytesMoved = 0;
  c.before->gbps.reset();
  c.after->gbps.reset();
  deriveFigures(c);
  EXPECT_FALSE(c.before->gbps);
  EXPECT_TRUE(c.speedup);
}

TEST(Derive, AfterUsesItsOwnBytes) {
  CaseResult c = makeCase("k", 4'000'000, 2'000'000, 1000);
  c.bytesMovedAfter = 1024 * 1024;
  deriveFigures(c);
  EXPECT_NEAR(*c.before->gbps, 8.0 * 1024 * 1024 / 4e6, 1e-9);
  ASSERT_TRUE(c.after->gbps);
  EXPECT_NEAR(*c.after->gbps, 1024.0 * 1024 / 2e6, 1e-9);
  CaseResult back = caseFromJson(toJson(c));
  ASSERT_TRUE(back.bytesMovedAfter);
  EXPECT_EQ(*back.bytesMovedAfter, 1024u * 1024);
}

TEST(Derive, UnknownAfterBytesGiveNoAfterBandwidth) {
  CaseResult c = makeCase("k", 4'000'000, 2'000'000, 1000);
  c.bytesAfterUnknown = true;
  deriveFigures(c);
  EXPECT_TRUE(c.before->gbps);
  EXPECT_FALSE(c.after->gbps);
  EXPECT_TRUE(c.speedup);
  Results r;
  r.cases.push_back(c);
  const std::string table = renderTable(r);
  EXPECT_NE(table.find(" → —"), std::string::npos) << table;
  EXPECT_TRUE(caseFromJson(toJson(c)).bytesAfterUnknown);
}

TEST(RenderTable, ShowsEveryColumnHonestly) {
  const std::string t = renderTable(sample());
  EXPECT_NE(t.find("NVIDIA H200"), std::string::npos);
  EXPECT_NE(t.find("copy ceiling: 2733 GB/s"), std::string::npos);
  for (const char *column : {"kernel", "rule", "line", "before", "after", "GB/s before → after",
                             "ceiling", "speed-up", "outputs"})
    EXPECT_NE(t.find(column), std::string::npos) << column;
  EXPECT_NE(t.find("49.00 µs (48.80–49.20)"), std::string::npos) << t;
  EXPECT_NE(t.find("171 → 2706"), std::string::npos) << t;
  EXPECT_NE(t.find("15.81x"), std::string::npos) << t;
  EXPECT_NE(t.find("what-if: upper bound, outputs not comparable"), std::string::npos);
  EXPECT_NE(t.find("up to 10.67x"), std::string::npos) << t;
  EXPECT_NE(t.find("no measurable difference (1.01x)"), std::string::npos) << t;
  EXPECT_NE(t.find("error: after (after.cl): clBuildProgram: CL_BUILD_PROGRAM_FAILURE"),
            std::string::npos)
      << t;
  // The full error, build log included, is in the notes.
  EXPECT_NE(t.find("    error: use of undeclared identifier 'a & b < c'"), std::string::npos) << t;
  EXPECT_NE(t.find("4 cases: 3 ok, 1 error"), std::string::npos);
}

TEST(RenderTable, RowsAreAligned) {
  const std::string t = renderTable(sample());
  // Every row's "memory-global-stride" starts in the same column.
  std::vector<std::size_t> columns;
  std::size_t start = 0;
  while (start < t.size()) {
    std::size_t end = t.find('\n', start);
    std::string line = t.substr(start, end - start);
    if (auto at = line.find("memory-global-stride"); at != std::string::npos)
      columns.push_back(at);
    start = end + 1;
  }
  ASSERT_EQ(columns.size(), 3u);
  EXPECT_EQ(columns[0], columns[1]);
  EXPECT_EQ(columns[1], columns[2]);
}

TEST(RenderHtml, WellFormedWithOneChartAndABarPerMeasurement) {
  const Results r = sample();
  const std::string html = renderHtml(r);
  EXPECT_EQ(checkWellFormed(html), "");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(countOf(html, "<svg"), 1u);
  EXPECT_EQ(countOf(html, "class=\"bar before\""), 3u); // the error case has no bars
  EXPECT_EQ(countOf(html, "class=\"bar after\""), 3u);
  EXPECT_EQ(countOf(html, "<g class=\"case\">"), 4u);
  EXPECT_EQ(countOf(html, "class=\"ceiling\""), 1u);
  EXPECT_NE(html.find("copy ceiling 2733 GB/s"), std::string::npos);
  EXPECT_NE(html.find("no bandwidth: error"), std::string::npos);
  // Self-contained: no scripts, no external resources.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));
  // Text from the plan is escaped.
  EXPECT_NE(html.find("strided&lt;copy&gt;"), std::string::npos);
  EXPECT_NE(html.find("&#39;a &amp; b &lt; c&#39;"), std::string::npos);
  EXPECT_NE(html.find("cllint-runner --report r.html plan"), std::string::npos);
  EXPECT_NE(html.find("what-if: upper bound, outputs not comparable"), std::string::npos);
}

TEST(RenderHtml, WithoutCeilingOrCases) {
  Results r = sample();
  r.ceilingGbps.reset();
  r.ceilingError = "timed out after 100 ms";
  std::string html = renderHtml(r);
  EXPECT_EQ(checkWellFormed(html), "");
  EXPECT_EQ(countOf(html, "class=\"ceiling\""), 0u);
  EXPECT_NE(html.find("not measured (timed out after 100 ms)"), std::string::npos);
  r.cases.clear();
  html = renderHtml(r);
  EXPECT_EQ(checkWellFormed(html), "");
  EXPECT_EQ(countOf(html, "<svg"), 1u);
}

TEST(XmlCheck, CatchesBrokenMarkup) {
  EXPECT_EQ(checkWellFormed("<a><b/></a>"), "");
  EXPECT_NE(checkWellFormed("<a><b></a>"), "");
  EXPECT_NE(checkWellFormed("<a>x & y</a>"), "");
  EXPECT_NE(checkWellFormed("<a>"), "");
}

TEST(RenderJson, MatchesTheDocumentedShapeAndRoundTrips) {
  const Results r = sample();
  const Json j = Json::parse(renderJson(r));
  EXPECT_EQ(j["device"]["name"], "NVIDIA H200");
  EXPECT_EQ(j["device"]["type"], "GPU");
  EXPECT_EQ(j["date"], "2026-11-21T21:30:00Z");
  EXPECT_EQ(j["runs"], 20);
  EXPECT_EQ(j["warmup"], 3);
  EXPECT_DOUBLE_EQ(j["ceiling_gbps"].get<double>(), 2733.1);
  const Json &c = j["cases"][0];
  for (const char *key : {"id", "file", "line", "rule", "kernel", "variant", "status", "before",
                          "after", "speedup", "outputs", "max_ulp", "bytes_moved"})
    EXPECT_TRUE(c.contains(key)) << key;
  EXPECT_EQ(c["status"], "ok");
  EXPECT_FALSE(c.contains("error"));
  EXPECT_EQ(c["before"]["median_ns"], 49'000);
  EXPECT_TRUE(c["before"]["gbps"].is_number());
  EXPECT_EQ(j["cases"][1]["variant"], "what-if");
  EXPECT_EQ(j["cases"][3]["status"], "error");
  EXPECT_TRUE(j["cases"][3]["before"].is_null());
  EXPECT_TRUE(j["cases"][3]["speedup"].is_null());
  EXPECT_NE(j["cases"][3]["error"].get<std::string>().find("CL_BUILD_PROGRAM_FAILURE"),
            std::string::npos);

  const Results back = resultsFromJson(j);
  EXPECT_EQ(renderJson(back), renderJson(r));
}
