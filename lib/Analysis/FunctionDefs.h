// Where each local variable and parameter of a function gets its values, and which of those
// definitions reach each read: reaching definitions over the function's clang::CFG, so that a
// variable assigned twice, in both arms of an `if`, or updated from itself (`i = 2*i`,
// `p = p + k`) has at each use exactly the values that can flow there.
#pragma once

#include "Analysis/IndexForm.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <set>
#include <vector>

namespace cllint::analysis {

// A statement around a definition: a loop, an `if`, a `switch`, a `?:` or a short-circuit
// operator, with the condition that decides whether the definition runs.
struct Enclosing {
  const clang::Stmt *Owner = nullptr;
  const clang::Expr *Cond = nullptr; // null: a loop without a condition
  bool ElseArm = false;              // in the `else` arm of an `if` or the false arm of `?:`
};

struct VarDef {
  enum Kind {
    Init,     // `int x = e;`
    Assign,   // `x = e`
    Compound, // `x op= e`
    Inc,
    Dec,
    Entry,  // a parameter's value on entry
    Uninit, // `int x;`: nothing defined (a path through it to a read is undefined behaviour)
  } K = Init;
  const clang::Expr *Rhs = nullptr;
  clang::BinaryOperatorKind Op = clang::BO_Assign;
  const clang::Stmt *Where = nullptr;
  // Enclosing statements, outermost first.
  std::vector<Enclosing> Nest;
  // Reads of the variable itself that the definition's value uses: in `e` of `x = e`, the `x`
  // of `x op= e` and `x++`.
  std::vector<const clang::DeclRefExpr *> SelfUses;

  bool assigns() const { return K == Init || K == Assign; }
  bool selfReferential() const { return !SelfUses.empty(); }
};

// Indices into FunctionDefs::Defs[V].
using DefSet = llvm::SmallVector<unsigned, 2>;

struct FunctionDefs {
  std::map<const clang::VarDecl *, std::vector<VarDef>> Defs;
  std::set<const clang::VarDecl *> AddressTaken;
  // For every read of a variable with definitions, the definitions that reach it (sorted).
  // Empty when the function has no CFG; a read missing from it is on an unreachable path.
  llvm::DenseMap<const clang::DeclRefExpr *, DefSet> Reaching;
  bool HasFlow = false;
  mutable std::map<std::pair<const clang::VarDecl *, unsigned>, bool> CyclicCache;

  // The definitions reaching Use; null when flow is unknown for it.
  const DefSet *reaching(const clang::DeclRefExpr *Use) const;
  // Reach closed under self-uses: every definition whose value flows into one in Reach,
  // the definitions that make up the value at a read.
  DefSet contributing(const clang::VarDecl *V, const DefSet &Reach) const;
  // Whether definition D of V takes part in its own value (an update in a loop).
  bool cyclic(const clang::VarDecl *V, unsigned D) const;
  // The uniform trip-counter symbol of the loop that updates V: "iter(i)" for the first such
  // loop of the function, "iter(i#2)" for the second (two loops on `i` count separately).
  std::string tripCounterName(const clang::VarDecl *V, const clang::Stmt *Loop) const;
};

FunctionDefs collectDefs(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

// Whether E mentions V.
bool mentions(const clang::Stmt *E, const clang::VarDecl *V);

// The variable a plain reference names (`x`, `(x)`), or null.
const clang::VarDecl *referencedVar(const clang::Expr *E);

// The innermost loop that holds every update directly (under no other condition) and none of
// the initial definitions: the loop that carries a recurrence; null when there is none.
const clang::Stmt *updateLoop(const std::vector<const VarDef *> &Inits,
                              const std::vector<const VarDef *> &Updates);

bool isLoopStmt(const clang::Stmt *S);
const clang::Expr *loopCondition(const clang::Stmt *S);

} // namespace cllint::analysis
