// IEEE 754 binary16 <-> float, so half buffers can be filled with real values and
// compared in ULPs without relying on the host compiler's _Float16 support.
#pragma once

#include <cstdint>

namespace cllint::runner {

// Round to nearest, ties to even; overflow gives infinity, NaN stays NaN.
std::uint16_t floatToHalf(float value);
float halfToFloat(std::uint16_t bits);

} // namespace cllint::runner
