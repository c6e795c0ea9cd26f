#include "cllint/Verify/Runner/ElementType.h"

#include <array>
#include <charconv>

namespace cllint::runner {
namespace {

struct ScalarInfo {
  ScalarKind kind;
  std::string_view name;
  std::size_t size;
};

constexpr std::array<ScalarInfo, 11> Scalars{{
    {ScalarKind::Char, "char", 1},
    {ScalarKind::UChar, "uchar", 1},
    {ScalarKind::Short, "short", 2},
    {ScalarKind::UShort, "ushort", 2},
    {ScalarKind::Int, "int", 4},
    {ScalarKind::UInt, "uint", 4},
    {ScalarKind::Long, "long", 8},
    {ScalarKind::ULong, "ulong", 8},
    {ScalarKind::Half, "half", 2},
    {ScalarKind::Float, "float", 4},
    {ScalarKind::Double, "double", 8},
}};

const ScalarInfo &info(ScalarKind kind) { return Scalars[static_cast<std::size_t>(kind)]; }

} // namespace

std::string ElementType::name() const {
  std::string result(info(scalar).name);
  if (width != 1)
    result += std::to_string(width);
  return result;
}

std::size_t ElementType::scalarSize() const { return info(scalar).size; }

bool ElementType::isFloating() const {
  return scalar == ScalarKind::Half || scalar == ScalarKind::Float || scalar == ScalarKind::Double;
}

bool ElementType::isSigned() const {
  switch (scalar) {
  case ScalarKind::Char:
  case ScalarKind::Short:
  case ScalarKind::Int:
  case ScalarKind::Long:
    return true;
  default:
    return isFloating();
  }
}

std::optional<ElementType> parseElementType(std::string_view name) {
  std::size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9')
    --digits;
  std::string_view base = name.substr(0, digits);
  std::string_view suffix = name.substr(digits);

  unsigned width = 1;
  if (!suffix.empty()) {
    auto [end, ec] = std::from_chars(suffix.data(), suffix.data() + suffix.size(), width);
    if (ec != std::errc() || end != suffix.data() + suffix.size())
      return std::nullopt;
    if (width != 2 && width != 3 && width != 4 && width != 8 && width != 16)
      return std::nullopt;
  }
  for (const ScalarInfo &s : Scalars)
    if (s.name == base)
      return ElementType{s.kind, width};
  return std::nullopt;
}

} // namespace cllint::runner
