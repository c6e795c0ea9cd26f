// Where two files' #include blocks can share a preamble, and which macros a command line sets.
#include "Frontend/PreambleCut.h"

#include "Frontend/CommandLineMacros.h"

#include <gtest/gtest.h>

using namespace cllint;

TEST(PreambleCut, CommonIncludesUpToTheFirstDifferentLine) {
  std::string A = "// kernel A\n#include \"common.h\"\n#include \"types.h\"\n#include \"md5.h\"\n";
  std::string B = "// kernel A\n#include \"common.h\"\n#include \"types.h\"\n#include \"sha1.h\"\n";
  EXPECT_EQ(sharedPreludeLength(A, B), A.find("#include \"md5.h\""));
  EXPECT_EQ(sharedPreludeLength(A, A), A.size());
}

TEST(PreambleCut, NothingSharedWithoutAnInclude) {
  EXPECT_EQ(sharedPreludeLength("#define N 4\n#define M 5\n", "#define N 4\n#define M 6\n"), 0u);
  EXPECT_EQ(sharedPreludeLength("#define N 4\n", "#define N 4\n"), 0u);
  EXPECT_EQ(sharedPreludeLength("#include \"a.h\"\n", "#include \"b.h\"\n"), 0u);
}

TEST(PreambleCut, NeverEndsInsideAContinuedLineOrAComment) {
  // The lines differ inside a continued #define: the cut goes back before it.
  std::string A = "#include \"a.h\"\n#define F(x) \\\n  ((x) + 1)\n";
  std::string B = "#include \"a.h\"\n#define F(x) \\\n  ((x) + 2)\n";
  EXPECT_EQ(sharedPreludeLength(A, B), std::string("#include \"a.h\"\n").size());
  // ... and inside a block comment.
  std::string C = "#include \"a.h\"\n/* shared\n   one\n   two */\n#include \"c.h\"\n";
  std::string D = "#include \"a.h\"\n/* shared\n   one\n   three */\n#include \"c.h\"\n";
  EXPECT_EQ(sharedPreludeLength(C, D), std::string("#include \"a.h\"\n").size());
}

TEST(CommandLineMacros, DefinitionsUndefinitionsAndTheRest) {
  std::vector<std::string> Args = {"clang",  "-DKERN_TYPE=0", "-D",    "VECT",  "-DM2S(x)=XM2S(x)",
                                   "-I/inc", "-UVECT",        "-DA=1", "-DA=2", "k.cl"};
  MacroTable M = commandLineMacros(Args);
  EXPECT_EQ(M["KERN_TYPE"], std::optional<std::string>("=0"));
  EXPECT_EQ(M["M2S"], std::optional<std::string>("(x)=XM2S(x)"));
  EXPECT_EQ(M["A"], std::optional<std::string>("=2"));
  EXPECT_FALSE(M["VECT"].has_value());
  EXPECT_EQ(commandLineWithoutMacros(Args), std::string("clang\0-I/inc\0k.cl\0", 18));
  // Only what differs between two command lines runs again after a preamble (-UVECT undefines
  // what neither defines: nothing to do).
  std::vector<std::pair<std::string, bool>> Invocation = {
      {"KERN_TYPE=0", false}, {"A=2", false}, {"__OPENCL_VERSION__=120", false}};
  MacroTable Before = {{"KERN_TYPE", "=0"}, {"A", "=2"}, {"GONE", "=1"}};
  MacroTable Now = {{"KERN_TYPE", "=7"}, {"A", "=2"}, {"VECT", std::nullopt}};
  keepOnlyMacroChanges(Invocation, Before, Now);
  std::vector<std::pair<std::string, bool>> Expected = {
      {"__OPENCL_VERSION__=120", false}, {"KERN_TYPE=7", false}, {"GONE", true}};
  EXPECT_EQ(Invocation, Expected);
}

TEST(PreambleCut, EndsBeforeADiagnosticPush) {
  std::string P = "#include \"common.h\"\n#pragma clang diagnostic push\n#pragma clang "
                  "diagnostic ignored \"-Wunused\"\n";
  EXPECT_EQ(beforeDiagnosticPush(P), P.find("#pragma"));
  std::string G = "#include \"a.h\"\n  #  pragma GCC diagnostic push\n";
  EXPECT_EQ(beforeDiagnosticPush(G), G.find("  #"));
  std::string None = "#include \"a.h\"\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  EXPECT_EQ(beforeDiagnosticPush(None), None.size());
}
