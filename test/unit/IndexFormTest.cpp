// Affine forms of typical index expressions, parsed from small OpenCL kernels.
#include "Analysis/AccessQueries.h"
#include "Analysis/TUAnalysis.h"
#include "Frontend/OpenCLParser.h"

#include <gtest/gtest.h>

using namespace cllint;
using namespace cllint::analysis;

namespace {

// The byte-offset forms of the kernel's accesses, in source order, as strings.
struct Parsed {
  std::vector<std::string> Forms;
  std::vector<std::optional<IndexRange>> Ranges;
};

Parsed accessForms(const std::string &Src, const NDRange *Range = nullptr,
                   const SymbolValues &Args = {}) {
  Parsed P;
  ParseResult R =
      parseOpenCL("k.cl", Src, CompileFlags(),
                  [&](clang::ASTContext &Ctx, clang::Preprocessor &, const LocationResolver &) {
                    TUAnalysis A(Ctx, nvidiaProfile(), std::nullopt);
                    for (const KernelInfo &K : A.kernels().kernels())
                      for (const MemoryAccess &M : A.facts(K).accesses()) {
                        P.Forms.push_back(M.Bytes.str());
                        if (Range)
                          P.Ranges.push_back(indexRange(M, *Range, Args));
                      }
                  });
  EXPECT_FALSE(R.HasErrors);
  return P;
}

const std::string Ids = "get_global_id(0)";

} // namespace

TEST(IndexForm, GlobalIdIsGroupTimesSizePlusLane) {
  auto P = accessForms("__kernel void k(__global float *a, __global float *b) {\n"
                       "  a[get_global_id(0)] = b[get_group_id(0) * get_local_size(0) +"
                       " get_local_id(0)];\n}\n");
  ASSERT_EQ(P.Forms.size(), 2u);
  EXPECT_EQ(P.Forms[0], P.Forms[1]);
  EXPECT_EQ(P.Forms[0], "4*lid0 + 4*get_group_id(0)*get_local_size(0)");
}

TEST(IndexForm, SymbolicStrideThroughVariablesMacrosAndHelpers) {
  auto P = accessForms("#define IDX(r, c, w) ((r) * (w) + (c))\n"
                       "int twice(int i) { return i * 2; }\n"
                       "__kernel void k(__global float *a, int width) {\n"
                       "  int row = get_global_id(0);\n"
                       "  const int col = get_global_id(1);\n"
                       "  a[IDX(row, col, width)] = 0;\n"
                       "  a[twice(get_local_id(0)) + 1] = 0;\n"
                       "}\n");
  ASSERT_EQ(P.Forms.size(), 2u);
  EXPECT_NE(P.Forms[0].find("4*width*lid0"), std::string::npos) << P.Forms[0];
  EXPECT_NE(P.Forms[0].find("4*lid1"), std::string::npos) << P.Forms[0];
  EXPECT_EQ(P.Forms[1], "8*lid0 + 4");
}

TEST(IndexForm, GridStrideLoopStaysUnitStride) {
  auto P = accessForms("__kernel void k(__global float *a, int n) {\n"
                       "  for (int i = get_global_id(0); i < n; i += get_global_size(0))\n"
                       "    a[i] = 0;\n"
                       "}\n");
  ASSERT_EQ(P.Forms.size(), 1u);
  EXPECT_EQ(P.Forms[0].substr(0, 6), "4*lid0") << P.Forms[0];
  EXPECT_NE(P.Forms[0].find("iter(i)"), std::string::npos) << P.Forms[0];
}

TEST(IndexForm, VectorsStructsAndLocalTiles) {
  auto P = accessForms("typedef struct { float x, y, z, w; } P4;\n"
                       "__kernel void k(__global float4 *v, __global P4 *p, __global float *f) {\n"
                       "  __local float tile[16][17];\n"
                       "  int g = get_global_id(0);\n"
                       "  v[g] = p[g].y + tile[get_local_id(1)][get_local_id(0)];\n"
                       "  vstore4(vload4(0, f + g * 8), g, f);\n"
                       "}\n");
  // Order: the store to v, the field load, the tile load, then vstore4 and the vload4 inside.
  ASSERT_EQ(P.Forms.size(), 5u);
  EXPECT_EQ(P.Forms[0].substr(0, 7), "16*lid0");
  EXPECT_EQ(P.Forms[1].substr(0, 7), "16*lid0");
  EXPECT_EQ(P.Forms[2], "4*lid0 + 68*lid1");
  EXPECT_EQ(P.Forms[3].substr(0, 7), "16*lid0");
  EXPECT_EQ(P.Forms[4].substr(0, 7), "32*lid0");
}

