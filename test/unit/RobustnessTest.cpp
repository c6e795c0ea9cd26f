// The pieces that keep hostile input from crashing or stalling cllint: linear scanners,
// JSON nesting checks, checked arithmetic, crash isolation, the line index.
#include "Analysis/IndexForm.h"
#include "Analysis/Poly.h"
#include "Lsp/Protocol.h"
#include "Support/CrashIsolation.h"
#include "Support/JsonNesting.h"
#include "Support/TextScan.h"

#include <climits>
#include <csignal>
#include <gtest/gtest.h>

using namespace cllint;
using namespace cllint::analysis;

namespace {

TEST(TextScan, FindsDirectivesLikeTheRegexesDid) {
  auto C = findCllintDirectives("x cllint: ignore[a, b] y cllint:ignore-next-line z");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[0].Kind, "ignore");
  EXPECT_EQ(C[0].Position, 2u);
  EXPECT_TRUE(C[0].HasList);
  EXPECT_EQ(C[0].List, "a, b");
  EXPECT_EQ(C[1].Kind, "ignore-next-line");
  EXPECT_FALSE(C[1].HasList);
  // `ignored` is no directive; an unclosed list is no list.
  EXPECT_TRUE(findCllintDirectives("cllint: ignored").empty());
  auto U = findCllintDirectives("cllint: ignore[a, b");
  ASSERT_EQ(U.size(), 1u);
  EXPECT_FALSE(U[0].HasList);

  auto N = findNolintDirectives("NOLINTNEXTLINE(x) NOLINT XNOLINT NOLINTEND NOLINTBEGIN(y)");
  ASSERT_EQ(N.size(), 4u);
  EXPECT_EQ(N[0].Kind, "NOLINTNEXTLINE");
  EXPECT_EQ(N[0].List, "x");
  EXPECT_EQ(N[1].Kind, "NOLINT");
  EXPECT_EQ(N[2].Kind, "NOLINTEND");
  EXPECT_EQ(N[3].Kind, "NOLINTBEGIN");
  EXPECT_TRUE(findNolintDirectives("NOLINTX").empty());
}

TEST(TextScan, LongInputsAreLinear) {
  std::string Ids = "NOLINT(";
  for (int I = 0; I < 20000; ++I)
    Ids += "memory-global-stride,";
  auto N = findNolintDirectives(Ids + ")");
  ASSERT_EQ(N.size(), 1u);
  EXPECT_EQ(N[0].List.size(), Ids.size() - 7);
  std::string Unterminated = "#include \"" + std::string(1 << 20, 'a');
  EXPECT_FALSE(includedHeader(Unterminated));
}

TEST(TextScan, IncludeLines) {
  EXPECT_EQ(includedHeader("  #  include <a/b.h> // x").value_or(""), "a/b.h");
  EXPECT_EQ(includedHeader("#include\"q.h\"").value_or(""), "q.h");
  EXPECT_FALSE(includedHeader("#define include"));
  EXPECT_FALSE(includedHeader("#include \"\""));
}

TEST(JsonNesting, CountsOutsideStringsOnly) {
  EXPECT_FALSE(jsonNestsDeeperThan("[[[]]]", 3));
  EXPECT_TRUE(jsonNestsDeeperThan("[[[[]]]]", 3));
  EXPECT_FALSE(jsonNestsDeeperThan("{\"a\": \"[[[[[[\\\"[[[[\"}", 1));
  EXPECT_TRUE(jsonNestsDeeperThan(std::string(100000, '[')));
}

TEST(CheckedArithmetic, OverflowMakesValuesUnknown) {
  // Constant folding that would trap or overflow leaves the operation symbolic.
  EXPECT_NE(vOp(VOp::Div, {vConst(INT64_MIN), vConst(-1)})->Op, VOp::Const);
  EXPECT_NE(vOp(VOp::Rem, {vConst(INT64_MIN), vConst(-1)})->Op, VOp::Const);
  EXPECT_NE(vOp(VOp::Mul, {vConst(INT64_MAX), vConst(2)})->Op, VOp::Const);
  EXPECT_NE(vOp(VOp::Shl, {vConst(3), vConst(62)})->Op, VOp::Const);
  EXPECT_NE(vOp(VOp::Neg, {vConst(INT64_MIN)})->Op, VOp::Const);
  EXPECT_EQ(vOp(VOp::Shl, {vConst(1), vConst(62)})->Value, int64_t(1) << 62);

  // A lane coefficient that overflows makes the form unknown, never garbage.
  VExpr Big = vOp(VOp::Mul, {vLane(0), vConst(int64_t(1) << 62)});
  EXPECT_TRUE(linearize(Big).isAffine());
  IndexForm F = linearize(vOp(VOp::Mul, {Big, vConst(4)}));
  EXPECT_EQ(F.K, IndexForm::UnknownVarying);
  EXPECT_EQ(F.Why, "arithmetic overflows 64 bits");

  Poly P = Poly::symbol("n").scaled(INT64_MAX);
  EXPECT_TRUE((P + Poly::symbol("n")).overflowed());
  EXPECT_FALSE((P + Poly::symbol("n")).evaluate({{"n", 1}}));
  EXPECT_FALSE(Poly::constant(INT64_MIN).scaled(-1).constantValue());
  EXPECT_EQ(Poly::constant(INT64_MIN).str(), "-9223372036854775808");
}

