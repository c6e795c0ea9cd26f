#include "Ptx.h"

#include <cctype>
#include <string>
#include <vector>

namespace cllint::runner {
namespace {

bool isIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%' ||
         c == '.';
}

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos)
    return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

// The text with // and /* */ comments replaced by a space (PTX has no string literal that
// holds either).
std::string withoutComments(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "//") == 0) {
      i = text.find('\n', i);
      if (i == std::string_view::npos)
        break;
      out += '\n';
    } else if (text.compare(i, 2, "/*") == 0) {
      const std::size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos)
        break;
      out += ' ';
      i = end + 1;
    } else {
      out += text[i];
    }
  }
  return out;
}

// Where `open` at `from` is closed, counting nesting; npos when it never is.
std::size_t matching(std::string_view text, std::size_t from, char open, char close) {
  int depth = 0;
  for (std::size_t i = from; i < text.size(); ++i) {
    if (text[i] == open)
      ++depth;
    else if (text[i] == close && --depth == 0)
      return i;
  }
  return std::string_view::npos;
}

// The text between the braces of `.entry kernel(...) { ... }`.
std::optional<std::string_view> entryBody(std::string_view ptx, std::string_view kernel) {
  for (std::size_t at = ptx.find(".entry"); at != std::string_view::npos;
       at = ptx.find(".entry", at + 1)) {
    std::size_t name = at + 6;
    if (name >= ptx.size() || !std::isspace(static_cast<unsigned char>(ptx[name])))
      continue;
    while (name < ptx.size() && std::isspace(static_cast<unsigned char>(ptx[name])))
      ++name;
    std::size_t end = name;
    while (end < ptx.size() && isIdentifierChar(ptx[end]))
      ++end;
    if (ptx.substr(name, end - name) != kernel)
      continue;
    std::size_t params = ptx.find_first_not_of(" \t\r\n", end);
    if (params != std::string_view::npos && ptx[params] == '(')
      end = matching(ptx, params, '(', ')');
    if (end == std::string_view::npos)
      return std::nullopt;
    // Performance directives (.maxntid, .reqntid) may stand between the parameters and the
    // body.
    const std::size_t open = ptx.find('{', end);
    const std::size_t close = open == std::string_view::npos ? open : matching(ptx, open, '{', '}');
    if (close == std::string_view::npos)
      return std::nullopt;
    return ptx.substr(open + 1, close - open - 1);
  }
  return std::nullopt;
}

// Drops what may precede an instruction in a statement: block braces and labels ("$L__BB0_2:").
std::string_view withoutLabelsAndBraces(std::string_view statement) {
  for (;;) {
    statement = trimmed(statement);
    if (!statement.empty() && (statement.front() == '{' || statement.front() == '}')) {
      statement.remove_prefix(1);
      continue;
    }
    std::size_t end = 0;
    while (end < statement.size() && isIdentifierChar(statement[end]))
      ++end;
    // "::" belongs to an opcode (ld.global.L1::no_allocate), not to a label.
    if (end > 0 && end < statement.size() && statement[end] == ':' &&
        statement.compare(end, 2, "::") != 0) {
      statement.remove_prefix(end + 1);
      continue;
    }
    return statement;
  }
}

void count(CodeCounts &counts, const std::string &opcode) {
  ++counts.instructions;
  ++counts.opcodes[opcode];
  std::vector<std::string_view> parts;
  std::string_view rest = opcode;
  for (std::size_t dot; (dot = rest.find('.')) != std::string_view::npos;) {
    parts.push_back(rest.substr(0, dot));
    rest.remove_prefix(dot + 1);
  }
  parts.push_back(rest);
  const std::string_view base = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (parts[i] == "f64") {
      ++counts.f64;
      break;
    }
  if (base == "cvt") // not cvta, which converts addresses between state spaces
    ++counts.conversions;
  if (base == "div" || base == "rem")
    ++counts.divisions;
}

} // namespace

bool isPtx(std::string_view binary) {
  const std::string_view head = binary.substr(0, 4096);
  if (head.find('\0') != std::string_view::npos)
    return false;
  if (trimmed(head).rfind("//", 0) == 0)
    return true;
  return head.find(".version") != std::string_view::npos &&
         binary.find(".entry") != std::string_view::npos;
}

std::optional<CodeCounts> countPtxKernel(std::string_view ptx, std::string_view kernel) {
  const std::string text = withoutComments(ptx);
  const std::optional<std::string_view> body = entryBody(text, kernel);
  if (!body)
    return std::nullopt;

  // Some directives (.loc, .file) end at the line's end rather than at a ';': they go line
  // by line, before the rest is split into statements.
  std::string code;
  std::size_t start = 0;
  while (start < body->size()) {
    std::size_t end = body->find('\n', start);
    if (end == std::string_view::npos)
      end = body->size();
    const std::string_view line = body->substr(start, end - start);
    const std::string_view bare = withoutLabelsAndBraces(line);
    if (bare.empty() || bare.front() != '.' || bare.find(';') != std::string_view::npos)
      code.append(line) += '\n';
    start = end + 1;
  }

  CodeCounts counts;
  start = 0;
  while (start < code.size()) {
    std::size_t end = code.find(';', start);
    if (end == std::string::npos)
      end = code.size();
    std::string_view statement =
        withoutLabelsAndBraces(std::string_view(code).substr(start, end - start));
    start = end + 1;
    if (statement.empty() || statement.front() == '.')
      continue;
    if (statement.front() == '@') { // a guard predicate: "@%p1 bra $L__BB0_2"
      const std::size_t space = statement.find_first_of(" \t\r\n");
      if (space == std::string_view::npos)
        continue;
      statement = trimmed(statement.substr(space));
    }
    const std::size_t space = statement.find_first_of(" \t\r\n");
    const std::string_view opcode = statement.substr(0, space);
    if (!opcode.empty() && std::isalpha(static_cast<unsigned char>(opcode.front())))
      count(counts, std::string(opcode));
  }
  return counts;
}

} // namespace cllint::runner
