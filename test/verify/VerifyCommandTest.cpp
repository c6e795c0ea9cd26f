// `cllint verify` end to end on the OpenCL device there is (PoCL in CI).
#include "TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace verifytest;

namespace {

std::string cllint(const std::string &Args) {
  return std::string(CLLINT_EXE) + " verify --no-config -q " + Args;
}

TEST(VerifyCommand, DoubleLiteralFixRunsAndReportsEveryField) {
  std::string Dir = scratch("cmd-json");
  Ran R = run(cllint("--runs 3 --warmup 1 --global 4096 --format json " + input("scale.cl")), Dir);
  ASSERT_EQ(R.Status, 0) << R.Out << R.Err;
  nlohmann::json J = nlohmann::json::parse(R.Out);
  EXPECT_TRUE(J["device"].contains("name"));
  EXPECT_TRUE(J.contains("ceiling_gbps"));
  ASSERT_EQ(J["cases"].size(), 2u); // the kernel's case and its loop harness
  EXPECT_EQ(J["cases"][1]["kernel"], "cllint_loop_harness");
  EXPECT_EQ(J["cases"][1]["status"], "ok");
  const auto &C = J["cases"][0];
  EXPECT_EQ(C["rule"], "arith-double-literal");
  EXPECT_EQ(C["variant"], "fix");
  EXPECT_EQ(C["compare"], "ulp");
  EXPECT_EQ(C["status"], "ok");
  for (const char *Side : {"before", "after"})
    for (const char *Field : {"median_ns", "min_ns", "max_ns", "gbps"})
      EXPECT_TRUE(C[Side].contains(Field)) << Side << "." << Field;
  EXPECT_TRUE(C.contains("speedup"));
  EXPECT_TRUE(C.contains("outputs"));
  EXPECT_EQ(C["bytes_moved"], 2 * 4096 * 4);
  EXPECT_NE(C["bytes_note"].get<std::string>().find("reads 16 KiB of in"), std::string::npos);
}

TEST(VerifyCommand, TextTableAndHtmlReport) {
  std::string Dir = scratch("cmd-report");
  Ran R = run(cllint("--runs 2 --warmup 1 --global 2048 --no-ceiling --report " + Dir +
                     "/report.html " + input("scale.cl")),
              Dir);
  ASSERT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("arith-double-literal"), std::string::npos) << R.Out;
  std::string Html = readFile(Dir + "/report.html");
  EXPECT_NE(Html.find("<svg"), std::string::npos);
  EXPECT_NE(Html.find("scale"), std::string::npos);
}

TEST(VerifyCommand, PlanOnlyWritesAPlanTheRunnerExecutes) {
  std::string Dir = scratch("cmd-plan");
  Ran R = run(cllint("--global 4096 --plan-only " + Dir + "/plan " + input("scale.cl")), Dir);
  ASSERT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("cllint-runner " + Dir + "/plan"), std::string::npos) << R.Out;
  nlohmann::json Plan = nlohmann::json::parse(readFile(Dir + "/plan/plan.json"));
  ASSERT_EQ(Plan["cases"].size(), 2u); // the kernel's case and its loop harness
  EXPECT_NE(readFile(Dir + "/plan/case0/after.cl").find("1.1f"), std::string::npos);
  Ran Runner = run(std::string(CLLINT_RUNNER_EXE) +
                       " -q --runs 2 --warmup 1 --no-ceiling --format json " + Dir + "/plan",
                   Dir);
  EXPECT_EQ(Runner.Status, 0) << Runner.Out << Runner.Err;
  EXPECT_NE(Runner.Out.find("\"status\": \"ok\""), std::string::npos) << Runner.Out;
}

TEST(VerifyCommand, UnsizableKernelIsRefusedWithItsReason) {
  std::string Dir = scratch("cmd-refuse");
  Ran R = run(cllint("--global 4096 " + input("gather_csr.cl")), Dir);
  EXPECT_EQ(R.Status, 2) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("cannot size buffer 'x'"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("nothing to verify"), std::string::npos) << R.Err;

  Ran WithSpec = run(cllint("--runs 2 --warmup 1 --no-ceiling --spec " + input("gather_csr.yaml") +
                            " " + input("gather_csr.cl")),
                     Dir);
  EXPECT_EQ(WithSpec.Status, 0) << WithSpec.Out << WithSpec.Err;
}

TEST(VerifyCommand, SpecInTheConfigFile) {
  std::string Dir = scratch("cmd-config");
  std::ofstream Config(Dir + "/.cllint.yaml");
  Config << "verify:\n";
  std::istringstream Spec(readFile(input("gather_csr.yaml")));
  for (std::string Line; std::getline(Spec, Line);)
    Config << "  " << Line << "\n";
  Config.close();
  std::filesystem::copy_file(input("gather_csr.cl"), Dir + "/gather_csr.cl");
  Ran R =
      run(std::string(CLLINT_EXE) + " verify -q --runs 2 --warmup 1 --no-ceiling --format json " +
              Dir + "/gather_csr.cl",
          Dir);
  ASSERT_EQ(R.Status, 0) << R.Out << R.Err;
  nlohmann::json J = nlohmann::json::parse(R.Out);
  EXPECT_NE(J["cases"][0]["setup"].get<std::string>().find(".cllint.yaml"), std::string::npos);
}

TEST(VerifyCommand, StridedKernelFromTheCorpusGetsAWhatIf) {
  std::string Dir = scratch("cmd-strided");
  Ran Rules = run(std::string(CLLINT_EXE) + " --list-rules", Dir);
  if (Rules.Out.find("memory-global-stride") == std::string::npos)
    GTEST_SKIP() << "memory-global-stride is not in this build";
  Ran R = run(cllint("--runs 2 --warmup 1 --global 4096 --no-ceiling --format json " +
                     std::string(CLLINT_SOURCE_ROOT) + "/kernels-corpus/copy/strided.cl"),
              Dir);
  ASSERT_EQ(R.Status, 0) << R.Out << R.Err;
  nlohmann::json J = nlohmann::json::parse(R.Out);
  bool WhatIf = false;
  for (const auto &C : J["cases"])
    WhatIf |= C["variant"] == "what-if" && C["rule"] == "memory-global-stride";
  EXPECT_TRUE(WhatIf) << R.Out;
}

TEST(VerifyCommand, UsageErrors) {
  std::string Dir = scratch("cmd-usage");
  EXPECT_EQ(run(cllint("--runs 0 " + input("scale.cl")), Dir).Status, 2);
  EXPECT_EQ(run(cllint("--format xml " + input("scale.cl")), Dir).Status, 2);
  EXPECT_EQ(run(cllint("--bogus " + input("scale.cl")), Dir).Status, 2);
  EXPECT_EQ(run(cllint(""), Dir).Status, 2);
  EXPECT_EQ(run(cllint(input("no-such-file.cl")), Dir).Status, 2);
}

} // namespace
