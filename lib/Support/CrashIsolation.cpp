#include "Support/CrashIsolation.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <atomic>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <sys/mman.h>

namespace cllint {
namespace {

// Deep but legal inputs (long expression chains, deeply nested helpers) need far more stack
// than a thread's default 8 MiB; it is only reserved address space until touched.
constexpr unsigned WorkStackBytes = 256u << 20;
constexpr size_t AltStackBytes = 256u << 10;

std::atomic<bool> Abandoned{false};

struct Job {
  std::mutex M;
  std::condition_variable Done;
  bool Finished = false;
  IsolatedOutcome Outcome;
  std::string Stage = "starting";
  std::string Cause;
};

thread_local Job *CurrentJob = nullptr;

void installHandlersOnAltStack() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::CrashRecoveryContext::Enable();
    // An abort the work announced (setIsolatedCause) becomes that file's finding; LLVM's own
    // "LLVM ERROR" line on stderr would only repeat it.
    llvm::install_fatal_error_handler([](void *, const char *Reason, bool) {
      if (Job *J = CurrentJob; J && !J->Cause.empty())
        return;
      std::fprintf(stderr, "LLVM ERROR: %s\n", Reason);
    });
    // CrashRecoveryContext installs its handlers without SA_ONSTACK, so a stack overflow
    // would fault again inside the handler and kill the process. Same handlers, alt stack.
    for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) {
      struct sigaction A;
      if (sigaction(Sig, nullptr, &A) == 0 && A.sa_handler != SIG_DFL && A.sa_handler != SIG_IGN) {
        A.sa_flags |= SA_ONSTACK;
        sigaction(Sig, &A, nullptr);
      }
    }
  });
}

// Each worker thread gets its own alternate signal stack, freed when the thread ends.
class AltStack {
public:
  AltStack() {
    Memory =
        mmap(nullptr, AltStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (Memory == MAP_FAILED) {
      Memory = nullptr;
      return;
    }
    stack_t S{};
    S.ss_sp = Memory;
    S.ss_size = AltStackBytes;
    sigaltstack(&S, &Old);
  }
  ~AltStack() {
    if (!Memory)
      return;
    sigaltstack(&Old, nullptr);
    munmap(Memory, AltStackBytes);
  }

private:
  void *Memory = nullptr;
  stack_t Old{};
};

std::string signalName(int Signal) {
  switch (Signal) {
  case SIGSEGV:
    return "SIGSEGV: invalid memory access or stack overflow";
  case SIGBUS:
    return "SIGBUS: bus error";
  case SIGILL:
    return "SIGILL: illegal instruction";
  case SIGFPE:
    return "SIGFPE: arithmetic trap";
  case SIGABRT:
    return "SIGABRT: aborted";
  case SIGTRAP:
    return "SIGTRAP: trap";
  default:
    return "signal " + std::to_string(Signal);
  }
}

void runJob(const std::shared_ptr<Job> &J, const std::function<void()> &Work) {
  AltStack Alt;
  CurrentJob = J.get();
  IsolatedOutcome Out;
  std::string Exception;
  llvm::CrashRecoveryContext CRC;
  bool Ok = CRC.RunSafely([&] {
    try {
      Work();
    } catch (const std::exception &E) {
      Exception = std::string("uncaught exception: ") + E.what();
    } catch (...) {
      Exception = "uncaught exception";
    }
  });
  CurrentJob = nullptr;
  if (!Ok || !Exception.empty())
    Abandoned = true;
  if (!Ok) {
    Out.K = IsolatedOutcome::Crashed;
    Out.Reason = signalName(CRC.RetCode > 128 ? CRC.RetCode - 128 : CRC.RetCode);
  } else if (!Exception.empty()) {
    Out.K = IsolatedOutcome::Crashed;
    Out.Reason = Exception;
  }
  std::lock_guard<std::mutex> Lock(J->M);
  Out.Stage = J->Stage;
  Out.Cause = J->Cause;
  J->Outcome = std::move(Out);
  J->Finished = true;
  J->Done.notify_all();
}

} // namespace

std::string IsolatedOutcome::describe(std::chrono::milliseconds Limit) const {
  std::string Where = Stage.empty() ? "" : " while " + Stage;
  if (K == TimedOut)
    return "gave up after " + std::to_string((Limit.count() + 999) / 1000) + " s" + Where +
           " (raise the limit with --file-timeout)";
  if (K == Cancelled)
    return "cancelled" + Where;
  if (K == Crashed && !Cause.empty())
    return Cause;
  if (K == Crashed)
    return "cllint crashed (" + Reason + ")" + Where;
  return "completed";
}

IsolatedOutcome runIsolated(const std::function<void()> &Work, std::chrono::milliseconds Limit,
                            const std::atomic<bool> *Cancel) {
  installHandlersOnAltStack();
  auto J = std::make_shared<Job>();
  // The thread owns a copy of the work and a reference to the job, so it may outlive us.
  llvm::thread T(std::optional<unsigned>(WorkStackBytes), [J, Work] { runJob(J, Work); });
  std::unique_lock<std::mutex> Lock(J->M);
  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> Deadline;
  if (Limit.count() > 0)
    Deadline = Clock::now() + Limit;
  // Cancellation is polled: whoever cancels need not know which jobs wait.
  constexpr auto Poll = std::chrono::milliseconds(20);
  std::optional<IsolatedOutcome::Kind> Stopped;
  while (!J->Finished) {
    if (Cancel && Cancel->load()) {
      Stopped = IsolatedOutcome::Cancelled;
      break;
    }
    Clock::time_point Until = Deadline ? *Deadline : Clock::time_point::max();
    if (Cancel)
      Until = std::min(Until, Clock::now() + Poll);
    if (Until == Clock::time_point::max())
      J->Done.wait(Lock);
    else
      J->Done.wait_until(Lock, Until);
    if (!J->Finished && Deadline && Clock::now() >= *Deadline) {
      Stopped = IsolatedOutcome::TimedOut;
      break;
    }
  }
  if (Stopped) {
    IsolatedOutcome Out;
    Out.K = *Stopped;
    Out.Stage = J->Stage;
    Lock.unlock();
    Abandoned = true;
    T.detach();
    return Out;
  }
  IsolatedOutcome Out = J->Outcome;
  Lock.unlock();
  T.join();
  return Out;
}

void setIsolatedStage(const std::string &Stage) {
  if (Job *J = CurrentJob) {
    std::lock_guard<std::mutex> Lock(J->M);
    J->Stage = Stage;
  }
}

void setIsolatedCause(const std::string &Cause) {
  if (Job *J = CurrentJob) {
    std::lock_guard<std::mutex> Lock(J->M);
    J->Cause = Cause;
  }
}

bool mustExitWithoutCleanup() { return Abandoned; }

void exitWithoutCleanup(int Code) {
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  std::_Exit(Code);
}

} // namespace cllint