TEST(IndexForm, NonLinearAndLoadedIndicesAreUnknown) {
  auto P = accessForms("__kernel void k(__global float *a, __global const int *idx) {\n"
                       "  int l = get_local_id(0);\n"
                       "  a[l * l] = a[idx[l]] + a[l / 3];\n"
                       "}\n");
  ASSERT_EQ(P.Forms.size(), 4u);
  for (const std::string &F : {P.Forms[0], P.Forms[1], P.Forms[3]})
    EXPECT_EQ(F.rfind("unknown-varying", 0), 0u) << F;
}

TEST(IndexForm, IndexRangeOverAnNDRange) {
  NDRange R;
  R.Dims = 1;
  R.Global = {1024, 1, 1};
  R.Local = {256, 1, 1};
  auto P = accessForms("__kernel void k(__global float *a, __global const float *b, int s) {\n"
                       "  int g = get_global_id(0);\n"
                       "  a[g] = b[g * s + 3];\n"
                       "  vstore4(vload4(g, b), 0, a);\n"
                       "}\n",
                       &R, {{"s", 2}});
  ASSERT_EQ(P.Ranges.size(), 4u);
  ASSERT_TRUE(P.Ranges[0] && P.Ranges[1] && P.Ranges[2] && P.Ranges[3]);
  // Stores are listed before the loads on their right-hand side.
  EXPECT_EQ(P.Ranges[0]->Min, 0); // a[g]
  EXPECT_EQ(P.Ranges[0]->Max, 1023);
  EXPECT_EQ(P.Ranges[1]->Min, 3); // b[g*2 + 3]
  EXPECT_EQ(P.Ranges[1]->Max, 2049);
  EXPECT_EQ(P.Ranges[2]->Max, 3);    // vstore4(.., 0, a)
  EXPECT_EQ(P.Ranges[3]->Max, 4095); // vload4(g, b): the last float of the last vector
}

TEST(IndexForm, EachReadSeesTheDefinitionsThatReachIt) {
  auto P = accessForms("__kernel void k(__global float *a, int n, int off) {\n"
                       "  int x = get_local_id(0);\n"
                       "  a[x] = 0;\n"  // x = lid0
                       "  x = 3 * x;\n" // reads the x above
                       "  a[x] = 0;\n"  // 3*lid0
                       "  int y;\n"
                       "  if (n > 4) y = 2 * x; else y = x;\n"
                       "  a[y] = 0;\n"               // a choice: not affine
                       "  off += get_local_id(0);\n" // a parameter updated
                       "  a[off] = 0;\n"
                       "  int s = 1;\n"
                       "  for (int i = 0; i < n; ++i) { a[s * x] = 0; s = s * 2; }\n"
                       "  for (int i = 0; i < n; ++i) a[i] = 0;\n" // a second loop on i
                       "}\n");
  ASSERT_EQ(P.Forms.size(), 6u);
  EXPECT_EQ(P.Forms[0], "4*lid0");
  EXPECT_EQ(P.Forms[1], "12*lid0");
  EXPECT_EQ(P.Forms[2].rfind("unknown-varying", 0), 0u) << P.Forms[2];
  EXPECT_EQ(P.Forms[3], "4*lid0 + 4*off");
  EXPECT_EQ(P.Forms[4], "12*s*lid0") << P.Forms[4]; // s: a power-of-two recurrence, uniform
  EXPECT_EQ(P.Forms[5], "4*iter(i#2)");
}

TEST(IndexForm, SelfUpdatingPointersFollowTheirLoop) {
  auto P = accessForms("__kernel void k(__global float *a, int n, int k) {\n"
                       "  __global float *p = a + get_local_id(0);\n"
                       "  for (int it = 0; it < n; ++it) { *p = 0; p = p + k; }\n"
                       "  __global float *q = a;\n"
                       "  for (int it = 0; it < n; ++it) { q[get_local_id(0)] = 0; q++; }\n"
                       "}\n");
  ASSERT_EQ(P.Forms.size(), 2u);
  // Stepped once per iteration of a `for` loop, a pointer counts that loop's iterations.
  EXPECT_EQ(P.Forms[0], "4*lid0 + 4*iter(it)*k");
  EXPECT_EQ(P.Forms[1], "4*lid0 + 4*iter(it#2)");
}

TEST(IndexForm, PointersAContinueMaySkipKeepTheirOwnCounter) {
  auto P = accessForms("__kernel void k(__global float *a, int n) {\n"
                       "  __global float *p = a + get_local_id(0);\n"
                       "  for (int it = 0; it < n; ++it) {\n"
                       "    if (a[it] > 0) continue;\n"
                       "    *p = 0; p++;\n"
                       "  }\n"
                       "  __global float *q = a;\n"
                       "  while (n-- > 0) { q[get_local_id(0)] = 0; q++; }\n"
                       "}\n");
  ASSERT_EQ(P.Forms.size(), 3u);
  EXPECT_EQ(P.Forms[1], "4*lid0 + 4*iter(p)");
  EXPECT_EQ(P.Forms[2], "4*lid0 + 4*iter(q)");
}
