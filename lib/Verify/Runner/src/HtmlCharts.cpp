#include "HtmlCharts.h"

#include "CaseText.h"
#include "Format.h"
#include "HtmlMarkup.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cllint::runner::html {
namespace {

// Every chart shares this geometry; the SVG scales to the page width through CSS.
constexpr double Width = 1000, LabelWidth = 290, PlotWidth = 560;

// Labels longer than the space left of the chart keep their end, which tells cases apart.
constexpr std::size_t LabelChars = 40;
std::string fitted(const std::string &text, std::size_t chars) {
  if (displayWidth(text) <= chars)
    return text;
  std::size_t start = text.size() - (chars - 1);
  while (start < text.size() && (static_cast<unsigned char>(text[start]) & 0xc0) == 0x80)
    ++start; // not inside a UTF-8 sequence
  return "…" + text.substr(start);
}

// Roughly how wide 12px text of `chars` characters is drawn, to keep labels inside the chart.
double textWidth(const std::string &text) { return 6.8 * static_cast<double>(displayWidth(text)); }

std::string openSvg(const std::string &cssClass, double height, const std::string &label,
                    const std::string &title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart " + cssClass + "\" width=\"" +
         num(Width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(Width) + " " +
         num(height) + "\" role=\"img\" aria-label=\"" + label + "\">\n<title>" + title +
         "</title>\n";
}

// Two short lines left of a row: what was measured, then which finding (the case id when
// the kernel, rule and line alone do not tell cases apart).
std::string rowLabel(const Results &r, std::size_t i, double y, double lineHeight) {
  const CaseResult &c = r.cases[i];
  std::string label = c.kernel + (c.line ? ":" + std::to_string(c.line) : "");
  if (c.variant == Variant::WhatIf)
    label += " (what-if)";
  const std::string detail = caseLabel(r, i) == c.kernel ? c.rule : c.id;
  return "<text x=\"" + num(LabelWidth - 8) + "\" y=\"" + num(y + lineHeight) +
         "\" text-anchor=\"end\"><title>" + escape(c.id) + "</title>" +
         escape(fitted(label, LabelChars)) + "</text>\n<text class=\"axis\" x=\"" +
         num(LabelWidth - 8) + "\" y=\"" + num(y + 2 * lineHeight + 1) + "\" text-anchor=\"end\">" +
         escape(fitted(detail, LabelChars)) + "</text>\n";
}

std::string legendItem(double x, const std::string &cssClass, const std::string &text) {
  return "<rect class=\"legend " + cssClass + "\" x=\"" + num(x) +
         "\" y=\"8\" width=\"12\" height=\"12\"/><text x=\"" + num(x + 16) + "\" y=\"18\">" + text +
         "</text>\n";
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

std::string ratioTick(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, ratio >= 1 ? "%.0fx" : "%.3gx", ratio);
  return text;
}

// A vertical grid line at X from above the first row to the axis, with its tick label.
std::string gridLine(double x, double top, double plotBottom, const std::string &label) {
  return "<line class=\"grid\" x1=\"" + num(x) + "\" y1=\"" + num(top - 6) + "\" x2=\"" + num(x) +
         "\" y2=\"" + num(plotBottom) + "\"/><text class=\"axis\" x=\"" + num(x) + "\" y=\"" +
         num(plotBottom + 16) + "\" text-anchor=\"middle\">" + label + "</text>\n";
}

// The axis's title, centred under the plot.
std::string axisTitle(double y, const std::string &title) {
  return "<text class=\"axis\" x=\"" + num(LabelWidth + PlotWidth / 2) + "\" y=\"" + num(y) +
         "\" text-anchor=\"middle\">" + title + "</text>\n";
}

} // namespace

std::string speedupChart(const Results &r) {
  // Powers of two around every speed-up, at least 0.5x to 2x, so 1.0x sits inside.
  double lo = 0.5, hi = 2;
  for (const CaseResult &c : r.cases)
    if (c.speedup && *c.speedup > 0) {
      lo = std::min(lo, std::exp2(std::floor(std::log2(*c.speedup))));
      hi = std::max(hi, std::exp2(std::ceil(std::log2(*c.speedup))));
    }
  lo = std::max(lo, 1.0 / 1024), hi = std::min(hi, 1024.0);
  auto x = [&](double ratio) {
    const double clamped = std::clamp(ratio, lo, hi);
    return LabelWidth +
           PlotWidth * (std::log2(clamped) - std::log2(lo)) / (std::log2(hi) - std::log2(lo));
  };

  const double top = 40, rowHeight = 38, barHeight = 16;
  const double plotBottom =
      top + rowHeight * static_cast<double>(std::max<std::size_t>(1, r.cases.size()));
  std::string svg = openSvg("speedup", plotBottom + 40, "speed-up per case",
                            "Speed-up of each change: before median time / after median time");
  // A legend of what the chart shows, no more.
  bool used[5] = {};
  for (const CaseResult &c : r.cases)
    if (c.speedup) {
      used[0] |= c.measurable && *c.speedup >= 1 && c.status != CaseStatus::Mismatch;
      used[1] |= c.measurable && *c.speedup < 1 && c.status != CaseStatus::Mismatch;
      used[2] |= !c.measurable && c.status != CaseStatus::Mismatch;
      used[3] |= c.variant == Variant::WhatIf;
      used[4] |= c.status == CaseStatus::Mismatch;
    }
  const std::pair<const char *, const char *> items[] = {
      {"faster", "faster"},
      {"slower", "slower"},
      {"noise", "within the spread (no measurable difference)"},
      {"faster what-if", "what-if: upper bound"},
      {"mismatch", "outputs differ"}};
  double legendX = 8;
  for (int k = 0; k < 5; ++k)
    if (used[k]) {
      svg += legendItem(legendX, items[k].first, items[k].second);
      legendX += 30 + textWidth(items[k].second);
    }

  for (double v = lo; v <= hi * 1.001; v *= 2) {
    svg += gridLine(x(v), top, plotBottom, ratioTick(v));
  }
  svg += axisTitle(plotBottom + 34, "speed-up (before / after median time, log scale)");

  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    const double y = top + rowHeight * static_cast<double>(i);
    svg += "<g class=\"case\">\n" + rowLabel(r, i, y, 14);
    if (!c.speedup || *c.speedup <= 0) {
      svg += "<text class=\"missing\" x=\"" + num(x(1) + 6) + "\" y=\"" + num(y + barHeight + 2) +
             "\">not measured: " + std::string(toString(c.status)) + "</text>\n</g>\n";
      continue;
    }
    std::string cssClass = c.status == CaseStatus::Mismatch ? "mismatch"
                           : !c.measurable                  ? "noise"
                           : *c.speedup >= 1                ? "faster"
                                                            : "slower";
    if (c.variant == Variant::WhatIf)
      cssClass += " what-if";
    // A fix whose outputs differ is not a speed-up anyone can have.
    const std::string value =
        speedupCell(c) + (c.status == CaseStatus::Mismatch ? ", but the outputs differ" : "");
    const double from = std::min(x(1), x(*c.speedup)), to = std::max(x(1), x(*c.speedup));
    const double by = y + 4;
    svg += "<rect class=\"bar " + cssClass + "\" x=\"" + num(from) + "\" y=\"" + num(by) +
           "\" width=\"" + num(std::max(2.0, to - from)) + "\" height=\"" + num(barHeight) +
           "\"><title>" + escape(c.id) + ": " + escape(value) + "</title></rect>";
    // The value sits beyond the bar's outer end, on the side it grows to.
    const bool right = *c.speedup >= 1 || from - 5 - textWidth(value) < LabelWidth;
    svg += "<text class=\"value\" x=\"" + num(right ? to + 5 : from - 5) + "\" y=\"" +
           num(by + barHeight - 3) + "\" text-anchor=\"" + (right ? "start" : "end") + "\">" +
           escape(value) + "</text>\n</g>\n";
  }
  svg += "<line class=\"unity\" x1=\"" + num(x(1)) + "\" y1=\"" + num(top - 10) + "\" x2=\"" +
         num(x(1)) + "\" y2=\"" + num(plotBottom) + "\"/>\n";
  return svg + "</svg>\n";
}

