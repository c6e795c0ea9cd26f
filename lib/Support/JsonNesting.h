// JSON parsers (llvm::json, nlohmann) recurse once per nesting level, so a document of a few
// thousand `[` overflows the stack. Every JSON input cllint reads (baselines, LSP messages,
// verify plans) is checked with this linear scan first. Header-only and free of LLVM so that
// cllint-runner, which builds without LLVM, uses it too.
#pragma once

#include <cstddef>
#include <string_view>

namespace cllint {

// Real documents nest a few levels; 256 leaves every parser far from its stack limit.
constexpr unsigned MaxJsonNesting = 256;

// Whether Text nests arrays and objects deeper than Limit (strings are skipped).
inline bool jsonNestsDeeperThan(std::string_view Text, unsigned Limit = MaxJsonNesting) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{') {
      if (++Depth > Limit)
        return true;
    } else if ((C == ']' || C == '}') && Depth > 0)
      --Depth;
  }
  return false;
}

} // namespace cllint
