// When several definitions of a variable reach a read, the `if`s and `?:`s that chose between
// them: `if (c) x = a; else x = b;` reaches the read as `c ? a : b`, and `x = a; if (c) x = b;`
// as `c ? b : a`. A lane-dependent choice between two affine forms is then still a value the
// analysis can evaluate lane by lane.
#pragma once

#include "Analysis/FunctionDefs.h"

#include "clang/Basic/SourceManager.h"

#include <memory>
#include <vector>

namespace cllint::analysis {

struct Choice {
  const clang::Expr *Cond = nullptr; // null: a leaf
  unsigned Def = 0;                  // a leaf's definition (index into the variable's list)
  std::unique_ptr<Choice> Then, Else;
};

// The choice tree over Reach (indices into Defs); null when the definitions are not chosen by
// nested `if`/`?:` arms alone (loops carrying values around, `switch`, `&&`, two definitions
// one after the other on one path).
std::unique_ptr<Choice> choiceTree(const std::vector<VarDef> &Defs,
                                   const std::vector<unsigned> &Reach,
                                   const clang::SourceManager &SM);

} // namespace cllint::analysis
