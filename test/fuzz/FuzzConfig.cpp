// fuzz-config: bytes as .cllint.yaml text through parseConfigText. A config that parses is
// then used the way Linter::settingsFor uses one (rule filters, globs, profiles), and, when it
// passes no compiler flags, it is written to a per-process temporary file and a fixed kernel is
// linted under it, so custom profiles and work-group sizes reach the rules' arithmetic.
// (Configs with flags are not linted: fuzzed flags could make clang write files.)
#include "Config/Config.h"
#include "Config/DeviceProfile.h"
#include "Config/RuleSelection.h"
#include "Driver/Linter.h"
#include "FuzzCommon.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <unistd.h>

using namespace cllint;

namespace {

// Every rule has something to say about this kernel; `tiled` has no reqd_work_group_size, so
// the config's work-group applies to it.
const char *const Kernel = R"cl(
__kernel __attribute__((reqd_work_group_size(64, 2, 1)))
void strided(__global float *x, __global const float *y, int n) {
  int i = get_global_id(0);
  if (get_local_id(0) % 2 == 0)
    x[i * 4] = y[i * 17] * 0.5 + i / 8;
  x[(i % 64) * n] += i % 16;
}

__kernel void tiled(__global float *out, __global const float *in, int w) {
  __local float tile[32][32];
  int lx = get_local_id(0), ly = get_local_id(1);
  tile[lx][ly] = in[get_global_id(1) * w + get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0) * w + get_global_id(1)] = tile[ly][lx] * 2.0;
}
)cl";

const char *const Paths[] = {"a.cl", "src/k.cl", "legacy/x/y.cl", ".cl", "", "k?.cl"};
const char *const RuleIds[] = {
    "memory-global-stride",    "memory-local-bank-conflict", "control-warp-divergence",
    "arith-pow2-div-mod",      "arith-double-literal",       "launch-work-group-size",
    "clang-diagnostic-unused", "cllint-suppression",         ""};

bool passesFlags(const ConfigFile &C) {
  if (!C.Flags.Args.empty())
    return true;
  for (const FlagsForGlob &G : C.PerPath)
    if (!G.Flags.Args.empty())
      return true;
  return false;
}

const std::string &tempDir() {
  static const std::string Dir = [] {
    llvm::SmallString<128> D;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, D);
    llvm::sys::path::append(D, "cllint-fuzz-config-" + std::to_string(::getpid()));
    llvm::sys::fs::create_directories(D);
    return D.str().str();
  }();
  return Dir;
}

void lintUnder(const std::string &Text) {
  std::string Config = tempDir() + "/.cllint.yaml";
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Config, EC);
    if (EC)
      return;
    OS << Text;
  }
  LintOptions O;
  O.ConfigPath = Config;
  O.Isolate = false; // crashes must reach libFuzzer, not become internal-error findings
  Linter L(O);
  for (const char *Name : {"a.cl", "legacy/x/y.cl"})
    L.lintBuffer(tempDir() + "/" + Name, Kernel);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  ConfigFile C;
  std::string Error;
  if (!parseConfigText("/p/.cllint.yaml", Text, C, Error)) {
    if (Error.rfind("/p/.cllint.yaml", 0) != 0)
      cllint::fuzz::invariantFailed("config error does not name the file: " + Error);
    return 0;
  }
  for (const char *Id : RuleIds)
    (void)C.Rules.isEnabled(Id);
  for (const FlagsForGlob &G : C.PerPath)
    for (const char *P : Paths)
      (void)globMatch(G.Glob, P);
  ProfileTable T;
  for (const DeviceProfile &P : C.CustomProfiles)
    T.add(P);
  if (C.Profile && !T.find(*C.Profile))
    cllint::fuzz::invariantFailed("a config that parsed names an unknown profile");
  if (!passesFlags(C))
    lintUnder(Text);
  return 0;
}