std::string bandwidthChart(const Results &r) {
  double maxGbps = r.ceilingGbps.value_or(0);
  for (const CaseResult &c : r.cases)
    for (const std::optional<Timing> *t : {&c.before, &c.after})
      if (*t && (*t)->gbps)
        maxGbps = std::max(maxGbps, *(*t)->gbps);
  if (maxGbps <= 0)
    maxGbps = 1;
  const double step = niceStep(maxGbps);
  const double axisMax = std::ceil(maxGbps / step) * step;

  const double top = 44, rowHeight = 50, barHeight = 16;
  const double plotBottom =
      top + rowHeight * static_cast<double>(std::max<std::size_t>(1, r.cases.size()));
  auto x = [&](double gbps) { return LabelWidth + PlotWidth * gbps / axisMax; };

  std::string svg =
      openSvg("bandwidth", plotBottom + 36, "effective bandwidth per case",
              "Effective bandwidth before and after each change, against the copy ceiling");
  svg += legendItem(8, "before", "before") + legendItem(88, "after", "after");

  for (double v = 0; v <= axisMax + step / 2; v += step) {
    svg += gridLine(x(v), top, plotBottom, tick(v, step));
  }
  svg += axisTitle(plotBottom + 32, "GB/s (bytes moved / median kernel time)");

  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const CaseResult &c = r.cases[i];
    const double y = top + rowHeight * static_cast<double>(i);
    svg += "<g class=\"case\">\n" + rowLabel(r, i, y, barHeight);
    bool drawn = false;
    const char *sides[] = {"before", "after"};
    const std::optional<Timing> *timings[] = {&c.before, &c.after};
    for (int s = 0; s < 2; ++s) {
      const std::optional<Timing> &t = *timings[s];
      if (s == 1 && t && c.bytesAfterUnknown && c.before && c.before->gbps) {
        svg += "<text class=\"axis\" x=\"" + num(LabelWidth + 4) + "\" y=\"" +
               num(y + 4 + 2 * barHeight - 2) + "\">after: — (its bytes were not counted)</text>\n";
        continue;
      }
      if (!t || !t->gbps)
        continue;
      drawn = true;
      const double by = y + 4 + s * (barHeight + 2);
      const double w = std::max(1.0, x(*t->gbps) - LabelWidth);
      svg += "<rect class=\"bar " + std::string(sides[s]) + "\" x=\"" + num(LabelWidth) +
             "\" y=\"" + num(by) + "\" width=\"" + num(w) + "\" height=\"" + num(barHeight) +
             "\"><title>" + escape(c.id) + " " + sides[s] + ": " + formatGbps(*t->gbps) +
             " GB/s</title></rect>";
      std::string value = formatGbps(*t->gbps);
      // A lower after bar beside a speed-up says why where it is drawn.
      if (s == 1 && !bytesChangeShort(c).empty())
        value += " (" + bytesChangeShort(c) + ")";
      // Past the right edge the value goes inside the (then long) bar, in white.
      const bool inside = LabelWidth + w + 4 + textWidth(value) > Width;
      svg += "<text" + std::string(inside ? " class=\"inside\" text-anchor=\"end\"" : "") +
             " x=\"" + num(inside ? LabelWidth + w - 4 : LabelWidth + w + 4) + "\" y=\"" +
             num(by + barHeight - 4) + "\">" + escape(value) + "</text>\n";
    }
    if (!drawn) {
      const std::string why = c.status != CaseStatus::Ok
                                  ? std::string(toString(c.status))
                                  : std::string("no bytes_moved in the plan");
      svg += "<text class=\"missing\" x=\"" + num(LabelWidth + 6) + "\" y=\"" +
             num(y + barHeight + 4) + "\">no bandwidth: " + escape(why) + "</text>\n";
    }
    svg += "</g>\n";
  }

  if (r.ceilingGbps) {
    const double cx = x(*r.ceilingGbps);
    svg += "<line class=\"ceiling\" x1=\"" + num(cx) + "\" y1=\"" + num(top - 14) + "\" x2=\"" +
           num(cx) + "\" y2=\"" + num(plotBottom) + "\"/>";
    // Label on the side of the line that has room for it.
    const char *anchor = cx - LabelWidth > 170 ? "end" : "start";
    svg += "<text x=\"" + num(cx) + "\" y=\"" + num(top - 18) + "\" text-anchor=\"" + anchor +
           "\" class=\"ceiling-label\">copy ceiling " + formatGbps(*r.ceilingGbps) +
           " GB/s</text>\n";
  }
  return svg + "</svg>\n";
}

} // namespace cllint::runner::html
