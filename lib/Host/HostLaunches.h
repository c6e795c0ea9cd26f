// Kernel launches in host code: C and C++ files parsed with Clang, where `clCreateKernel` /
// `cl::Kernel(program, "name")` tie a kernel object to its kernel by name and
// `clEnqueueNDRangeKernel` / `queue.enqueueNDRangeKernel(k, offset, global, local)` give its
// global and local sizes, traced to constants, macros, `const` variables and arrays.
#pragma once

#include "Diagnostics/Finding.h"
#include "Host/HostTransfers.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cllint {

struct HostLaunch {
  std::string Kernel; // empty when the kernel object cannot be traced to a name
  // The kernels the object may hold when it holds one of several, all traced (`k = wide ?
  // ctx->a : ctx->b`); Kernel is empty then.
  std::vector<std::string> Candidates;
  unsigned Dims = 0; // work_dim; 0 when not constant
  // The local size per dimension (1 beyond Dims); nullopt when it is not constant or NULL.
  std::optional<std::array<uint64_t, 3>> Local;
  bool LocalNull = false; // NULL / cl::NullRange: the implementation picks the shape
  std::optional<std::array<uint64_t, 3>> Global;
  Range Where; // the enqueue call
  std::string LineText;
  std::string WhyUnknown; // why Kernel or Local could not be traced
  // Kernel objects it may run that no code of its file sets (KernelRef::Unset); another host
  // file may set them.
  std::vector<std::string> UnsetObjects;
  std::string Function; // the host function it is written in
  bool InLoop = false;  // a loop of that function encloses it
  // It runs more than once per program run: InLoop, or its function is reached from a loop
  // (markRepeatedLaunches).
  bool Repeated = true;

  // Says why Local is unknown when the host writes neither a constant nor NULL.
  void explainUnknownLocal() {
    if (!Local && !LocalNull && WhyUnknown.empty())
      WhyUnknown = "the local size is not a constant";
  }
};

// A call written in host code: who calls whom, and whether a loop of the caller encloses it.
struct HostCall {
  std::string Caller, Callee;
  bool InLoop = false;
};

// A scalar kernel argument the host sets: `clSetKernelArg(k, 2, sizeof(int), &n)`,
// `kernel.setArg(2, n)`, with the value traced like the sizes (nullopt: not a constant).
struct HostArg {
  // A scalar's Value is the argument; a buffer's is the bytes the host created it with, a
  // __local allocation's the bytes it asks for (HostArgSizes.h).
  enum Kind { Scalar, Buffer, Local };
  std::string Kernel;
  unsigned Index = 0;
  std::optional<int64_t> Value;
  Range Where;
  Kind K = Scalar;
};

// The options a program is built with (`clBuildProgram(p, n, devs, OPTIONS, ...)`,
// `program.build(devices, OPTIONS)`), and the kernel file it is built from: a `.cl` path
// written in the same function as the build (or the file's only one). Options holds '?' where
// the host computes a part at run time.
struct HostBuild {
  std::string KernelFile; // the path as the host writes it ("kernels/hotspot.cl")
  std::string Options;
  Range Where;
};

// A host function that enqueues the kernel object it is given (ImageMagick's
// `EnqueueOpenCLKernel(queue, kernel, dims, offset, global, local, ...)`): which of its
// parameters carry the kernel, work_dim and the sizes (-1: not a parameter).
struct LaunchWrapper {
  std::string Name;
  int KernelParam = -1, DimsParam = -1, GlobalParam = -1, LocalParam = -1;
  unsigned Dims = 0;      // work_dim when the wrapper fixes it
  bool LocalNull = false; // the wrapper passes NULL as the local size
};

// What one argument of a call evaluates to: an integer, or a size array read as 1, 2 or 3
// dimensions (Sizes[d - 1]), or NULL.
struct CallArgValue {
  std::optional<int64_t> Integer;
  std::array<std::optional<std::array<uint64_t, 3>>, 3> Sizes;
  bool Null = false;
};

// A call that hands a kernel object the file traces to a function of the host code: a launch
// when that function is a LaunchWrapper of any host file read (resolveWrappedLaunches).
struct WrappedCall {
  std::string Callee;
  HostLaunch Launch; // the kernel and where the call is; sizes come from the wrapper's match
  std::vector<CallArgValue> Args;
};

struct HostFile {
  std::string Path;
  std::string Content;
  std::vector<HostLaunch> Launches;
  std::vector<HostArg> Args;
  std::vector<HostBuild> Builds;
  std::vector<HostCall> Calls;
  std::vector<LaunchWrapper> Wrappers;
  std::vector<WrappedCall> WrappedCalls;
  // The file did not compile cleanly: the launches come from what Clang could recover.
  std::vector<std::string> ParseErrors;
  std::vector<std::string> InputErrors;  // cannot read, not C/C++, ...
  std::vector<std::string> Dependencies; // project headers the parse read
  // Byte ranges [begin, end) of Content in `#if` branches the preprocessor skipped: code of
  // another build configuration (a vendor's branch), which names kernels this build never runs.
  std::vector<std::pair<size_t, size_t>> InactiveRanges;
  // The kernel objects (variables and fields, by name) this file sets or lets other code set.
  std::vector<std::string> KernelObjectsSet;
  // Blocking buffer transfers in loops that launch kernels.
  std::vector<HostTransfer> Transfers;
};

// Whether Path is a C or C++ source by its extension (.c .cc .cpp .cxx .c++).
bool isHostSource(const std::string &Path);
// A file read for its launches and build options: C and C++ sources, and pyopencl scripts.
bool isHostFile(const std::string &Path);

// Parses Path as C or C++ (by extension) with the system and OpenCL headers plus ExtraArgs
// (-I, -D) and collects its launches.
HostFile findHostLaunches(const std::string &Path, const std::vector<std::string> &ExtraArgs,
                          unsigned long long MaxFileBytes = 64ull << 20);

} // namespace cllint
