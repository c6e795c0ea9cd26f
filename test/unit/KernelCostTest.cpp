// Execution weights (trip counts, reach under guards) and the kernel cost estimate on kernels
// whose answer is known by hand.
#include "Analysis/KernelCost.h"

#include "Analysis/TUAnalysis.h"
#include "Frontend/OpenCLParser.h"

#include <gtest/gtest.h>

using namespace cllint;
using namespace cllint::analysis;

namespace {

// Runs Visit on the analysis of Src (one kernel 'k', the shape 256x1x1 unless the kernel says),
// with the scalar arguments Args known as a config kernels: entry gives them.
void analyse(const std::string &Src, const std::function<void(const TUAnalysis &)> &Visit,
             std::map<std::string, int64_t> Args = {}, CompileFlags Flags = {}) {
  std::vector<ConfiguredKernel> Configured(1);
  Configured[0].NameGlob = "*";
  Configured[0].Args = std::move(Args);
  bool Ran = false;
  parseOpenCL("k.cl", Src, Flags,
              [&](clang::ASTContext &Ctx, clang::Preprocessor &, const LocationResolver &) {
                TUAnalysis A(Ctx, nvidiaProfile(), std::array<unsigned, 3>{256, 1, 1}, nullptr,
                             &Configured);
                Visit(A);
                Ran = true;
              });
  ASSERT_TRUE(Ran);
}

// The weight of the first statement whose source starts with Marker (a store `out[...] = ...`
// found by the access's base name).
NodeWeight weightOfStore(const TUAnalysis &A, const std::string &Base) {
  const KernelInfo &K = A.kernels().kernels().front();
  const KernelCost &C = A.cost(K);
  for (const MemoryAccess &M : A.facts(K).accesses())
    if (M.Write && M.Base->getNameAsString() == Base)
      return C.weights().node(M.Node);
  ADD_FAILURE() << "no store to " << Base;
  return {};
}

} // namespace

TEST(ExecutionWeight, ConstantArgumentAndNestedTripCounts) {
  analyse("__kernel void k(__global float *out, int n) {\n"
          "  int i = get_global_id(0);\n"
          "  out[i] = 0;\n"
          "  for (int a = 0; a < 10; ++a) {\n"
          "    for (int b = 0; b < n; b += 2) out[i + 1] = a;\n"
          "  }\n"
          "}\n",
          [](const TUAnalysis &A) {
            EXPECT_DOUBLE_EQ(weightOfStore(A, "out").PerItem, 1);
            const KernelInfo &K = A.kernels().kernels().front();
            const MemoryAccess *Inner = nullptr;
            for (const MemoryAccess &M : A.facts(K).accesses())
              if (M.Write)
                Inner = &M;
            ASSERT_TRUE(Inner);
            const NodeWeight &W = A.cost(K).weights().node(Inner->Node);
            EXPECT_DOUBLE_EQ(W.PerItem, 10 * 50); // n = 100: b runs 0, 2, ..., 98
            EXPECT_TRUE(W.Assumptions.empty());
          },
          {{"n", 100}});
}

TEST(ExecutionWeight, UnknownBoundsAreAssumedAndNamed) {
  analyse("__kernel void k(__global float *out, int n) {\n"
          "  for (int j = 0; j < n; ++j) out[get_global_id(0)] = j;\n"
          "}\n",
          [](const TUAnalysis &A) {
            NodeWeight W = weightOfStore(A, "out");
            EXPECT_DOUBLE_EQ(W.PerItem, ExecutionWeights::AssumedTrips);
            ASSERT_EQ(W.Assumptions.size(), 1u);
            EXPECT_EQ(W.Assumptions[0], "the 'j' loop runs 32 times");
          });
}

TEST(ExecutionWeight, HalvingLoopBoundedByAnOuterLoopRunsLog2OfItsLargestValue) {
  // A bitonic sort's stages: `size` takes 2 .. 128 under 256 work-items (7 runs); `stride`
  // halves from `size`, at its largest 128: 7 runs each, not 32.
  analyse("__kernel void k(__global float *out, __global float *in) {\n"
          "  for (uint size = 2; size < get_local_size(0); size <<= 1) {\n"
          "    out[get_global_id(0)] = size;\n"
          "    for (uint stride = size; stride > 1; stride >>= 1) in[get_global_id(0)] = stride;\n"
          "  }\n"
          "}\n",
          [](const TUAnalysis &A) {
            EXPECT_DOUBLE_EQ(weightOfStore(A, "out").PerItem, 7);
            NodeWeight Inner = weightOfStore(A, "in");
            EXPECT_DOUBLE_EQ(Inner.PerItem, 7 * 7);
            ASSERT_EQ(Inner.Assumptions.size(), 1u);
            EXPECT_EQ(Inner.Assumptions[0],
                      "the 'stride' loop runs 7 times (size at its largest, 128)");
          });
}

