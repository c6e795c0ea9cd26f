// Runs one unit of work (linting a file, answering an LSP request) so that a crash inside it
// loses only that unit: on a thread of its own with a large stack, under
// llvm::CrashRecoveryContext, with signal handlers that run on an alternate stack (a stack
// overflow cannot run its handler on the stack that overflowed), and with a time limit.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>

namespace cllint {

struct IsolatedOutcome {
  enum Kind { Completed, Crashed, TimedOut, Cancelled } K = Completed;
  std::string Stage;  // what the work said it was doing (setIsolatedStage) when it stopped
  std::string Reason; // "SIGSEGV (segmentation fault)", "uncaught exception: ..."
  std::string Cause;  // why the work aborted when it knew it would (setIsolatedCause)
  bool ok() const { return K == Completed; }
  // "crashed (SIGSEGV: ...) while running rule 'x'", "timed out after 120 s while parsing".
  std::string describe(std::chrono::milliseconds Limit) const;
};

// Runs Work isolated. Limit 0 means no time limit. On a timeout, or once *Cancel turns true
// (the language server shutting down), the work's thread is left running, detached; it must
// only touch state it owns (captured by value or shared_ptr) or state that outlives the process
// (which then ends with exitWithoutCleanup).
IsolatedOutcome runIsolated(const std::function<void()> &Work, std::chrono::milliseconds Limit,
                            const std::atomic<bool> *Cancel = nullptr);

// Names the stage of the isolated work running on this thread ("parsing", "rule 'x'");
// a no-op outside runIsolated.
void setIsolatedStage(const std::string &Stage);

// Whether some work crashed or was abandoned after its time limit. A crashed unit leaves
// LLVM's global state half-updated (timers of a compiler instance never unregistered) and an
// abandoned one may still run, so the process must end with _Exit: no static destructors, no
// llvm_shutdown.
// Says why the work on this thread is about to abort, where a library aborts on purpose (clang
// when a file's expansion runs out of source locations); describe() then gives this instead of
// a crash. A no-op outside runIsolated.
void setIsolatedCause(const std::string &Cause);

bool mustExitWithoutCleanup();

// Flushes the standard streams and ends the process with Code, skipping every destructor.
[[noreturn]] void exitWithoutCleanup(int Code);

} // namespace cllint
