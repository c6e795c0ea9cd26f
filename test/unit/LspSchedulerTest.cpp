#include "Lsp/Scheduler.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <thread>

using namespace cllint;

TEST(LspScheduler, DocumentsRunSideBySideButOneDocumentNeverOverlapsItself) {
  lsp::Scheduler S(2);
  std::atomic<int> SlowRunning{0}, MaxSlowRunning{0}, FastDone{0};
  std::atomic<bool> Release{false};
  auto Slow = [&] {
    int Now = ++SlowRunning;
    MaxSlowRunning = std::max(MaxSlowRunning.load(), Now);
    while (!Release)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    --SlowRunning;
  };
  S.schedule("slow", std::chrono::milliseconds(0), Slow);
  while (SlowRunning == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  // Rescheduled while it runs: waits, although a worker is free.
  S.schedule("slow", std::chrono::milliseconds(0), Slow);
  S.schedule("fast", std::chrono::milliseconds(0), [&] { ++FastDone; });
  for (int I = 0; I < 5000 && FastDone == 0; ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(FastDone, 1); // not held back by the slow document
  EXPECT_EQ(SlowRunning, 1);
  Release = true;
  S.stop();
  EXPECT_EQ(MaxSlowRunning, 1);
}
