// The flags a kernel is built with: what a project's host code passes to clBuildProgram,
// plus what cllint needs to parse like a real OpenCL build.
#pragma once

#include <string>
#include <vector>

namespace cllint {

struct CompileFlags {
  std::string Std;               // "CL1.2", "CL2.0", "CL3.0"; empty = inherit/default
  std::vector<std::string> Args; // -D, -I, -include, --target=..., anything after "--"
  // The device profile's name: a driver predefines only its own vendor's extension macros
  // (cl_amd_media_ops on "amd", cl_intel_subgroups on Intel), so those of other vendors are
  // switched off. Empty: every extension clang knows.
  std::string Vendor;

  // Later flags win: Std is replaced when set, Args are appended, and a macro Later defines or
  // undefines drops this one's -D / -U of it.
  void mergeFrom(const CompileFlags &Later);
};

// The flags in an OpenCL build-options string (`-DTILE=16 -I inc -cl-std=CL2.0
// -cl-mad-enable`): -D, -U, -I, -include and -cl-std; options that only steer code generation
// are left out, as are words holding '?' (a part the host computes at run time). Relative -I
// and -include paths are taken from BaseDir.
CompileFlags buildOptionFlags(const std::string &Options, const std::string &BaseDir);

// Accepts "1.2", "CL1.2", "cl1.2", "CL2.0", "CL3.0", "CLC++"-less; returns "" when unknown.
std::string normalizeClStd(const std::string &Text);

} // namespace cllint