TEST(CheckedArithmetic, SharedDagsStayCheap) {
  // 80 levels of `a = a + a`: 2^80 nodes as a tree, 80 as a DAG.
  VExpr A = vOp(VOp::Add, {vLane(0), vSym("s")});
  for (int I = 0; I < 80; ++I)
    A = vOp(VOp::Mul, {A, A});
  EXPECT_TRUE(dependsOnLanes(A));
  EXPECT_FALSE(evaluate(A, {1, 0, 0}, {{"s", 1}}));
  EXPECT_LT(toString(A).size(), 64u);
  std::vector<const VNode *> Syms;
  collectSymbols(A, Syms);
  EXPECT_EQ(Syms.size(), 1u);
}

TEST(CrashIsolation, CrashesBecomeOutcomes) {
  IsolatedOutcome Ok = runIsolated([] { setIsolatedStage("working"); }, {});
  EXPECT_TRUE(Ok.ok());

  IsolatedOutcome Segv = runIsolated(
      [] {
        setIsolatedStage("running rule 'x'");
        std::raise(SIGSEGV);
      },
      {});
  EXPECT_EQ(Segv.K, IsolatedOutcome::Crashed);
  EXPECT_EQ(Segv.describe({}),
            "cllint crashed (SIGSEGV: invalid memory access or stack overflow) while running "
            "rule 'x'");

  // A real stack overflow: the handler runs on the alternate stack.
  std::function<int(int)> Recurse = [&](int N) -> int {
    volatile char Pad[4096];
    Pad[0] = static_cast<char>(N);
    return Recurse(N + 1) + Pad[0];
  };
  IsolatedOutcome Deep = runIsolated([&] { Recurse(0); }, {});
  EXPECT_EQ(Deep.K, IsolatedOutcome::Crashed);

  IsolatedOutcome Thrown = runIsolated([] { throw std::runtime_error("boom"); }, {});
  EXPECT_EQ(Thrown.K, IsolatedOutcome::Crashed);
  EXPECT_EQ(Thrown.Reason, "uncaught exception: boom");
  EXPECT_TRUE(mustExitWithoutCleanup());
}

TEST(CrashIsolation, TimeLimit) {
  auto Stop = std::make_shared<std::atomic<bool>>(false);
  IsolatedOutcome Slow = runIsolated(
      [Stop] {
        setIsolatedStage("parsing");
        while (!*Stop)
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
      },
      std::chrono::milliseconds(50));
  *Stop = true;
  EXPECT_EQ(Slow.K, IsolatedOutcome::TimedOut);
  EXPECT_EQ(Slow.describe(std::chrono::milliseconds(50)),
            "gave up after 1 s while parsing (raise the limit with --file-timeout)");
}

TEST(LineIndex, PositionsAndIncludes) {
  std::string Text = "#include \"a/b.h\"\r\nx\xc3\xa9y\n\n#include <c.h>";
  lsp::LineIndex L(Text);
  EXPECT_EQ(L.position(Text, 0), (lsp::LspPosition{0, 0}));
  EXPECT_EQ(L.position(Text, 18), (lsp::LspPosition{1, 0}));
  EXPECT_EQ(L.position(Text, 21), (lsp::LspPosition{1, 2})); // after the two-byte é
  EXPECT_EQ(L.position(Text, 1000), (lsp::LspPosition{3, 14}));
  EXPECT_EQ(L.bounds(Text, 0), (std::pair<size_t, size_t>{0, 16}));
  EXPECT_EQ(L.bounds(Text, 9), (std::pair<size_t, size_t>{Text.size(), Text.size()}));
  EXPECT_EQ(L.includeLineFor("/src/a/b.h").value_or(99), 0u);
  EXPECT_EQ(L.includeLineFor("c.h").value_or(99), 3u);
  EXPECT_FALSE(L.includeLineFor("/src/xa/b.h"));
  // The index agrees with the scan from the start everywhere.
  for (size_t O = 0; O <= Text.size(); ++O)
    EXPECT_EQ(L.position(Text, O), lsp::offsetToPosition(Text, O)) << O;
}

} // namespace
