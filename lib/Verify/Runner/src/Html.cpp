// The HTML report: one file that opens anywhere (no scripts, fonts or stylesheets to
// fetch), written as well-formed XHTML-style markup so it can also be checked by a parser.
#include "CaseText.h"
#include "Format.h"
#include "cllint/Verify/Runner/Render.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cllint::runner {
namespace {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string num(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

constexpr const char *Style = R"CSS(
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em; color: #222; }
h1 { margin-bottom: 0.2em; }
dl.meta { display: grid; grid-template-columns: max-content auto; gap: 2px 16px; }
dl.meta dt { font-weight: 600; }
dl.meta dd { margin: 0; }
table { border-collapse: collapse; font-size: 14px; }
th, td { border-bottom: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; white-space: nowrap; }
td.wrap { white-space: normal; min-width: 16em; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.mismatch td, tr.error td, tr.timeout td { background: #fdecec; }
tr.what-if td { background: #f4f1ff; }
.label-what-if { color: #5b3fc4; font-weight: 600; }
svg { font-size: 12px; }
svg .bar.before { fill: #a7b1bc; }
svg .bar.after { fill: #2f7ed8; }
svg .ceiling { stroke: #d33; stroke-width: 1.5; stroke-dasharray: 5 4; }
svg .grid { stroke: #e5e5e5; }
svg .axis { fill: #555; }
svg .missing { fill: #a33; }
pre { background: #f6f6f6; padding: 8px; overflow-x: auto; white-space: pre-wrap; }
)CSS";

std::string metaSection(const Results &r) {
  auto item = [](const char *name, const std::string &value) {
    return "<dt>" + std::string(name) + "</dt><dd>" + escape(value) + "</dd>\n";
  };
  std::string out = "<dl class=\"meta\">\n";
  out += item("Device", r.device.name + " (" + r.device.type + ")");
  out += item("Platform", r.device.platform);
  out += item("Driver", r.device.driver);
  out += item("OpenCL", r.device.version);
  out += item("Date", r.date);
  if (!r.command.empty())
    out += item("Command", r.command);
  if (!r.planDir.empty())
    out += item("Plan", r.planDir);
  out += item("Timing", std::to_string(r.runs) + " timed runs after " + std::to_string(r.warmup) +
                            " warm-up; medians (min–max) of CL_PROFILING_COMMAND_START/END");
  out += item("Copy ceiling",
              r.ceilingGbps
                  ? formatGbps(*r.ceilingGbps) + " GB/s (float4 copy of " +
                        formatBytes(r.ceilingBytes) + ")"
                  : "not measured" +
                        (r.ceilingError.empty() ? std::string() : " (" + r.ceilingError + ")"));
  return out + "</dl>\n";
}

std::string tableSection(const Results &r) {
  const std::string ceiling = r.ceilingGbps ? formatGbps(*r.ceilingGbps) : "-";
  std::string out = "<table>\n<thead><tr><th>kernel</th><th>rule</th><th>line</th><th>before</th>"
                    "<th>after</th><th>GB/s before → after</th><th>ceiling</th><th>speed-up</th>"
                    "<th>outputs</th><th>bytes moved</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    std::string rowClass(toString(c.status));
    if (c.variant == Variant::WhatIf)
      rowClass += " what-if";
    std::string outputs = escape(outputsCell(c));
    if (c.variant == Variant::WhatIf && c.status == CaseStatus::Ok)
      outputs = "<span class=\"label-what-if\">" + outputs + "</span>";
    std::string bytes = c.bytesMoved ? formatBytes(c.bytesMoved) : "-";
    if (!c.bytesNote.empty())
      bytes += " (" + c.bytesNote + ")";
    if (c.bytesMovedAfter)
      bytes += "; after: " + formatBytes(*c.bytesMovedAfter) +
               (c.bytesNoteAfter.empty() ? "" : " (" + c.bytesNoteAfter + ")");
    else if (c.bytesAfterUnknown)
      bytes += "; after: not counted, no after GB/s" +
               (c.bytesNoteAfter.empty() ? "" : " (" + c.bytesNoteAfter + ")");
    out += "<tr class=\"" + rowClass + "\" id=\"case-" + escape(c.id) + "\"><td><code>" +
           escape(caseLabel(r, i)) + "</code></td><td>" + escape(c.rule) +
           "</td><td class=\"num\">" + (c.line ? std::to_string(c.line) : "-") +
           "</td><td class=\"num\">" + escape(timingCell(c.before)) + "</td><td class=\"num\">" +
           escape(timingCell(c.after)) + "</td><td class=\"num\">" + escape(bandwidthCell(c)) +
           "</td><td class=\"num\">" + ceiling + "</td><td class=\"num\">" +
           escape(speedupCell(c)) + "</td><td>" + outputs + "</td><td class=\"wrap\">" +
           escape(bytes) + "</td></tr>\n";
  }
  return out + "</tbody>\n</table>\n<p>" + escape(summaryLine(r)) + "</p>\n";
}

// Labels longer than the space left of the chart keep their end, which tells cases apart.
constexpr std::size_t LabelChars = 40;
std::string fitted(const std::string &text, std::size_t chars) {
  if (text.size() <= chars)
    return text;
  return "…" + text.substr(text.size() - (chars - 1));
}

// Axis labels: whole numbers once the step is at least 1.
std::string tick(double value, double step) {
  char text[32];
  std::snprintf(text, sizeof text, step >= 1 ? "%.0f" : "%.2g", value);
  return text;
}

// A step of 1, 2 or 5 times a power of ten giving about five grid lines up to `max`.
double niceStep(double max) {
  const double raw = max / 5;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * power >= raw)
      return m * power;
  return 10 * power;
}

std::string chartSection(const Results &r) {
  double maxGbps = r.ceilingGbps.value_or(0);
  for (const CaseResult &c : r.cases)
    for (const std::optional<Timing> *t : {&c.before, &c.after})
      if (*t && (*t)->gbps)
        maxGbps = std::max(maxGbps, *(*t)->gbps);
  if (maxGbps <= 0)
    maxGbps = 1;
  const double step = niceStep(maxGbps);
  const double axisMax = std::ceil(maxGbps / step) * step;

  const double labelWidth = 280, plotWidth = 560, rightMargin = 110, top = 44, rowHeight = 50,
               barHeight = 16;
  const double width = labelWidth + plotWidth + rightMargin;
  const double plotBottom =
      top + rowHeight * static_cast<double>(std::max<std::size_t>(1, r.cases.size()));
  const double height = plotBottom + 36;
  auto x = [&](double gbps) { return labelWidth + plotWidth * gbps / axisMax; };

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) +
                    "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " +
                    num(height) + "\" role=\"img\" aria-label=\"effective bandwidth per case\">\n";
  svg +=
      "<title>Effective bandwidth before and after each change, against the copy ceiling</title>\n";

  // Legend.
  svg += "<rect class=\"legend before\" x=\"8\" y=\"8\" width=\"12\" height=\"12\" "
         "fill=\"#a7b1bc\"/><text x=\"24\" y=\"18\">before</text>\n";
  svg += "<rect class=\"legend after\" x=\"88\" y=\"8\" width=\"12\" height=\"12\" "
         "fill=\"#2f7ed8\"/><text x=\"104\" y=\"18\">after</text>\n";

  // Grid and axis.
  for (double v = 0; v <= axisMax + step / 2; v += step) {
    svg += "<line class=\"grid\" x1=\"" + num(x(v)) + "\" y1=\"" + num(top - 6) + "\" x2=\"" +
           num(x(v)) + "\" y2=\"" + num(plotBottom) + "\"/>";
    svg += "<text class=\"axis\" x=\"" + num(x(v)) + "\" y=\"" + num(plotBottom + 16) +
           "\" text-anchor=\"middle\">" + tick(v, step) + "</text>\n";
  }
  svg += "<text class=\"axis\" x=\"" + num(labelWidth + plotWidth / 2) + "\" y=\"" +
         num(plotBottom + 32) +
         "\" text-anchor=\"middle\">GB/s (bytes moved / median kernel time)</text>\n";

  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    const double y = top + rowHeight * static_cast<double>(i);
    svg += "<g class=\"case\">\n";
    // Two short lines left of the bars: what was measured, then which finding (the case id
    // when the kernel, rule and line alone do not tell cases apart).
    std::string label = c.kernel + (c.line ? ":" + std::to_string(c.line) : "");
    if (c.variant == Variant::WhatIf)
      label += " (what-if)";
    const std::string detail = caseLabel(r, i) == c.kernel ? c.rule : c.id;
    svg += "<text x=\"" + num(labelWidth - 8) + "\" y=\"" + num(y + barHeight) +
           "\" text-anchor=\"end\"><title>" + escape(c.id) + "</title>" +
           escape(fitted(label, LabelChars)) + "</text>\n";
    svg += "<text class=\"axis\" x=\"" + num(labelWidth - 8) + "\" y=\"" +
           num(y + 2 * barHeight + 2) + "\" text-anchor=\"end\">" +
           escape(fitted(detail, LabelChars)) + "</text>\n";
    bool drawn = false;
    const char *sides[] = {"before", "after"};
    const std::optional<Timing> *timings[] = {&c.before, &c.after};
    for (int s = 0; s < 2; ++s) {
      const std::optional<Timing> &t = *timings[s];
      if (!t || !t->gbps)
        continue;
      drawn = true;
      const double by = y + 4 + s * (barHeight + 2);
      const double w = std::max(1.0, x(*t->gbps) - labelWidth);
      svg += "<rect class=\"bar " + std::string(sides[s]) + "\" x=\"" + num(labelWidth) +
             "\" y=\"" + num(by) + "\" width=\"" + num(w) + "\" height=\"" + num(barHeight) +
             "\"><title>" + escape(c.id) + " " + sides[s] + ": " + formatGbps(*t->gbps) +
             " GB/s</title></rect>";
      svg += "<text x=\"" + num(labelWidth + w + 4) + "\" y=\"" + num(by + barHeight - 4) + "\">" +
             formatGbps(*t->gbps) + "</text>\n";
    }
    if (!drawn) {
      const std::string why = c.status != CaseStatus::Ok
                                  ? std::string(toString(c.status))
                                  : std::string("no bytes_moved in the plan");
      svg += "<text class=\"missing\" x=\"" + num(labelWidth + 6) + "\" y=\"" +
             num(y + barHeight + 4) + "\">no bandwidth: " + escape(why) + "</text>\n";
    }
    svg += "</g>\n";
  }

  if (r.ceilingGbps) {
    const double cx = x(*r.ceilingGbps);
    svg += "<line class=\"ceiling\" x1=\"" + num(cx) + "\" y1=\"" + num(top - 14) + "\" x2=\"" +
           num(cx) + "\" y2=\"" + num(plotBottom) + "\"/>";
    // Label on the side of the line that has room for it.
    const char *anchor = cx - labelWidth > 170 ? "end" : "start";
    svg += "<text x=\"" + num(cx) + "\" y=\"" + num(top - 18) + "\" text-anchor=\"" + anchor +
           "\" fill=\"#d33\">copy ceiling " + formatGbps(*r.ceilingGbps) + " GB/s</text>\n";
  }
  return svg + "</svg>\n";
}

std::string notesSection(const Results &r) {
  std::string out;
  for (const CaseResult &c : r.cases)
    if (c.status != CaseStatus::Ok)
      out += "<li><a href=\"#case-" + escape(c.id) + "\"><code>" + escape(c.id) + "</code></a> [" +
             std::string(toString(c.status)) + "]<pre>" + escape(c.error) + "</pre></li>\n";
  return out.empty() ? "" : "<h2>Notes</h2>\n<ul>\n" + out + "</ul>\n";
}

} // namespace

std::string renderHtml(const Results &r) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n";
  out += "<title>cllint verify: " + escape(r.device.name) + "</title>\n<style>" + Style +
         "</style>\n</head>\n<body>\n<h1>cllint verify</h1>\n";
  out += metaSection(r);
  out += "<h2>Results</h2>\n" + tableSection(r);
  out += "<h2>Effective bandwidth</h2>\n" + chartSection(r);
  out += notesSection(r);
  return out + "</body>\n</html>\n";
}

} // namespace cllint::runner
