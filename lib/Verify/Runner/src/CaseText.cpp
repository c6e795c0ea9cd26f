#include "CaseText.h"

#include "Format.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace cllint::runner {
namespace {

std::string shortened(const std::string &text, std::size_t limit) {
  std::string first = text.substr(0, text.find('\n'));
  if (displayWidth(first) <= limit && first.size() == text.size())
    return first;
  // Cut on a code point boundary.
  std::size_t cut = 0, width = 0;
  while (cut < first.size() && width < limit) {
    ++cut;
    while (cut < first.size() && (static_cast<unsigned char>(first[cut]) & 0xc0) == 0x80)
      ++cut;
    ++width;
  }
  // Prefer ending at a word; trailing separators read as if something follows anyway.
  if (cut < first.size()) {
    const std::size_t space = first.rfind(' ', cut);
    if (space != std::string::npos && space > cut / 2)
      cut = space;
  }
  std::string kept = first.substr(0, cut);
  while (!kept.empty() && (kept.back() == ' ' || kept.back() == ';' || kept.back() == ':'))
    kept.pop_back();
  return kept + " … (see notes)";
}

} // namespace

std::string caseLabel(const Results &results, std::size_t index) {
  const CaseResult &c = results.cases[index];
  for (std::size_t i = 0; i < results.cases.size(); ++i) {
    const CaseResult &other = results.cases[i];
    if (i != index && other.kernel == c.kernel && other.rule == c.rule && other.line == c.line)
      return c.kernel + " (" + c.id + ")";
  }
  return c.kernel;
}

std::string shortCaseLabel(const Results &results, std::size_t index) {
  const std::string full = caseLabel(results, index);
  const CaseResult &c = results.cases[index];
  if (full == c.kernel)
    return full;
  // Planner ids are "<file name>:<line>:<column>:<rule>[:<variant>]", perhaps with "#N";
  // what is left after dropping the parts the row shows already tells the cases apart.
  std::string id = c.id, suffix;
  if (const std::size_t hash = id.rfind('#'); hash != std::string::npos)
    suffix = " #" + id.substr(hash + 1), id.erase(hash);
  const std::string name = c.file.substr(c.file.find_last_of('/') + 1);
  const std::string prefix = name + ":" + std::to_string(c.line) + ":";
  if (!name.empty() && id.rfind(prefix, 0) == 0)
    id.erase(0, prefix.size());
  std::string rest;
  for (std::size_t start = 0; start <= id.size();) {
    std::size_t end = id.find(':', start);
    if (end == std::string::npos)
      end = id.size();
    std::string part = id.substr(start, end - start);
    start = end + 1;
    if (part.empty() || part == c.rule)
      continue;
    if (rest.empty() && part.find_first_not_of("0123456789") == std::string::npos)
      part = "col " + part;
    rest += (rest.empty() ? "" : ", ") + part;
  }
  return c.kernel + " (" + rest + suffix + ")";
}

std::string timingCell(const std::optional<Timing> &t) {
  if (!t)
    return "-";
  return formatDuration(t->medianNs) + " (" + formatDurationRange(t->minNs, t->maxNs, t->medianNs) +
         ")";
}

std::string bandwidthCell(const CaseResult &r) {
  auto gbps = [](const std::optional<Timing> &t) {
    return t && t->gbps ? formatGbps(*t->gbps) : std::string("-");
  };
  if (!(r.before && r.before->gbps) && !(r.after && r.after->gbps))
    return "-";
  // The after kernel's bytes could not be counted: its time stands alone.
  const std::string after = r.bytesAfterUnknown ? std::string("—") : gbps(r.after);
  return gbps(r.before) + " → " + after;
}

std::string speedupCell(const CaseResult &r) {
  if (!r.speedup)
    return "-";
  if (!r.measurable)
    return "no measurable difference (" + formatRatio(*r.speedup) + ")";
  if (r.variant == Variant::WhatIf)
    return "up to " + formatRatio(*r.speedup);
  return formatRatio(*r.speedup);
}

std::string speedupCellShort(const CaseResult &r) {
  if (r.speedup && !r.measurable)
    return "~" + formatRatio(*r.speedup);
  return speedupCell(r);
}

std::string predictedCell(const CaseResult &r) {
  if (!r.predictedShare)
    return "-";
  return formatRatio(1.0 / (1.0 - std::min(*r.predictedShare, 0.99)));
}

std::string outputsCellShort(const CaseResult &r) {
  switch (r.status) {
  case CaseStatus::Timeout:
    return "timed out";
  case CaseStatus::Error:
    return "error (see notes)";
  case CaseStatus::Mismatch:
    return "differ (see notes)";
  case CaseStatus::Ok:
    break;
  }
  if (r.variant == Variant::WhatIf)
    return "what-if";
  // "within 1 ulp (1747486 elements differ)": the count is in the JSON and the report.
  return r.outputs.substr(0, r.outputs.find(" ("));
}

