#include "Host/HostDiscovery.h"

#include "Support/InputFiles.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

namespace cllint {

bool callsOpenCL(const std::string &Path) {
  std::string Content, Error;
  if (!readSourceFile(Path, 16ull << 20, Content, Error))
    return false;
  llvm::StringRef C(Content);
  if (llvm::sys::path::extension(Path) == ".py")
    return C.contains("pyopencl");
  // The calls that carry what the kernels are analysed with: build options, launch shapes and
  // argument values (C API, the C++ bindings' methods and functors). A file that wraps some of
  // them in its own macros (SHOC's `clBuild(prog)` around clBuildProgram) still creates its
  // programs and kernels and sets their arguments itself.
  for (llvm::StringRef Call :
       {"clBuildProgram", "clEnqueueNDRangeKernel", "clCompileProgram", "clCreateProgramWithSource",
        "clCreateKernel", "clSetKernelArg", "enqueueNDRangeKernel", "KernelFunctor", "make_kernel",
        "cl::Program", "cl::Kernel"})
    if (C.contains(Call))
      return true;
  return false;
}

} // namespace cllint
