#include "cllint/Verify/Runner/Render.h"

#include "CaseText.h"
#include "Format.h"
#include "RenderFixtures.h"
#include "XmlCheck.h"
#include "cllint/Verify/Runner/ResultsJson.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace cllint::runner;
using cllint::runner::test::checkWellFormed;
using cllint::runner::test::countOf;
using namespace cllint::runner::test;

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
  for (const char *column :
       {"kernel", "rule", "line", "before", "after", "speed-up", "GB/s", "outputs"})
    EXPECT_NE(t.find(column), std::string::npos) << column;
  EXPECT_NE(t.find("49.00 µs"), std::string::npos) << t;
  EXPECT_NE(t.find("171 → 2706"), std::string::npos) << t;
  EXPECT_NE(t.find("15.81x"), std::string::npos) << t;
  EXPECT_NE(t.find("up to 10.67x"), std::string::npos) << t;
  EXPECT_NE(t.find("~1.01x"), std::string::npos) << t;
  // The abbreviations are explained under the table.
  EXPECT_NE(t.find("what-if, up to: "), std::string::npos) << t;
  EXPECT_NE(t.find("~1.02x: the difference is within the spread of the runs, no measurable "
                   "difference"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("error (see notes)"), std::string::npos) << t;
  // The full error, build log included, is in the notes.
  EXPECT_NE(t.find("    after (after.cl): clBuildProgram: CL_BUILD_PROGRAM_FAILURE"),
            std::string::npos)
      << t;
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

TEST(RenderHtml, WellFormedWithTwoChartsAndABarPerMeasurement) {
  const Results r = sample();
  const std::string html = renderHtml(r);
  EXPECT_EQ(checkWellFormed(html), "");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(countOf(html, "<svg"), 2u);
  // Speed-up chart: a bar per measured case, green when faster, grey within the noise, one
  // line at 1.0x.
  EXPECT_EQ(countOf(html, "<rect class=\"bar faster\""), 1u);
  EXPECT_EQ(countOf(html, "<rect class=\"bar faster what-if\""), 1u);
  EXPECT_EQ(countOf(html, "<rect class=\"bar noise\""), 1u);
  EXPECT_EQ(countOf(html, "class=\"unity\""), 1u);
  EXPECT_NE(html.find(">1x</text>"), std::string::npos);
  EXPECT_NE(html.find("not measured: error"), std::string::npos);
  // Bandwidth chart.
  EXPECT_EQ(countOf(html, "class=\"bar before\""), 3u); // the error case has no bars
  EXPECT_EQ(countOf(html, "class=\"bar after\""), 3u);
  EXPECT_EQ(countOf(html, "<g class=\"case\">"), 8u);
  EXPECT_EQ(countOf(html, "class=\"ceiling\""), 1u);
  EXPECT_NE(html.find("copy ceiling 2733 GB/s"), std::string::npos);
  EXPECT_NE(html.find("no bandwidth: error"), std::string::npos);
  // Self-contained: no scripts, no external resources.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));
  EXPECT_EQ(html.find("url("), std::string::npos);
  // Text from the plan is escaped.
  EXPECT_NE(html.find("strided&lt;copy&gt;"), std::string::npos);
  EXPECT_NE(html.find("&#39;a &amp; b &lt; c&#39;"), std::string::npos);
  EXPECT_NE(html.find("cllint-runner --report r.html plan"), std::string::npos);
  EXPECT_NE(html.find("what-if: upper bound, outputs not comparable"), std::string::npos);
}

TEST(RenderHtml, TableShowsWhereWhatAndTheSpread) {
  const std::string html = renderHtml(sample());
  for (const char *column :
       {"<th>kernel</th>", "<th>file:line</th>", "<th>rule</th>",
        "<th>before<span class=\"sub\">median (min–max)</span></th>", "<th>speed-up</th>",
        "<th>GB/s before → after</th>", "<th>outputs</th>"})
    EXPECT_NE(html.find(column), std::string::npos) << column;
  EXPECT_NE(html.find("kernels/<wbr/>transpose_<wbr/>naive.cl:<wbr/>14"), std::string::npos);
  EXPECT_NE(html.find("49.00 µs<span class=\"spread\">48.80–49.20</span>"), std::string::npos);
  EXPECT_NE(html.find("no measurable difference (1.01x)"), std::string::npos);
}

TEST(RenderHtml, LayoutFitsTheWindowAndPrints) {
  const std::string html = renderHtml(sample());
  // Fixed column shares and wrapping instead of a table wider than the window.
  EXPECT_NE(html.find("table-layout: fixed"), std::string::npos);
  EXPECT_NE(html.find("overflow-wrap: anywhere"), std::string::npos);
  EXPECT_NE(html.find("<colgroup>"), std::string::npos);
  EXPECT_NE(html.find("svg.chart { display: block; width: 100%"), std::string::npos);
  EXPECT_EQ(html.find("white-space: nowrap"), std::string::npos);
  // Print: white, landscape, rows and charts kept whole.
  const std::size_t print = html.find("@media print {");
  ASSERT_NE(print, std::string::npos);
  const std::string printCss = html.substr(print, html.find("</style>") - print);
  for (const char *rule : {"@page { size: A4 landscape", "break-inside: avoid", "background: none",
                           "thead { display: table-header-group; }"})
    EXPECT_NE(printCss.find(rule), std::string::npos) << rule;
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
  EXPECT_EQ(countOf(html, "<svg"), 2u);
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

namespace {

// The results of test/runner/reports/: many cases, names and paths far longer than a
// column, failed cases and skipped findings.
Results wideResults() {
  std::ifstream in(std::string(CLLINT_RUNNER_REPORTS) + "/wide-report.json");
  std::ostringstream text;
  text << in.rdbuf();
  return resultsFromJson(Json::parse(text.str()));
}

// A case like gemv's what-if on an H200: 5.9x faster while it reads one stripe of the matrix.
CaseResult fewerBytesCase() {
  CaseResult c = makeCase("gemv_rowmajor", 579'700, 97'810, 1000);
  c.variant = Variant::WhatIf;
  c.bytesMoved = 268'435'456;
  c.bytesMovedAfter = 1'193'293;
  deriveFigures(c);
  return c;
}

} // namespace

TEST(RenderTable, EveryLineFitsOneHundredTwentyColumns) {
  const Results r = wideResults();
  ASSERT_GE(r.cases.size(), 15u);
  const std::string t = renderTable(r);
  for (const std::string &line : linesOf(t))
    EXPECT_LE(displayWidth(line), 120u) << "'" << line << "'";
  // A long kernel name keeps its start and end.
  EXPECT_NE(t.find("lattice_…rection  memory-global-stride"), std::string::npos) << t;
  // Cases of one finding measured twice are still told apart.
  EXPECT_NE(t.find("sgemm_na…(col 5)"), std::string::npos) << t;
  EXPECT_NE(t.find("sgemm_na…col 45)"), std::string::npos) << t;
}

TEST(RenderTable, LongNamesAreElidedEvenWithoutOtherLongColumns) {
  Results r = sample();
  r.cases[0].kernel = std::string(300, 'k') + "_end";
  r.cases[0].rule = "memory-local-bank-conflict";
  const std::string t = renderTable(r);
  for (const std::string &line : linesOf(t))
    EXPECT_LE(displayWidth(line), 120u) << "'" << line << "'";
  EXPECT_NE(t.find("kk_end  memory-local-bank-conflict"), std::string::npos) << t;
  EXPECT_NE(t.find("kkk…kkk"), std::string::npos) << t;
}

TEST(RenderTable, ShortCaseLabelsDropWhatTheRowShows) {
  Results r;
  for (const char *id :
       {"naive.cl:30:5:memory-global-stride", "naive.cl:30:45:memory-global-stride",
        "naive.cl:30:45:memory-global-stride#2"}) {
    CaseResult c = makeCase("sgemm_naive", 2000, 1000, 10);
    c.id = id, c.file = "kernels-corpus/sgemm/naive.cl", c.line = 30;
    r.cases.push_back(c);
  }
  EXPECT_EQ(shortCaseLabel(r, 0), "sgemm_naive (col 5)");
  EXPECT_EQ(shortCaseLabel(r, 1), "sgemm_naive (col 45)");
  EXPECT_EQ(shortCaseLabel(r, 2), "sgemm_naive (col 45 #2)");
  // Hand-written ids keep what is not the file, line or rule.
  for (CaseResult &c : r.cases)
    c.kernel = "copy_strided", c.file = "gpu-plans/bandwidth/copy_strided.cl", c.line = 4;
  r.cases[0].id = "copy_strided.cl:4:stride-2";
  EXPECT_EQ(shortCaseLabel(r, 0), "copy_strided (stride-2)");
}

TEST(RenderTable, ALowerAfterBandwidthBesideASpeedupSaysWhy) {
  Results r;
  r.cases.push_back(fewerBytesCase());
  std::string t = renderTable(r);
  EXPECT_NE(t.find("463 → 12.2 *"), std::string::npos) << t;
  for (std::size_t wrap; (wrap = t.find("\n    ")) != std::string::npos;)
    t.replace(wrap, 5, " "); // the footnote's continuation lines
  EXPECT_NE(t.find("* gemv_rowmajor, line 14: the what-if kernel moves 225x fewer bytes per launch "
                   "(256 MiB → 1.1 MiB), so its GB/s is lower although it runs 5.93x faster"),
            std::string::npos)
      << t;
  const std::string html = renderHtml(r);
  EXPECT_NE(html.find("463 → 12.2<span class=\"note\">what-if moves 225x fewer bytes *</span>"),
            std::string::npos);
  EXPECT_NE(html.find("so its GB/s is lower although it runs 5.93x faster"), std::string::npos);
  EXPECT_NE(html.find("12.2 (what-if moves 225x fewer bytes)"), std::string::npos); // the chart
  // Equal bytes need no note.
  r.cases[0].bytesMovedAfter.reset();
  deriveFigures(r.cases[0]);
  EXPECT_EQ(renderTable(r).find(" *"), std::string::npos);
  EXPECT_EQ(renderHtml(r).find("fewer bytes"), std::string::npos);
}

TEST(RenderTable, NoAfterBandwidthLineWithoutANoteForEveryLowerOne) {
  // Over the wide results: wherever the after GB/s is below the before GB/s while the case
  // ran faster, the row carries the marker.
  const Results r = wideResults();
  const std::string t = renderTable(r);
  for (const CaseResult &c : r.cases) {
    if (!(c.before && c.before->gbps && c.after && c.after->gbps && c.speedup))
      continue;
    if (*c.after->gbps<*c.before->gbps && * c.speedup> 1)
      EXPECT_NE(t.find(formatGbps(*c.before->gbps) + " → " + formatGbps(*c.after->gbps) + " *"),
                std::string::npos)
          << c.id;
  }
}

TEST(RenderTable, SkippedFindingsAreCountedAndGrouped) {
  const Results r = wideResults();
  const std::string t = renderTable(r);
  EXPECT_NE(t.find("skipped: 9 findings did not become a case"), std::string::npos) << t;
  EXPECT_NE(t.find("  kernels-corpus/scan/blelloch.cl: kernel 'scan_blelloch', 3 findings "
                   "(memory-local-bank-conflict at lines 38, 58, 60):"),
            std::string::npos)
      << t;
  // The summary counts cases only: "N cases: N ok" stays the last word for scripts.
  EXPECT_NE(t.find("\n16 cases: 13 ok, 1 mismatch, 1 error, 1 timeout\n"), std::string::npos) << t;
  EXPECT_EQ(renderTable(sample()).find("skipped"), std::string::npos);
}

TEST(RenderHtml, SkippedFindingsSection) {
  const Results r = wideResults();
  const std::string html = renderHtml(r);
  EXPECT_EQ(checkWellFormed(html), "");
  EXPECT_NE(html.find("<h2>Skipped findings</h2>"), std::string::npos);
  EXPECT_NE(html.find("kernels-corpus/<wbr/>scan/<wbr/>blelloch.cl:<wbr/>38, 58, 60</td>"),
            std::string::npos);
  EXPECT_NE(html.find("memory-local-bank-conflict (3)"), std::string::npos);
  EXPECT_NE(html.find("the rule offers no padding fix for this access"), std::string::npos);
  // One row per file, kernel and reason: 9 findings in 6 rows.
  const std::size_t start = html.find("<table class=\"skipped\">");
  ASSERT_NE(start, std::string::npos);
  const std::string table = html.substr(start, html.find("</table>", start) - start);
  EXPECT_EQ(countOf(table, "<tr>"), 7u); // with the header row
  EXPECT_EQ(renderHtml(sample()).find("Skipped findings"), std::string::npos);
}

TEST(RenderJson, SkippedFindingsRoundTrip) {
  const Results r = wideResults();
  const Json j = Json::parse(renderJson(r));
  ASSERT_EQ(j["skipped"].size(), 9u);
  EXPECT_EQ(j["skipped"][2]["kernel"], "scan_blelloch");
  EXPECT_EQ(j["skipped"][2]["line"], 38);
  EXPECT_EQ(j["skipped"][2]["rule"], "memory-local-bank-conflict");
  EXPECT_EQ(renderJson(resultsFromJson(j)), renderJson(r));
  // Results of runners that did not keep them read as none.
  Json old = j;
  old.erase("skipped");
  EXPECT_TRUE(resultsFromJson(old).skipped.empty());
}

// A CPU's timings are not a GPU's: text, JSON and HTML say so; a GPU run says nothing.
TEST(Render, CpuTimingsCarryACaveat) {
  Results r = sample();
  r.device.type = "CPU";
  r.device.platform = "Portable Computing Language";
  const std::string caveat = "the device is a CPU (Portable Computing Language): its times "
                             "measure that OpenCL implementation, not a GPU";
  EXPECT_NE(renderTable(r).find("note: the device is a CPU (Portable Computing Language)"),
            std::string::npos);
  EXPECT_EQ(toJson(r).at("timing_caveat").get<std::string>().rfind(caveat, 0), 0u);
  EXPECT_NE(renderHtml(r).find("Timing caveat"), std::string::npos);
  Results g = sample();
  g.device.type = "GPU";
  EXPECT_EQ(renderTable(g).find("the device is a CPU"), std::string::npos);
  EXPECT_FALSE(toJson(g).contains("timing_caveat"));
  EXPECT_EQ(renderHtml(g).find("Timing caveat"), std::string::npos);
}
