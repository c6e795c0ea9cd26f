// Reading the PTX that NVIDIA's OpenCL driver returns as a program's binary: how many
// instructions a kernel has, and how many of them are double-precision, conversions and
// divisions, so a fix's effect on the compiled code can be shown beside its timing.
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <optional>
#include <string_view>

namespace cllint::runner {

// Whether a program binary is PTX text: it starts with a comment, or declares a .version and
// an .entry. Other drivers return ELF objects, LLVM bitcode or bundles of their own.
bool isPtx(std::string_view binary);

// The instructions in the body of `.entry kernel(...)`: statements that are not directives
// (".reg", ".loc", ".pragma"), labels or braces. nullopt when the module has no such entry.
// Functions the kernel calls are not followed (drivers inline OpenCL helpers as a rule).
std::optional<CodeCounts> countPtxKernel(std::string_view ptx, std::string_view kernel);

} // namespace cllint::runner
