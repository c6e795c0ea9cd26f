// Number formatting and aligned text tables shared by the device list and the results table.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cllint::runner {

std::string formatBytes(std::uint64_t bytes); // "64 MiB", "1.5 GiB", "512 B"
std::string formatDuration(std::uint64_t ns); // "850 ns", "12.3 µs", "1.23 ms", "2.50 s"
// A range in the unit `formatDuration(reference)` would use: "1.20–1.30".
std::string formatDurationRange(std::uint64_t lowNs, std::uint64_t highNs,
                                std::uint64_t referenceNs);
std::string formatGbps(double gbps);   // three significant digits: "2733", "171", "12.3"
std::string formatRatio(double ratio); // "1.93x"

// Columns on screen, counting UTF-8 code points (the table uses "–", "→" and "µ").
std::size_t displayWidth(std::string_view text);

// At most `width` columns, "…" standing for what was cut: from the middle (names whose start
// and end both tell them apart) or from the end.
std::string elideMiddle(std::string_view text, std::size_t width);
std::string elideEnd(std::string_view text, std::size_t width);

// Word-wrapped lines of at most `width` columns, each starting with `firstIndent` or (after
// the first) `indent`; a word longer than a line is split.
std::string wrapText(std::string_view text, std::size_t width, std::string_view firstIndent,
                     std::string_view indent);

enum class Elide { Middle, End };

class TextTable {
public:
  explicit TextTable(std::vector<std::string> header) : header(std::move(header)) {}
  void addRow(std::vector<std::string> row) { rows.push_back(std::move(row)); }
  // Lets render() shorten `column`'s cells, down to `minWidth`, when the table is too wide;
  // columns allowed first give up their width first.
  void allowShrinking(std::size_t column, std::size_t minWidth, Elide how) {
    shrinkable.push_back({column, minWidth, how});
  }
  // Left-aligned columns two spaces apart, a rule under the header, no trailing blanks; at
  // most `maxWidth` columns wide as far as the shrinkable columns allow.
  std::string render(std::size_t maxWidth = std::string::npos) const;

private:
  struct Shrinkable {
    std::size_t column, minWidth;
    Elide how;
  };
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<Shrinkable> shrinkable;
};

} // namespace cllint::runner