namespace {

// By how much the after kernel's bytes differ, and which way; nullopt when they do not.
struct BytesChange {
  double factor;
  bool fewer;
};
std::optional<BytesChange> bytesChange(const CaseResult &r) {
  if (!r.bytesMovedAfter || !r.bytesMoved || !*r.bytesMovedAfter ||
      *r.bytesMovedAfter == r.bytesMoved)
    return std::nullopt;
  const double before = static_cast<double>(r.bytesMoved),
               after = static_cast<double>(*r.bytesMovedAfter);
  return BytesChange{after < before ? before / after : after / before, after < before};
}

std::string factorText(double factor) {
  char text[32];
  std::snprintf(text, sizeof text, factor >= 10 ? "%.0fx" : "%.1fx", factor);
  return text;
}

} // namespace

std::string bytesChangeShort(const CaseResult &r) {
  const std::optional<BytesChange> change = bytesChange(r);
  if (!change)
    return "";
  return std::string(toString(r.variant)) + " moves " + factorText(change->factor) +
         (change->fewer ? " fewer" : " more") + " bytes";
}

std::string bytesChangeNote(const CaseResult &r) {
  const std::optional<BytesChange> change = bytesChange(r);
  if (!change)
    return "";
  std::string note = "the " + std::string(toString(r.variant)) + " kernel moves " +
                     factorText(change->factor) + (change->fewer ? " fewer" : " more") +
                     " bytes per launch (" + formatBytes(r.bytesMoved) + " → " +
                     formatBytes(*r.bytesMovedAfter) + ")";
  const bool lowerGbps =
      r.before && r.before->gbps && r.after && r.after->gbps && *r.after->gbps < *r.before->gbps;
  if (lowerGbps && r.speedup && *r.speedup > 1)
    return note + ", so its GB/s is lower although it runs " + formatRatio(*r.speedup) + " faster";
  return note + "; each side's GB/s counts its own bytes";
}

std::string outputsCell(const CaseResult &r) {
  switch (r.status) {
  case CaseStatus::Timeout:
    return r.error;
  case CaseStatus::Error:
    return "error: " + shortened(r.error, 60);
  case CaseStatus::Mismatch:
    return shortened(r.outputs, 60);
  case CaseStatus::Ok:
    break;
  }
  return r.variant == Variant::WhatIf ? WhatIfLabel : r.outputs;
}

std::string summaryLine(const Results &results) {
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const CaseResult &c : results.cases)
    ++counts[static_cast<int>(c.status)];
  const std::size_t n = results.cases.size();
  std::string line =
      std::to_string(n) + (n == 1 ? " case: " : " cases: ") + std::to_string(counts[0]) + " ok";
  const char *names[] = {"ok", "mismatch", "error", "timeout"};
  const char *plurals[] = {"ok", "mismatches", "errors", "timeouts"};
  for (int s = 1; s < 4; ++s)
    if (counts[s])
      line += ", " + std::to_string(counts[s]) + " " + (counts[s] == 1 ? names[s] : plurals[s]);
  return line;
}

std::string codeCountsText(const CompiledCode &code) {
  auto pair = [](std::uint64_t before, std::uint64_t after) {
    return std::to_string(before) + " → " + std::to_string(after);
  };
  return pair(code.before.instructions, code.after.instructions) + " instructions (f64 " +
         pair(code.before.f64, code.after.f64) + ", cvt " +
         pair(code.before.conversions, code.after.conversions) + ", div/rem " +
         pair(code.before.divisions, code.after.divisions) + ")";
}

std::string codeFormatName(const CompiledCode &code) {
  std::string name = code.format;
  for (char &c : name)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

std::vector<std::string> opcodeChanges(const CompiledCode &code, std::size_t limit) {
  struct Change {
    std::string opcode;
    std::uint64_t before, after;
    std::uint64_t size() const { return before > after ? before - after : after - before; }
  };
  auto countOf = [](const CodeCounts &counts, const std::string &opcode) {
    auto it = counts.opcodes.find(opcode);
    return it == counts.opcodes.end() ? std::uint64_t(0) : it->second;
  };
  std::vector<Change> changes;
  for (const auto &[opcode, before] : code.before.opcodes)
    if (const std::uint64_t after = countOf(code.after, opcode); after != before)
      changes.push_back({opcode, before, after});
  for (const auto &[opcode, after] : code.after.opcodes)
    if (!code.before.opcodes.count(opcode))
      changes.push_back({opcode, 0, after});
  std::stable_sort(changes.begin(), changes.end(),
                   [](const Change &a, const Change &b) { return a.size() > b.size(); });
  std::vector<std::string> items;
  for (std::size_t i = 0; i < changes.size() && i < limit; ++i)
    items.push_back(changes[i].opcode + " " + std::to_string(changes[i].before) + " → " +
                    std::to_string(changes[i].after));
  if (changes.size() > limit)
    items.push_back("and " + std::to_string(changes.size() - limit) + " more");
  return items;
}

std::string unreadableCodeNote(const Results &results) {
  std::string why;
  bool arith = false;
  for (const CaseResult &c : results.cases) {
    if (c.code)
      return "";
    arith |= c.rule.rfind("arith-", 0) == 0;
    if (why.empty())
      why = c.codeNote;
  }
  if (!arith || why.empty())
    return "";
  return "not readable on this device (" + results.device.name + "): " + why;
}

} // namespace cllint::runner
