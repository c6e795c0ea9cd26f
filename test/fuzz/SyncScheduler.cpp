// fuzz-lsp links this instead of lib/Lsp/Scheduler.cpp: the same class without worker
// threads. Scheduled lints run, in order of their due time, when the harness calls
// drainScheduledWork() — from the input stream's read callback, i.e. before the server reads
// the next byte of input. A run is then a function of the input bytes alone (no thread timing
// decides whether a lint happens before the next message or before the end of input).
#include "SyncScheduler.h"

#include "Lsp/Scheduler.h"

#include <functional>

namespace cllint::lsp {
namespace {
std::function<void()> *Drain = nullptr; // the live Scheduler's (one server at a time)
// A virtual clock instead of steady_clock: one tick per schedule() call, so the order of
// due times depends on the input only.
Scheduler::Clock::time_point VirtualNow;
} // namespace

// One document at a time, on the harness's thread: the worker count is ignored.
unsigned Scheduler::defaultWorkers() { return 1; }

Scheduler::Scheduler(unsigned) {
  VirtualNow = Clock::time_point();
  Drain = new std::function<void()>([this] { loop(); });
}

Scheduler::~Scheduler() {
  stop();
  delete Drain;
  Drain = nullptr;
}

void Scheduler::schedule(const std::string &Key, std::chrono::milliseconds Delay,
                         std::function<void()> Task) {
  std::lock_guard<std::mutex> G(Lock);
  if (Stopping)
    return;
  VirtualNow += std::chrono::nanoseconds(1);
  Queue[Key] = Pending{VirtualNow + Delay, std::move(Task)};
}

void Scheduler::cancel(const std::string &Key) {
  std::lock_guard<std::mutex> G(Lock);
  Queue.erase(Key);
}

void Scheduler::stop() {
  std::lock_guard<std::mutex> G(Lock);
  Stopping = true;
  Queue.clear();
}

// Runs what is pending now, ignoring delays (debouncing is a matter of timing, not of input).
// Tasks may schedule more work; a bound keeps a task that reschedules itself from spinning.
void Scheduler::loop() {
  std::unique_lock<std::mutex> L(Lock);
  for (unsigned Round = 0; Round < 1000 && !Stopping && !Queue.empty(); ++Round) {
    auto Next = Queue.begin();
    for (auto It = Queue.begin(); It != Queue.end(); ++It)
      if (It->second.Due < Next->second.Due)
        Next = It;
    std::function<void()> Task = std::move(Next->second.Task);
    Queue.erase(Next);
    L.unlock();
    Task();
    L.lock();
  }
}

} // namespace cllint::lsp

namespace cllint::fuzz {
void drainScheduledWork() {
  if (lsp::Drain)
    (*lsp::Drain)();
}
} // namespace cllint::fuzz
