// Work sizes as host code writes them, traced to constants: a size_t array, `&n`, a compound
// literal or NULL for the C API; `cl::NDRange(16, 16)`, a cl::NDRange variable or
// `cl::NullRange` for the C++ API.
#pragma once

#include "Host/HostLaunches.h"
#include "Host/HostValues.h"

#include <array>
#include <cstdint>
#include <optional>

namespace cllint {

// Dims values of E (3 when Dims is 0, keeping 1 where fewer are written); nullopt when not
// constant, with *Null set for NULL.
std::optional<std::array<uint64_t, 3>> hostSizes(const clang::Expr *E, unsigned Dims, bool *Null,
                                                 const HostValues &Values);

// A cl::NDRange's values; *Null for cl::NullRange (or an empty range), *Dims its dimensions.
std::optional<std::array<uint64_t, 3>> hostNDRange(const clang::Expr *E, bool *Null, unsigned *Dims,
                                                   const HostValues &Values);

// `cl::EnqueueArgs(queue, global, local)` (or with an offset or events): L's sizes from the
// constructor's arguments for its `global` and `local` parameters, a NULL local size when it
// has none. False when E constructs no EnqueueArgs.
bool enqueueArgsSizes(const clang::Expr *E, HostLaunch &L, const HostValues &Values);

} // namespace cllint
