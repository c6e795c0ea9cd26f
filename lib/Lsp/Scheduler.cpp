#include "Lsp/Scheduler.h"

namespace cllint::lsp {

Scheduler::Scheduler() : Worker([this] { loop(); }) {}

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
  if (Worker.joinable())
    Worker.join();
}

void Scheduler::loop() {
  std::unique_lock<std::mutex> L(Lock);
  while (!Stopping) {
    if (Queue.empty()) {
      Wake.wait(L);
      continue;
    }
    auto Next = Queue.begin();
    for (auto It = Queue.begin(); It != Queue.end(); ++It)
      if (It->second.Due < Next->second.Due)
        Next = It;
    if (Clock::now() < Next->second.Due) {
      Wake.wait_until(L, Next->second.Due); // a new schedule() re-evaluates
      continue;
    }
    std::function<void()> Task = std::move(Next->second.Task);
    Queue.erase(Next);
    L.unlock();
    Task();
    L.lock();
  }
}

} // namespace cllint::lsp
