#include "Fix/FixApplier.h"

#include "Driver/Linter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cllint;

namespace {
std::string writeTemp(const std::string &Content) {
  llvm::SmallString<128> Path;
  int FD;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("fixtest", "cl", FD, Path));
  llvm::raw_fd_ostream OS(FD, true);
  OS << Content;
  return Path.str().str();
}
std::string readAll(const std::string &Path) {
  return (*llvm::MemoryBuffer::getFile(Path))->getBuffer().str();
}
Fix edit(const std::string &File, unsigned Offset, unsigned Length, std::string Text,
         FixSafety Safety = FixSafety::Safe) {
  Fix F;
  F.Safety = Safety;
  Edit E;
  E.Where.File = File;
  E.Where.Begin = {1, Offset + 1, Offset};
  E.Where.End = {1, Offset + Length + 1, Offset + Length};
  E.Replacement = std::move(Text);
  F.Edits.push_back(E);
  return F;
}
} // namespace

TEST(FixApplier, OverlappingFixesAreSkippedNotMerged) {
  unsigned Applied = 0, Skipped = 0;
  Fix A = edit("k.cl", 0, 3, "xyz"), B = edit("k.cl", 1, 1, "Q"), C = edit("k.cl", 5, 0, "!");
  std::string Out = applyEdits("k.cl", "abcdefg", {&A, &B, &C}, Applied, Skipped);
  EXPECT_EQ(Out, "xyzde!fg");
  EXPECT_EQ(Applied, 2u);
  EXPECT_EQ(Skipped, 1u);
}

TEST(FixApplier, UnsafeFixesNeedOptIn) {
  Fix F = edit("k.cl", 0, 0, "f", FixSafety::Unsafe);
  EXPECT_FALSE(isApplicable(F, false));
  EXPECT_TRUE(isApplicable(F, true));
}

TEST(FixApplier, LeavesTheFileAloneWhenTheResultWouldNotCompile) {
  const std::string Source = "__kernel void k(__global float *y) { y[0] = 1.0f; }\n";
  std::string Path = writeTemp(Source);
  LintOptions Opts;
  Opts.NoConfig = true;
  Linter L(Opts);
  FileResult R = L.lintFile(Path);
  ASSERT_TRUE(R.Findings.empty());
  // A fabricated fix that deletes the ';' breaks the kernel: nothing may be written.
  Finding F;
  F.RuleId = "arith-double-literal";
  F.Where.File = Path;
  F.Fixes.push_back(edit(Path, static_cast<unsigned>(Source.find(';')), 1, ""));
  R.Findings.push_back(F);
  FixOutcome O = fixFile(R, /*AllowUnsafe=*/true, L);
  EXPECT_FALSE(O.Written);
  EXPECT_NE(O.Error.find("would not compile"), std::string::npos) << O.Error;
  EXPECT_EQ(readAll(Path), Source);
  llvm::sys::fs::remove(Path);
}

TEST(FixApplier, WritesAndReportsWhatRemains) {
  const std::string Source = "__kernel void k(__global float *y) { y[0] = y[1] * 0.1; }\n";
  std::string Path = writeTemp(Source);
  LintOptions Opts;
  Opts.NoConfig = true;
  Linter L(Opts);
  FileResult R = L.lintFile(Path);
  ASSERT_EQ(R.Findings.size(), 1u);
  FixOutcome Safe = fixFile(R, /*AllowUnsafe=*/false, L);
  EXPECT_FALSE(Safe.Written);
  FixOutcome O = fixFile(R, /*AllowUnsafe=*/true, L);
  EXPECT_TRUE(O.Written) << O.Error;
  EXPECT_EQ(O.Applied, 1u);
  EXPECT_TRUE(O.After.Findings.empty());
  EXPECT_EQ(readAll(Path), "__kernel void k(__global float *y) { y[0] = y[1] * 0.1f; }\n");
  llvm::sys::fs::remove(Path);
}
