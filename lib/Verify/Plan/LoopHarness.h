// The arithmetic-bound measurement of an arithmetic finding. In a memory-bound kernel a double
// literal or a signed division by a power of two costs nothing measurable (1.00–1.02x on an
// NVIDIA H100), while in a loop doing little else it costs 2–14x: both are true, so verify
// shows both. The harness is a kernel of its own, appended to the file (its macros, typedefs
// and helpers stay in scope), that evaluates the flagged expression 256 times per work-item
// with its variables read from input buffers and stepped each iteration, before and after the
// fix, with the outputs compared as the fix's are. Labelled as a harness everywhere: it is not
// the kernel's own time.
#pragma once

#include "Analysis/TUAnalysis.h"
#include "Diagnostics/Finding.h"
#include "Verify/Plan/PlanBuilder.h"

#include <optional>
#include <string>

namespace cllint::verify {

inline constexpr const char *LoopHarnessKernel = "cllint_loop_harness";
inline constexpr unsigned LoopHarnessIterations = 256;

// The harness case for finding F of kernel K with Fixes (F's, or those of every double literal
// of its line), whose own fix case is KernelCase; nullopt, with WhyNot, when the flagged expression
// cannot be lifted out (it writes memory, reads an array, calls a function with a body, comes from
// a macro, or has no variable operand to keep the loop from being folded).
std::optional<PlannedCase> loopHarnessCase(const analysis::TUAnalysis &A,
                                           const analysis::KernelInfo &K, const Finding &F,
                                           const std::vector<const Fix *> &Fixes,
                                           const PlannedCase &KernelCase, std::string &WhyNot);

} // namespace cllint::verify
