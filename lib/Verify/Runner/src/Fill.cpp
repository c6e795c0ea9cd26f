#include "cllint/Verify/Runner/Fill.h"

#include "Half.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace cllint::runner {
namespace {

std::vector<std::string_view> splitColons(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    std::size_t colon = text.find(':', start);
    parts.push_back(text.substr(start, colon - start));
    if (colon == std::string_view::npos)
      return parts;
    start = colon + 1;
  }
}

std::int64_t parseInt(std::string_view text, std::string_view what) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument(std::string(what) + " '" + std::string(text) +
                                "' is not an integer");
  return value;
}

double parseDouble(std::string_view text, std::string_view what) {
  // from_chars for double is missing from some libstdc++ releases; strtod is everywhere.
  std::string copy(text);
  char *end = nullptr;
  double value = std::strtod(copy.c_str(), &end);
  if (copy.empty() || *end != '\0' || !std::isfinite(value))
    throw std::invalid_argument(std::string(what) + " '" + copy + "' is not a finite number");
  return value;
}

// xoshiro256** seeded through splitmix64: small, fast, and identical on every platform.
class Prng {
public:
  explicit Prng(std::uint64_t seed) {
    for (std::uint64_t &word : state) {
      seed += 0x9e3779b97f4a7c15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      word = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(state[1] * 5, 7) * 9;
    const std::uint64_t t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return result;
  }

private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state[4];
};

unsigned significandBits(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::Half:
    return 11;
  case ScalarKind::Float:
    return 24;
  default:
    return 53;
  }
}

// The value actually stored for `v` in `kind`, stepped down when rounding reached `hi`
// so that random values stay inside [lo, hi).
double belowBound(ScalarKind kind, double v, double hi) {
  if (kind == ScalarKind::Float) {
    float f = static_cast<float>(v);
    if (f >= hi)
      f = std::nextafter(f, -INFINITY);
    return f;
  }
  if (kind == ScalarKind::Half) {
    std::uint16_t h = floatToHalf(static_cast<float>(v));
    if (halfToFloat(h) >= hi)
      h = (h & 0x8000u) ? h + 1 : (h == 0 ? 0x8001u : h - 1);
    return halfToFloat(h);
  }
  return v >= hi ? std::nextafter(v, -INFINITY) : v;
}

} // namespace

FillSpec parseFill(std::string_view text, const ElementType &type) {
  FillSpec spec;
  spec.text = std::string(text);
  const std::vector<std::string_view> parts = splitColons(text);
  const std::string_view name = parts[0];
  const bool floating = type.isFloating();
  auto expectArgs = [&](std::size_t count, const char *form) {
    if (parts.size() != count + 1)
      throw std::invalid_argument("fill '" + spec.text + "' must be written " + form);
  };

  if (name == "zero") {
    expectArgs(0, "\"zero\"");
    spec.kind = FillSpec::Kind::Zero;
  } else if (name == "iota") {
    expectArgs(0, "\"iota\"");
    spec.kind = FillSpec::Kind::Iota;
  } else if (name == "random") {
    spec.kind = FillSpec::Kind::Random;
    if (parts.size() == 1) {
      spec.lo = -1, spec.hi = 1, spec.intLo = 0, spec.intHi = 100;
    } else {
      expectArgs(2, "\"random\" or \"random:LO:HI\"");
      spec.explicitRange = true;
      if (floating) {
        spec.lo = parseDouble(parts[1], "LO");
        spec.hi = parseDouble(parts[2], "HI");
        if (!(spec.lo < spec.hi))
          throw std::invalid_argument("fill '" + spec.text + "' needs LO < HI");
      } else {
        spec.intLo = parseInt(parts[1], "LO");
        spec.intHi = parseInt(parts[2], "HI");
        if (!(spec.intLo < spec.intHi))
          throw std::invalid_argument("fill '" + spec.text + "' needs LO < HI");
      }
    }
  } else if (name == "const") {
    expectArgs(1, "\"const:V\"");
    spec.kind = FillSpec::Kind::Const;
    if (floating)
      spec.value = parseDouble(parts[1], "V");
    else
      spec.intValue = parseInt(parts[1], "V");
  } else if (name == "index-mod") {
    expectArgs(1, "\"index-mod:M\"");
    spec.kind = FillSpec::Kind::IndexMod;
    spec.intValue = parseInt(parts[1], "M");
    if (spec.intValue <= 0)
      throw std::invalid_argument("fill '" + spec.text + "' needs M > 0");
  } else if (name == "csr-rowptr") {
    expectArgs(1, "\"csr-rowptr:NNZ_PER_ROW\"");
    spec.kind = FillSpec::Kind::CsrRowPtr;
    spec.intValue = parseInt(parts[1], "NNZ_PER_ROW");
    if (spec.intValue < 0)
      throw std::invalid_argument("fill '" + spec.text + "' needs NNZ_PER_ROW >= 0");
  } else {
    throw std::invalid_argument("unknown fill '" + spec.text +
                                "' (expected zero, iota, random, random:LO:HI, const:V, "
                                "index-mod:M or csr-rowptr:NNZ_PER_ROW)");
  }
  return spec;
}

