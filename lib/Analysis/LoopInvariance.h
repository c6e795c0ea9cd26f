// Which expressions the compiler computes once before a loop instead of on every trip
// (loop-invariant code motion): arithmetic of constants, kernel arguments and variables the loop
// does not change, with no memory read and no call but pure built-ins. Such code runs as often
// as the loop is entered, which the execution weight charges instead of every trip: `i < n / 4`
// in a loop's condition costs one division per work-item, not one per iteration.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <string>

namespace cllint::analysis {

class LoopInvariance {
public:
  // Fn: the function whose body holds the loops asked about.
  explicit LoopInvariance(const clang::FunctionDecl &Fn);

  // Whether E has the same value on every trip of Loop (a loop statement of Fn around E).
  bool invariantIn(const clang::Expr *E, const clang::Stmt *Loop);

private:
  struct LoopVariables {
    llvm::DenseSet<const clang::VarDecl *> Changed;                       // assigned in the loop
    llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Declared; // inside, with init
  };
  const LoopVariables &variablesOf(const clang::Stmt *Loop);
  bool variableInvariant(const clang::VarDecl *V, const clang::Stmt *Loop);
  bool computeInvariant(const clang::Expr *E, const clang::Stmt *Loop);

  llvm::DenseSet<const clang::VarDecl *> AddressTaken; // anywhere in Fn: pointers may change it
  std::map<const clang::Stmt *, LoopVariables> Loops;
  llvm::DenseMap<std::pair<const clang::Stmt *, const clang::Stmt *>, bool> Memo;
};

// "the compiler computes it once before the 'r' loop": what an impact of hoisted code rests on.
std::string hoistedBeforeText(const clang::Stmt *Loop);

// The variable a loop counts with (`i` in `for (int i = 0; ...; ++i)`), empty when there is
// none to name.
std::string loopCounterName(const clang::Stmt *Loop);

} // namespace cllint::analysis
