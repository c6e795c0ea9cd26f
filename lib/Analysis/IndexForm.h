// Integer values of kernel code as symbolic trees (VExpr) and their affine index forms over
// lane ids: `constant + coeff0*lid0 + coeff1*lid1 + coeff2*lid2`, with the constant and the
// coefficients polynomials over uniform symbols (kernel arguments, get_*_size, group ids,
// uniform loop counters), or an honest unknown-uniform / unknown-varying.
//
// get_global_id(d) is `get_group_id(d)*get_local_size(d) + lid_d`, so the hand-written idiom
// gives the same form. A VExpr keeps the non-linear parts (`lid % 2`, `lid / 3`) so that
// Uniformity can evaluate them lane by lane.
#pragma once

#include "Analysis/Poly.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class Stmt;
} // namespace clang

namespace cllint::analysis {

struct VNode;
using VExpr = std::shared_ptr<const VNode>;

enum class VOp {
  Const,
  Lane,
  Sym,
  Unknown, // leaves
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  Min,
  Max,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  LAnd,
  LOr, // comparisons and logic give 0 or 1
  Neg,
  BitNot,
  LNot,
  Select
};

// How a uniform symbol that changes in a loop takes its values (`s = L/2; s > 0; s >>= 1`):
// Uniformity replays the loop to find the plausible values of `s`.
//
// A power-of-two recurrence (`offset = 1`, doubled in one loop and halved in the next) also
// lists every initial value and every scaling update: its values are the powers of two between
// the smallest initial value scaled down by every halving loop's trip count and the largest one
// scaled up by every doubling loop's trip count (Uniformity bounds what it cannot count).
struct LoopRecurrence {
  VExpr Init;
  VOp Step = VOp::Shr; // Mul, Div, Shl, Shr, Add, Sub
  VExpr Amount;
  VExpr Condition; // in terms of the symbol itself; null when unknown

  struct Scale {
    int Shift = 0; // log2 of the factor one execution applies: `*= 2` is 1, `>>= 1` is -1
    // Conditions of the loops around the update, outermost first (null: no condition).
    std::vector<VExpr> LoopConditions;
  };
  std::vector<VExpr> PowerOfTwoInits; // constant powers of two; empty: not this form
  std::vector<Scale> Scales;
  // The read sees only the loop's updates (it follows `v >>= 1` in the same iteration): its
  // value in an iteration is the iteration's starting value already scaled once.
  bool ReadAfterUpdate = false;
  bool powerOfTwo() const { return !PowerOfTwoInits.empty() && !Scales.empty(); }
};

struct VNode {
  VOp Op = VOp::Unknown;
  int64_t Value = 0;        // Const; Lane: the dimension
  std::string Name;         // Sym: printable name; Unknown: why
  bool Varying = false;     // Unknown: varies within a warp
  bool NonNegative = false; // Sym/Unknown known to be >= 0 (ids, sizes, unsigned values)
  std::shared_ptr<const LoopRecurrence> Recurrence; // Sym only
  std::vector<VExpr> Ops;
  // Set when the node is built, so that questions about a shared DAG (a variable used twice
  // by each of 60 chained variables) never walk its exponentially large tree.
  bool Lanes = false;    // depends on lane ids or varying unknowns
  uint64_t TreeSize = 1; // nodes of the unshared tree, saturating
};

VExpr vConst(int64_t V);
VExpr vLane(unsigned Dim);
VExpr vSym(const std::string &Name, bool NonNegative = false,
           std::shared_ptr<const LoopRecurrence> Rec = nullptr);
VExpr vUnknown(bool Varying, const std::string &Why, bool NonNegative = false);
VExpr vOp(VOp Op, std::vector<VExpr> Ops);

// Whether the value can differ between lanes of one warp (lane ids or varying unknowns).
bool isVarying(const VExpr &E);
bool dependsOnLanes(const VExpr &E);
// Provably >= 0 (ids, sizes, unsigned, masks with a non-negative operand, ...).
bool isNonNegative(const VExpr &E);
// What a GPU compiler itself proves >= 0, so that a signed `/` or `%` by a power of two needs no
// sign fix-up: non-negative constants, loop trip counters, and + * & >> min max of those. Not an
// id converted to `int` (NVIDIA's compiler keeps the fix-up for `int lid = get_local_id(0)`).
bool compilerProvesNonNegative(const VExpr &E);
// A small sum or product of work-item ids, work-item sizes, loop trip counters and small
// constants: never negative in any launch a device can run (larger expressions may wrap into
// the sign bit, `int a = gid * gid`).
bool idLikeNonNegative(const VExpr &E);
// Whether one of the conditions of the loops around a use of E keeps E non-negative there
// (`for (i = n; i > 0; i--) ... i / 2`): the device compiler proves it from the loop test.
bool loopKeepsNonNegative(const VExpr &E, const std::vector<VExpr> &LoopConditions);
// Numeric value for one lane; nullopt when an unbound symbol or an unknown is involved.
std::optional<int64_t> evaluate(const VExpr &E, const std::array<int64_t, 3> &Lid,
                                const SymbolValues &Env);
// The symbols of E (and of the recurrences of those symbols).
void collectSymbols(const VExpr &E, std::vector<const VNode *> &Out);
std::string toString(const VExpr &E);

// The affine form of a value.
struct IndexForm {
  enum Kind { Affine, UnknownUniform, UnknownVarying };
  Kind K = UnknownVarying;
  Poly Constant;
  std::array<Poly, 3> Lane; // coefficients of lid0, lid1, lid2
  std::string Why;          // for unknowns

  bool isAffine() const { return K == Affine; }
  bool isUniform() const {
    return K == UnknownUniform ||
           (K == Affine && Lane[0].isZero() && Lane[1].isZero() && Lane[2].isZero());
  }
  IndexForm scaled(const Poly &P) const;
  // "4*lid0 + n", "unknown-varying (load from memory)".
  std::string str() const;
};

IndexForm linearize(const VExpr &E);

// Symbol names the analysis uses for work-item functions (also the keys of SymbolValues).
std::string localSizeSym(unsigned D);  // "get_local_size(D)"
std::string groupIdSym(unsigned D);    // "get_group_id(D)"
std::string globalSizeSym(unsigned D); // "get_global_size(D)"
std::string numGroupsSym(unsigned D);  // "get_num_groups(D)"
// The uniform trip counter of the loop that updates V (`for (i = a; ...; i += s)`: i is
// a + iter(i)*s).
std::string tripCounterSym(const std::string &Var); // "iter(V)"

// What a uniform symbol stands for. Names are built so that kinds cannot collide: kernel
// arguments and variables are C identifiers, the others contain parentheses.
enum class SymbolKind {
  Variable,    // a kernel argument, or a variable with a uniform value
  WorkItem,    // get_local_size, get_global_size, get_num_groups, get_global_offset
  GroupId,     // get_group_id(d)
  TripCounter, // iter(v)
};
SymbolKind symbolKind(const std::string &Name);
// The variable whose loop a trip counter counts: "i" for "iter(i)".
std::string tripCounterVariable(const std::string &Sym);

} // namespace cllint::analysis
