// The compiled-code counts of the results (where the driver returned PTX) in the text table,
// the HTML report and the JSON results, and the note where it is not readable.
#include "CaseText.h"
#include "Format.h"
#include "RenderFixtures.h"
#include "XmlCheck.h"
#include "cllint/Verify/Runner/Render.h"
#include "cllint/Verify/Runner/ResultsJson.h"

#include <gtest/gtest.h>

using namespace cllint::runner;
using namespace cllint::runner::test;

namespace {

// Counts like those of blend on an NVIDIA H100: the double literal costs f64 work and
// conversions.
CompiledCode blendCode() {
  CompiledCode code;
  code.before.instructions = 27, code.before.f64 = 7, code.before.conversions = 6;
  code.before.opcodes = {{"cvt.f64.f32", 3}, {"cvt.rn.f32.f64", 1}, {"fma.rn.f64", 1},
                         {"mov.f64", 1},     {"sub.f64", 1},        {"ld.global.f32", 2}};
  code.after.instructions = 23, code.after.conversions = 2;
  code.after.opcodes = {{"fma.rn.f32", 1}, {"sub.f32", 1}, {"ld.global.f32", 2}};
  return code;
}

} // namespace

TEST(RenderTable, CompiledCodeLinePerCase) {
  Results r = sample();
  r.cases[0].rule = "arith-double-literal";
  r.cases[0].code = blendCode();
  const std::string t = renderTable(r);
  EXPECT_NE(t.find("compiled code (instructions of each kernel's entry, before → after):\n"
                   "  transpose_naive, line 14: PTX 27 → 23 instructions (f64 7 → 0, cvt 6 → 2, "
                   "div/rem 0 → 0)\n"
                   "      changed: cvt.f64.f32 3 → 0, cvt.rn.f32.f64 1 → 0, fma.rn.f64 1 → 0, "
                   "mov.f64 1 → 0, sub.f64 1 → 0,\n"
                   "        fma.rn.f32 0 → 1, sub.f32 0 → 1\n"),
            std::string::npos)
      << t;
  for (const std::string &line : linesOf(t))
    EXPECT_LE(displayWidth(line), 120u) << "'" << line << "'";
  const std::string html = renderHtml(r);
  EXPECT_EQ(checkWellFormed(html), "");
  EXPECT_NE(html.find("<h2>Compiled code</h2>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num\">27 → 23</td><td class=\"num\">7 → 0</td>"),
            std::string::npos);
  EXPECT_NE(html.find("cvt.f64.f32&#160;3&#160;→&#160;0, "), std::string::npos);
}

TEST(RenderTable, UnreadableCodeIsSaidOnlyWhereArithmeticRulesAskedForIt) {
  Results r = sample();
  for (CaseResult &c : r.cases)
    c.codeNote = "the program binary (61.4 KiB) is not PTX";
  EXPECT_EQ(renderTable(r).find("compiled code"), std::string::npos);
  EXPECT_EQ(renderHtml(r).find("Compiled code"), std::string::npos);
  r.cases[2].rule = "arith-pow2-div-mod";
  EXPECT_NE(renderTable(r).find("compiled code: not readable on this device (NVIDIA H200): the "
                                "program binary (61.4 KiB) is not PTX"),
            std::string::npos);
  EXPECT_NE(renderHtml(r).find("not readable on this device (NVIDIA H200)"), std::string::npos);
}

TEST(RenderJson, CompiledCodeRoundTrips) {
  Results r = sample();
  r.cases[0].code = blendCode();
  r.cases[1].codeNote = "the driver returns no program binary";
  const Json j = Json::parse(renderJson(r));
  const Json &code = j["cases"][0]["compiled_code"];
  EXPECT_EQ(code["format"], "ptx");
  EXPECT_EQ(code["before"]["instructions"], 27);
  EXPECT_EQ(code["before"]["f64"], 7);
  EXPECT_EQ(code["after"]["conversions"], 2);
  EXPECT_EQ(code["before"]["opcodes"]["cvt.f64.f32"], 3);
  EXPECT_EQ(j["cases"][1]["compiled_code_note"], "the driver returns no program binary");
  EXPECT_FALSE(j["cases"][2].contains("compiled_code"));
  const Results back = resultsFromJson(j);
  ASSERT_TRUE(back.cases[0].code);
  EXPECT_EQ(back.cases[0].code->before, r.cases[0].code->before);
  EXPECT_EQ(renderJson(back), renderJson(r));
}
