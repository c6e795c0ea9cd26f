#include "Frontend/IncludeLines.h"

#include <gtest/gtest.h>

using namespace cllint;

TEST(IncludeLines, NestedHeadersTakeTheLineOfTheMainFilesInclude) {
  // main:3 -> a.h, a.h:1 -> b.h, b.h:2 -> c.h; main:5 -> c.h directly; d.h is not reached.
  std::vector<IncludeEdge> Edges = {
      {"", 3, "inc/a.h"}, {"inc/a.h", 1, "inc/b.h"}, {"inc/b.h", 2, "inc/c.h"},
      {"", 5, "inc/c.h"}, {"other.h", 1, "inc/d.h"}, {"inc/c.h", 1, "inc/a.h"}, // a cycle
  };
  std::vector<std::pair<std::string, unsigned>> Want = {
      {"inc/a.h", 3}, {"inc/c.h", 5}, {"inc/b.h", 3}};
  EXPECT_EQ(mainFileIncludeLines(Edges), Want);
  EXPECT_TRUE(mainFileIncludeLines({}).empty());
}
