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
  // The calls that carry what the kernels are analysed with: build options and launch shapes
  // (C API, the C++ bindings' methods and functors).
  for (llvm::StringRef Call : {"clBuildProgram", "clEnqueueNDRangeKernel", "clCompileProgram",
                               "enqueueNDRangeKernel", "KernelFunctor", "make_kernel"})
    if (C.contains(Call))
      return true;
  return false;
}

} // namespace cllint
