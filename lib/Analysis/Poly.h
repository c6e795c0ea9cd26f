// Polynomials with integer coefficients over named uniform symbols: the coefficients and the
// constant of an index form (`n`, `get_local_size(0)*get_group_id(0)`, `4`).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cllint::analysis {

// Values bound to symbols for numeric evaluation (work-group shape, group 0, plausible values).
using SymbolValues = std::map<std::string, int64_t>;

class Poly {
public:
  using Monomial = std::vector<std::string>; // sorted symbol names; empty = constant term

  Poly() = default;
  static Poly constant(int64_t C);
  static Poly symbol(const std::string &Name);

  // A coefficient that overflowed 64 bits: the polynomial means nothing and forms built from
  // it are unknown. Sticky through every operation.
  bool overflowed() const { return Overflowed; }
  bool isZero() const { return Terms.empty() && !Overflowed; }
  bool isConstant() const;
  std::optional<int64_t> constantValue() const;
  // The term without symbols (the value with every symbol at 0): `16*i + 8` gives 8.
  std::optional<int64_t> numericTerm() const;
  // Numeric value when every symbol is bound.
  std::optional<int64_t> evaluate(const SymbolValues &Env) const;
  std::vector<std::string> symbols() const;

  Poly operator+(const Poly &O) const;
  Poly operator-(const Poly &O) const;
  Poly operator*(const Poly &O) const;
  Poly scaled(int64_t K) const;
  // The terms whose monomial Keep accepts (`withoutTripCounters`: those naming no loop counter).
  Poly termsWhere(const std::function<bool(const Monomial &)> &Keep) const;
  bool operator==(const Poly &O) const { return Terms == O.Terms && Overflowed == O.Overflowed; }

  // "4", "n", "2*n + 1", "get_local_size(0)*get_group_id(0)".
  std::string str() const;
  const std::map<Monomial, int64_t> &terms() const { return Terms; }

private:
  std::map<Monomial, int64_t> Terms;
  bool Overflowed = false;
  void addTerm(const Monomial &M, int64_t C);
};

} // namespace cllint::analysis
