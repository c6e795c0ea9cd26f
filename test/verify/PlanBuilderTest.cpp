// The plan builder on the inputs under Inputs/: launch set-ups, buffer sizes, what-ifs, fixes
// and refusals. Findings of rules that may not exist yet are made here by hand, as the rule
// would report them; the plans are then run with cllint-runner on the OpenCL device there is.
#include "Verify/Plan/PlanBuilder.h"

#include "PlanInputs.h"

#include <fstream>
#include <gtest/gtest.h>
#include <optional>

using namespace cllint;
using namespace cllint::verify;
using namespace verifytest;

namespace {

TEST(PlanBuilder, StridedReadGetsAUnitStrideWhatIf) {
  Input In("strided.cl");
  In.add("memory-global-stride", "in[gid * stride]");
  PlanSet Set = In.plan(global({4096}));
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  const PlannedCase &C = Set.Cases[0];
  EXPECT_EQ(C.Variant, "what-if");
  EXPECT_EQ(C.Compare, "none");
  EXPECT_EQ(C.Kernel, "gather_strided");
  EXPECT_EQ(C.Setup.Dims, 1u);
  EXPECT_EQ(C.Setup.Global[0], 4096u);
  EXPECT_EQ(C.Setup.Local[0], 256u);
  EXPECT_EQ(arg(C, "stride").Value, 32);
  EXPECT_EQ(arg(C, "out").Elements, 4096u);
  EXPECT_TRUE(arg(C, "out").Output);
  EXPECT_EQ(arg(C, "in").Elements, 4095u * 32 + 1);
  EXPECT_FALSE(arg(C, "in").Output);
  EXPECT_EQ(arg(C, "in").Fill, "random");
  // 4096 floats read, 4096 written, whatever the stride.
  EXPECT_EQ(C.Setup.BytesMoved, 2u * 4096 * 4);
  // The lane part of the index (stride per lane) is replaced by the lane id.
  EXPECT_NE(C.After.find("(long)(gid * stride) - (1*(long)stride)*(long)get_local_id(0) + "
                         "(long)get_local_id(0)"),
            std::string::npos)
      << C.After;
  EXPECT_NE(C.After.find("out[gid] ="), std::string::npos);

  Ran R = runPlan(Set, "strided");
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("not compared (what-if)"), std::string::npos) << R.Out;
}

TEST(PlanBuilder, ConfigKernelsEntryGivesGlobalSizeAndArguments) {
  std::string Dir = scratch("config-kernels");
  std::string Config = Dir + "/.cllint.yaml";
  std::ofstream(Config) << "kernels:\n  gather_*:\n    global: [2048]\n    work-group: [64]\n"
                           "    args: {stride: 7}\n";
  Input In("strided.cl", false, Config);
  In.add("memory-global-stride", "in[gid * stride]");
  PlanSet Set = In.plan();
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  const PlannedCase &C = Set.Cases[0];
  EXPECT_EQ(C.Setup.Global[0], 2048u);
  EXPECT_EQ(C.Setup.Local[0], 64u);
  EXPECT_EQ(arg(C, "stride").Value, 7);
  EXPECT_EQ(arg(C, "in").Elements, 2047u * 7 + 1);
  std::string Said;
  for (const std::string &A : C.Setup.Assumptions)
    Said += A + "\n";
  EXPECT_NE(Said.find("global size 2048 (config kernels: entry at"), std::string::npos) << Said;
  EXPECT_NE(Said.find("stride = 7 (config kernels: args)"), std::string::npos) << Said;
}

TEST(PlanBuilder, WhatIfTouchingFewerBytesCountsItsOwnFootprint) {
  Input In("aos_loop.cl");
  In.add("memory-global-stride", "in[i * 4 + q]");
  // Sizing does not follow the loop; a spec sizes the buffer, as for the corpus kernels.
  Spec S;
  S.Kernels["aos_sum"].Args["in"].Elements = 4u * 4096;
  S.Kernels["aos_sum"].Origin = "test";
  VerifyOptions O = global({4096});
  O.CommandLineSpec = &S;
  PlanSet Set = In.plan(O);
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  const PlannedCase &C = Set.Cases[0];
  EXPECT_EQ(C.Variant, "what-if");
  // The loop on q (four iterations) is enumerated: 4 * 4096 floats read, 4096 written.
  EXPECT_EQ(C.Setup.BytesMoved, (4u * 4096 + 4096) * 4) << C.Setup.BytesNote;
  // Unit stride: each of the 16 work-groups reads 256 + 3 floats.
  ASSERT_TRUE(C.Setup.BytesMovedAfter) << C.Setup.BytesNoteAfter;
  EXPECT_EQ(*C.Setup.BytesMovedAfter, (16u * 259 + 4096) * 4);
  EXPECT_FALSE(C.Setup.AfterBytesUnknown);
  nlohmann::json J = planJson(Set, runner::Settings{});
  EXPECT_EQ(J["cases"][0]["bytes_moved_after"], *C.Setup.BytesMovedAfter);

  Ran R = runPlan(Set, "aos_loop");
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  auto Out = nlohmann::json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(Out.is_discarded()) << R.Out;
  const auto &Case = Out["cases"][0];
  EXPECT_EQ(Case["bytes_moved_after"], *C.Setup.BytesMovedAfter);
  ASSERT_TRUE(Case["after"]["gbps"].is_number()) << R.Out;
  EXPECT_NEAR(Case["after"]["gbps"].get<double>(),
              double(*C.Setup.BytesMovedAfter) / Case["after"]["median_ns"].get<double>(), 1e-6);
}

