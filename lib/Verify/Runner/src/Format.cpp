#include "Format.h"

#include <algorithm>
#include <cstdio>

namespace cllint::runner {
namespace {

std::string printf1(const char *format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

struct Unit {
  double scale;
  const char *name;
};

Unit durationUnit(std::uint64_t ns) {
  if (ns < 10'000)
    return {1, "ns"};
  if (ns < 10'000'000)
    return {1e3, "µs"};
  if (ns < 10'000'000'000ull)
    return {1e6, "ms"};
  return {1e9, "s"};
}

std::string scaled(std::uint64_t ns, Unit unit) {
  const double v = static_cast<double>(ns) / unit.scale;
  if (unit.scale == 1)
    return std::to_string(ns);
  return printf1(v < 100 ? "%.2f" : "%.1f", v);
}

} // namespace

std::string formatBytes(std::uint64_t bytes) {
  static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 4)
    v /= 1024, ++u;
  if (u == 0)
    return std::to_string(bytes) + " B";
  return printf1(v == static_cast<double>(static_cast<std::uint64_t>(v)) ? "%.0f" : "%.1f", v) +
         " " + units[u];
}

std::string formatDuration(std::uint64_t ns) {
  const Unit unit = durationUnit(ns);
  return scaled(ns, unit) + " " + unit.name;
}

std::string formatDurationRange(std::uint64_t lowNs, std::uint64_t highNs,
                                std::uint64_t referenceNs) {
  const Unit unit = durationUnit(referenceNs);
  return scaled(lowNs, unit) + "–" + scaled(highNs, unit);
}

std::string formatGbps(double gbps) {
  if (gbps >= 100)
    return printf1("%.0f", gbps);
  if (gbps >= 10)
    return printf1("%.1f", gbps);
  return printf1("%.2f", gbps);
}

std::string formatRatio(double ratio) { return printf1(ratio >= 100 ? "%.0fx" : "%.2fx", ratio); }

std::size_t displayWidth(std::string_view text) {
  // Every byte that is not a UTF-8 continuation byte starts a code point.
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  }));
}

std::string TextTable::render() const {
  std::vector<std::size_t> widths(header.size(), 0);
  auto measure = [&](const std::vector<std::string> &row) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], displayWidth(row[i]));
  };
  measure(header);
  for (const auto &row : rows)
    measure(row);

  std::string out;
  auto emit = [&](const std::vector<std::string> &row) {
    std::string line;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      const std::string cell = i < row.size() ? row[i] : "";
      line += cell;
      if (i + 1 < widths.size())
        line += std::string(widths[i] - displayWidth(cell) + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    out += line + "\n";
  };
  emit(header);
  std::vector<std::string> rule;
  for (std::size_t w : widths)
    rule.push_back(std::string(w, '-'));
  emit(rule);
  for (const auto &row : rows)
    emit(row);
  return out;
}

} // namespace cllint::runner
