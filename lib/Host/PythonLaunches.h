// Kernel launches in pyopencl scripts: `prg.NAME(queue, GLOBAL, LOCAL, args...)` and
// `knl = prg.NAME; knl(queue, GLOBAL, LOCAL, ...)`, with sizes written as tuples of integer
// literals or of names the script assigns one integer literal (`n_threads = 256`). A light
// scanner, no Python: anything else (computed sizes, `None` local sizes) is left out.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cllint {

struct PythonLaunch {
  std::string Kernel;
  std::array<uint64_t, 3> Local = {1, 1, 1};
  std::optional<std::array<uint64_t, 3>> Global;
  unsigned Line = 0; // 1-based, of the call
};

std::vector<PythonLaunch> findPythonLaunches(const std::string &Script);

} // namespace cllint
