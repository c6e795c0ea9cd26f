// The flags a kernel is built with: what a project's host code passes to clBuildProgram,
// plus what cllint needs to parse like a real OpenCL build.
#pragma once

#include <string>
#include <vector>

namespace cllint {

struct CompileFlags {
  std::string Std;               // "CL1.2", "CL2.0", "CL3.0"; empty = inherit/default
  std::vector<std::string> Args; // -D, -I, -include, --target=..., anything after "--"

  // Later flags win: Std is replaced when set, Args are appended.
  void mergeFrom(const CompileFlags &Later);
};

// Accepts "1.2", "CL1.2", "cl1.2", "CL2.0", "CL3.0", "CLC++"-less; returns "" when unknown.
std::string normalizeClStd(const std::string &Text);

} // namespace cllint
