// A small well-formedness check for the HTML report, which is written as XHTML-style
// markup: every element closed (or self-closed), attributes quoted, '&' only in entities.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace cllint::runner::test {

// "" when `text` is well formed, else what is wrong and where.
inline std::string checkWellFormed(std::string_view text) {
  std::vector<std::string> open;
  std::size_t i = 0;
  auto where = [&] { return " at offset " + std::to_string(i); };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '&') {
      std::size_t semi = text.find(';', i);
      if (semi == std::string_view::npos || semi - i > 10)
        return "bare '&'" + where();
      for (std::size_t k = i + 1; k < semi; ++k)
        if (!std::isalnum(static_cast<unsigned char>(text[k])) && text[k] != '#')
          return "bad entity" + where();
      i = semi + 1;
      continue;
    }
    if (c == '>')
      return "bare '>'" + where();
    if (c != '<') {
      ++i;
      continue;
    }
    if (text.substr(i, 4) == "<!--") {
      std::size_t end = text.find("-->", i);
      if (end == std::string_view::npos)
        return "unterminated comment" + where();
      i = end + 3;
      continue;
    }
    if (text.substr(i, 2) == "<!") { // DOCTYPE
      i = text.find('>', i) + 1;
      continue;
    }
    // Find the end of the tag, skipping '>' inside quoted attribute values.
    std::size_t j = i + 1;
    char quote = 0;
    for (; j < text.size(); ++j) {
      if (quote) {
        if (text[j] == quote)
          quote = 0;
        else if (text[j] == '<')
          return "'<' inside an attribute" + where();
      } else if (text[j] == '"' || text[j] == '\'') {
        quote = text[j];
      } else if (text[j] == '>') {
        break;
      } else if (text[j] == '<') {
        return "'<' inside a tag" + where();
      }
    }
    if (j >= text.size())
      return "unterminated tag" + where();
    std::string_view tag = text.substr(i + 1, j - i - 1);
    const bool closing = !tag.empty() && tag[0] == '/';
    const bool selfClosing = !tag.empty() && tag.back() == '/';
    std::size_t nameStart = closing ? 1 : 0, nameEnd = nameStart;
    while (nameEnd < tag.size() && (std::isalnum(static_cast<unsigned char>(tag[nameEnd])) ||
                                    tag[nameEnd] == '-' || tag[nameEnd] == ':'))
      ++nameEnd;
    const std::string name(tag.substr(nameStart, nameEnd - nameStart));
    if (name.empty())
      return "tag without a name" + where();
    if (closing) {
      if (open.empty() || open.back() != name)
        return "</" + name + "> closes " + (open.empty() ? "nothing" : "<" + open.back() + ">") +
               where();
      open.pop_back();
    } else if (!selfClosing) {
      open.push_back(name);
      if (name == "style") { // CSS may hold '>' (child selectors); skip to its end tag
        std::size_t end = text.find("</style>", j);
        if (end == std::string_view::npos)
          return "unterminated <style>" + where();
        j = end - 1;
      }
    }
    i = j + 1;
  }
  if (!open.empty())
    return "<" + open.back() + "> is never closed";
  return "";
}

inline std::size_t countOf(std::string_view text, std::string_view needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string_view::npos;
       at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

} // namespace cllint::runner::test
