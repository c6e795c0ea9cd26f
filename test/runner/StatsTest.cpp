#include "Stats.h"

#include <gtest/gtest.h>

using namespace cllint::runner;

TEST(Stats, OddCount) {
  Timing t = summarize({50, 10, 40, 20, 30});
  EXPECT_EQ(t.medianNs, 30u);
  EXPECT_EQ(t.minNs, 10u);
  EXPECT_EQ(t.maxNs, 50u);
  EXPECT_EQ(t.q1Ns, 20u);
  EXPECT_EQ(t.q3Ns, 40u);
  EXPECT_FALSE(t.gbps);
}

TEST(Stats, EvenCountAveragesTheMiddle) {
  Timing t = summarize({4, 1, 3, 2});
  EXPECT_EQ(t.medianNs, 2u); // (2 + 3) / 2, rounded down
  t = summarize({10, 20});
  EXPECT_EQ(t.medianNs, 15u);
}

TEST(Stats, OneOutlierDoesNotMoveTheQuartiles) {
  Timing t = summarize({100, 101, 99, 100, 100, 102, 98, 100, 5000});
  EXPECT_EQ(t.medianNs, 100u);
  EXPECT_EQ(t.maxNs, 5000u);
  EXPECT_EQ(t.q1Ns, 100u); // sorted: 98 99 100 100 100 100 101 102 5000
  EXPECT_EQ(t.q3Ns, 101u);
}

TEST(Stats, Empty) {
  Timing t = summarize({});
  EXPECT_EQ(t.medianNs, 0u);
}