TEST(ExecutionWeight, ReachUnderLaneGuards) {
  analyse("__kernel void k(__global float *out, __global float *odd) {\n"
          "  int lid = get_local_id(0);\n"
          "  if (lid == 0) out[get_group_id(0)] = 1;\n"
          "  if (lid % 2) odd[get_global_id(0)] = 1;\n"
          "}\n",
          [](const TUAnalysis &A) {
            NodeWeight Single = weightOfStore(A, "out");
            EXPECT_DOUBLE_EQ(Single.PerItem, 1.0 / 256); // one work-item of 256
            EXPECT_DOUBLE_EQ(Single.PerWarp, 1.0 / 8);   // one warp of 8 issues it
            NodeWeight Odd = weightOfStore(A, "odd");
            EXPECT_DOUBLE_EQ(Odd.PerItem, 0.5);
            EXPECT_DOUBLE_EQ(Odd.PerWarp, 1); // every warp runs the branch
          });
}

TEST(KernelCost, StridedCopyIsAllMemory) {
  analyse("__kernel void k(__global float *out, __global const float *in) {\n"
          "  int i = get_global_id(0);\n"
          "  out[i] = in[i * 8];\n"
          "}\n",
          [](const TUAnalysis &A) {
            const CostParts &P = A.cost(A.kernels().kernels().front()).parts();
            EXPECT_GT(P.Memory, 10 * P.Instructions);
            // 32 sectors for the strided load, 4 for the store.
            EXPECT_NEAR(P.Memory, 36 * 32 / nvidiaProfile().MemoryBytesPerCycle, 1e-9);
          });
}

TEST(KernelCost, ImageCopyIsMemory) {
  // One 16-B texel read and one written per work-item: 2 x 32 x 16 B per warp, at the useful
  // bytes; the index arithmetic next to it is small.
  analyse("__constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST;\n"
          "__kernel void k(__read_only image2d_t in, __write_only image2d_t out) {\n"
          "  int2 p = (int2)(get_global_id(0), get_global_id(1) / 2);\n"
          "  write_imagef(out, p, read_imagef(in, s, p));\n"
          "}\n",
          [](const TUAnalysis &A) {
            const CostParts &P = A.cost(A.kernels().kernels().front()).parts();
            EXPECT_NEAR(P.Memory, 2 * 32 * 16 / nvidiaProfile().MemoryBytesPerCycle, 1e-9);
            EXPECT_GT(P.Memory, P.Instructions);
          });
}

TEST(KernelCost, LongFmaLoopIsAllInstructions) {
  analyse("__kernel void k(__global float *out, __global const float *in) {\n"
          "  int i = get_global_id(0);\n"
          "  float x = in[i], acc = 0.0f;\n"
          "  for (int k = 0; k < 1024; ++k) acc = acc * x + 1.0f;\n"
          "  out[i] = acc;\n"
          "}\n",
          [](const TUAnalysis &A) {
            const CostParts &P = A.cost(A.kernels().kernels().front()).parts();
            EXPECT_GT(P.Instructions, 10 * P.Memory);
          });
}

TEST(KernelCost, TiledGemmInnerLoopDominatesAndColdCodeIsSmall) {
  analyse("#define T 16\n"
          "__kernel __attribute__((reqd_work_group_size(16, 16, 1)))\n"
          "void k(__global const float *A, __global const float *B, __global float *C, int n) {\n"
          "  __local float As[T][T], Bs[T][T];\n"
          "  int tx = get_local_id(0), ty = get_local_id(1);\n"
          "  int row = get_global_id(1), col = get_global_id(0);\n"
          "  float acc = 0.0f;\n"
          "  for (int t = 0; t < n / T; ++t) {\n"
          "    As[ty][tx] = A[row * n + t * T + tx];\n"
          "    Bs[ty][tx] = B[(t * T + ty) * n + col];\n"
          "    barrier(CLK_LOCAL_MEM_FENCE);\n"
          "    for (int k = 0; k < T; ++k) acc += As[ty][k] * Bs[k][tx];\n"
          "    barrier(CLK_LOCAL_MEM_FENCE);\n"
          "  }\n"
          "  C[row * n + col] = acc + col / 4;\n"
          "}\n",
          [](const TUAnalysis &A) {
            const KernelInfo &K = A.kernels().kernels().front();
            const KernelCost &C = A.cost(K);
            ASSERT_FALSE(C.sites().empty());
            // The k loop (64 tiles x 16) costs most; the store after the loop very little.
            double Total = C.parts().time();
            const clang::Stmt *Div = nullptr;
            for (const Division &D : A.facts(K).divisions())
              Div = D.Op;
            ASSERT_TRUE(Div);
            Excess Sign;
            Sign.Ops.Alu = 2;
            std::optional<ImpactEstimate> Cold = A.impact(K.Decl, Div, Sign);
            ASSERT_TRUE(Cold);
            EXPECT_LT(Cold->Share, 0.005);
            EXPECT_DOUBLE_EQ(Cold->PerItem, 1);
            EXPECT_GT(Total, 0);
          },
          {{"n", 1024}});
}

