// Small pieces of markup the HTML report's sections share.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace cllint::runner::html {

// Text from plans and drivers, made safe for element content and quoted attributes.
inline std::string escape(std::string_view text) {
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

// Like escape(), with a line-break opportunity after every '/', '_' and ':', so that paths and
// snake_case names wrap between their parts rather than at an arbitrary letter.
inline std::string breakable(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((text[i] == '/' || text[i] == '_' || text[i] == ':') && i + 1 < text.size()) {
      out += escape(text.substr(start, i + 1 - start)) + "<wbr/>";
      start = i + 1;
    }
  return out + escape(text.substr(start));
}

// SVG coordinates: one decimal is finer than a pixel.
inline std::string num(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

} // namespace cllint::runner::html
