// The HTML report: one file that opens anywhere (no scripts, fonts or stylesheets to
// fetch), written as well-formed XHTML-style markup so it can also be checked by a parser.
// It fits a 1280-pixel window without scrolling sideways (tables have fixed column shares
// and long names wrap) and prints on white, landscape, rows unbroken.
#include "CaseText.h"
#include "Format.h"
#include "HtmlCharts.h"
#include "HtmlMarkup.h"
#include "SkippedGroups.h"
#include "cllint/Verify/Runner/Render.h"

#include <algorithm>

namespace cllint::runner {
namespace {

using html::breakable;
using html::escape;

constexpr const char *Style = R"CSS(
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto;
       padding: 24px 32px; max-width: 1400px; color: #222; background: #fff; }
h1 { margin-bottom: 0.2em; }
h2 { margin-top: 1.6em; }
dl.meta { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 16px; }
dl.meta dt { font-weight: 600; }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; font-size: 14px; width: 100%; table-layout: fixed; }
th, td { border-bottom: 1px solid #ddd; padding: 4px 6px; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
th { background: #f3f3f3; font-weight: 600; }
th .sub, td .spread, td .note { display: block; font-size: 12px; color: #666; font-weight: normal; }
td .note { color: #8a4b00; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 13px; }
tr.mismatch td, tr.error td, tr.timeout td { background: #fdecec; }
tr.mismatch td:first-child, tr.error td:first-child, tr.timeout td:first-child {
  box-shadow: inset 3px 0 #c92a2a; }
tr.what-if td { background: #f4f1ff; }
.label-what-if { color: #5b3fc4; }
ul.footnotes { font-size: 13px; color: #444; padding-left: 1.5em; }
svg.chart { display: block; width: 100%; max-width: 1000px; height: auto; font-size: 12px; }
svg .legend.before, svg .bar.before { fill: #a7b1bc; }
svg .legend.after, svg .bar.after { fill: #2f7ed8; }
svg .legend.faster, svg .bar.faster { fill: #2b8a3e; }
svg .legend.slower, svg .bar.slower { fill: #e8590c; }
svg .legend.noise, svg .bar.noise { fill: #adb5bd; }
svg .bar.mismatch, svg .legend.mismatch { fill: #fff; stroke: #c92a2a; stroke-width: 1.5; stroke-dasharray: 4 3; }
svg .bar.what-if, svg .legend.what-if { fill-opacity: 0.45; stroke-width: 1.5; }
svg .bar.faster.what-if, svg .legend.faster.what-if { stroke: #2b8a3e; }
svg .bar.slower.what-if { stroke: #e8590c; }
svg .bar.noise.what-if { stroke: #868e96; }
svg .unity { stroke: #222; stroke-width: 1.5; }
svg .ceiling { stroke: #d33; stroke-width: 1.5; stroke-dasharray: 5 4; }
svg .ceiling-label { fill: #d33; }
svg .grid { stroke: #e5e5e5; }
svg .axis { fill: #555; }
svg .inside { fill: #fff; }
svg .missing { fill: #a33; }
pre { background: #f6f6f6; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body { padding: 0; max-width: none; font-size: 10pt; color: #000; }
  table { font-size: 9pt; }
  code { font-size: 8.5pt; }
  th { background: none; border-bottom: 1.5px solid #000; }
  tr.mismatch td, tr.error td, tr.timeout td, tr.what-if td { background: none; }
  thead { display: table-header-group; }
  tr, svg.chart, li { break-inside: avoid; page-break-inside: avoid; }
  h2 { break-after: avoid; page-break-after: avoid; }
  svg.chart { max-width: 100%; }
  pre { background: none; border: 1px solid #bbb; }
  a { color: inherit; text-decoration: none; }
}
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
  if (std::string Caveat = timingCaveat(r); !Caveat.empty())
    out += item("Timing caveat", Caveat);
  return out + "</dl>\n";
}

// A table with fixed column shares (percent), so long cells wrap instead of widening it.
std::string openTable(const std::string &cssClass,
                      std::initializer_list<std::pair<const char *, int>> columns) {
  std::string cols, heads;
  for (const auto &[head, percent] : columns) {
    cols += "<col style=\"width: " + std::to_string(percent) + "%\"/>";
    heads += std::string("<th>") + head + "</th>";
  }
  return "<table class=\"" + cssClass + "\">\n<colgroup>" + cols + "</colgroup>\n<thead><tr>" +
         heads + "</tr></thead>\n<tbody>\n";
}

std::string where(const std::string &file, int line) {
  if (file.empty())
    return line ? "line " + std::to_string(line) : "-";
  return file + (line ? ":" + std::to_string(line) : "");
}

std::string timing(const std::optional<Timing> &t) {
  if (!t)
    return "-";
  return escape(formatDuration(t->medianNs)) + "<span class=\"spread\">" +
         escape(formatDurationRange(t->minNs, t->maxNs, t->medianNs)) + "</span>";
}

std::string resultsSection(const Results &r) {
  std::string out = openTable("cases", {{"kernel", 15},
                                        {"file:line", 16},
                                        {"rule", 14},
                                        {"before<span class=\"sub\">median (min–max)</span>", 9},
                                        {"after<span class=\"sub\">median (min–max)</span>", 9},
                                        {"speed-up", 11},
                                        {"GB/s before → after", 12},
                                        {"outputs", 14}});
  std::string footnotes;
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    std::string rowClass(toString(c.status));
    if (c.variant == Variant::WhatIf)
      rowClass += " what-if";
    std::string outputs = escape(outputsCell(c));
    if (c.variant == Variant::WhatIf && c.status == CaseStatus::Ok)
      outputs = "<span class=\"label-what-if\">" + outputs + "</span>";
    std::string bandwidth = escape(bandwidthCell(c));
    if (const std::string note = bytesChangeNote(c); !note.empty() && bandwidthCell(c) != "-") {
      bandwidth += "<span class=\"note\">" + escape(bytesChangeShort(c)) + " *</span>";
      footnotes += "<li><code>" + breakable(caseLabel(r, i)) + "</code>" +
                   (c.line ? ", line " + std::to_string(c.line) : "") + ": " + escape(note) +
                   "</li>\n";
    }
    out += "<tr class=\"" + rowClass + "\" id=\"case-" + escape(c.id) + "\"><td><code>" +
           breakable(caseLabel(r, i)) + "</code></td><td>" + breakable(where(c.file, c.line)) +
           "</td><td>" + escape(c.rule.empty() ? "-" : c.rule) + "</td><td class=\"num\">" +
           timing(c.before) + "</td><td class=\"num\">" + timing(c.after) + "</td><td>" +
           escape(speedupCell(c)) + "</td><td class=\"num\">" + bandwidth + "</td><td>" + outputs +
           "</td></tr>\n";
  }
  out += "</tbody>\n</table>\n";
  if (!footnotes.empty())
    out += "<p>* GB/s counts the bytes each kernel moves, the speed-up compares times:</p>\n"
           "<ul class=\"footnotes\">\n" +
           footnotes + "</ul>\n";
  return out + "<p>" + escape(summaryLine(r)) + "</p>\n";
}

std::string bytesSection(const Results &r) {
  std::string rows;
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    if (!c.bytesMoved && c.bytesNote.empty())
      continue;
    std::string after = c.bytesMovedAfter     ? formatBytes(*c.bytesMovedAfter)
                        : c.bytesAfterUnknown ? "not counted: no after GB/s"
                                              : "same";
    std::string how = c.bytesNote;
    if (!c.bytesNoteAfter.empty())
      how += (how.empty() ? "after: " : "; after: ") + c.bytesNoteAfter;
    rows += "<tr><td><code>" + breakable(caseLabel(r, i)) + "</code></td><td class=\"num\">" +
            escape(c.bytesMoved ? formatBytes(c.bytesMoved) : "-") + "</td><td class=\"num\">" +
            escape(after) + "</td><td>" + escape(how) + "</td></tr>\n";
  }
  if (rows.empty())
    return "";
  return "<h2>Bytes moved per launch</h2>\n" +
         openTable("bytes",
                   {{"kernel", 18}, {"before", 10}, {"after", 12}, {"how they were counted", 60}}) +
         rows + "</tbody>\n</table>\n";
}

// Only where it tells something: the driver returned PTX, or an arith-* case asked for it.
std::string compiledCodeSection(const Results &r) {
  std::string rows;
  auto pair = [](std::uint64_t before, std::uint64_t after) {
    return std::to_string(before) + " → " + std::to_string(after);
  };
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    if (!c.code)
      continue;
    const CodeCounts &b = c.code->before, &a = c.code->after;
    std::string changes;
    for (const std::string &item : opcodeChanges(*c.code, 12)) {
      // A pair never breaks across lines; the list breaks after its commas.
      std::string kept = escape(item);
      for (std::size_t at; (at = kept.find(' ')) != std::string::npos;)
        kept.replace(at, 1, "&#160;");
      changes += (changes.empty() ? "" : ", ") + kept;
    }
    rows += "<tr><td><code>" + breakable(caseLabel(r, i)) + "</code></td><td>" +
            escape(c.rule.empty() ? "-" : c.rule) + "</td><td class=\"num\">" +
            pair(b.instructions, a.instructions) + "</td><td class=\"num\">" + pair(b.f64, a.f64) +
            "</td><td class=\"num\">" + pair(b.conversions, a.conversions) +
            "</td><td class=\"num\">" + pair(b.divisions, a.divisions) + "</td><td>" +
            (changes.empty() ? "none" : changes) + "</td></tr>\n";
  }
  if (rows.empty()) {
    const std::string note = unreadableCodeNote(r);
    return note.empty() ? "" : "<h2>Compiled code</h2>\n<p>" + escape(note) + "</p>\n";
  }
  return "<h2>Compiled code</h2>\n<p>Instructions in the body of each kernel's entry in the code "
         "the "
         "driver returned (" +
         escape(codeFormatName(*std::find_if(r.cases.begin(), r.cases.end(),
                                             [](const CaseResult &c) { return c.code.has_value(); })
                                    ->code)) +
         "), before → after the change; f64: instructions on doubles, conversions included.</p>\n" +
         openTable("code", {{"kernel", 16},
                            {"rule", 14},
                            {"instructions", 10},
                            {"f64", 8},
                            {"cvt", 8},
                            {"div/rem", 8},
                            {"opcodes that changed", 36}}) +
         rows + "</tbody>\n</table>\n";
}

std::string skippedSection(const Results &r) {
  if (r.skipped.empty())
    return "";
  std::string rows;
  for (const SkippedGroup &g : groupSkipped(r.skipped)) {
    std::string lines, rules;
    for (const auto &[rule, ruleLines] : g.rules) {
      for (int line : ruleLines)
        lines += (lines.empty() ? "" : ", ") + std::to_string(line);
      rules += (rules.empty() ? "" : "<br/>") + escape(rule.empty() ? "-" : rule) +
               (ruleLines.size() > 1 ? " (" + std::to_string(ruleLines.size()) + ")" : "");
    }
    rows += "<tr><td>" + breakable(g.file.empty() ? "-" : g.file + ":" + lines) +
            "</td><td><code>" + breakable(g.kernel.empty() ? "-" : g.kernel) + "</code></td><td>" +
            rules + "</td><td>" + escape(g.reason) + "</td></tr>\n";
  }
  const std::size_t n = r.skipped.size();
  return "<h2>Skipped findings</h2>\n<p>" + std::to_string(n) +
         (n == 1 ? " finding" : " findings") +
         " did not become a case; one row per kernel and reason.</p>\n" +
         openTable("skipped", {{"file:line", 24}, {"kernel", 14}, {"rule", 18}, {"reason", 44}}) +
         rows + "</tbody>\n</table>\n";
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
  out += "<h2>Speed-up</h2>\n" + html::speedupChart(r);
  out += "<h2>Results</h2>\n" + resultsSection(r);
  out += "<h2>Effective bandwidth</h2>\n" + html::bandwidthChart(r);
  out += bytesSection(r);
  out += compiledCodeSection(r);
  out += skippedSection(r);
  out += notesSection(r);
  return out + "</body>\n</html>\n";
}

} // namespace cllint::runner
