// The values verify gives integer arguments that no spec or kernels: entry sets (from their
// names: `n` is the number of work-items, `width` the global size 0, ...), and the refusal of a
// set-up whose guesses would need more memory than a device has.
#pragma once

#include "Verify/Plan/KernelSetup.h"

#include <optional>
#include <string>

namespace cllint::verify {

struct GuessedValue {
  double Value = 1;
  std::string Why; // "the number of work-items", "no rule for this name; set it in a spec"
};

// The value of integer argument Name under the set-up's NDRange (S.Global, Total work-items).
GuessedValue guessIntegerArgument(const std::string &Name, const KernelSetup &S, uint64_t Total);

// Why S cannot run when a buffer would take over 1 GiB (a guessed `N` in a 2-D kernel): the
// guessed values and a kernels: entry to fill in and paste into .cllint.yaml; nothing when
// every buffer fits.
std::optional<std::string> oversizedBuffer(const KernelSetup &S);

} // namespace cllint::verify
