// Arguments whose names say they hold a step between elements: what a finding that needs such
// a step to be large rests on.
#pragma once

#include "Analysis/Poly.h"

#include <string>
#include <vector>

namespace cllint::analysis {

// The symbols of a lane stride when every one of them is named as a step between elements
// (`stride_w`, `src_stride_x`, `incv`, `step`, `number_channels`): such arguments usually hold 1
// or a few elements (a pooling stride, a vector increment, a packed tensor's element stride, the
// channels of a pixel), so a finding that needs them large rests on a value only the host knows.
// Empty otherwise, and for names of a row pitch (`row_stride`, `stride_y`, `ld`, `pitch`).
std::vector<std::string> elementStepSymbols(const Poly &StrideBytes);

} // namespace cllint::analysis
