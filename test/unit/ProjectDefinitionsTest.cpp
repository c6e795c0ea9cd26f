#include "Host/ProjectDefinitions.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cllint;

namespace {

// A directory of files for one test, removed when it ends.
class ScratchDir {
public:
  ScratchDir() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cllint-defs", Root)); }
  ~ScratchDir() { llvm::sys::fs::remove_directories(Root); }
  std::string path() const { return Root.str().str(); }
  // Writes Text to Rel below the directory; its absolute path.
  std::string write(const std::string &Rel, const std::string &Text) {
    llvm::SmallString<128> P(Root);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Text;
    return P.str().str();
  }

private:
  llvm::SmallString<128> Root;
};

} // namespace

TEST(ProjectDefinitions, FileScopeNamesOfEveryKind) {
  std::vector<std::string> Names = topLevelDefinitions(
      "#define SU3SIZE 9\n"
      "/* typedef float not_this; */\n"
      "#ifdef _USEDOUBLEPREC_\n"
      "typedef double hmc_float __attribute__((aligned(8)));\n"
      "#endif\n"
      "typedef struct {\n  hmc_float re;\n  hmc_float im;\n} hmc_complex\n#ifdef X\n"
      "__attribute__((aligned(16)))\n#endif\n;\n"
      "struct spinor { float a; };\n"
      "hmc_complex complexmult(hmc_complex a, hmc_complex b) {\n"
      "  hmc_complex r; { r.re = a.re; }\n  return r;\n}\n"
      "float prototype_only(float x);\n"
      "__constant float table[4] = {1, 2, 3, 4};\n"
      "inline int get_neighbor(int i) { return i + 1; }\n"
      "__kernel void k(__global float *out) { out[0] = 0; }\n");
  EXPECT_EQ(Names, (std::vector<std::string>{"SU3SIZE", "hmc_float", "hmc_complex", "spinor",
                                             "complexmult", "table", "get_neighbor", "k"}));
}

TEST(ProjectDefinitions, NearestDefinerFirst) {
  ScratchDir Dir;
  std::string Far = Dir.write("other/types.h", "typedef float real;\n");
  std::string Near = Dir.write("kernels/inc/types.hpp", "typedef double real;\n");
  std::string Kernel = Dir.write("kernels/k.cl", "__kernel void k(__global real *x) {}\n");
  Dir.write("kernels/notes.txt", "typedef int real;\n");
  Dir.write("kernels/program.cl", "typedef int real;\n__kernel void p(__global real *x) {}\n");
  ProjectDefinitions Defs({Dir.path()});
  EXPECT_EQ(Defs.definersOf("real", Kernel), (std::vector<std::string>{Near, Far}));
  EXPECT_TRUE(Defs.definersOf("missing", Kernel).empty());
}

TEST(ProjectDefinitions, FilesAfterWhatTheyUse) {
  ScratchDir Dir;
  std::string Ops = Dir.write("ops.cl", "inline cplx cmul(cplx a, cplx b) { return a; }\n");
  std::string Types = Dir.write("types.h", "typedef struct { float re, im; } cplx;\n");
  std::string Geo = Dir.write("geo.cl", "inline int site(int i) { return i; }\n");
  // ops.cl uses cplx, which types.h defines; geo.cl needs nothing and keeps its place.
  EXPECT_EQ(inDefinitionOrder({Ops, Geo, Types}), (std::vector<std::string>{Geo, Types, Ops}));
  // Two files that use each other's names keep the order given.
  std::string A = Dir.write("a.cl", "inline int fa(int x) { return fb(x); }\n");
  std::string B = Dir.write("b.cl", "inline int fb(int x) { return fa(x); }\n");
  EXPECT_EQ(inDefinitionOrder({A, B}), (std::vector<std::string>{A, B}));
}
