#include "Config/Config.h"

#include "Config/RuleSelection.h"

#include <gtest/gtest.h>

using namespace cllint;

TEST(RuleSelection, LaterPatternsWin) {
  RuleSelection S;
  S.append("-*,memory-*");
  EXPECT_TRUE(S.isEnabled("memory-global-stride"));
  EXPECT_FALSE(S.isEnabled("arith-double-literal"));
  S.append("-memory-local-*");
  EXPECT_FALSE(S.isEnabled("memory-local-bank-conflict"));
  EXPECT_TRUE(S.isEnabled("memory-global-stride"));
}

TEST(RuleSelection, EmptyEnablesEverything) {
  RuleSelection S;
  EXPECT_TRUE(S.isEnabled("anything"));
}

TEST(Glob, BracesAndClasses) {
  EXPECT_TRUE(globMatch("src/{legacy,old}/*.cl", "src/legacy/a.cl"));
  EXPECT_TRUE(globMatch("src/{legacy,old}/*.cl", "src/old/b.cl"));
  EXPECT_FALSE(globMatch("src/{legacy,old}/*.cl", "src/new/b.cl"));
  EXPECT_TRUE(globMatch("k[0-9].cl", "k7.cl"));
  EXPECT_FALSE(globMatch("k[0-9].cl", "kx.cl"));
  EXPECT_TRUE(globMatch("k[0-9.cl", "k[0-9.cl")); // unreadable: only itself
}

TEST(Glob, StarCrossesSlashAndQuestionMarkIsOneChar) {
  EXPECT_TRUE(globMatch("src/*.cl", "src/a/b.cl"));
  EXPECT_TRUE(globMatch("k?.cl", "k1.cl"));
  EXPECT_FALSE(globMatch("k?.cl", "k12.cl"));
  EXPECT_FALSE(globMatch("*.cl", "a.clx"));
}

TEST(Config, ParsesEveryKey) {
  ConfigFile C;
  std::string Error;
  ASSERT_TRUE(parseConfigText("/p/.cllint.yaml", R"(
rules: "-*,arith-*"
severity: {arith-double-literal: error}
profile: mygpu
profiles:
  mygpu: {base: amd, warp: 64, banks: 32, bank-width: 4, sector: 64, cache-line: 128, local-memory: 65536, work-group: [64, 4], l1-bytes-per-compute-unit: 32768}
std: CL2.0
flags: ["-DTILE=16", "-Iinclude"]
work-group: [16, 16, 1]
fail-on: error
paths:
  - glob: "legacy/*.cl"
    std: "1.2"
    flags: ["-DLEGACY"]
verify: {runs: 5}
)",
                              C, Error))
      << Error;
  EXPECT_TRUE(C.Rules.isEnabled("arith-double-literal"));
  EXPECT_FALSE(C.Rules.isEnabled("launch-work-group-size"));
  EXPECT_EQ(C.SeverityOverrides.at("arith-double-literal"), Severity::Error);
  ASSERT_EQ(C.CustomProfiles.size(), 1u);
  EXPECT_EQ(C.CustomProfiles[0].WarpSize, 64u);
  EXPECT_EQ(C.CustomProfiles[0].CacheLineBytes, 128u);
  EXPECT_EQ(C.CustomProfiles[0].DefaultWorkGroup[1], 4u);
  EXPECT_EQ(C.CustomProfiles[0].L1BytesPerComputeUnit, 32768);
  EXPECT_EQ(C.Flags.Std, "CL2.0");
  EXPECT_EQ(C.Flags.Args.size(), 2u);
  EXPECT_EQ((*C.WorkGroup)[0], 16u);
  EXPECT_EQ(*C.FailOn, Severity::Error);
  ASSERT_EQ(C.PerPath.size(), 1u);
  EXPECT_EQ(C.PerPath[0].Flags.Std, "CL1.2");
  EXPECT_TRUE(C.Verify.IsMap());
}

TEST(Config, ErrorsNameFileLineAndProblem) {
  ConfigFile C;
  std::string Error;
  EXPECT_FALSE(parseConfigText("/p/.cllint.yaml", "rules: x\nrulez: y\n", C, Error));
  EXPECT_EQ(Error.rfind("/p/.cllint.yaml:2:1: unknown key 'rulez'", 0), 0u) << Error;

  EXPECT_FALSE(parseConfigText("/p/.cllint.yaml", "profile: nvidia\nwork-group: [0]\n", C, Error));
  EXPECT_NE(Error.find(":2:"), std::string::npos) << Error;
  EXPECT_NE(Error.find("positive integer"), std::string::npos) << Error;

  EXPECT_FALSE(parseConfigText("/p/.cllint.yaml", "rules: [a, b\n", C, Error));
  EXPECT_EQ(Error.rfind("/p/.cllint.yaml:", 0), 0u) << Error;

  EXPECT_FALSE(parseConfigText("/p/.cllint.yaml", "profile: intel\n", C, Error));
  EXPECT_NE(Error.find("unknown profile 'intel'"), std::string::npos) << Error;

  EXPECT_FALSE(parseConfigText("/p/.cllint.yaml", "severity: {x: fatal}\n", C, Error));
  EXPECT_NE(Error.find("unknown severity 'fatal'"), std::string::npos) << Error;
}

TEST(Config, EmptyFileIsValid) {
  ConfigFile C;
  std::string Error;
  EXPECT_TRUE(parseConfigText("/p/.cllint.yaml", "", C, Error)) << Error;
}
