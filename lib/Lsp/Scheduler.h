// Debounced work on a few worker threads, off the thread that reads messages: scheduling a key
// again before its deadline replaces the pending task and restarts the delay, so a burst of
// edits is linted once, after the burst. Tasks of different keys (documents) run side by side,
// so one slow document does not hold back the others' diagnostics; tasks of one key never
// overlap (a key rescheduled while it runs waits for the running task).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace cllint::lsp {

class Scheduler {
public:
  using Clock = std::chrono::steady_clock;
  explicit Scheduler(unsigned Workers = defaultWorkers());
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  void schedule(const std::string &Key, std::chrono::milliseconds Delay,
                std::function<void()> Task);
  void cancel(const std::string &Key);
  // Drops pending tasks and waits for running ones; later schedule() calls are ignored.
  void stop();

  // Two or more, at most four: lints are CPU-bound, and an editor has few documents open.
  static unsigned defaultWorkers();

private:
  void loop();
  struct Pending {
    Clock::time_point Due;
    std::function<void()> Task;
  };
  std::mutex Lock;
  std::condition_variable Wake;
  std::map<std::string, Pending> Queue;
  std::set<std::string> Running;
  bool Stopping = false;
  std::vector<std::thread> Workers;
};

} // namespace cllint::lsp
