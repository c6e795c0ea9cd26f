#include "Support/ClosedPipe.h"

#include "llvm/Support/Signals.h"

#include <atomic>
#include <unistd.h>

namespace cllint {
namespace {

std::atomic<int> Status{0};

// Runs in a signal handler: only async-signal-safe calls.
void exitOnClosedPipe() { _exit(Status.load()); }

} // namespace

void installClosedPipeHandler() { llvm::sys::SetOneShotPipeSignalFunction(&exitOnClosedPipe); }

void setClosedPipeStatus(int S) { Status.store(S); }

} // namespace cllint
