// The flags cllint reads from an OpenCL build-options string, as host code passes it to
// clBuildProgram.
#include "Config/CompileFlags.h"

#include <gtest/gtest.h>

using namespace cllint;

TEST(BuildOptions, DefinesIncludesAndStandard) {
  CompileFlags F = buildOptionFlags(
      "-DTILE=16 -D WIDTH=8 -UOLD -I inc -Iother -include pre.h -cl-std=CL2.0 -cl-mad-enable",
      "/src/host");
  EXPECT_EQ(F.Std, "CL2.0");
  std::vector<std::string> Expected = {"-DTILE=16",       "-DWIDTH=8",         "-UOLD",
                                       "-I/src/host/inc", "-I/src/host/other", "-include",
                                       "/src/host/pre.h"};
  EXPECT_EQ(F.Args, Expected);
}

TEST(BuildOptions, RunTimePartsAreLeftOut) {
  // '?' stands for a value the host computes at run time: the word is dropped, not guessed.
  CompileFlags F = buildOptionFlags("-DBLOCK=16 -DSTEPS=? -D ? -I?", "");
  std::vector<std::string> Expected = {"-DBLOCK=16"};
  EXPECT_EQ(F.Args, Expected);
  EXPECT_TRUE(F.Std.empty());
}

TEST(BuildOptions, EmptyAndCodeGenerationOnly) {
  EXPECT_TRUE(buildOptionFlags("", "/x").Args.empty());
  EXPECT_TRUE(buildOptionFlags("  -cl-fast-relaxed-math   -w ", "/x").Args.empty());
  // An absolute include path stays as written.
  EXPECT_EQ(buildOptionFlags("-I/opt/inc", "/x").Args, std::vector<std::string>{"-I/opt/inc"});
}
