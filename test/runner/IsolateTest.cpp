#include "Isolate.h"

#include <chrono>
#include <csignal>
#include <gtest/gtest.h>
#include <stdexcept>
#include <thread>

using namespace cllint::runner;

TEST(Isolate, ReturnsTheChildsReply) {
  IsolatedOutcome o = runIsolated([] { return std::string(100000, 'x'); }, 10000);
  EXPECT_EQ(o.kind, IsolatedOutcome::Kind::Finished);
  EXPECT_EQ(o.output.size(), 100000u) << "replies larger than a pipe buffer arrive whole";
}

TEST(Isolate, ExceptionsBecomeErrorReplies) {
  IsolatedOutcome o = runIsolated([]() -> std::string { throw std::runtime_error("boom"); }, 10000);
  EXPECT_EQ(o.kind, IsolatedOutcome::Kind::Finished);
  EXPECT_EQ(o.output, R"({"error":"boom"})");
}

TEST(Isolate, HungChildIsKilled) {
  const auto start = std::chrono::steady_clock::now();
  IsolatedOutcome o = runIsolated(
      [] {
        for (;;)
          std::this_thread::sleep_for(std::chrono::seconds(1));
        return std::string();
      },
      300);
  EXPECT_EQ(o.kind, IsolatedOutcome::Kind::TimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(Isolate, CrashIsReportedWithTheSignal) {
  IsolatedOutcome o = runIsolated(
      []() -> std::string {
        std::raise(SIGSEGV);
        return "unreachable";
      },
      10000);
  EXPECT_EQ(o.kind, IsolatedOutcome::Kind::Failed);
  EXPECT_NE(o.detail.find("killed by signal 11"), std::string::npos) << o.detail;
}
