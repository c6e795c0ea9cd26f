// Kernels kept inside another language's strings: pyopencl scripts (`cl.Program(ctx, """...""")`),
// C++ raw strings (`R"(...)"`, also the whole of a `.cl` file), the arguments of stringizing
// macros (`MSTRINGIFY( ... )`) and runs of adjacent C string literals in C and C++ files. The file
// is linted as a masked copy: the kernel text stays where it is, every other character becomes a
// space (line breaks are kept), so each finding's line and column, and each fix's offsets, are
// those of the original file.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cllint {

struct MaskedSource {
  std::string Text;     // same length and line breaks as the original
  unsigned Kernels = 0; // string literals kept
  bool Escapes = false; // a kept Python string had backslash escapes (rewritten in place)
  // Build options a pyopencl script passes as literals (`prg.build(options=["-DN=16"])`,
  // `.build("-cl-mad-enable")`), space-separated; empty when none.
  std::string BuildOptions;
};

// The masked copy of Content when Path holds kernels in strings: `.py` files, and C, C++ and
// `.cl` files with a raw string literal (C and C++ files: or a string literal run) that contains
// a kernel. nullopt for plain OpenCL C.
std::optional<MaskedSource> maskEmbeddedKernels(const std::string &Path,
                                                const std::string &Content);

// Whether a file found in a directory may be kernel source to lint: `.cl`, and `.py`, C and C++
// files, which are read to decide (pythonHoldsKernels, hostHoldsKernels).
bool isKernelSourcePath(llvm::StringRef Path);
bool pythonHoldsKernels(const std::string &Path);
// Whether a C or C++ file holds a kernel in a string (read to decide): it is linted as kernel
// code as well as read as host code.
bool hostHoldsKernels(const std::string &Path);
// Whether Content's code (outside comments and strings) defines a kernel: OpenCL C kept in a
// file with a C++ extension (OpenMM's `.cc` kernels), linted as kernel code only.
bool isKernelCode(const std::string &Content);
// Whether Text defines a kernel: `kernel` or `__kernel`, `void`, a name, a parameter list and a
// body (a message such as "failed creating kernel void f()" does not).
bool definesKernel(llvm::StringRef Text);
bool kernelCodeFile(const std::string &Path);

} // namespace cllint
