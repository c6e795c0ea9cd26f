// What the host code read tells verify about a kernel's arguments: the bytes of the buffers and
// __local allocations it passes (`clCreateBuffer(ctx, flags, N * N * sizeof(float), ...)`,
// `clSetKernelArg(k, 3, 256 * sizeof(float), NULL)`), and whether a scalar's value is the
// config's or the host's.
#pragma once

#include "Analysis/TUAnalysis.h"

#include <cstdint>
#include <map>
#include <string>

namespace cllint::verify {

// The bytes of K's buffer and __local parameters that every host call sets alike, by name.
std::map<std::string, int64_t> hostArgumentBytes(const analysis::TUAnalysis &A,
                                                 const analysis::KernelInfo &K);

// Where the known value of K's scalar Name comes from: "config kernels: args" or "host code".
std::string knownArgumentSource(const analysis::TUAnalysis &A, const analysis::KernelInfo &K,
                                const std::string &Name);

} // namespace cllint::verify
