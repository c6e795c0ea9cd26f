#include "Half.h"

#include <bit>
#include <cmath>

namespace cllint::runner {

std::uint16_t floatToHalf(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
  const std::uint32_t absBits = bits & 0x7fffffffu;

  if (absBits >= 0x7f800000u) // infinity or NaN; keep NaN quiet and non-zero
    return sign | (absBits > 0x7f800000u ? 0x7e00u : 0x7c00u);
  if (absBits >= 0x477ff000u) // rounds to a value beyond 65504
    return sign | 0x7c00u;

  const int exponent = static_cast<int>(absBits >> 23) - 127;
  if (exponent < -25) // below half the smallest subnormal: rounds to zero
    return sign;

  std::uint32_t mantissa = (absBits & 0x7fffffu) | 0x800000u; // implicit 1 restored
  int shift; // bits dropped from the 24-bit significand
  std::uint32_t halfExponent;
  if (exponent < -14) { // subnormal half
    shift = 13 + (-14 - exponent);
    halfExponent = 0;
  } else {
    shift = 13;
    halfExponent = static_cast<std::uint32_t>(exponent + 15);
    mantissa &= 0x7fffffu; // implicit bit lives in the exponent field
  }
  std::uint32_t result = mantissa >> shift;
  const std::uint32_t rest = mantissa & ((1u << shift) - 1);
  const std::uint32_t halfway = 1u << (shift - 1);
  if (rest > halfway || (rest == halfway && (result & 1u)))
    ++result; // may carry into the exponent, which is the correct rounding
  return static_cast<std::uint16_t>(sign | ((halfExponent << 10) + result));
}

float halfToFloat(std::uint16_t bits) {
  const float sign = (bits & 0x8000u) ? -1.0f : 1.0f;
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  if (exponent == 0)
    return sign * std::ldexp(static_cast<float>(mantissa), -24);
  if (exponent == 31)
    return mantissa ? std::nanf("") : sign * INFINITY;
  return sign * std::ldexp(static_cast<float>(mantissa | 0x400), exponent - 25);
}

} // namespace cllint::runner
