// Launches written through a host function that wraps clEnqueueNDRangeKernel: the wrapper is
// recognised where it is defined (its parameters reach the enqueue call), and each call that
// hands it a traced kernel object becomes a launch with that call's sizes, across host files.
#pragma once

#include "Host/HostLaunches.h"

#include <optional>

namespace clang {
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace cllint {

// The name an OpenCL API call goes by, also through a function pointer that carries the API's
// name (`lib->clEnqueueNDRangeKernel(...)`, `gegl_clEnqueueNDRangeKernel(...)`); empty when
// the callee has no name.
std::string apiCallName(const clang::CallExpr *Call);

// Enqueue (a clEnqueueNDRangeKernel call inside Fn) as a wrapper of Fn, when its kernel is
// one of Fn's parameters.
std::optional<LaunchWrapper> launchWrapperOf(const clang::CallExpr *Enqueue,
                                             const clang::FunctionDecl *Fn,
                                             std::optional<int64_t> FixedDims);

// Adds to each file's Launches the wrapped calls that match a wrapper of any file by name.
void resolveWrappedLaunches(std::vector<HostFile> &Files);

} // namespace cllint
