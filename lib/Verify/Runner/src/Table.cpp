// The text output: a table that fits a 120-column terminal, then what its cells abbreviate.
#include "CaseText.h"
#include "Format.h"
#include "SkippedGroups.h"
#include "cllint/Verify/Runner/Render.h"

namespace cllint::runner {
namespace {

constexpr std::size_t Columns = 120;

std::string wrapped(const std::string &text, const std::string &indent = "",
                    const std::string &rest = "  ") {
  return wrapText(text, Columns, indent, rest);
}

// Every line of `text` under `prefix`, wrapped to the page (build logs run long).
std::string indented(const std::string &text, const std::string &prefix) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    const std::string line = text.substr(start, end - start);
    // Lines that fit keep their spacing (a compiler's caret under the source line).
    out += displayWidth(prefix + line) <= Columns ? prefix + line + "\n"
                                                  : wrapText(line, Columns, prefix, prefix + "  ");
    start = end + 1;
  }
  return out;
}

std::string header(const Results &r) {
  std::string out =
      wrapped("cllint verify on " + r.device.name + " (" + r.device.platform + ", " +
              r.device.type + "), driver " + r.device.driver + ", " + r.device.version);
  out += wrapped(std::to_string(r.runs) + " timed runs after " + std::to_string(r.warmup) +
                 " warm-up; times are medians (spreads: --report, --format json); GB/s = bytes "
                 "moved / median time");
  if (r.ceilingGbps)
    out += wrapped("copy ceiling: " + formatGbps(*r.ceilingGbps) + " GB/s (float4 copy of " +
                   formatBytes(r.ceilingBytes) + ")");
  else
    out += wrapped("copy ceiling: not measured" +
                   (r.ceilingError.empty() ? "" : " (" + r.ceilingError + ")"));
  if (std::string Caveat = timingCaveat(r); !Caveat.empty())
    out += wrapped("note: " + Caveat);
  return out + "\n";
}

std::string caseTable(const Results &r, std::vector<std::string> &footnotes) {
  // The cost model's prediction, where the plan carries one (plans from cllint do).
  bool predicted = false;
  for (const CaseResult &c : r.cases)
    predicted |= c.predictedShare.has_value();
  std::vector<std::string> headers = {"kernel", "rule", "line", "before", "after", "speed-up"};
  if (predicted)
    headers.push_back("predicted");
  headers.insert(headers.end(), {"GB/s", "outputs"});
  TextTable table(headers);
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    std::string bandwidth = bandwidthCell(c);
    if (const std::string note = bytesChangeNote(c); !note.empty() && bandwidth != "-") {
      bandwidth += " *";
      footnotes.push_back(shortCaseLabel(r, i) +
                          (c.line ? ", line " + std::to_string(c.line) : "") + ": " + note);
    }
    std::vector<std::string> row = {shortCaseLabel(r, i),
                                    c.rule.empty() ? "-" : c.rule,
                                    c.line ? std::to_string(c.line) : "-",
                                    c.before ? formatDuration(c.before->medianNs) : "-",
                                    c.after ? formatDuration(c.after->medianNs) : "-",
                                    speedupCellShort(c)};
    if (predicted)
      row.push_back(predictedCell(c));
    row.insert(row.end(), {bandwidth, outputsCellShort(c)});
    table.addRow(row);
  }
  // Kernel names give way (their ends still tell them apart); the other columns are at most
  // 26 (rule ids) and 18 columns wide, which leaves a kernel at least 14.
  table.allowShrinking(0, 14, Elide::Middle);
  table.allowShrinking(1, 12, Elide::End); // only for rule ids longer than any today
  return table.render(Columns);
}

std::string legend(const Results &r, const std::vector<std::string> &footnotes) {
  bool whatIf = false, noise = false;
  for (const CaseResult &c : r.cases) {
    whatIf |= c.variant == Variant::WhatIf && c.status == CaseStatus::Ok;
    noise |= c.speedup && !c.measurable;
  }
  std::string out;
  if (whatIf)
    out += wrapped("what-if, up to: the case changes one access to what it would cost at its "
                   "best; its speed-up is an upper bound and its outputs are not comparable");
  if (noise)
    out += wrapped("~1.02x: the difference is within the spread of the runs, no measurable "
                   "difference");
  for (const std::string &note : footnotes)
    out += wrapped("* " + note, "", "    ");
  return out.empty() ? "" : "\n" + out;
}

std::string compiledCode(const Results &r) {
  std::string out;
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    if (!c.code)
      continue;
    out += wrapped(shortCaseLabel(r, i) + (c.line ? ", line " + std::to_string(c.line) : "") +
                       ": " + codeFormatName(*c.code) + " " + codeCountsText(*c.code),
                   "  ", "      ");
    // Whole "opcode a → b" items per line, so no pair is split.
    std::string line = "      changed:";
    const std::vector<std::string> changes = opcodeChanges(*c.code, 8);
    for (std::size_t k = 0; k < changes.size(); ++k) {
      const std::string item = " " + changes[k] + (k + 1 < changes.size() ? "," : "");
      if (displayWidth(line + item) > Columns) {
        out += line + "\n";
        line = "       "; // the item's own space makes 8
      }
      line += item;
    }
    if (!changes.empty())
      out += line + "\n";
  }
  if (!out.empty())
    return "\ncompiled code (instructions of each kernel's entry, before → after):\n" + out;
  if (const std::string note = unreadableCodeNote(r); !note.empty())
    return "\n" + wrapped("compiled code: " + note);
  return "";
}

std::string notes(const Results &r) {
  std::string out;
  for (const CaseResult &c : r.cases)
    if (c.status != CaseStatus::Ok)
      out += wrapped("- " + c.id + " [" + std::string(toString(c.status)) + "]:", "", "    ") +
             indented(c.error, "    ");
  return out.empty() ? "" : "\nnotes:\n" + out;
}

std::string skipped(const Results &r) {
  if (r.skipped.empty())
    return "";
  const std::size_t n = r.skipped.size();
  std::string out = "\nskipped: " + std::to_string(n) + (n == 1 ? " finding" : " findings") +
                    " did not become a case (one line per kernel and reason)\n";
  for (const SkippedGroup &group : groupSkipped(r.skipped))
    out += wrapped(describeSkipped(group), "  ", "      ");
  return out;
}

} // namespace

std::string renderTable(const Results &r) {
  std::vector<std::string> footnotes;
  std::string out = header(r);
  out += caseTable(r, footnotes);
  out += legend(r, footnotes);
  out += compiledCode(r);
  out += notes(r);
  out += skipped(r);
  return out + "\n" + summaryLine(r) + "\n";
}

} // namespace cllint::runner
