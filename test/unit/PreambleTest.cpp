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
  for (const Finding &F : R.Findings)
    for (const Note &N : F.Notes)
      Out.push_back("note " + llvm::sys::path::filename(N.Where.File).str() + ":" +
                    std::to_string(N.Where.Begin.Line) + " " + N.Message);
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

// A command-line run: files of one directory whose #include blocks begin alike share one
// preamble of their common beginning, even when a flag the prelude never reads differs; a
// flag it reads keeps them apart. Findings are those of a run without preambles, and a finding
// in the shared lines (a macro defined there) names the file linted, not the file that built
// the preamble.
TEST(Preambles, SharedAcrossFilesOfADirectoryWhereTheirPreludesAgree) {
  std::string Dir = scratchDir();
  std::ofstream(Dir + "/common.h") << "#if VARIANT == 2\n"
                                      "float variant(float x) { return x * 1.5 + 0.5; }\n"
                                      "#else\n"
                                      "float variant(float x) { return x; }\n"
                                      "#endif\n";
  std::ofstream(Dir + "/one.h") << "float one(float x) { return x * 0.1 + 1.0; }\n";
  std::ofstream(Dir + "/two.h") << "float two(float x) { return x; }\n";
  auto kernel = [&](const std::string &Name, const std::string &Last) {
    std::string Path = Dir + "/" + Name + ".cl";
    std::ofstream(Path) << "#define SCALE(x) ((x) * 0.3 + 0.1)\n"
                           "#include \"common.h\"\n"
                           "#include \""
                        << Last
                        << "\"\n"
                           "__kernel void "
                        << Name
                        << "(__global float *o) {\n"
                           "  int i = get_global_id(0);\n"
                           "  o[i * 2] = variant(o[i]) + SCALE(o[i]) * KERN;\n"
                           "}\n";
    return Path;
  };
  std::vector<std::string> Paths = {kernel("a", "one.h"), kernel("b", "two.h"),
                                    kernel("c", "two.h"), kernel("d", "one.h")};
  auto optionsFor = [](const std::string &Kern, const std::string &Variant) {
    LintOptions O;
    O.NoConfig = true;
    O.Flags.Args = {"-DKERN=" + Kern, "-DVARIANT=" + Variant};
    return O;
  };
  auto Cache = std::make_shared<PreambleCache>(PreambleCache::Scope::AcrossFiles);
  std::vector<std::pair<std::string, std::string>> Flags = {
      {"1", "1"}, {"2", "1"}, {"3", "1"}, {"4", "2"}};
  std::vector<std::string> Seen, Expected;
  for (size_t I = 0; I < Paths.size(); ++I) {
    LintOptions Plain = optionsFor(Flags[I].first, Flags[I].second);
    LintOptions Shared = Plain;
    Shared.Preambles = Cache;
    for (const std::string &S : summary(Linter(Plain).lintFile(Paths[I])))
      Expected.push_back(S);
    for (const std::string &S : summary(Linter(Shared).lintFile(Paths[I])))
      Seen.push_back(S);
  }
  EXPECT_EQ(Seen, Expected);
  // a: seen first, parsed alone. b: shares a's first two lines and builds them; c reuses
  // them (KERN differs, but the prelude never reads it). d: reads VARIANT=2 where that
  // preamble read 1, so it builds its own (a's block, whole).
  EXPECT_EQ(Cache->builds(), 2u);
  EXPECT_EQ(Cache->reuses(), 1u);
  bool NoteInC = false;
  for (const std::string &S : Seen)
    NoteInC |= S.rfind("note c.cl:1 expanded from macro 'SCALE'", 0) == 0;
  EXPECT_TRUE(NoteInC);
  llvm::sys::fs::remove_directories(Dir);
}
