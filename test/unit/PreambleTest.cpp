// The language server's preambles: a file's #include block is parsed once, reused while it and
// its headers are unchanged, rebuilt when a header changes, and linting with a preamble gives
// the same findings as without.
#include "Driver/Linter.h"
#include "Frontend/PreambleCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fstream>
#include <gtest/gtest.h>

using namespace cllint;

namespace {

std::string scratchDir() {
  llvm::SmallString<128> Dir;
  llvm::sys::fs::createUniqueDirectory("cllint-preamble", Dir);
  return Dir.str().str();
}

std::vector<std::string> summary(const FileResult &R) {
  std::vector<std::string> Out;
  for (const Finding &F : R.Findings)
    Out.push_back(F.RuleId + " " + llvm::sys::path::filename(F.Where.File).str() + ":" +
                  std::to_string(F.Where.Begin.Line) + ":" + std::to_string(F.Where.Begin.Column) +
                  " " + F.Message);
  return Out;
}

} // namespace

TEST(Preambles, ReusedWhileUnchangedRebuiltWhenAHeaderChanges) {
  std::string Dir = scratchDir();
  std::ofstream(Dir + "/helper.h") << "#define SCALE 0.1\n"
                                      "float scaled(float x) { return x * 0.3; }\n";
  std::string Path = Dir + "/k.cl";
  std::string Text = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                     "#include \"helper.h\"\n"
                     "__kernel void k(__global float *o, __global int *n) {\n"
                     "  o[get_global_id(0)] = scaled(o[get_global_id(0)]) * SCALE;\n"
                     "  n[get_global_id(0) * 4] /= 8;\n"
                     "}\n";
  LintOptions Plain;
  Plain.NoConfig = true;
  LintOptions WithPreambles = Plain;
  auto Cache = std::make_shared<PreambleCache>();
  WithPreambles.Preambles = Cache;
  Linter Reference(Plain), L(WithPreambles);

  std::vector<std::string> Expected = summary(Reference.lintBuffer(Path, Text));
  ASSERT_GE(Expected.size(), 3u); // the header's literal, the kernel's, the stride, the division
  EXPECT_EQ(summary(L.lintBuffer(Path, Text)), Expected);
  EXPECT_EQ(Cache->builds(), 1u);
  // An edit below the #include block: the preamble is reused, the findings follow the edit.
  std::string Edited = Text + "// an edit\n";
  EXPECT_EQ(summary(L.lintBuffer(Path, Edited)), summary(Reference.lintBuffer(Path, Edited)));
  EXPECT_EQ(Cache->builds(), 1u);
  EXPECT_EQ(Cache->reuses(), 1u);
  // The header changes on disk: built again, and its new finding is there.
  std::ofstream(Dir + "/helper.h") << "#define SCALE 0.1\n"
                                      "float scaled(float x) { return x * 0.7 + 0.2; }\n";
  std::vector<std::string> Now = summary(L.lintBuffer(Path, Edited));
  EXPECT_EQ(Now, summary(Reference.lintBuffer(Path, Edited)));
  EXPECT_EQ(Cache->builds(), 2u);
  llvm::sys::fs::remove_directories(Dir);
}
