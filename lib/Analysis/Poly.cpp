#include "Analysis/Poly.h"

#include <algorithm>
#include <set>

namespace cllint::analysis {

Poly Poly::constant(int64_t C) {
  Poly P;
  if (C)
    P.Terms[{}] = C;
  return P;
}

Poly Poly::symbol(const std::string &Name) {
  Poly P;
  P.Terms[{Name}] = 1;
  return P;
}

bool Poly::isConstant() const {
  return !Overflowed && (Terms.empty() || (Terms.size() == 1 && Terms.count({})));
}

std::optional<int64_t> Poly::constantValue() const {
  if (!isConstant())
    return std::nullopt;
  return Terms.empty() ? 0 : Terms.begin()->second;
}

std::optional<int64_t> Poly::numericTerm() const {
  if (Overflowed)
    return std::nullopt;
  auto It = Terms.find(Monomial{});
  return It == Terms.end() ? 0 : It->second;
}

std::optional<int64_t> Poly::evaluate(const SymbolValues &Env) const {
  if (Overflowed)
    return std::nullopt;
  int64_t Sum = 0;
  for (const auto &[M, C] : Terms) {
    int64_t V = C;
    for (const std::string &S : M) {
      auto It = Env.find(S);
      if (It == Env.end() || __builtin_mul_overflow(V, It->second, &V))
        return std::nullopt;
    }
    if (__builtin_add_overflow(Sum, V, &Sum))
      return std::nullopt;
  }
  return Sum;
}

void Poly::addTerm(const Monomial &M, int64_t C) {
  int64_t &V = Terms[M];
  if (__builtin_add_overflow(V, C, &V))
    Overflowed = true;
  if (!V)
    Terms.erase(M);
}

std::vector<std::string> Poly::symbols() const {
  std::set<std::string> S;
  for (const auto &[M, C] : Terms)
    S.insert(M.begin(), M.end());
  return {S.begin(), S.end()};
}

Poly Poly::operator+(const Poly &O) const {
  Poly R = *this;
  R.Overflowed |= O.Overflowed;
  for (const auto &[M, C] : O.Terms)
    R.addTerm(M, C);
  return R;
}

Poly Poly::operator-(const Poly &O) const { return *this + O.scaled(-1); }

Poly Poly::termsWhere(const std::function<bool(const Monomial &)> &Keep) const {
  Poly R;
  R.Overflowed = Overflowed;
  for (const auto &[M, C] : Terms)
    if (Keep(M))
      R.Terms[M] = C;
  return R;
}

Poly Poly::scaled(int64_t K) const {
  Poly R;
  R.Overflowed = Overflowed;
  if (!K)
    return R;
  for (const auto &[M, C] : Terms) {
    int64_t V;
    if (__builtin_mul_overflow(C, K, &V))
      R.Overflowed = true;
    else
      R.Terms[M] = V;
  }
  return R;
}

Poly Poly::operator*(const Poly &O) const {
  Poly R;
  R.Overflowed = Overflowed || O.Overflowed;
  for (const auto &[MA, CA] : Terms)
    for (const auto &[MB, CB] : O.Terms) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      std::sort(M.begin(), M.end());
      int64_t V;
      if (__builtin_mul_overflow(CA, CB, &V))
        R.Overflowed = true;
      else
        R.addTerm(M, V);
    }
  return R;
}

std::string Poly::str() const {
  if (Overflowed)
    return "<overflows 64 bits>";
  if (Terms.empty())
    return "0";
  std::string Out;
  // Highest-degree terms first reads naturally: "2*n + 1".
  std::vector<std::pair<Monomial, int64_t>> Sorted(Terms.begin(), Terms.end());
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const auto &A, const auto &B) { return A.first.size() > B.first.size(); });
  for (const auto &[M, C] : Sorted) {
    uint64_t Abs = C < 0 ? 0 - static_cast<uint64_t>(C) : static_cast<uint64_t>(C);
    if (Out.empty())
      Out = C < 0 ? "-" : "";
    else
      Out += C < 0 ? " - " : " + ";
    std::string Term;
    if (Abs != 1 || M.empty())
      Term = std::to_string(Abs);
    for (const std::string &S : M)
      Term += (Term.empty() ? "" : "*") + S;
    Out += Term;
  }
  return Out;
}

} // namespace cllint::analysis
