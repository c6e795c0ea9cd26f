#include "Host/ProjectDefinitions.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cllint;

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
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cllint-defs", Root));
  auto write = [&](const std::string &Rel, const std::string &Text) {
    llvm::SmallString<128> P(Root);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Text;
    return P.str().str();
  };
  std::string Far = write("other/types.h", "typedef float real;\n");
  std::string Near = write("kernels/inc/types.hpp", "typedef double real;\n");
  std::string Kernel = write("kernels/k.cl", "__kernel void k(__global real *x) {}\n");
  write("kernels/notes.txt", "typedef int real;\n");
  write("kernels/program.cl", "typedef int real;\n__kernel void p(__global real *x) {}\n");
  ProjectDefinitions Defs({Root.str().str()});
  EXPECT_EQ(Defs.definersOf("real", Kernel), (std::vector<std::string>{Near, Far}));
  EXPECT_TRUE(Defs.definersOf("missing", Kernel).empty());
  llvm::sys::fs::remove_directories(Root);
}

TEST(ProjectDefinitions, FilesAfterWhatTheyUse) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cllint-order", Root));
  auto write = [&](const std::string &Rel, const std::string &Text) {
    llvm::SmallString<128> P(Root);
    llvm::sys::path::append(P, Rel);
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Text;
    return P.str().str();
  };
  std::string Ops = write("ops.cl", "inline cplx cmul(cplx a, cplx b) { return a; }\n");
  std::string Types = write("types.h", "typedef struct { float re, im; } cplx;\n");
  std::string Geo = write("geo.cl", "inline int site(int i) { return i; }\n");
  // ops.cl uses cplx, which types.h defines; geo.cl needs nothing and keeps its place.
  EXPECT_EQ(inDefinitionOrder({Ops, Geo, Types}), (std::vector<std::string>{Geo, Types, Ops}));
  // Two files that use each other's names keep the order given.
  std::string A = write("a.cl", "inline int fa(int x) { return fb(x); }\n");
  std::string B = write("b.cl", "inline int fb(int x) { return fa(x); }\n");
  EXPECT_EQ(inDefinitionOrder({A, B}), (std::vector<std::string>{A, B}));
  llvm::sys::fs::remove_directories(Root);
}
