#include "Lsp/Scheduler.h"

#include <algorithm>

namespace cllint::lsp {

unsigned Scheduler::defaultWorkers() {
  return std::clamp(std::thread::hardware_concurrency(), 2u, 4u);
}

Scheduler::Scheduler(unsigned N) {
  for (unsigned I = 0; I < std::max(1u, N); ++I)
    Workers.emplace_back([this] { loop(); });
}

Scheduler::~Scheduler() { stop(); }

void Scheduler::schedule(const std::string &Key, std::chrono::milliseconds Delay,
                         std::function<void()> Task) {
  {
    std::lock_guard<std::mutex> G(Lock);
    if (Stopping)
      return;
    Queue[Key] = Pending{Clock::now() + Delay, std::move(Task)};
  }
  Wake.notify_all();
}

void Scheduler::cancel(const std::string &Key) {
  std::lock_guard<std::mutex> G(Lock);
  Queue.erase(Key);
}

void Scheduler::stop() {
  {
    std::lock_guard<std::mutex> G(Lock);
    Stopping = true;
    Queue.clear();
  }
  Wake.notify_all();
  for (std::thread &W : Workers)
    if (W.joinable() && W.get_id() != std::this_thread::get_id())
      W.join();
}

void Scheduler::loop() {
  std::unique_lock<std::mutex> L(Lock);
  while (!Stopping) {
    // The pending task due first among the keys no other worker is running.
    auto Next = Queue.end();
    for (auto It = Queue.begin(); It != Queue.end(); ++It)
      if (!Running.count(It->first) && (Next == Queue.end() || It->second.Due < Next->second.Due))
        Next = It;
    if (Next == Queue.end()) {
      Wake.wait(L); // a schedule() or a finished task re-evaluates
      continue;
    }
    if (Clock::now() < Next->second.Due) {
      Wake.wait_until(L, Next->second.Due);
      continue;
    }
    std::string Key = Next->first;
    std::function<void()> Task = std::move(Next->second.Task);
    Queue.erase(Next);
    Running.insert(Key);
    L.unlock();
    Task();
    L.lock();
    Running.erase(Key);
    Wake.notify_all(); // the key may have been rescheduled while it ran
  }
}

} // namespace cllint::lsp
