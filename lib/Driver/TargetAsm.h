// Kernels written in one GPU's inline assembly (hashcat's host probes its AMD device with
// `__asm__("V_ADD_U32 %0, vcc, 0, 0;" : "=v"(r1))` kernels in strings): cllint compiles for no
// particular GPU, so their constraints are errors here that are none on the device they are
// for. Such a file is not analysed, and says so, instead of failing with errors.
#pragma once

#include "Diagnostics/Finding.h"

#include <optional>
#include <string>
#include <vector>

namespace cllint {

// When every error of a parse is about inline assembly: the notice that explains why the file
// was not analysed, naming the first such error. Embedded: the kernels come from a host file's
// strings.
std::optional<std::string> targetAssemblyNotice(const std::vector<Finding> &ClangDiagnostics,
                                                bool Embedded);

} // namespace cllint
