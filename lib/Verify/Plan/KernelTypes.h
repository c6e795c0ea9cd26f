// What verify reads off a kernel's declaration: the dimensions its code uses and the runner's
// spelling of its parameter types.
#pragma once

#include "Analysis/KernelModel.h"

#include "clang/AST/Type.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace cllint::verify {

// The element or scalar type in the runner's spelling, with its size in bytes.
std::optional<std::pair<std::string, uint64_t>> runnerType(clang::QualType T);

} // namespace cllint::verify
