// Blocking buffer transfers in host loops that also launch kernels: `clEnqueueReadBuffer(q, b,
// CL_TRUE, ...)` / `queue.enqueueReadBuffer(b, CL_TRUE, ...)` (and the writes) inside a loop
// whose body enqueues a kernel, directly or through a function of the same file, or in a
// function that launches kernels and that a loop calls (rodinia's `master()` per time step).
// Each such transfer makes the host wait for the queue to drain on every iteration.
#pragma once

#include "Diagnostics/Finding.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace cllint {

class HostValues;
class LocationResolver;

struct HostTransfer {
  bool Read = false;             // a read back to the host; else a write to the device
  std::string Call;              // "clEnqueueReadBuffer", "enqueueWriteBuffer"
  std::optional<uint64_t> Bytes; // the size argument, when the file fixes it
  Range Where;
  std::string LineText;
  unsigned LoopLine = 0; // the innermost enclosing loop that launches a kernel
  std::string LoopKind;  // "for", "while", "do"
  // Outside every loop, in a function that launches kernels itself: its name, and the function
  // that calls it in a loop, from any host file read (placeTransfers); empty when none does.
  std::string Function, Caller;
};

// The blocking transfers of the parsed file that sit in a loop launching kernels, or outside
// every loop in a function that launches kernels (Function set: a loop of its callers may
// repeat it).
std::vector<HostTransfer> findBlockingTransfers(clang::ASTContext &Ctx, const LocationResolver &Loc,
                                                const HostValues &Values);

} // namespace cllint
