// Running work in a forked child with a watchdog, so a kernel that hangs or crashes the
// driver cannot take the runner (or `cllint verify`) down with it.
#pragma once

#include <functional>
#include <string>

namespace cllint::runner {

struct IsolatedOutcome {
  enum class Kind {
    Finished, // the child wrote its reply and exited normally
    TimedOut, // the watchdog killed it
    Failed,   // it died (signal, non-zero exit) before finishing its reply
  };
  Kind kind = Kind::Finished;
  std::string output; // the child's reply (Finished)
  std::string detail; // what went wrong (Failed): "killed by signal 11 (Segmentation fault)"
};

// Forks; the child runs `work` and sends its return value back through a pipe (a work
// function that throws sends {"error": "<what()>"} instead). The parent waits at most
// `timeoutMs`, then kills the child with SIGKILL.
//
// The caller must not have initialised an OpenCL driver in this process: driver threads
// do not survive fork(), so the child would deadlock in the first OpenCL call.
IsolatedOutcome runIsolated(const std::function<std::string()> &work, int timeoutMs);

} // namespace cllint::runner
