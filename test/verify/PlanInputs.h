// The plan builder's test inputs: a file of Inputs/ linted, findings added by hand as a rule
// would report them, fixes, plans and their run with cllint-runner.
#pragma once

#include "Driver/Linter.h"
#include "TestUtil.h"
#include "Verify/Plan/PlanBuilder.h"

#include <gtest/gtest.h>
#include <optional>

namespace verifytest {

using namespace cllint;
using namespace cllint::verify;

inline Position positionOf(const std::string &Text, size_t Offset) {
  Position P;
  P.Offset = static_cast<unsigned>(Offset);
  P.Line = 1;
  size_t LineStart = 0;
  for (size_t I = 0; I < Offset; ++I)
    if (Text[I] == '\n') {
      ++P.Line;
      LineStart = I + 1;
    }
  P.Column = static_cast<unsigned>(Offset - LineStart + 1);
  return P;
}

struct Input {
  Linter L;
  FileResult R;

  explicit Input(const std::string &Name, bool KeepFindings = false,
                 std::optional<std::string> Config = std::nullopt)
      : L([&] {
          LintOptions O;
          O.NoConfig = !Config;
          O.ConfigPath = Config;
          return O;
        }()) {
    R = L.lintFile(input(Name));
    EXPECT_TRUE(R.InputErrors.empty());
    EXPECT_FALSE(R.CompileFailed);
    if (!KeepFindings)
      R.Findings.clear();
  }

  // A finding at the first occurrence of At, as a rule would report it.
  Finding &add(const std::string &Rule, const std::string &At) {
    size_t Off = R.Content.find(At);
    EXPECT_NE(Off, std::string::npos) << At;
    Finding F;
    F.RuleId = Rule;
    F.Where.File = R.Path;
    F.Where.Begin = positionOf(R.Content, Off);
    F.Where.End = positionOf(R.Content, Off + At.size());
    F.Message = "test finding";
    R.Findings.push_back(F);
    return R.Findings.back();
  }

  // A fix of F replacing the first occurrence of Old from F's location on (or from the start
  // of the file) with New.
  void fix(Finding &F, const std::string &Old, const std::string &New, bool FromStart = false,
           FixSafety Safety = FixSafety::Safe) {
    size_t Off = R.Content.find(Old, FromStart ? 0 : F.Where.Begin.Offset);
    ASSERT_NE(Off, std::string::npos) << Old;
    Edit E;
    E.Where.File = R.Path;
    E.Where.Begin = positionOf(R.Content, Off);
    E.Where.End = positionOf(R.Content, Off + Old.size());
    E.Replacement = New;
    F.Fixes.push_back({"replace '" + Old + "' with '" + New + "'", {E}, Safety});
  }

  PlanSet plan(VerifyOptions O = {}) {
    PlanSet Set;
    std::string Error;
    EXPECT_TRUE(planFindings(L, R, O, Set, Error)) << Error;
    return Set;
  }
};

inline VerifyOptions global(std::vector<uint64_t> G) {
  VerifyOptions O;
  O.Global = std::move(G);
  return O;
}

inline const ArgPlan &arg(const PlannedCase &C, const std::string &Name) {
  for (const ArgPlan &A : C.Setup.Args)
    if (A.Name == Name)
      return A;
  ADD_FAILURE() << "no argument " << Name;
  static ArgPlan None;
  return None;
}

inline std::string reasons(const PlanSet &S) {
  std::string Out;
  for (const Skip &K : S.Skips)
    Out += K.Rule + ": " + K.Reason + "\n";
  return Out;
}

// Writes the plan and runs it with cllint-runner; returns its run.
inline Ran runPlan(const PlanSet &Set, const std::string &Name) {
  std::string Dir = scratch(Name);
  runner::Settings S;
  S.runs = 2;
  S.warmup = 1;
  std::string Error;
  EXPECT_TRUE(writePlanDir(Set, S, Dir + "/plan", Error)) << Error;
  return run(std::string(CLLINT_RUNNER_EXE) + " -q --no-ceiling --format json " + Dir + "/plan",
             Dir);
}

} // namespace verifytest
