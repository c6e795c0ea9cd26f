#include "Diagnostics/Fingerprint.h"
#include "Output/Emitters.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

using namespace cllint;

namespace {
FileResult sample() {
  FileResult R;
  R.Path = "k.cl";
  R.Content = "__kernel void k(__global float *y) { y[0] = y[1] * 0.5; }\n";
  Finding F;
  F.RuleId = "arith-double-literal";
  F.Message = "double-precision literal '0.5' makes this float arithmetic run in double";
  F.Where.File = "k.cl";
  F.Where.Begin = {1, 52, 51};
  F.Where.End = {1, 55, 54};
  F.LineText = "__kernel void k(__global float *y) { y[0] = y[1] * 0.5; }";
  Fix Fx;
  Fx.Description = "append 'f'";
  Fx.Safety = FixSafety::Unsafe;
  Fx.Edits.push_back({{"k.cl", {1, 55, 54}, {1, 55, 54}}, "f"});
  F.Fixes.push_back(Fx);
  F.Price = Cost{"nvidia", "fp64-operations", 1, "1 double op"};
  R.Findings.push_back(F);
  return R;
}
} // namespace

TEST(Fingerprint, SurvivesLineShiftsButNotTextChanges) {
  FileResult R = sample();
  auto A = fingerprints("k.cl", R.Findings);
  R.Findings[0].Where.Begin.Line = 40;
  auto B = fingerprints("k.cl", R.Findings);
  EXPECT_EQ(A, B);
  R.Findings[0].LineText = "y[0] = y[2] * 0.5;";
  EXPECT_NE(A, fingerprints("k.cl", R.Findings));
  R.Findings.push_back(R.Findings[0]); // the same line twice: distinct fingerprints
  auto C = fingerprints("k.cl", R.Findings);
  EXPECT_NE(C[0], C[1]);
}

TEST(JsonEmitter, EveryDocumentedField) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EmitOptions Opts;
  Opts.ToolVersion = "9.9.9";
  emitJson({sample()}, Opts, OS);
  auto V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const auto *Root = V->getAsObject();
  EXPECT_EQ(*Root->getString("version"), "9.9.9");
  const auto &F = *Root->getArray("findings")->front().getAsObject();
  EXPECT_EQ(*F.getString("rule"), "arith-double-literal");
  EXPECT_EQ(*F.getString("severity"), "warning");
  EXPECT_EQ(*F.getInteger("line"), 1);
  EXPECT_EQ(*F.getInteger("column"), 52);
  EXPECT_EQ(*F.getInteger("endColumn"), 55);
  EXPECT_EQ(*F.getString("fingerprint"), fingerprints("k.cl", sample().Findings)[0]);
  const auto &Fix = *F.getArray("fixes")->front().getAsObject();
  EXPECT_EQ(*Fix.getString("safety"), "unsafe");
  EXPECT_EQ(*Fix.getArray("edits")->front().getAsObject()->getString("replacement"), "f");
  EXPECT_EQ(*F.getObject("cost")->getString("metric"), "fp64-operations");
  EXPECT_EQ(*Root->getObject("summary")->getInteger("warnings"), 1);
}

TEST(SarifEmitter, RelativeUrisAndRuleIndex) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EmitOptions Opts;
  Opts.ToolVersion = "9.9.9";
  emitSarif({sample()}, Opts, OS);
  auto V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V));
  const auto &Run = *V->getAsObject()->getArray("runs")->front().getAsObject();
  const auto &Res = *Run.getArray("results")->front().getAsObject();
  const auto &Rules = *Run.getObject("tool")->getObject("driver")->getArray("rules");
  auto Index = *Res.getInteger("ruleIndex");
  EXPECT_EQ(*Rules[Index].getAsObject()->getString("id"), "arith-double-literal");
  const auto &Art = *Res.getArray("locations")
                         ->front()
                         .getAsObject()
                         ->getObject("physicalLocation")
                         ->getObject("artifactLocation");
  EXPECT_EQ(*Art.getString("uri"), "k.cl");
  EXPECT_EQ(*Art.getString("uriBaseId"), "%SRCROOT%");
}
