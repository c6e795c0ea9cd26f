#include "cllint/Verify/Runner/Compare.h"

#include "Half.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace cllint::runner {
namespace {

// Maps sign-magnitude bits onto a line where adjacent floats are adjacent integers.
__int128 orderedKey(std::uint64_t bits, unsigned width) {
  const std::uint64_t signBit = std::uint64_t(1) << (width - 1);
  const __int128 magnitude = static_cast<__int128>(bits & (signBit - 1));
  return (bits & signBit) ? -magnitude : magnitude;
}

std::uint64_t keyDistance(std::uint64_t a, std::uint64_t b, unsigned width) {
  __int128 d = orderedKey(a, width) - orderedKey(b, width);
  if (d < 0)
    d = -d;
  return d > static_cast<__int128>(UlpInfinite - 1) ? UlpInfinite - 1
                                                    : static_cast<std::uint64_t>(d);
}

template <typename T> T load(const unsigned char *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Distance of one component; only meaningful for floating kinds.
std::uint64_t componentUlp(ScalarKind kind, const unsigned char *a, const unsigned char *b) {
  switch (kind) {
  case ScalarKind::Half:
    return ulpDistanceHalf(load<std::uint16_t>(a), load<std::uint16_t>(b));
  case ScalarKind::Float:
    return ulpDistance(load<float>(a), load<float>(b));
  case ScalarKind::Double:
    return ulpDistance(load<double>(a), load<double>(b));
  default:
    return 0;
  }
}

std::string formatComponent(ScalarKind kind, const unsigned char *p) {
  char text[64];
  switch (kind) {
  case ScalarKind::Char:
    return std::to_string(load<std::int8_t>(p));
  case ScalarKind::UChar:
    return std::to_string(load<std::uint8_t>(p));
  case ScalarKind::Short:
    return std::to_string(load<std::int16_t>(p));
  case ScalarKind::UShort:
    return std::to_string(load<std::uint16_t>(p));
  case ScalarKind::Int:
    return std::to_string(load<std::int32_t>(p));
  case ScalarKind::UInt:
    return std::to_string(load<std::uint32_t>(p));
  case ScalarKind::Long:
    return std::to_string(load<std::int64_t>(p));
  case ScalarKind::ULong:
    return std::to_string(load<std::uint64_t>(p));
  case ScalarKind::Half:
    std::snprintf(text, sizeof text, "%.5g", halfToFloat(load<std::uint16_t>(p)));
    return text;
  case ScalarKind::Float:
    std::snprintf(text, sizeof text, "%.9g", load<float>(p));
    return text;
  case ScalarKind::Double:
    std::snprintf(text, sizeof text, "%.17g", load<double>(p));
    return text;
  }
  return "?";
}

} // namespace

std::uint64_t ulpDistance(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) ? 0 : UlpInfinite;
  return keyDistance(std::bit_cast<std::uint32_t>(a), std::bit_cast<std::uint32_t>(b), 32);
}

std::uint64_t ulpDistance(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) ? 0 : UlpInfinite;
  return keyDistance(std::bit_cast<std::uint64_t>(a), std::bit_cast<std::uint64_t>(b), 64);
}

std::uint64_t ulpDistanceHalf(std::uint16_t a, std::uint16_t b) {
  const bool nanA = (a & 0x7c00u) == 0x7c00u && (a & 0x3ffu);
  const bool nanB = (b & 0x7c00u) == 0x7c00u && (b & 0x3ffu);
  if (nanA || nanB)
    return nanA && nanB ? 0 : UlpInfinite;
  return keyDistance(a, b, 16);
}

std::string formatElement(const ElementType &type, const unsigned char *element) {
  if (type.width == 1)
    return formatComponent(type.scalar, element);
  std::string text = "(";
  for (unsigned c = 0; c < type.width; ++c) {
    if (c)
      text += ", ";
    text += formatComponent(type.scalar, element + c * type.scalarSize());
  }
  return text + ")";
}

BufferDiff compareBuffer(const ElementType &type, std::uint64_t elements,
                         const unsigned char *before, const unsigned char *after,
                         std::uint64_t ulpTolerance) {
  BufferDiff diff;
  diff.elements = elements;
  const std::size_t scalarSize = type.scalarSize();
  const std::size_t realBytes = scalarSize * type.width; // without 3-vector padding
  std::int64_t firstDiffering = -1, firstBeyond = -1;

  for (std::uint64_t i = 0; i < elements; ++i) {
    const unsigned char *a = before + i * type.size();
    const unsigned char *b = after + i * type.size();
    if (std::memcmp(a, b, realBytes) == 0)
      continue;
    ++diff.differing;
    if (firstDiffering < 0)
      firstDiffering = static_cast<std::int64_t>(i);

    bool beyond = !type.isFloating();
    if (type.isFloating()) {
      for (unsigned c = 0; c < type.width; ++c) {
        const std::uint64_t ulp = componentUlp(type.scalar, a + c * scalarSize, b + c * scalarSize);
        diff.maxUlp = std::max(diff.maxUlp, ulp);
        beyond |= ulp > ulpTolerance;
      }
    }
    if (beyond) {
      ++diff.beyondTolerance;
      if (firstBeyond < 0)
        firstBeyond = static_cast<std::int64_t>(i);
    }
  }

  diff.firstIndex = firstBeyond >= 0 ? firstBeyond : firstDiffering;
  if (diff.firstIndex >= 0) {
    const std::size_t offset = static_cast<std::size_t>(diff.firstIndex) * type.size();
    diff.firstBefore = formatElement(type, before + offset);
    diff.firstAfter = formatElement(type, after + offset);
  }
  return diff;
}

OutputsVerdict judgeOutputs(CompareMode mode, std::uint64_t ulpTolerance,
                            const std::vector<ComparedOutput> &outputs) {
  OutputsVerdict verdict;
  const ComparedOutput *firstBad = nullptr;
  for (const ComparedOutput &out : outputs) {
    verdict.differing += out.diff.differing;
    verdict.maxUlp = std::max(verdict.maxUlp, out.diff.maxUlp);
    const std::uint64_t bad =
        mode == CompareMode::Ulp ? out.diff.beyondTolerance : out.diff.differing;
    if (bad && !firstBad)
      firstBad = &out;
  }

  if (firstBad) {
    const BufferDiff &d = firstBad->diff;
    const std::uint64_t bad = mode == CompareMode::Ulp ? d.beyondTolerance : d.differing;
    verdict.agree = false;
    verdict.text = "differ: arg " + std::to_string(firstBad->argIndex) + " (" +
                   firstBad->type.name() + "): " + std::to_string(bad) + " of " +
                   std::to_string(d.elements) + " elements differ";
    if (mode == CompareMode::Ulp)
      verdict.text += " by more than " + std::to_string(ulpTolerance) + " ulp";
    if (firstBad->type.isFloating())
      verdict.text += d.maxUlp == UlpInfinite ? " (NaN against a number)"
                                              : " (max " + std::to_string(d.maxUlp) + " ulp)";
    verdict.text += "; first at [" + std::to_string(d.firstIndex) + "]: " + d.firstBefore +
                    " before, " + d.firstAfter + " after";
  } else if (verdict.differing == 0) {
    verdict.text = "identical";
  } else {
    verdict.text = "within " + std::to_string(verdict.maxUlp) + " ulp (" +
                   std::to_string(verdict.differing) +
                   (verdict.differing == 1 ? " element differs)" : " elements differ)");
  }
  return verdict;
}

} // namespace cllint::runner
