#include "CaseText.h"

#include "Format.h"

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

} // namespace cllint::runner