TEST(PlanBuilder, TwoDimensionalWhatIfUsesTheLinearLaneId) {
  Input In("transpose_tile.cl");
  In.add("memory-global-stride", "in[(gy + ly)");
  PlanSet Set = In.plan(global({64, 64}));
  // The read is unit-stride along x already; the rewrite still keeps the group's offset.
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  EXPECT_NE(Set.Cases[0].After.find("(long)get_local_size(0)*(long)get_local_id(1)"),
            std::string::npos)
      << Set.Cases[0].After;
}

TEST(PlanBuilder, ExactFixIsComparedBitwiseAndAgrees) {
  Input In("quarter.cl");
  Finding &F = In.add("arith-pow2-div-mod", "in[i] / 4");
  In.fix(F, "in[i] / 4", "(in[i] >> 2)"); // exact: the default integer fill is [0, 100)
  PlanSet Set = In.plan(global({4096}));
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  const PlannedCase &C = Set.Cases[0];
  EXPECT_EQ(C.Variant, "fix");
  EXPECT_EQ(C.Compare, "bitwise");
  EXPECT_EQ(arg(C, "in").Elements, 4096u);
  EXPECT_EQ(arg(C, "out").Elements, 4096u);
  EXPECT_EQ(C.Setup.BytesMoved, 2u * 4096 * 4); // in is read twice but counted once
  EXPECT_NE(C.After.find("(in[i] >> 2) + in[i] % 8"), std::string::npos);
  Ran R = runPlan(Set, "quarter");
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("\"outputs\": \"identical\""), std::string::npos) << R.Out;
}

TEST(PlanBuilder, WrongFixIsCaughtAsAMismatch) {
  Input In("buckets.cl");
  Finding &F = In.add("arith-pow2-div-mod", "keys[i] % 1024");
  In.fix(F, "% 1024", "& 1023"); // not the same for negative keys
  Spec S;
  S.Kernels["buckets"].Args["keys"].Fill = "random:-5000:5000";
  S.Kernels["buckets"].Origin = "test";
  VerifyOptions O = global({4096});
  O.CommandLineSpec = &S;
  PlanSet Set = In.plan(O);
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  EXPECT_EQ(arg(Set.Cases[0], "keys").Fill, "random:-5000:5000");
  Ran R = runPlan(Set, "buckets");
  EXPECT_EQ(R.Status, 1) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("\"status\": \"mismatch\""), std::string::npos) << R.Out;
}

TEST(PlanBuilder, BankConflictPaddingFixRunsIn2D) {
  Input In("transpose_tile.cl");
  Finding &F = In.add("memory-local-bank-conflict", "tile[lx][ly]");
  In.fix(F, "tile[TILE][TILE]", "tile[TILE][TILE + 1]", /*FromStart=*/true);
  PlanSet Set = In.plan(global({64, 64}));
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  const PlannedCase &C = Set.Cases[0];
  EXPECT_EQ(C.Setup.Dims, 2u);
  EXPECT_EQ(C.Setup.Local[0], 16u);
  EXPECT_EQ(C.Setup.Local[1], 16u);
  EXPECT_EQ(arg(C, "width").Value, 64);
  EXPECT_EQ(arg(C, "height").Value, 64);
  EXPECT_EQ(arg(C, "in").Elements, 64u * 64);
  EXPECT_EQ(arg(C, "out").Elements, 64u * 64);
  Ran R = runPlan(Set, "transpose");
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("\"outputs\": \"identical\""), std::string::npos) << R.Out;
}

