// What a kernel argument the host sets is, beyond a scalar: a buffer object whose size the host
// fixed when it created it (`m = clCreateBuffer(ctx, flags, N * sizeof(float), ...)`, `cl::Buffer
// b(ctx, flags, bytes)`), or a __local allocation (`clSetKernelArg(k, 2, bytes, NULL)`,
// `setArg(2, cl::Local(bytes))`).
#pragma once

#include "Host/HostLaunches.h"
#include "Host/HostValues.h"

#include "clang/AST/Expr.h"

#include <optional>

namespace cllint {

struct ArgSize {
  HostArg::Kind K = HostArg::Scalar;
  std::optional<int64_t> Bytes; // nullopt: the host computes it at run time
};

// The kind and bytes of the argument a clSetKernelArg call passes (Size: its third argument,
// Value: its fourth), or a C++ setArg's value; nullopt for a scalar.
std::optional<ArgSize> clSetKernelArgSize(const clang::Expr *Size, const clang::Expr *Value,
                                          const HostValues &Values);
std::optional<ArgSize> setArgSize(const clang::Expr *Value, const HostValues &Values);

} // namespace cllint
