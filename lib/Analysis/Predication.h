// Which branches a GPU compiler turns into selects or predicated instructions instead of a
// branch (measured with NVIDIA's compiler: `?:` and one-assignment `if`s over registers compile
// to `selp`): such a condition splits no warp into two serialised paths.
#pragma once

namespace clang {
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cllint::analysis {

// Whether Owner (an IfStmt or a ConditionalOperator) has arms cheap and free of side effects
// enough to compile to a select: each arm a small expression with no calls but pure builtins,
// no stores to memory and no loops; an `if` arm at most one assignment to a local variable.
bool compilesToSelect(const clang::Stmt *Owner);

// A builtin without side effects or synchronisation (no barrier, atomic, store, printf, ...);
// false for a helper with a body.
bool pureBuiltin(const clang::FunctionDecl *FD);

} // namespace cllint::analysis
