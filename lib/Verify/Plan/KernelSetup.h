// How one kernel is launched in a verify case: NDRange, argument values and buffer sizes,
// inferred from the analysis (every buffer large enough for every access the kernel makes
// over that NDRange) or taken from a spec.
#pragma once

#include "Analysis/TUAnalysis.h"
#include "Verify/Plan/Spec.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cllint::verify {

struct ArgPlan {
  enum Kind { Buffer, Scalar, Local };
  Kind K = Buffer;
  std::string Name;
  std::string Type;       // runner spelling: "float", "uint4"
  uint64_t TypeBytes = 0; // bytes of one element (or of the scalar)
  bool Integer = false;   // Scalar: an integer type
  // Buffer
  uint64_t Elements = 0;
  std::string Fill = "zero";
  bool Output = false;
  bool SizeFromSpec = false; // Elements given by a spec, not derived from the accesses
  // Scalar
  double Value = 0;
  // The value is not the spec's: a kernels: entry's or a guess from the name (an integer),
  // stated in the set-up's assumptions.
  bool Assumed = false;
  // Local
  uint64_t LocalBytes = 0;
};

struct KernelSetup {
  std::string Kernel;
  unsigned Dims = 1;
  std::array<uint64_t, 3> Global = {1, 1, 1}, Local = {1, 1, 1};
  std::vector<ArgPlan> Args;
  uint64_t BytesMoved = 0;
  std::string BytesNote;
  // The changed kernel's own footprint, when it differs from BytesMoved (set by
  // extendForAfter). AfterBytesUnknown: it could not be counted, so no after-GB/s is honest.
  std::optional<uint64_t> BytesMovedAfter;
  std::string BytesNoteAfter;
  bool AfterBytesUnknown = false;
  std::vector<std::string> Assumptions; // defaults chosen, stated in the plan and the report
  std::optional<std::array<unsigned, 3>> Required; // reqd_work_group_size of the kernel
};

struct SetupRequest {
  const KernelSpec *Spec = nullptr;            // from --spec or the config, if any
  std::optional<std::vector<uint64_t>> Global; // --global
};

// Nullopt, with WhyNot, when the kernel cannot be sized safely.
std::optional<KernelSetup> planKernelSetup(const analysis::TUAnalysis &A,
                                           const analysis::KernelInfo &K,
                                           const SetupRequest &Request, std::string &WhyNot);

// Grows the buffers of Setup to what the kernel of the same name in After reaches with the
// same arguments (a changed version may reach further). False, with WhyNot, when After's
// kernel is missing, declares different parameters or another reqd_work_group_size, or has
// an access that cannot be bounded.
//
// Also counts the bytes After's kernel moves, with the same distinct-elements rule, into
// BytesMovedAfter when they differ from BytesMoved. For a what-if (WhatIf), a spec-sized buffer
// whose accesses cannot be enumerated is not counted whole: the case is marked
// AfterBytesUnknown instead, as a changed access usually touches less of it.
bool extendForAfter(const analysis::TUAnalysis &After, KernelSetup &Setup, std::string &WhyNot,
                    bool WhatIf = false);

// The kernel's dimensions as used by its code (get_global_id(1) → 2), at least 1.
unsigned usedDimensions(const analysis::KernelInfo &K);

} // namespace cllint::verify