TEST(PlanBuilder, DataDependentIndexIsRefusedUnlessASpecSizesIt) {
  Input In("gather_csr.cl", /*KeepFindings=*/true);
  ASSERT_FALSE(In.R.Findings.empty()); // arith-double-literal on 2.1
  PlanSet Set = In.plan(global({4096}));
  EXPECT_TRUE(Set.Cases.empty());
  ASSERT_FALSE(Set.Skips.empty());
  EXPECT_NE(Set.Skips[0].Reason.find("cannot size buffer 'x'"), std::string::npos) << reasons(Set);

  Spec S;
  std::string Error;
  ASSERT_TRUE(loadSpecFile(input("gather_csr.yaml"), S, Error)) << Error;
  VerifyOptions O;
  O.CommandLineSpec = &S;
  PlanSet WithSpec = In.plan(O);
  ASSERT_EQ(WithSpec.Cases.size(), 2u) << reasons(WithSpec); // and the fix's loop harness
  EXPECT_EQ(WithSpec.Cases[1].Kernel, "cllint_loop_harness");
  const PlannedCase &C = WithSpec.Cases[0];
  EXPECT_EQ(C.Setup.Global[0], 4096u);
  EXPECT_EQ(C.Setup.Local[0], 64u);
  EXPECT_EQ(arg(C, "x").Elements, 1024u);
  EXPECT_EQ(arg(C, "col").Fill, "index-mod:1024");
  EXPECT_EQ(C.Compare, "ulp");
}

TEST(PlanBuilder, SpecTooSmallForTheKernelIsRefused) {
  Input In("gather_csr.cl", true);
  Spec S;
  S.Kernels["gather_csr"].Args["x"].Elements = 1024;
  S.Kernels["gather_csr"].Args["col"].Elements = 100; // the kernel reads 4096
  VerifyOptions O = global({4096});
  O.CommandLineSpec = &S;
  PlanSet Set = In.plan(O);
  EXPECT_TRUE(Set.Cases.empty());
  EXPECT_NE(reasons(Set).find("the spec gives 'col' 100 elements but the kernel reaches "
                              "element 4095"),
            std::string::npos)
      << reasons(Set);
}

TEST(PlanBuilder, LocalParameterWithoutSizeIsRefused) {
  Input In("local_scratch.cl", true);
  ASSERT_FALSE(In.R.Findings.empty());
  PlanSet Set = In.plan(global({1024}));
  EXPECT_TRUE(Set.Cases.empty());
  EXPECT_NE(reasons(Set).find("__local parameter 'scratch' has no size"), std::string::npos)
      << reasons(Set);
}

TEST(PlanBuilder, DivergenceHasNoWhatIf) {
  Input In("quarter.cl");
  In.add("control-warp-divergence", "out[i]");
  PlanSet Set = In.plan(global({1024}));
  EXPECT_TRUE(Set.Cases.empty());
  EXPECT_NE(reasons(Set).find("no honest what-if"), std::string::npos) << reasons(Set);
}

TEST(PlanBuilder, PlanJsonHasTheRunnerFields) {
  Input In("quarter.cl");
  Finding &F = In.add("arith-pow2-div-mod", "in[i] / 4");
  In.fix(F, "in[i] / 4", "(in[i] >> 2)");
  PlanSet Set = In.plan(global({1000}));
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  nlohmann::json J = planJson(Set, runner::Settings{});
  EXPECT_EQ(J["version"], 1);
  const auto &C = J["cases"][0];
  EXPECT_EQ(C["global"], nlohmann::json::array({1024})); // rounded up to the local size
  EXPECT_EQ(C["local"], nlohmann::json::array({256}));
  EXPECT_EQ(C["args"][0]["kind"], "buffer");
  EXPECT_EQ(C["args"][0]["output"], true);
  EXPECT_EQ(C["variant"], "fix");
  EXPECT_TRUE(C.contains("bytes_moved"));
  EXPECT_TRUE(C.contains("bytes_note"));
  EXPECT_NE(C["build_options"].get<std::string>().find("-cl-std=CL1.2"), std::string::npos);
}

TEST(Spec, UnknownKeysAreErrorsNamingTheFile) {
  Spec S;
  std::string Error;
  std::string Dir = scratch("spec");
  std::ofstream(Dir + "/bad.yaml") << "kernels:\n  k:\n    global: [64]\n    lcoal: [8]\n";
  EXPECT_FALSE(loadSpecFile(Dir + "/bad.yaml", S, Error));
  EXPECT_NE(Error.find("bad.yaml:4:5: unknown key 'lcoal'"), std::string::npos) << Error;
}

} // namespace

