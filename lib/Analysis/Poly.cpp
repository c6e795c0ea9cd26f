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

bool Poly::isConstant() const { return Terms.empty() || (Terms.size() == 1 && Terms.count({})); }

std::optional<int64_t> Poly::constantValue() const {
  if (!isConstant())
    return std::nullopt;
  return Terms.empty() ? 0 : Terms.begin()->second;
}

std::optional<int64_t> Poly::evaluate(const SymbolValues &Env) const {
  int64_t Sum = 0;
  for (const auto &[M, C] : Terms) {
    int64_t V = C;
    for (const std::string &S : M) {
      auto It = Env.find(S);
      if (It == Env.end())
        return std::nullopt;
      V *= It->second;
    }
    Sum += V;
  }
  return Sum;
}

std::vector<std::string> Poly::symbols() const {
  std::set<std::string> S;
  for (const auto &[M, C] : Terms)
    S.insert(M.begin(), M.end());
  return {S.begin(), S.end()};
}

Poly Poly::operator+(const Poly &O) const {
  Poly R = *this;
  for (const auto &[M, C] : O.Terms) {
    int64_t &V = R.Terms[M];
    V += C;
    if (!V)
      R.Terms.erase(M);
  }
  return R;
}

Poly Poly::operator-(const Poly &O) const { return *this + O.scaled(-1); }

Poly Poly::scaled(int64_t K) const {
  Poly R;
  if (!K)
    return R;
  for (const auto &[M, C] : Terms)
    R.Terms[M] = C * K;
  return R;
}

Poly Poly::operator*(const Poly &O) const {
  Poly R;
  for (const auto &[MA, CA] : Terms)
    for (const auto &[MB, CB] : O.Terms) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      std::sort(M.begin(), M.end());
      int64_t &V = R.Terms[M];
      V += CA * CB;
      if (!V)
        R.Terms.erase(M);
    }
  return R;
}

std::string Poly::str() const {
  if (Terms.empty())
    return "0";
  std::string Out;
  // Highest-degree terms first reads naturally: "2*n + 1".
  std::vector<std::pair<Monomial, int64_t>> Sorted(Terms.begin(), Terms.end());
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const auto &A, const auto &B) { return A.first.size() > B.first.size(); });
  for (const auto &[M, C] : Sorted) {
    int64_t Abs = C < 0 ? -C : C;
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
