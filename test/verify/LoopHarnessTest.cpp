// The loop harness of arithmetic findings (LoopHarness.h): what is lifted, how it is named and
// set up, that it runs, and when it cannot be built; double literals of one statement as one
// case.
#include "PlanInputs.h"

#include <gtest/gtest.h>

using namespace verifytest;

// An arithmetic finding also gets a loop harness: the flagged expression, as written, its
// scalar variables and loads read from input buffers, 256 times per work-item, before and after
// the fix, run and compared like the fix. An expression from a macro cannot be lifted out: the
// kernel's own case says why.
TEST(PlanBuilder, ArithmeticFindingGetsALoopHarnessOfItsExpression) {
  Input In("soften.cl");
  Finding &F = In.add("arith-double-literal", "0.5 + gain");
  In.fix(F, "0.5", "0.5f", false, FixSafety::Unsafe);
  PlanSet Set = In.plan(global({4096}));
  ASSERT_EQ(Set.Cases.size(), 2u) << reasons(Set);
  const PlannedCase &Kernel = Set.Cases[0], &Harness = Set.Cases[1];
  EXPECT_EQ(Kernel.Kernel, "soften");
  EXPECT_EQ(Harness.Kernel, "cllint_loop_harness");
  EXPECT_TRUE(Harness.LoopHarness);
  EXPECT_EQ(Harness.Id, Kernel.Id + ":loop-harness");
  EXPECT_EQ(Harness.Compare, "ulp");
  EXPECT_EQ(Harness.UlpTolerance, Kernel.UlpTolerance * 256);
  // The whole double chain up to the store, the load named.
  EXPECT_NE(Harness.Description.find("'x * 0.5 + gain * 1.5 + in[i] * 0.25' evaluated 256 times"),
            std::string::npos)
      << Harness.Description;
  EXPECT_NE(
      Harness.Before.find("cllint_acc += fabs((float)(x * 0.5 + gain * 1.5 + cllint_v0 * 0.25));"),
      std::string::npos)
      << Harness.Before;
  EXPECT_NE(
      Harness.After.find("cllint_acc += fabs((float)(x * 0.5f + gain * 1.5 + cllint_v0 * 0.25));"),
      std::string::npos)
      << Harness.After;
  EXPECT_NE(Harness.Before.find("float cllint_v0 = (float)fin[cllint_i + 0];"), std::string::npos);
  EXPECT_NE(Harness.Before.find("float gain = (float)fin[cllint_i + 1];"), std::string::npos);
  EXPECT_NE(Harness.Before.find("float x = (float)fin[cllint_i + 2];"), std::string::npos);
  EXPECT_NE(Harness.Before.find("cllint_v0 += 0.0009765625f;"), std::string::npos);
  EXPECT_EQ(Harness.Setup.Global[0], 1u << 20);
  EXPECT_EQ(Harness.Setup.BytesMoved, 0u); // no GB/s for a harness
  Ran R = runPlan(Set, "soften");
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("cllint_loop_harness"), std::string::npos) << R.Out;

  Input Macro("soften.cl");
  Finding &G = Macro.add("arith-double-literal", "HALF(x)");
  Macro.fix(G, "0.5", "0.5f", true, FixSafety::Unsafe);
  PlanSet Only = Macro.plan(global({4096}));
  ASSERT_EQ(Only.Cases.size(), 1u) << reasons(Only);
  EXPECT_NE(Only.Cases[0].Description.find(
                "(no loop harness: the flagged expression comes from a macro)"),
            std::string::npos)
      << Only.Cases[0].Description;
}

// Double literals of one statement are measured together, as --fix applies them: one of them
// alone leaves the rest of the expression in double.
TEST(PlanBuilder, DoubleLiteralsOfOneStatementAreOneCase) {
  Input In("soften.cl");
  Finding &A = In.add("arith-double-literal", "0.5 + gain");
  In.fix(A, "0.5", "0.5f", false, FixSafety::Unsafe);
  Finding &B = In.add("arith-double-literal", "1.5 + in");
  In.fix(B, "1.5", "1.5f", false, FixSafety::Unsafe);
  PlanSet Set = In.plan(global({4096}));
  ASSERT_EQ(Set.Cases.size(), 2u) << reasons(Set);
  EXPECT_TRUE(Set.Skips.empty()) << reasons(Set);
  EXPECT_NE(Set.Cases[0].Description.find("the 2 double literals of this statement together"),
            std::string::npos)
      << Set.Cases[0].Description;
  EXPECT_NE(Set.Cases[0].After.find("x * 0.5f + gain * 1.5f + in[i] * 0.25;"), std::string::npos)
      << Set.Cases[0].After;
  EXPECT_NE(Set.Cases[1].After.find("(float)(x * 0.5f + gain * 1.5f + cllint_v0 * 0.25)"),
            std::string::npos)
      << Set.Cases[1].After;
}
