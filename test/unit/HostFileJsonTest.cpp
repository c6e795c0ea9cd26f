// A cached host parse must give back exactly what parsing gave: every field survives the trip
// through JSON, and a foreign or damaged entry is refused rather than half read.
#include "Driver/HostFileJson.h"

#include <gtest/gtest.h>

namespace cllint {
namespace {

Range at(unsigned Line) { return Range{"host.c", {Line, 3, 40}, {Line, 9, 46}}; }

HostFile everyField() {
  HostFile F;
  F.Path = "host.c";
  HostLaunch L;
  L.Kernel = "tile";
  L.Dims = 2;
  L.Local = std::array<uint64_t, 3>{16, 16, 1};
  L.Global = std::array<uint64_t, 3>{1024, 512, 1};
  L.Where = at(12);
  L.LineText = "clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, 0);";
  L.WhyUnknown = "";
  L.Function = "run";
  L.InLoop = true;
  L.Repeated = false;
  F.Launches.push_back(L);
  HostLaunch Null;
  Null.LocalNull = true;
  Null.WhyUnknown = "the kernel is created by a computed name";
  F.Launches.push_back(Null);
  F.Args.push_back({"tile", 2, int64_t(-7), at(9)});
  F.Args.push_back({"tile", 3, std::nullopt, at(10)});
  F.Builds.push_back({"kernels/tile.cl", "-DTILE=16 -DN=?", at(8)});
  F.Calls.push_back({"main", "run", true});
  LaunchWrapper W;
  W.Name = "enqueue";
  W.KernelParam = 1;
  W.DimsParam = -1;
  W.GlobalParam = 3;
  W.LocalParam = 4;
  W.Dims = 2;
  W.LocalNull = true;
  F.Wrappers.push_back(W);
  WrappedCall C;
  C.Callee = "enqueue";
  C.Launch = L;
  CallArgValue A;
  A.Integer = 5;
  A.Sizes[1] = std::array<uint64_t, 3>{8, 8, 1};
  A.Null = true;
  C.Args.push_back(A);
  C.Args.push_back(CallArgValue());
  F.WrappedCalls.push_back(C);
  F.ParseErrors = {"host.c:2: 'x.h' file not found"};
  F.Dependencies = {"include/proj/sizes.h"};
  F.InactiveRanges = {{10, 42}, {100, 180}};
  return F;
}

void expectSameLaunch(const HostLaunch &A, const HostLaunch &B) {
  EXPECT_EQ(A.Kernel, B.Kernel);
  EXPECT_EQ(A.Dims, B.Dims);
  EXPECT_EQ(A.Local, B.Local);
  EXPECT_EQ(A.LocalNull, B.LocalNull);
  EXPECT_EQ(A.Global, B.Global);
  EXPECT_EQ(A.Where, B.Where);
  EXPECT_EQ(A.LineText, B.LineText);
  EXPECT_EQ(A.WhyUnknown, B.WhyUnknown);
  EXPECT_EQ(A.Function, B.Function);
  EXPECT_EQ(A.InLoop, B.InLoop);
  EXPECT_EQ(A.Repeated, B.Repeated);
}

TEST(HostFileJson, EveryFieldSurvivesTheCache) {
  HostFile F = everyField();
  std::optional<HostFile> R = hostFileFromJson(hostFileToJson(F));
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Path, F.Path);
  ASSERT_EQ(R->Launches.size(), 2u);
  expectSameLaunch(R->Launches[0], F.Launches[0]);
  expectSameLaunch(R->Launches[1], F.Launches[1]);
  ASSERT_EQ(R->Args.size(), 2u);
  EXPECT_EQ(R->Args[0].Value, std::optional<int64_t>(-7));
  EXPECT_EQ(R->Args[1].Value, std::nullopt);
  EXPECT_EQ(R->Args[1].Index, 3u);
  EXPECT_EQ(R->Args[0].Where, at(9));
  ASSERT_EQ(R->Builds.size(), 1u);
  EXPECT_EQ(R->Builds[0].KernelFile, "kernels/tile.cl");
  EXPECT_EQ(R->Builds[0].Options, "-DTILE=16 -DN=?");
  ASSERT_EQ(R->Calls.size(), 1u);
  EXPECT_EQ(R->Calls[0].Callee, "run");
  EXPECT_TRUE(R->Calls[0].InLoop);
  ASSERT_EQ(R->Wrappers.size(), 1u);
  EXPECT_EQ(R->Wrappers[0].DimsParam, -1);
  EXPECT_EQ(R->Wrappers[0].LocalParam, 4);
  EXPECT_EQ(R->Wrappers[0].Dims, 2u);
  EXPECT_TRUE(R->Wrappers[0].LocalNull);
  ASSERT_EQ(R->WrappedCalls.size(), 1u);
  expectSameLaunch(R->WrappedCalls[0].Launch, F.Launches[0]);
  ASSERT_EQ(R->WrappedCalls[0].Args.size(), 2u);
  EXPECT_EQ(R->WrappedCalls[0].Args[0].Integer, std::optional<int64_t>(5));
  EXPECT_EQ(R->WrappedCalls[0].Args[0].Sizes[1], (std::array<uint64_t, 3>{8, 8, 1}));
  EXPECT_FALSE(R->WrappedCalls[0].Args[0].Sizes[0]);
  EXPECT_TRUE(R->WrappedCalls[0].Args[0].Null);
  EXPECT_FALSE(R->WrappedCalls[0].Args[1].Integer);
  EXPECT_EQ(R->ParseErrors, F.ParseErrors);
  EXPECT_EQ(R->Dependencies, F.Dependencies);
  EXPECT_EQ(R->InactiveRanges, F.InactiveRanges);
}

TEST(HostFileJson, DamagedEntriesAreRefused) {
  EXPECT_FALSE(hostFileFromJson(llvm::json::Value(42)));
  llvm::json::Value V = hostFileToJson(everyField());
  V.getAsObject()->erase("wrappers");
  EXPECT_FALSE(hostFileFromJson(V));
  V = hostFileToJson(everyField());
  (*V.getAsObject()->getArray("launches"))[0].getAsObject()->erase("local");
  (*V.getAsObject()->getArray("launches"))[0].getAsObject()->try_emplace("local", "16x16");
  EXPECT_FALSE(hostFileFromJson(V));
  // An entry written before skipped ranges were kept, and an empty range.
  V = hostFileToJson(everyField());
  V.getAsObject()->erase("inactive");
  EXPECT_FALSE(hostFileFromJson(V));
  V = hostFileToJson(everyField());
  (*(*V.getAsObject()->getArray("inactive"))[0].getAsObject())["end"] = 10;
  EXPECT_FALSE(hostFileFromJson(V));
}

} // namespace
} // namespace cllint