// The instruction cycles per warp of a kernel 'k' whose body is Body, with its parameters
// `__global float *out, __global const float *in, int n`.
static double instructionCycles(const std::string &Body, std::map<std::string, int64_t> Args = {},
                                std::vector<std::string> Flags = {}) {
  double Cycles = 0;
  analyse(
      "__kernel void k(__global float *out, __global const float *in, int n) {\n" + Body + "}\n",
      [&](const TUAnalysis &A) {
        Cycles = A.cost(A.kernels().kernels().front()).parts().Instructions;
      },
      std::move(Args), CompileFlags{"", std::move(Flags), ""});
  return Cycles;
}

TEST(KernelCost, DivisionByAPowerOfTwoCostsAMultiply) {
  // x / 0.5f compiles to x * 2.0f; x / 3.0f is an IEEE division sequence; -cl-opt-disable
  // keeps the division.
  auto instructions = [](const std::string &Op, std::vector<std::string> Flags = {}) {
    return instructionCycles("  int i = get_global_id(0);\n  out[i] = in[i] " + Op + ";\n", {},
                             std::move(Flags));
  };
  EXPECT_DOUBLE_EQ(instructions("/ 0.5f"), instructions("* 2.0f"));
  EXPECT_DOUBLE_EQ(instructions("/ 4.0f"), instructions("* 2.0f"));
  EXPECT_GT(instructions("/ 3.0f"), instructions("* 2.0f"));
  EXPECT_GT(instructions("/ in[i + 1]"), instructions("* in[i + 1]"));
  EXPECT_GT(instructions("/ 0.5f", {"-cl-opt-disable"}),
            instructions("* 2.0f", {"-cl-opt-disable"}));
}

TEST(KernelCost, AnAddOfAProductFusesIntoTheMultiply) {
  // a * b + c is one FMA (IMAD for integers): it costs what the multiply alone costs; an add of
  // two loads does not fuse.
  auto instructions = [](const std::string &Expr) {
    return instructionCycles("  int i = get_global_id(0);\n  out[i] = " + Expr + ";\n");
  };
  EXPECT_LT(instructions("in[i] * in[i + 1] + in[i + 2]"),
            instructions("in[i] + in[i + 1] + in[i + 2]"));
  EXPECT_DOUBLE_EQ(instructions("in[i * n + 1]"), instructions("in[i * n]"));
  EXPECT_DOUBLE_EQ(instructions("fma(in[i], in[i + 1], in[i + 2])"),
                   instructions("in[i] * in[i + 1] + in[i + 2]"));
}

TEST(KernelCost, ALoopOfConstantBoundsIssuesItsControlOncePerUnrolledCopies) {
  // `k < 1024` is unrolled by the compiler; `k < n` (n = 1024, known) keeps its compare and
  // increment in every iteration.
  auto instructions = [](const std::string &Bound) {
    return instructionCycles("  float a = in[get_global_id(0)];\n  for (int k = 0; k < " + Bound +
                                 "; ++k) a = a * a;\n  out[get_global_id(0)] = a;\n",
                             {{"n", 1024}});
  };
  EXPECT_LT(instructions("1024"), 0.75 * instructions("n"));
}

TEST(ExecutionWeight, AnEqualityOnALaneIdReachesOneLaneOfAWarp) {
  // `i == n - 1` with n unknown: at most one lane of each warp takes the branch.
  analyse("__kernel void k(__global float *out, int n) {\n"
          "  int i = get_global_id(0);\n"
          "  if (i == n - 1) out[i] = 0;\n"
          "}\n",
          [](const TUAnalysis &A) {
            EXPECT_DOUBLE_EQ(weightOfStore(A, "out").PerItem, 1.0 / 32);
            EXPECT_DOUBLE_EQ(weightOfStore(A, "out").PerWarp, 1);
          });
}
