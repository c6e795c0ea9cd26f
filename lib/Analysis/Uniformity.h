// Whether a value or a branch condition varies within a warp, and how a varying condition
// splits the warps of a work-group. Conditions whose varying inputs are lane ids are evaluated
// lane by lane over the first work-group (at most 1024 lanes); uniform symbols inside them are
// bound from the work-group shape, replayed through their loop (`s = L/2; s > 0; s >>= 1`)
// for plausible values, or sampled.
#pragma once

#include "Analysis/IndexForm.h"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cllint::analysis {

enum class Uniformity { Uniform, Varying };
Uniformity uniformityOf(const VExpr &E);

// A condition true for at most one lane of a warp whatever the unknowns are: `lid == n - 1`,
// an id expression with a non-zero constant lane step compared with a uniform value (also as
// one conjunct of `&&`), when a warp lies along dimension 0 (Dim0Lanes, the work-group's
// extent there, at least a warp).
bool atMostOneLane(const VExpr &Cond, unsigned Dim0Lanes, unsigned WarpSize);

// How one evaluation over the first work-group splits its warps.
struct WarpSplit {
  unsigned Warps = 0;
  unsigned DivergentWarps = 0;
  unsigned MaxTransitions = 0; // most changes of the condition between neighbouring lanes
  unsigned WarpSize = 32;
  // Over the divergent warps: average lanes on the true path and on the other path(s).
  double AvgTrueLanes = 0, AvgOtherLanes = 0;
  double AvgReachingLanes = 0; // lanes the surrounding conditions let through, likewise
  unsigned MaxPaths = 1;       // distinct values in one warp (switch)
  bool Constant = true;        // every lane of the work-group has the same value
  // Divergent with a period below the warp: more than two changes within a warp, or more than
  // two divergent warps. Thresholds (`lid < s`) and single-lane sections (`lid == 0`) are not.
  bool periodic() const { return MaxTransitions > 2 || DivergentWarps > 2; }
};

// One lane-by-lane evaluation; nullopt when some lane's value cannot be computed. Lanes for
// which Active (the conditions around the branch, when given) is known to be false do not run
// the branch and are left out.
std::optional<WarpSplit> splitWarps(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                    unsigned WarpSize, const SymbolValues &Env, bool Boolean,
                                    const VExpr &Active = nullptr);

// How a condition splits the work-items of one work-group: how many it holds for, of all, and
// the binding of loop variables (`s` of a tree loop) under which it splits, if one was needed.
struct GroupSplit {
  unsigned True = 0, Lanes = 0;
  SymbolValues Binding; // loop variables bound to reach the split (empty: none needed)
  bool constant() const { return True == 0 || True == Lanes; }
};
// Evaluated over the first work-group of Shape (at most 1024 work-items); when the condition
// mentions loop variables, each plausible value is tried and the first that splits the group
// is returned (else a constant split). nullopt when some work-item's value cannot be computed.
std::optional<GroupSplit> splitGroup(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                     const std::vector<VExpr> &LoopConditions);

struct ConditionVerdict {
  enum Kind {
    Uniform,     // the same on every lane of a warp
    WarpAligned, // varies, but never within a warp
    Sparse,      // a threshold or a few lanes: splits at most two warps per work-group
    Divergent,   // splits warps with a period below the warp width
    Undecided    // depends on loads or values the analysis cannot bind
  };
  Kind K = Undecided;
  WarpSplit Worst;          // the evaluation that splits most
  std::string Symbol;       // the loop variable whose values were replayed, if any
  unsigned ValuesSplit = 0; // plausible values of Symbol for which warps diverge
  unsigned ValuesTotal = 0;
  std::string SymbolValueOfWorst;
  // When the condition mentions group ids: of the work-groups sampled (every combination of
  // ids 1..3 per dimension for two, 1..2 for one or three), how many split periodically.
  unsigned GroupsSplit = 0, GroupsTotal = 0;
};

// The verdict of the lane-by-lane evaluation alone (classifyCondition also knows thresholds).
ConditionVerdict classifyOverLanes(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize, bool Boolean, const VExpr &Active = nullptr);
// Classifies a branch condition (Boolean) or a switch value over the first work-group; Active
// as for splitWarps.
ConditionVerdict classifyCondition(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                   unsigned WarpSize, bool Boolean = true,
                                   const VExpr &Active = nullptr);

// How a loop condition on the loop's own trip counter (`for (k = 0; k <= lid; ++k)`: iter(k) <=
// lid) spreads the trip counts of the lanes of each warp: a warp runs as many iterations as its
// longest lane, the others idle. Evaluated over the first 256 lanes of a work-group (group ids
// 1), unbound uniform symbols sampled and the mildest sample kept; nullopt when the condition
// has no trip counter, mentions a recurrence, or some lane's count is unbounded.
struct TripSpread {
  unsigned Warps = 0, UnevenWarps = 0;
  int64_t MinTrips = 0, MaxTrips = 0;
  double IdleShare = 0; // idle lane-iterations / lane-iterations the warps run
  std::string Counter;
  // Within every row of lanes the trip count never grows and differs by at most one: the
  // remainder of items dealt out over the lanes (`for (i = lid; i < n; i += lsz)`), which no
  // remapping removes.
  bool Remainder = false;
};
// The first count K >= 0 at which a loop condition no longer holds (Holds(K): the condition
// with the trip counter at K), found by doubling then bisecting: a loop's condition, once
// false, ends it, so it is taken to stay false after that. nullopt when Holds cannot be
// evaluated or the search reaches Limit.
std::optional<int64_t>
firstFailingIteration(const std::function<std::optional<bool>(int64_t)> &Holds, int64_t Limit);
std::optional<TripSpread> tripSpread(const VExpr &Cond, const std::array<unsigned, 3> &Shape,
                                     unsigned WarpSize);

// Plausible values of a symbol with a loop recurrence, replayed from its initial value; empty
// when the loop cannot be replayed.
std::vector<int64_t> plausibleValues(const VNode &Sym, const SymbolValues &Env);

// A power-of-two variable scaled once per iteration of a loop that another variable drives
// (Blelloch's `offset *= 2` in `for (d = n >> 1; d > 0; d >>= 1)`): the pairs they take
// together, iteration by iteration, each binding both names. nullopt when Sym is not scaled in
// lockstep with a loop variable that can be replayed.
std::optional<std::vector<SymbolValues>> lockstepValues(const VNode &Sym, const SymbolValues &Env);

// Every combination of values of the symbols that Exprs mention directly and Env leaves free:
// a symbol with a loop recurrence takes its plausible values; the trip counter `k_v` of a
// counted loop (`for (v = 0; v < 32; v += 8)`: v is `k_v*8`) takes 0, 1, ... for as long as
// one of LoopConditions (uniform conditions of the loops around the use) that mentions only it
// holds. nullopt when a symbol cannot be bound, or when there are more than MaxSymbols free
// symbols or MaxCombinations combinations. One empty combination when nothing is free.
std::optional<std::vector<SymbolValues>>
symbolCombinations(const std::vector<VExpr> &Exprs, const std::vector<VExpr> &LoopConditions,
                   const SymbolValues &Env, unsigned MaxSymbols = 3, size_t MaxCombinations = 4096);

// Every combination of one value per name (the cross product of Choices, in order); nullopt
// when there would be more than MaxCombinations.
std::optional<std::vector<SymbolValues>>
everyCombination(const std::vector<std::pair<std::string, std::vector<int64_t>>> &Choices,
                 size_t MaxCombinations);

} // namespace cllint::analysis
