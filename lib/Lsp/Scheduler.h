// Debounced work on one worker thread, off the thread that reads messages: scheduling a key
// again before its deadline replaces the pending task and restarts the delay, so a burst of
// edits is linted once, after the burst.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace cllint::lsp {

class Scheduler {
public:
  using Clock = std::chrono::steady_clock;
  Scheduler();
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  void schedule(const std::string &Key, std::chrono::milliseconds Delay,
                std::function<void()> Task);
  void cancel(const std::string &Key);
  // Drops pending tasks and waits for a running one; later schedule() calls are ignored.
  void stop();

private:
  void loop();
  struct Pending {
    Clock::time_point Due;
    std::function<void()> Task;
  };
  std::mutex Lock;
  std::condition_variable Wake;
  std::map<std::string, Pending> Queue;
  bool Stopping = false;
  std::thread Worker;
};

} // namespace cllint::lsp
