// Element types of plan buffers and scalars: OpenCL C scalar types and their vectors.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace cllint::runner {

enum class ScalarKind { Char, UChar, Short, UShort, Int, UInt, Long, ULong, Half, Float, Double };

struct ElementType {
  ScalarKind scalar = ScalarKind::Float;
  unsigned width = 1; // 1, 2, 3, 4, 8 or 16 components

  // OpenCL C spelling, e.g. "float4".
  std::string name() const;
  std::size_t scalarSize() const;
  // Components actually stored: a 3-vector occupies the space of a 4-vector in OpenCL.
  unsigned storedWidth() const { return width == 3 ? 4 : width; }
  // Bytes of one element as laid out in a buffer.
  std::size_t size() const { return scalarSize() * storedWidth(); }
  bool isFloating() const;
  bool isSigned() const;

  bool operator==(const ElementType &) const = default;
};

// Parses "float", "uchar4", "double3", ...; nullopt for anything else.
std::optional<ElementType> parseElementType(std::string_view name);

} // namespace cllint::runner
