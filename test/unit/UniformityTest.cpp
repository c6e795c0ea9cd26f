// Uniformity and warp splits of typical branch conditions.
#include "Analysis/Uniformity.h"

#include "Analysis/TUAnalysis.h"
#include "Frontend/OpenCLParser.h"

#include <gtest/gtest.h>

using namespace cllint;
using namespace cllint::analysis;

namespace {

// The verdict for the first `if` condition of the kernel body.
ConditionVerdict ifVerdict(const std::string &Cond, const std::string &Prelude = "",
                           unsigned Warp = 32) {
  std::string Src = "__kernel void k(__global float *a, int n) {\n"
                    "  int lid = get_local_id(0); int gid = get_global_id(0);\n" +
                    Prelude + "  if (" + Cond + ") a[gid] = 0;\n}\n";
  ConditionVerdict V;
  bool Found = false;
  parseOpenCL("k.cl", Src, CompileFlags(),
              [&](clang::ASTContext &Ctx, clang::Preprocessor &, const LocationResolver &) {
                TUAnalysis A(Ctx, nvidiaProfile(), std::nullopt);
                const KernelInfo &K = A.kernels().kernels().front();
                for (const BranchCondition &C : A.facts(K).conditions())
                  if (llvm::isa<clang::IfStmt>(C.Owner) && !Found) {
                    V = classifyCondition(C.Value, {256, 1, 1}, Warp);
                    Found = true;
                  }
              });
  EXPECT_TRUE(Found) << Cond;
  return V;
}

} // namespace

TEST(Uniformity, PeriodicConditionsSplitEveryWarp) {
  ConditionVerdict V = ifVerdict("lid % 2 == 0");
  EXPECT_EQ(V.K, ConditionVerdict::Divergent);
  EXPECT_EQ(V.Worst.DivergentWarps, 8u);
  EXPECT_EQ(V.Worst.Warps, 8u);
  EXPECT_DOUBLE_EQ(V.Worst.AvgTrueLanes, 16);
  EXPECT_EQ(ifVerdict("lid & 1").K, ConditionVerdict::Divergent);
  EXPECT_EQ(ifVerdict("(lid & 31) == 0").K, ConditionVerdict::Divergent);
}

TEST(Uniformity, WarpAlignedThresholdsAndSingleLanes) {
  EXPECT_EQ(ifVerdict("lid / 32 == 1").K, ConditionVerdict::WarpAligned);
  EXPECT_EQ(ifVerdict("((lid >> 5) & 1) == 0").K, ConditionVerdict::WarpAligned);
  EXPECT_EQ(ifVerdict("lid < 64").K, ConditionVerdict::WarpAligned);
  EXPECT_EQ(ifVerdict("lid < 40").K, ConditionVerdict::Sparse);
  EXPECT_EQ(ifVerdict("lid == 0").K, ConditionVerdict::Sparse);
  EXPECT_NE(ifVerdict("gid < n").K, ConditionVerdict::Divergent);
  EXPECT_EQ(ifVerdict("n > 3").K, ConditionVerdict::Uniform);
}

TEST(Uniformity, WavefrontWidthChangesTheAnswer) {
  EXPECT_EQ(ifVerdict("((lid >> 5) & 1) == 0", "", 64).K, ConditionVerdict::Divergent);
}

TEST(Uniformity, ReductionLoopVariableIsReplayed) {
  std::string Loop = "  for (unsigned s = 1; s < get_local_size(0); s *= 2)\n";
  ConditionVerdict V = ifVerdict("lid % (2 * s) == 0", Loop);
  EXPECT_EQ(V.K, ConditionVerdict::Divergent);
  EXPECT_EQ(V.Symbol, "s");
  EXPECT_EQ(V.ValuesTotal, 8u);
  EXPECT_EQ(V.ValuesSplit, 6u);
  std::string Seq = "  for (unsigned s = get_local_size(0) / 2; s > 0; s >>= 1)\n";
  EXPECT_EQ(ifVerdict("lid < s", Seq).K, ConditionVerdict::Sparse);
}

TEST(Uniformity, LoadedValuesAreUndecided) {
  EXPECT_EQ(ifVerdict("a[lid] > 0").K, ConditionVerdict::Undecided);
  EXPECT_EQ(uniformityOf(vLane(0)), Uniformity::Varying);
  EXPECT_EQ(uniformityOf(vSym("n")), Uniformity::Uniform);
}
