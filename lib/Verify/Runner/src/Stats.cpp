#include "Stats.h"

#include <algorithm>

namespace cllint::runner {
namespace {

// Linear interpolation between closest ranks of sorted data, at fraction p of the way.
std::uint64_t quantile(const std::vector<std::uint64_t> &sorted, double p) {
  const double position = p * static_cast<double>(sorted.size() - 1);
  const std::size_t below = static_cast<std::size_t>(position);
  if (below + 1 >= sorted.size())
    return sorted.back();
  const double fraction = position - static_cast<double>(below);
  return sorted[below] +
         static_cast<std::uint64_t>(
             fraction * static_cast<double>(sorted[below + 1] - sorted[below]) + 0.5);
}

} // namespace

Timing summarize(std::vector<std::uint64_t> d) {
  Timing t;
  if (d.empty())
    return t;
  std::sort(d.begin(), d.end());
  const std::size_t n = d.size();
  t.minNs = d.front();
  t.maxNs = d.back();
  t.medianNs = n % 2 ? d[n / 2] : d[n / 2 - 1] + (d[n / 2] - d[n / 2 - 1]) / 2;
  t.q1Ns = quantile(d, 0.25);
  t.q3Ns = quantile(d, 0.75);
  return t;
}

} // namespace cllint::runner
