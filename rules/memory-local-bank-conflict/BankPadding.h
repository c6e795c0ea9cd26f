// The padding fix for a __local tile: grow the innermost dimension (`[16][16]` -> `[16][18]`)
// by the number of elements that leaves the fewest conflicts over every access of the array,
// with the degree of each access after the edit.
#pragma once

#include "Analysis/BankDegree.h"
#include "Rule.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cllint {

struct PaddingPlan {
  int64_t Pad = 0; // elements added to the innermost dimension
  std::pair<clang::CharSourceRange, std::string> Edit;
  std::string Declared; // the padded declaration's dimensions, "[16][18]"
  struct Site {
    const analysis::MemoryAccess *Access = nullptr;
    unsigned Before = 1, After = 1; // degrees (1: no conflict)
  };
  std::vector<Site> Sites; // every access of the array, in source order
  bool removesAll() const {
    for (const Site &S : Sites)
      if (S.After > 1)
        return false;
    return true;
  }
};

// nullopt when the array cannot be padded (not a kernel's own `[T][T]` tile with a power-of-two
// row, a use that does not subscript every dimension or may leave the row) or when no padding
// of 1 to 4 elements lowers the conflicts.
std::optional<PaddingPlan> bestPadding(RuleContext &Ctx, const analysis::KernelInfo &K,
                                       const analysis::KernelFacts &F,
                                       const analysis::MemoryAccess &A,
                                       const analysis::WorkGroupShape &Shape);

} // namespace cllint
