// The NDRange of an inferred set-up fitted to the kernel's data: a work-item that handles
// several rows or elements (the tiled transpose's `for (j = 0; j < 32; j += 8)`) needs a
// smaller NDRange than one work-item per element, or work-groups write over each other.
#pragma once

#include "Analysis/KernelFacts.h"
#include "Verify/Plan/KernelSetup.h"

namespace cllint::verify {

// When two work-items of S's NDRange write the same element, divides one dimension of the
// global size by the smallest power of two (up to 64) that keeps every write to its own
// work-item, and says so in S's assumptions. Arguments keep their values: they describe the
// data, which the smaller NDRange still covers. False, with an assumption that says so, when
// no such NDRange is found; true when S fits (changed or not) or its writes cannot be
// enumerated.
bool fitNDRangeToWrites(const analysis::KernelFacts &Facts, KernelSetup &S);

} // namespace cllint::verify
