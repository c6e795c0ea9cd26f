// Linear scanners for the small patterns cllint finds in user text: suppression directives
// and #include lines. They replace std::regex, whose backtracking recurses once per character
// and overflows the stack on long inputs (a 30k-character NOLINT list, an unterminated
// #include line).
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cllint {

// One suppression directive in a comment: `cllint: ignore[a, b]` or `NOLINTNEXTLINE(a)`.
struct Directive {
  std::string Kind;     // ignore, ignore-next-line, ignore-file, NOLINT, NOLINTNEXTLINE, ...
  size_t Position = 0;  // where the directive starts in the text ("cllint:" or "NOLINT")
  bool HasList = false; // a bracketed / parenthesised rule list follows
  llvm::StringRef List; // its text without the brackets
  size_t ListEnd = 0;   // offset of the closing bracket when HasList
};

// Every `cllint: ignore...[...]` directive of Text, in order.
std::vector<Directive> findCllintDirectives(llvm::StringRef Text);
// Every clang-tidy style `NOLINT...(...)` directive of Text, in order.
std::vector<Directive> findNolintDirectives(llvm::StringRef Text);

// The header named by an `#include "x"` / `#include <x>` line, if Line is one.
std::optional<llvm::StringRef> includedHeader(llvm::StringRef Line);

} // namespace cllint
