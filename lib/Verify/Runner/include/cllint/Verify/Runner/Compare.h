// Comparing the outputs of the "before" and "after" kernels: bitwise, or within a number
// of units in the last place for floating-point data.
#pragma once

#include "cllint/Verify/Runner/ElementType.h"
#include "cllint/Verify/Runner/Plan.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace cllint::runner {

// Distance in representable values; +0 and -0 are 0 apart, two NaNs are 0 apart, and a
// NaN against a number is UlpInfinite.
inline constexpr std::uint64_t UlpInfinite = std::numeric_limits<std::uint64_t>::max();
std::uint64_t ulpDistance(float a, float b);
std::uint64_t ulpDistance(double a, double b);
std::uint64_t ulpDistanceHalf(std::uint16_t a, std::uint16_t b);

struct BufferDiff {
  std::uint64_t elements = 0;
  std::uint64_t differing = 0;         // elements whose bytes differ (a vector counts once)
  std::uint64_t beyondTolerance = 0;   // of those, more than the tolerance apart (any for ints)
  std::uint64_t maxUlp = 0;            // largest component distance; floating types only
  std::int64_t firstIndex = -1;        // first element beyond tolerance, else first differing
  std::string firstBefore, firstAfter; // that element's values, printed
};

// Compares `elements` elements of `type`; 3-vector padding is ignored.
BufferDiff compareBuffer(const ElementType &type, std::uint64_t elements,
                         const unsigned char *before, const unsigned char *after,
                         std::uint64_t ulpTolerance);

struct ComparedOutput {
  std::size_t argIndex = 0;
  ElementType type;
  BufferDiff diff;
};

struct OutputsVerdict {
  bool agree = true;
  std::string text; // "identical", "within 2 ulp (37 elements differ)", "differ: ..."
  std::uint64_t maxUlp = 0;
  std::uint64_t differing = 0;
};

OutputsVerdict judgeOutputs(CompareMode mode, std::uint64_t ulpTolerance,
                            const std::vector<ComparedOutput> &outputs);

// One element printed for people: "0.1", "(1, 2, 3)".
std::string formatElement(const ElementType &type, const unsigned char *element);

} // namespace cllint::runner
