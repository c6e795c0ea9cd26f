#include "CaseText.h"
#include "Format.h"
#include "cllint/Verify/Runner/Render.h"

namespace cllint::runner {
namespace {

std::string indented(const std::string &text, const std::string &prefix) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    out += prefix + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

} // namespace

std::string renderTable(const Results &r) {
  std::string out = "cllint verify on " + r.device.name + " (" + r.device.platform + ", " +
                    r.device.type + "), driver " + r.device.driver + ", " + r.device.version + "\n";
  out += std::to_string(r.runs) + " timed runs after " + std::to_string(r.warmup) +
         " warm-up; times are medians (min–max); GB/s = bytes moved / median time\n";
  if (r.ceilingGbps)
    out += "copy ceiling: " + formatGbps(*r.ceilingGbps) + " GB/s (float4 copy of " +
           formatBytes(r.ceilingBytes) + ")\n";
  else
    out += "copy ceiling: not measured" +
           (r.ceilingError.empty() ? "" : " (" + r.ceilingError + ")") + "\n";
  out += "\n";

  const std::string ceiling = r.ceilingGbps ? formatGbps(*r.ceilingGbps) : "-";
  TextTable table({"kernel", "rule", "line", "before", "after", "GB/s before → after", "ceiling",
                   "speed-up", "outputs"});
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    table.addRow({caseLabel(r, i), c.rule.empty() ? "-" : c.rule,
                  c.line ? std::to_string(c.line) : "-", timingCell(c.before), timingCell(c.after),
                  bandwidthCell(c), ceiling, speedupCell(c), outputsCell(c)});
  }
  out += table.render();

  std::string notes;
  for (const CaseResult &c : r.cases)
    if (c.status != CaseStatus::Ok)
      notes +=
          "- " + c.id + " [" + std::string(toString(c.status)) + "]:\n" + indented(c.error, "    ");
  if (!notes.empty())
    out += "\nnotes:\n" + notes;
  out += "\n" + summaryLine(r) + "\n";
  return out;
}

} // namespace cllint::runner
