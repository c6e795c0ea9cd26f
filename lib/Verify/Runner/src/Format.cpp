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

namespace {

// Byte offset of the code point `points` code points into `text` (or its size).
std::size_t offsetOfPoint(std::string_view text, std::size_t points) {
  std::size_t offset = 0;
  while (offset < text.size() && points > 0) {
    ++offset;
    while (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xc0) == 0x80)
      ++offset;
    --points;
  }
  return offset;
}

} // namespace

std::string elideMiddle(std::string_view text, std::size_t width) {
  const std::size_t have = displayWidth(text);
  if (have <= width)
    return std::string(text);
  if (width == 0)
    return "";
  const std::size_t keep = width - 1, head = (keep + 1) / 2, tail = keep / 2;
  return std::string(text.substr(0, offsetOfPoint(text, head))) + "…" +
         std::string(text.substr(offsetOfPoint(text, have - tail)));
}

std::string elideEnd(std::string_view text, std::size_t width) {
  if (displayWidth(text) <= width)
    return std::string(text);
  if (width == 0)
    return "";
  return std::string(text.substr(0, offsetOfPoint(text, width - 1))) + "…";
}

std::string wrapText(std::string_view text, std::size_t width, std::string_view firstIndent,
                     std::string_view indent) {
  std::string out, line(firstIndent);
  bool lineHasWord = false;
  auto flush = [&] {
    out += line + "\n";
    line = std::string(indent);
    lineHasWord = false;
  };
  std::size_t start = 0;
  while (start < text.size()) {
    if (text[start] == ' ') {
      ++start;
      continue;
    }
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view word = text.substr(start, end - start);
    start = end;
    const std::size_t needed = displayWidth(word) + (lineHasWord ? 1 : 0);
    if (lineHasWord && displayWidth(line) + needed > width)
      flush();
    // A word wider than a whole line (a long path) is split where the line ends.
    while (displayWidth(line) + displayWidth(word) > width && width > displayWidth(line) + 1) {
      const std::size_t room = width - displayWidth(line) - (lineHasWord ? 1 : 0);
      const std::size_t cut = offsetOfPoint(word, room);
      line += (lineHasWord ? " " : "") + std::string(word.substr(0, cut));
      word = word.substr(cut);
      flush();
    }
    line += (lineHasWord ? " " : "") + std::string(word);
    lineHasWord = true;
  }
  if (lineHasWord)
    out += line + "\n";
  return out;
}

std::string TextTable::render(std::size_t maxWidth) const {
  std::vector<std::size_t> widths(header.size(), 0);
  auto measure = [&](const std::vector<std::string> &row) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], displayWidth(row[i]));
  };
  measure(header);
  for (const auto &row : rows)
    measure(row);

  auto total = [&] {
    std::size_t sum = widths.empty() ? 0 : 2 * (widths.size() - 1);
    for (std::size_t w : widths)
      sum += w;
    return sum;
  };
  std::vector<const Shrinkable *> shrinkOf(widths.size(), nullptr);
  for (const Shrinkable &s : shrinkable) {
    if (s.column >= widths.size() || total() <= maxWidth)
      continue;
    shrinkOf[s.column] = &s;
    const std::size_t excess = total() - maxWidth;
    const std::size_t spare = widths[s.column] > s.minWidth ? widths[s.column] - s.minWidth : 0;
    widths[s.column] -= std::min(excess, spare);
  }

  std::string out;
  auto emit = [&](const std::vector<std::string> &row) {
    std::string line;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      std::string cell = i < row.size() ? row[i] : "";
      if (const Shrinkable *s = shrinkOf[i])
        cell = s->how == Elide::Middle ? elideMiddle(cell, widths[i]) : elideEnd(cell, widths[i]);
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
