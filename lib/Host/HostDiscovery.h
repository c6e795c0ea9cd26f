// Which C, C++ and Python files of a directory are OpenCL host code: `cllint DIR` reads their
// launches and build options without a `host:` entry in .cllint.yaml.
#pragma once

#include <string>

namespace cllint {

// Whether Path (a C or C++ source, or a Python script) builds or launches OpenCL kernels: it
// names clBuildProgram, clEnqueueNDRangeKernel, clCreateProgramWithSource, clCreateKernel,
// clSetKernelArg, the C++ wrappers' build and launch calls, or imports pyopencl. Read
// as text, without parsing; a file that cannot be read is not host code.
bool callsOpenCL(const std::string &Path);

} // namespace cllint
