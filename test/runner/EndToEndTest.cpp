// Runs the hand-written plans under plans/ on a real OpenCL device (PoCL in CI), through
// the library and through the cllint-runner binary. No timing assertions: only what the
// runner must get right on any device.
#include "XmlCheck.h"
#include "cllint/Verify/Runner/Render.h"
#include "cllint/Verify/Runner/Runner.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace cllint::runner;
namespace fs = std::filesystem;

namespace {

const fs::path Plans = CLLINT_RUNNER_PLANS;

Results run(const std::string &plan, bool ceiling = false) {
  RunOptions options;
  options.measureCeiling = ceiling;
  return runPlan(loadPlan(Plans / plan), options);
}

std::string slurp(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Invocation {
  int status = -1;
  std::string out, err;
};

class RunnerBinary : public ::testing::Test {
protected:
  void SetUp() override {
    scratch = fs::temp_directory_path() /
              ("cllint-runner-e2e-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(scratch);
  }
  void TearDown() override { fs::remove_all(scratch); }

  Invocation invoke(const std::string &args) {
    const fs::path out = scratch / "stdout", err = scratch / "stderr";
    const std::string command = std::string("'") + CLLINT_RUNNER_EXE + "' " + args + " >'" +
                                out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(command.c_str());
    Invocation result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
  }

  std::string plan(const std::string &name) { return "'" + (Plans / name).string() + "'"; }

  fs::path scratch;
};

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST(EndToEnd, StridedCopyWhatIfIsMeasuredButNotCompared) {
  Results r = run("strided-copy");
  ASSERT_EQ(r.cases.size(), 1u);
  const CaseResult &c = r.cases[0];
  EXPECT_EQ(c.status, CaseStatus::Ok) << c.error;
  EXPECT_EQ(c.variant, Variant::WhatIf);
  EXPECT_EQ(c.outputs, "not compared (what-if)");
  ASSERT_TRUE(c.before && c.after);
  EXPECT_GT(c.before->medianNs, 0u);
  EXPECT_LE(c.before->minNs, c.before->medianNs);
  EXPECT_LE(c.before->medianNs, c.before->maxNs);
  EXPECT_TRUE(c.before->gbps);
  EXPECT_TRUE(c.speedup);
  EXPECT_EQ(c.bytesNote, "reads 4096 floats 64 bytes apart, writes 4096 floats");
  EXPECT_TRUE(contains(renderTable(r), "what-if, up to:"));
  EXPECT_TRUE(contains(renderHtml(r), "what-if: upper bound, outputs not comparable"));
  EXPECT_EQ(exitStatus(r), 0);
}

TEST(EndToEnd, ExactFixesAreIdentical) {
  Results r = run("exact-fix");
  ASSERT_EQ(r.cases.size(), 2u);
  for (const CaseResult &c : r.cases) {
    EXPECT_EQ(c.status, CaseStatus::Ok) << c.id << ": " << c.error;
    EXPECT_EQ(c.outputs, "identical") << c.id;
    EXPECT_EQ(c.differing, 0u);
  }
  EXPECT_EQ(exitStatus(r), 0);
}

TEST(EndToEnd, FloatLiteralFixIsWithinTolerance) {
  Results r = run("float-literal");
  const CaseResult &c = r.cases.at(0);
  EXPECT_EQ(c.status, CaseStatus::Ok) << c.error;
  EXPECT_LE(c.maxUlp, 4u);
  EXPECT_TRUE(c.outputs == "identical" || c.outputs.rfind("within ", 0) == 0) << c.outputs;
}

TEST(EndToEnd, WrongFixIsAMismatch) {
  Results r = run("mismatch");
  const CaseResult &c = r.cases.at(0);
  EXPECT_EQ(c.status, CaseStatus::Mismatch);
  EXPECT_EQ(c.outputs.rfind("differ: arg 1 (int): ", 0), 0u) << c.outputs;
  EXPECT_TRUE(contains(c.outputs, "before,")) << c.outputs;
  EXPECT_GT(c.differing, 0u);
  EXPECT_EQ(exitStatus(r), 1);
}

TEST(EndToEnd, BuildErrorNamesTheErrorAndShowsTheLog) {
  Results r = run("build-error");
  const CaseResult &c = r.cases.at(0);
  EXPECT_EQ(c.status, CaseStatus::Error);
  EXPECT_TRUE(contains(c.error, "after (after.cl): clBuildProgram: CL_BUILD_PROGRAM_FAILURE"))
      << c.error;
  EXPECT_TRUE(contains(c.error, "shift_amount")) << "the build log is included: " << c.error;
  EXPECT_TRUE(c.before) << "the before kernel was measured before the after kernel failed";
  EXPECT_FALSE(c.after);
}

TEST(EndToEnd, HungKernelTimesOutAndTheRunGoesOn) {
  Results r = run("timeout");
  ASSERT_EQ(r.cases.size(), 2u);
  EXPECT_EQ(r.cases[0].status, CaseStatus::Timeout);
  EXPECT_EQ(r.cases[0].error, "timed out after 3000 ms");
  EXPECT_EQ(r.cases[1].status, CaseStatus::Ok) << r.cases[1].error;
  EXPECT_EQ(r.cases[1].outputs, "identical");
}

TEST(EndToEnd, CrashingKernelIsReportedAndTheRunGoesOn) {
  Results r = run("crash");
  ASSERT_EQ(r.cases.size(), 2u);
  EXPECT_EQ(r.cases[0].status, CaseStatus::Error);
  // A CPU device crashes the child process; a GPU reports a failed launch.
  EXPECT_TRUE(contains(r.cases[0].error, "killed by signal") || contains(r.cases[0].error, "CL_"))
      << r.cases[0].error;
  EXPECT_EQ(r.cases[1].status, CaseStatus::Ok) << r.cases[1].error;
}

TEST(EndToEnd, CopyCeilingIsMeasured) {
  Results r = run("exact-fix", /*ceiling=*/true);
  ASSERT_TRUE(r.ceilingGbps) << r.ceilingError;
  EXPECT_GT(*r.ceilingGbps, 0.0);
  EXPECT_GE(r.ceilingBytes, 64u * 1024);
  EXPECT_FALSE(r.device.name.empty());
  EXPECT_FALSE(r.date.empty());
}

TEST(EndToEnd, BuffersLargerThanTheDeviceAllowsAreRefused) {
  Plan plan = loadPlan(Plans / "exact-fix");
  plan.cases.resize(1);
  const std::vector<DeviceInfo> devices = listDevices();
  const DeviceInfo &device = selectDevice(devices, "");
  plan.cases[0].args[0].elements = device.maxAllocBytes / 4 + 1;
  Results r = runPlan(plan, device, RunOptions{.measureCeiling = false});
  EXPECT_EQ(r.cases.at(0).status, CaseStatus::Error);
  EXPECT_TRUE(contains(r.cases[0].error, "exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE"))
      << r.cases[0].error;
}

TEST_F(RunnerBinary, ListsDevices) {
  Invocation i = invoke("--list-devices");
  EXPECT_EQ(i.status, 0) << i.err;
  EXPECT_TRUE(contains(i.out, "platform / device"));
  EXPECT_TRUE(contains(i.out, "0:0"));
  i = invoke("--list-devices --format json");
  EXPECT_EQ(i.status, 0) << i.err;
  auto list = nlohmann::json::parse(i.out);
  ASSERT_FALSE(list.empty());
  EXPECT_TRUE(list[0].contains("driver"));
}

TEST_F(RunnerBinary, GoodPlanExitsZeroAndWritesEveryOutput) {
  const fs::path json = scratch / "results.json", html = scratch / "report.html";
  Invocation i = invoke("--runs 3 --warmup 1 --format json -o '" + json.string() + "' --report '" +
                        html.string() + "' " + plan("exact-fix"));
  EXPECT_EQ(i.status, 0) << i.err;
  EXPECT_EQ(i.out, "") << "-o sends the output to the file";

  auto results = nlohmann::json::parse(slurp(json));
  EXPECT_EQ(results["runs"], 3);
  EXPECT_EQ(results["warmup"], 1);
  EXPECT_TRUE(results["ceiling_gbps"].is_number());
  ASSERT_EQ(results["cases"].size(), 2u);
  EXPECT_EQ(results["cases"][0]["outputs"], "identical");
  EXPECT_TRUE(contains(results["command"].get<std::string>(), "--runs 3"));

  const std::string report = slurp(html);
  EXPECT_EQ(cllint::runner::test::checkWellFormed(report), "");
  EXPECT_EQ(cllint::runner::test::countOf(report, "<svg"), 2u); // speed-up and bandwidth
  EXPECT_EQ(cllint::runner::test::countOf(report, "class=\"bar before\""), 2u);
  EXPECT_EQ(cllint::runner::test::countOf(report, "class=\"bar after\""), 2u);
  EXPECT_EQ(cllint::runner::test::countOf(report, "class=\"ceiling\""), 1u);
}

TEST_F(RunnerBinary, TextTableOnStdout) {
  Invocation i = invoke("--no-ceiling -q " + plan("float-literal"));
  EXPECT_EQ(i.status, 0) << i.err;
  EXPECT_TRUE(contains(i.out, "GB/s"));
  EXPECT_TRUE(contains(i.out, "speed-up"));
  EXPECT_TRUE(contains(i.out, "float-double-literal"));
}

TEST_F(RunnerBinary, PtxDirHoldsEachSidesPtxWhereTheDriverReturnsIt) {
  const fs::path ptx = scratch / "ptx", json = scratch / "results.json";
  Invocation i = invoke("--no-ceiling -q --ptx-dir '" + ptx.string() + "' --format json -o '" +
                        json.string() + "' " + plan("float-literal"));
  ASSERT_EQ(i.status, 0) << i.err;
  const auto results = nlohmann::json::parse(slurp(json));
  const auto &c = results["cases"][0];
  if (c.contains("compiled_code")) { // PTX (NVIDIA): counted and saved
    EXPECT_GT(c["compiled_code"]["before"]["instructions"].get<int>(), 0);
    EXPECT_TRUE(contains(slurp(ptx / "scale.cl_5_float-double-literal.before.ptx"), ".entry"));
    EXPECT_TRUE(contains(slurp(ptx / "scale.cl_5_float-double-literal.after.ptx"), ".entry"));
  } else { // anything else: why not, and nothing written
    EXPECT_FALSE(c.value("compiled_code_note", "").empty()) << c.dump();
    EXPECT_FALSE(fs::exists(ptx) && !fs::is_empty(ptx));
  }
}

TEST_F(RunnerBinary, PtxDirNeedsAPlanToRun) {
  Invocation i = invoke("--ptx-dir out --results results.json");
  EXPECT_EQ(i.status, 2);
  EXPECT_TRUE(contains(i.err, "--ptx-dir needs a PLAN_DIR to run")) << i.err;
}

TEST_F(RunnerBinary, FailedCasesExitOne) {
  for (const char *name : {"mismatch", "build-error"}) {
    Invocation i = invoke("--no-ceiling " + plan(name));
    EXPECT_EQ(i.status, 1) << name << ": " << i.err;
  }
  Invocation i = invoke("--no-ceiling " + plan("build-error"));
  EXPECT_TRUE(contains(i.out, "CL_BUILD_PROGRAM_FAILURE"));
  EXPECT_TRUE(contains(i.out, "shift_amount"));
}

TEST_F(RunnerBinary, BadPlansExitTwoNamingFileAndField) {
  struct Expect {
    const char *plan, *field;
  } cases[] = {
      {"bad-missing-field", "cases[0]: missing required field \"kernel\""},
      {"bad-type", "cases[0].args[1].type: unknown type \"float5\""},
      {"bad-fill", "cases[0].args[0].fill: unknown fill 'gaussian'"},
  };
  for (const Expect &e : cases) {
    Invocation i = invoke(plan(e.plan));
    EXPECT_EQ(i.status, 2) << e.plan;
    EXPECT_TRUE(contains(i.err, std::string(e.plan) + "/plan.json: " + e.field)) << i.err;
    EXPECT_EQ(i.out, "");
  }
  Invocation i = invoke("'" + (scratch / "nowhere").string() + "'");
  EXPECT_EQ(i.status, 2);
  EXPECT_TRUE(contains(i.err, "nowhere/plan.json: cannot read")) << i.err;
}

TEST_F(RunnerBinary, UsageErrorsExitTwo) {
  for (const char *args : {"", "--runs 0 x", "--runs", "--format xml x", "--bogus x", "a b",
                           "--warmup=-1 x", "--list-devices x"}) {
    Invocation i = invoke(args);
    EXPECT_EQ(i.status, 2) << args;
    EXPECT_TRUE(contains(i.err, "cllint-runner: ")) << args;
  }
  Invocation i = invoke("--device no-such-device-anywhere " + plan("exact-fix"));
  EXPECT_EQ(i.status, 2);
  EXPECT_TRUE(contains(i.err, "matches no device")) << i.err;
}

TEST_F(RunnerBinary, HelpDocumentsEveryFlag) {
  Invocation i = invoke("--help");
  EXPECT_EQ(i.status, 0);
  for (const char *flag : {"--device", "--list-devices", "--runs", "--warmup", "--timeout-ms",
                           "--format", "-o FILE", "--report", "--no-ceiling", "--no-isolate",
                           "--quiet", "--results", "--help", "--version", "exit status"})
    EXPECT_TRUE(contains(i.out, flag)) << flag;
}

TEST_F(RunnerBinary, RendersSavedResults) {
  const fs::path json = scratch / "results.json", html = scratch / "again.html";
  Invocation i =
      invoke("-q --no-ceiling --format json -o '" + json.string() + "' " + plan("mismatch"));
  ASSERT_EQ(i.status, 1) << i.err;
  i = invoke("--results '" + json.string() + "' --report '" + html.string() + "'");
  EXPECT_EQ(i.status, 1) << "the exit status of the run the results describe";
  EXPECT_TRUE(contains(i.out, "differ: arg 1 (int)"));
  EXPECT_EQ(cllint::runner::test::checkWellFormed(slurp(html)), "");
  i = invoke("--results '" + (scratch / "none.json").string() + "'");
  EXPECT_EQ(i.status, 2);
}
