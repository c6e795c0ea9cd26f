// Uniformity and warp splits of typical branch conditions.
#include "Analysis/Uniformity.h"

#include "Analysis/AccessQueries.h"
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

namespace {

// Plausible values of `offset` as the first `if` condition of the kernel sees it.
std::vector<int64_t> offsetValues(const std::string &Body,
                                  std::array<unsigned, 3> Shape = {256, 1, 1}) {
  std::string Src = "__kernel void k(__global float *a, uint n) {\n"
                    "  uint lid = get_local_id(0);\n" +
                    Body + "\n}\n";
  std::vector<int64_t> Out;
  bool Found = false;
  parseOpenCL("k.cl", Src, CompileFlags(),
              [&](clang::ASTContext &Ctx, clang::Preprocessor &, const LocationResolver &) {
                TUAnalysis A(Ctx, nvidiaProfile(), std::nullopt);
                const KernelInfo &K = A.kernels().kernels().front();
                for (const BranchCondition &C : A.facts(K).conditions()) {
                  if (!llvm::isa<clang::IfStmt>(C.Owner) || Found)
                    continue;
                  std::vector<const VNode *> Syms;
                  collectSymbols(C.Value, Syms);
                  for (const VNode *S : Syms)
                    if (S->Name == "offset") {
                      Found = true;
                      Out = plausibleValues(*S, firstGroupBindings(Shape));
                    }
                }
              });
  EXPECT_TRUE(Found) << Body;
  return Out;
}

std::vector<int64_t> powers(int From, int To) {
  std::vector<int64_t> Out;
  for (int E = From; E <= To; ++E)
    Out.push_back(int64_t(1) << E);
  return Out;
}

} // namespace

TEST(Uniformity, PowerOfTwoAcrossTwoLoopsIsBoundedByTripCounts) {
  // Blelloch: doubled 9 times in the up-sweep, halved 9 times in the down-sweep.
  std::string Scan = "  uint offset = 1;\n"
                     "  for (uint d = 256; d > 0; d >>= 1) { if (lid < d + offset) a[lid] = 0;\n"
                     "    offset *= 2; }\n"
                     "  for (uint d = 1; d < 512; d *= 2) { offset >>= 1; }";
  EXPECT_EQ(offsetValues(Scan), powers(0, 9));
  // Shifts, a multiplication by 4 and a reassignment between the loops: only the definitions
  // that reach the condition count (2, doubled in its loop; the trip count bound allows one
  // doubling more than the loop runs), not those after it.
  std::string Mixed = "  uint offset = 2;\n"
                      "  for (uint d = 0; d < 3; ++d) { if (lid < offset) a[lid] = 0;\n"
                      "    offset <<= 1; }\n"
                      "  offset = 64;\n"
                      "  for (uint d = 0; d < 2; ++d) offset = offset * 4;\n"
                      "  for (uint d = 0; d < 8; ++d) offset /= 2;";
  EXPECT_EQ(offsetValues(Mixed), powers(1, 4));
}

TEST(Uniformity, PowerOfTwoWithUncountedLoopsIsBoundedByGuardOrWorkGroup) {
  // The loop tests the variable itself: 64 is the last value below 100 (the halving after the
  // loop does not reach the condition).
  std::string Guard = "  uint offset = 1;\n"
                      "  while (offset < 100) { if (lid < offset) a[lid] = 0; offset *= 2; }\n"
                      "  for (uint d = 0; d < 2; ++d) offset >>= 1;";
  EXPECT_EQ(offsetValues(Guard), powers(0, 6));
  // Trip counts on a kernel argument: up to the work-group size.
  std::string Arg =
      "  uint offset = 1;\n"
      "  for (uint d = 0; d < n; ++d) { if (lid < offset) a[lid] = 0; offset *= 2; }\n"
      "  for (uint d = 0; d < n; ++d) offset >>= 1;";
  EXPECT_EQ(offsetValues(Arg), powers(0, 8));
  EXPECT_EQ(offsetValues(Arg, {64, 1, 1}), powers(0, 6));
  // A non-power-of-two step is not this form: no plausible values.
  std::string Odd =
      "  uint offset = 1;\n"
      "  for (uint d = 0; d < 4; ++d) { if (lid < offset) a[lid] = 0; offset *= 3; }\n"
      "  for (uint d = 0; d < 4; ++d) offset >>= 1;";
  EXPECT_TRUE(offsetValues(Odd).empty());
}

TEST(Uniformity, SymbolCombinationsBindLoopCounters) {
  // `for (int j = 0; j < 32; j += 8)`: j is iter(j)*8, bound by the loop's condition.
  VExpr K = vSym("iter(j)", true);
  VExpr J = vOp(VOp::Mul, {K, vConst(8)});
  VExpr Cond = vOp(VOp::Lt, {J, vConst(32)});
  VExpr Idx = vOp(VOp::Add, {vLane(1), J});
  auto Combos = symbolCombinations({Idx}, {Cond}, firstGroupBindings({32, 8, 1}));
  ASSERT_TRUE(Combos);
  std::vector<int64_t> Ks;
  for (const SymbolValues &C : *Combos)
    Ks.push_back(C.at("iter(j)"));
  EXPECT_EQ(Ks, (std::vector<int64_t>{0, 1, 2, 3}));
  // Without the loop's condition the counter is unbounded.
  EXPECT_FALSE(symbolCombinations({Idx}, {}, {}));
  // A recurrence takes its replayed values; two free symbols give every pair.
  auto Rec = std::make_shared<LoopRecurrence>();
  Rec->Init = vConst(4);
  Rec->Step = VOp::Shr;
  Rec->Amount = vConst(1);
  VExpr S = vSym("s", true, Rec);
  Rec->Condition = vOp(VOp::Gt, {vSym("s", true), vConst(0)}); // bare: no cycle through Rec
  auto Pairs = symbolCombinations({vOp(VOp::Add, {S, Idx})}, {Cond}, {});
  ASSERT_TRUE(Pairs);
  EXPECT_EQ(Pairs->size(), 12u); // s in {4, 2, 1}, iter(j) in {0, 1, 2, 3}
  // Kernel arguments are not enumerated; nothing free gives one empty combination.
  EXPECT_FALSE(symbolCombinations({vSym("n")}, {}, {}));
  auto None = symbolCombinations({vConst(3)}, {}, {});
  ASSERT_TRUE(None);
  EXPECT_EQ(None->size(), 1u);
}