void storeComponent(ScalarKind kind, unsigned char *dst, double floatValue, std::int64_t intValue) {
  auto put = [dst](auto v) { std::memcpy(dst, &v, sizeof v); };
  switch (kind) {
  case ScalarKind::Char:
  case ScalarKind::UChar:
    return put(static_cast<std::uint8_t>(intValue));
  case ScalarKind::Short:
  case ScalarKind::UShort:
    return put(static_cast<std::uint16_t>(intValue));
  case ScalarKind::Int:
  case ScalarKind::UInt:
    return put(static_cast<std::uint32_t>(intValue));
  case ScalarKind::Long:
  case ScalarKind::ULong:
    return put(static_cast<std::uint64_t>(intValue));
  case ScalarKind::Half:
    return put(floatToHalf(static_cast<float>(floatValue)));
  case ScalarKind::Float:
    return put(static_cast<float>(floatValue));
  case ScalarKind::Double:
    return put(floatValue);
  }
}

std::vector<unsigned char> makeFilledBuffer(const ElementType &type, std::uint64_t elements,
                                            const FillSpec &fill, std::uint64_t seed) {
  std::vector<unsigned char> bytes(elements * type.size(), 0);
  if (fill.kind == FillSpec::Kind::Zero)
    return bytes;

  const bool floating = type.isFloating();
  const std::size_t scalarSize = type.scalarSize();
  const unsigned bits = significandBits(type.scalar);
  Prng prng(seed);
  std::uint64_t k = 0; // flat index over real components (3-vector padding skipped)
  for (std::uint64_t i = 0; i < elements; ++i) {
    unsigned char *element = bytes.data() + i * type.size();
    for (unsigned c = 0; c < type.width; ++c, ++k) {
      double f = 0;
      std::int64_t n = 0;
      switch (fill.kind) {
      case FillSpec::Kind::Zero:
        break;
      case FillSpec::Kind::Iota:
        f = static_cast<double>(k), n = static_cast<std::int64_t>(k);
        break;
      case FillSpec::Kind::Random:
        if (floating) {
          // A grid of 2^-bits steps: exact in the target type, so the default range is
          // exactly [-1, 1).
          const double u = std::ldexp(static_cast<double>(prng.next() >> (64 - bits)), -int(bits));
          f = belowBound(type.scalar, fill.lo + (fill.hi - fill.lo) * u, fill.hi);
        } else {
          const std::uint64_t span =
              static_cast<std::uint64_t>(fill.intHi) - static_cast<std::uint64_t>(fill.intLo);
          n = static_cast<std::int64_t>(static_cast<std::uint64_t>(fill.intLo) +
                                        prng.next() % span);
        }
        break;
      case FillSpec::Kind::Const:
        f = fill.value, n = fill.intValue;
        break;
      case FillSpec::Kind::IndexMod:
        n = static_cast<std::int64_t>(k % static_cast<std::uint64_t>(fill.intValue));
        f = static_cast<double>(n);
        break;
      case FillSpec::Kind::CsrRowPtr:
        n = static_cast<std::int64_t>(k * static_cast<std::uint64_t>(fill.intValue));
        f = static_cast<double>(n);
        break;
      }
      storeComponent(type.scalar, element + c * scalarSize, f, n);
    }
  }
  return bytes;
}

} // namespace cllint::runner
