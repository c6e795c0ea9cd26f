// Code whose effects nothing observes, which the compiler deletes: a loop that only sums into
// a variable never read afterwards, stores to a __local or private array the kernel never
// reads. A branch around such code splits no warp: the compiled kernel has no branch there.
#pragma once

namespace clang {
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cllint::analysis {

// Whether Owner (an IfStmt, a loop or a switch of Function) has no effect the rest of the
// program can observe: no stores to global memory or to pointers, no atomics, barriers, calls
// to helpers or impure builtins, volatile accesses, returns or jumps out of it; its writes go
// only to variables not read outside it and to arrays Function never reads. Conservative: any
// doubt is an effect.
bool hasNoObservableEffect(const clang::Stmt *Owner, const clang::FunctionDecl *Function);

} // namespace cllint::analysis
