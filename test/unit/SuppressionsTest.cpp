#include "Diagnostics/Suppressions.h"

#include <gtest/gtest.h>

using namespace cllint;

namespace {
Finding at(unsigned Line, const std::string &Rule) {
  Finding F;
  F.RuleId = Rule;
  F.Where.File = "k.cl";
  F.Where.Begin = {Line, 1, 0};
  return F;
}
bool known(const std::string &Id) { return Id.rfind("arith-", 0) == 0 || Id == "memory-*"; }
} // namespace

TEST(Comments, SkipsStringsAndFindsBothKinds) {
  auto C = scanComments("int a; // one\nchar *s = \"// not\"; /* two\nlines */ int b;\n");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[0].Text, "// one");
  EXPECT_EQ(C[0].Line, 1u);
  EXPECT_EQ(C[1].Line, 2u);
  EXPECT_EQ(C[1].Text, "/* two\nlines */");
}

TEST(Suppressions, EveryForm) {
  std::string Src = "x; // cllint: ignore[arith-a]\n"         // 1
                    "// cllint: ignore-next-line[memory-*]\n" // 2
                    "y;\n"                                    // 3
                    "z; // NOLINT\n"                          // 4
                    "// NOLINTNEXTLINE(arith-b)\n"            // 5
                    "w;\n"                                    // 6
                    "// NOLINTBEGIN(arith-c)\n"               // 7
                    "v;\n"                                    // 8
                    "// NOLINTEND(arith-c)\n"                 // 9
                    "u;\n";                                   // 10
  Suppressions S = Suppressions::parse("k.cl", Src, known);
  EXPECT_TRUE(S.problems().empty());
  EXPECT_TRUE(S.suppresses(at(1, "arith-a")));
  EXPECT_FALSE(S.suppresses(at(1, "arith-b")));
  EXPECT_TRUE(S.suppresses(at(3, "memory-global-stride")));
  EXPECT_FALSE(S.suppresses(at(3, "arith-a")));
  EXPECT_TRUE(S.suppresses(at(4, "anything")));
  EXPECT_TRUE(S.suppresses(at(6, "arith-b")));
  EXPECT_TRUE(S.suppresses(at(8, "arith-c")));
  EXPECT_FALSE(S.suppresses(at(10, "arith-c")));
  EXPECT_FALSE(S.suppresses(at(4, "clang-diagnostic-error"))); // errors are never hidden
}

TEST(Suppressions, FileLevelAndUnknownIds) {
  Suppressions S = Suppressions::parse("k.cl", "// cllint: ignore-file[arith-x, bogus]\n", known);
  EXPECT_TRUE(S.suppresses(at(400, "arith-x")));
  ASSERT_EQ(S.problems().size(), 1u);
  EXPECT_EQ(S.problems()[0].RuleId, "cllint-suppression");
  EXPECT_NE(S.problems()[0].Message.find("'bogus'"), std::string::npos);
}
