// How a plan buffer is filled before a launch. The same spec and seed always give the
// same bytes, so "before" and "after" kernels see identical inputs.
#pragma once

#include "cllint/Verify/Runner/ElementType.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cllint::runner {

struct FillSpec {
  enum class Kind {
    Zero,      // "zero"
    Iota,      // "iota": 0, 1, 2, ... per scalar component
    Random,    // "random" or "random:LO:HI"
    Const,     // "const:V"
    IndexMod,  // "index-mod:M": component index % M
    CsrRowPtr, // "csr-rowptr:K": component index * K
  };
  Kind kind = Kind::Zero;
  // Bounds and constants, kept in both forms so integer types never pass through a double.
  double lo = 0, hi = 0, value = 0;
  std::int64_t intLo = 0, intHi = 0, intValue = 0;
  bool explicitRange = false; // "random:LO:HI" rather than the type's default range
  std::string text;           // as written in the plan
};

// Parses a fill for an element type; throws std::invalid_argument naming what is wrong.
FillSpec parseFill(std::string_view text, const ElementType &type);

// Bytes of `elements` elements of `type` filled by `fill`. `seed` feeds "random".
std::vector<unsigned char> makeFilledBuffer(const ElementType &type, std::uint64_t elements,
                                            const FillSpec &fill, std::uint64_t seed);

// Stores one scalar component, converting (and wrapping, for integers) to the scalar kind.
void storeComponent(ScalarKind kind, unsigned char *dst, double floatValue, std::int64_t intValue);

} // namespace cllint::runner
