#include "Diagnostics/Baseline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <unistd.h>

using namespace cllint;

namespace {

Finding finding(const std::string &Rule, unsigned Line, const std::string &LineText,
                const std::string &Message = "m") {
  Finding F;
  F.RuleId = Rule;
  F.Where.Begin = {Line, 3, 0};
  F.LineText = LineText;
  F.Message = Message;
  return F;
}

FileResult file(const std::string &Path, std::vector<Finding> Findings) {
  FileResult R;
  R.Path = Path;
  for (Finding &F : Findings)
    F.Where.File = Path;
  R.Findings = std::move(Findings);
  return R;
}

} // namespace

TEST(Baseline, HidesRecordedFindingsAfterLinesShift) {
  FileResult Before = file("/proj/src/k.cl", {finding("arith-double-literal", 4, "y = x * 0.5;"),
                                              finding("arith-double-literal", 9, "z = x * 2.0;")});
  Baseline B = Baseline::fromResults({Before}, "/proj/cllint-baseline.json");
  ASSERT_EQ(B.entries().size(), 2u);
  EXPECT_EQ(B.entries()[0].File, "src/k.cl");
  EXPECT_EQ(B.entries()[0].Rule, "arith-double-literal");
  EXPECT_EQ(B.entries()[0].Message, "m");

  // Three lines inserted above and indentation changed: same findings, new lines.
  FileResult After = file("/proj/src/k.cl", {finding("arith-double-literal", 7, "  y = x *  0.5;"),
                                             finding("arith-double-literal", 12, "z = x * 2.0;"),
                                             finding("arith-double-literal", 13, "w = x * 3.0;")});
  B.filter(After);
  ASSERT_EQ(After.Findings.size(), 1u);
  EXPECT_EQ(After.Findings[0].LineText, "w = x * 3.0;");
  EXPECT_EQ(After.BaselinedCount, 2u);
  EXPECT_TRUE(B.unmatched().empty());
}

TEST(Baseline, EachEntryHidesOneOccurrence) {
  // The same line text twice: the baseline recorded one, the second is new.
  FileResult Before = file("/p/k.cl", {finding("r", 1, "a = b * 0.5;")});
  Baseline B = Baseline::fromResults({Before}, "/p/b.json");
  FileResult After =
      file("/p/k.cl", {finding("r", 1, "a = b * 0.5;"), finding("r", 5, "a = b * 0.5;")});
  B.filter(After);
  EXPECT_EQ(After.Findings.size(), 1u);
  EXPECT_EQ(After.Findings[0].Where.Begin.Line, 5u);
  EXPECT_EQ(After.BaselinedCount, 1u);
}

TEST(Baseline, RuleAndFileMustMatch) {
  FileResult Before = file("/p/k.cl", {finding("rule-a", 1, "x;")});
  Baseline B = Baseline::fromResults({Before}, "/p/b.json");
  FileResult OtherRule = file("/p/k.cl", {finding("rule-b", 1, "x;")});
  FileResult OtherFile = file("/p/j.cl", {finding("rule-a", 1, "x;")});
  B.filter(OtherRule);
  B.filter(OtherFile);
  EXPECT_EQ(OtherRule.Findings.size(), 1u);
  EXPECT_EQ(OtherFile.Findings.size(), 1u);
  // k.cl was linted and its entry matched nothing: the finding was fixed.
  ASSERT_EQ(B.unmatched().size(), 1u);
  EXPECT_EQ(B.unmatched()[0].File, "k.cl");
}

TEST(Baseline, UnmatchedCountsOnlyFilesThatWereLinted) {
  FileResult K = file("/p/k.cl", {finding("r", 1, "x;")});
  FileResult J = file("/p/j.cl", {finding("r", 1, "y;")});
  Baseline B = Baseline::fromResults({K, J}, "/p/b.json");
  FileResult KNow = file("/p/k.cl", {});
  B.filter(KNow);
  ASSERT_EQ(B.unmatched().size(), 1u);
  EXPECT_EQ(B.unmatched()[0].File, "k.cl");
}

TEST(Baseline, PathsOutsideTheBaselineDirectoryAreRelative) {
  FileResult R = file("/p/other/k.cl", {finding("r", 1, "x;")});
  Baseline B = Baseline::fromResults({R}, "/p/sub/b.json");
  ASSERT_EQ(B.entries().size(), 1u);
  EXPECT_EQ(B.entries()[0].File, "../other/k.cl");
}

TEST(Baseline, RoundTripsThroughAFile) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("baseline-test", Dir));
  std::string Kernel = (Dir + "/k.cl").str(), Path = (Dir + "/b.json").str();
  FileResult R = file(Kernel, {finding("r", 2, "y = x * 0.5;", "say \"0.5f\"")});
  std::string Error;
  ASSERT_TRUE(Baseline::fromResults({R}, Path).write(Path, Error)) << Error;

  Baseline Loaded("");
  ASSERT_TRUE(Baseline::load(Path, Loaded, Error)) << Error;
  EXPECT_EQ(Loaded.entries(), Baseline::fromResults({R}, Path).entries());
  FileResult Again = file(Kernel, {finding("r", 8, "y = x * 0.5;")});
  Loaded.filter(Again);
  EXPECT_TRUE(Again.Findings.empty());
  llvm::sys::fs::remove_directories(Dir);
}

TEST(Baseline, RejectsFilesThatAreNotBaselines) {
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("baseline", "json", FD, Path));
  ::close(FD);
  std::string Error;
  Baseline B("");
  auto writeText = [&](const char *Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
  };
  writeText("{not json");
  EXPECT_FALSE(Baseline::load(Path.str().str(), B, Error));
  EXPECT_NE(Error.find("not valid JSON"), std::string::npos) << Error;
  writeText("{\"entries\": [{\"rule\": \"r\"}]}");
  EXPECT_FALSE(Baseline::load(Path.str().str(), B, Error));
  EXPECT_NE(Error.find("entry 0"), std::string::npos) << Error;
  writeText("[]");
  EXPECT_FALSE(Baseline::load(Path.str().str(), B, Error));
  EXPECT_FALSE(Baseline::load("/nonexistent/b.json", B, Error));
  EXPECT_NE(Error.find("/nonexistent/b.json"), std::string::npos);
  llvm::sys::fs::remove(Path);
}