TEST(PlanBuilder, SkipsAreOneLinePerKernelAndReason) {
  std::vector<Skip> Skips = {{"k.cl", 27, "memory-global-stride", "gemm", "cannot size 'A'"},
                             {"k.cl", 30, "memory-global-stride", "gemm", "cannot size 'A'"},
                             {"k.cl", 30, "memory-global-stride", "gemm", "cannot size 'A'"},
                             {"k.cl", 31, "arith-pow2-div-mod", "gemm", "cannot size 'A'"},
                             {"k.cl", 40, "control-warp-divergence", "gemm", "no what-if"}};
  std::vector<std::string> Lines = skipLines(Skips);
  ASSERT_EQ(Lines.size(), 2u);
  EXPECT_EQ(Lines[0], "k.cl: kernel 'gemm', 3 findings (memory-global-stride at lines 27, 30; "
                      "arith-pow2-div-mod at line 31): cannot size 'A'");
  EXPECT_EQ(Lines[1], "k.cl: kernel 'gemm', 1 finding (control-warp-divergence at line 40): "
                      "no what-if");
}

TEST(PlanBuilder, LoopBoundWithAKnownArgumentSizesTheBuffer) {
  std::string Dir = scratch("loop-bound");
  std::string Config = Dir + "/.cllint.yaml";
  std::ofstream(Config) << "kernels:\n  row_sums:\n    args: {n: 64}\n";
  Input In("row_sums.cl", false, Config);
  In.add("memory-global-stride", "A[gid * n + k]");
  In.fix(In.R.Findings.back(), "0.5", "0.5f", /*FromStart=*/true);
  PlanSet Set = In.plan(global({256}));
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  const PlannedCase &C = Set.Cases[0];
  EXPECT_EQ(arg(C, "n").Value, 64);
  EXPECT_EQ(arg(C, "A").Elements, 255u * 64 + 63 + 1); // the last row's last element
  EXPECT_EQ(arg(C, "out").Elements, 256u);
}

TEST(PlanBuilder, AHugeBufferFromAGuessedArgumentIsRefused) {
  Input In("row_sums.cl");
  In.add("memory-global-stride", "A[gid * n + k]");
  In.fix(In.R.Findings.back(), "0.5", "0.5f", /*FromStart=*/true);
  PlanSet Set = In.plan(global({1 << 20})); // n = the number of work-items: 2^40 floats
  EXPECT_TRUE(Set.Cases.empty());
  EXPECT_NE(reasons(Set).find("buffer 'A' would take"), std::string::npos) << reasons(Set);
  EXPECT_NE(reasons(Set).find("n = 1048576"), std::string::npos) << reasons(Set);
  EXPECT_NE(reasons(Set).find("e.g. kernels: {row_sums: {global: [1048576], args: {n: <n>}}}"),
            std::string::npos)
      << reasons(Set);
}

// The what-if also rewrites `*(p + a + b)` (rodinia's gaussian) and an index written as a
// macro's argument (CLBlast's `MultiplyAdd(ygm[...], ...)`), where the text is in the file.
TEST(PlanBuilder, WhatIfRewritesPointerArithmeticAndMacroArguments) {
  Input In("pointer_forms.cl");
  In.add("memory-global-stride", "*(out + gid");
  In.add("memory-global-stride", "in[gid * stride]");
  PlanSet Set = In.plan(global({4096}));
  ASSERT_EQ(Set.Cases.size(), 2u) << reasons(Set);
  EXPECT_NE(Set.Cases[0].After.find("*(out + ((long)(gid * stride + 1) - "
                                    "(1*(long)stride)*(long)get_local_id(0) + "
                                    "(long)get_local_id(0))) = LOAD(in[gid * stride]);"),
            std::string::npos)
      << Set.Cases[0].After;
  EXPECT_NE(Set.Cases[1].After.find("LOAD(in[((long)(gid * stride) - "
                                    "(1*(long)stride)*(long)get_local_id(0) + "
                                    "(long)get_local_id(0))])"),
            std::string::npos)
      << Set.Cases[1].After;
}

// A what-if moves every access of the same element with the one it rewrites: the read and the
// write of x[i * inc] become unit-stride together, and y's stay as they were.
TEST(PlanBuilder, WhatIfRewritesEveryAccessOfTheSameElement) {
  Input In("swap_strided.cl");
  In.add("memory-global-stride", "x[i * inc];");
  PlanSet Set = In.plan(global({4096}));
  ASSERT_EQ(Set.Cases.size(), 1u) << reasons(Set);
  const std::string &After = Set.Cases[0].After;
  std::string Unit = "x[((long)(i * inc) - (1*(long)inc)*(long)get_local_id(0) + "
                     "(long)get_local_id(0))]";
  size_t First = After.find(Unit);
  ASSERT_NE(First, std::string::npos) << After;
  EXPECT_NE(After.find(Unit, First + 1), std::string::npos) << After;
  EXPECT_NE(After.find("= y[i * inc];"), std::string::npos) << After;
  EXPECT_NE(After.find("y[i * inc] = t;"), std::string::npos) << After;
  EXPECT_NE(Set.Cases[0].Description.find("the 1 other access(es) of the same element"),
            std::string::npos)
      << Set.Cases[0].Description;
}
