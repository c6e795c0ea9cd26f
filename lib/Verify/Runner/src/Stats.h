// Median, quartiles, minimum and maximum of kernel durations.
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <cstdint>
#include <vector>

namespace cllint::runner {

// The median of an even count is the mean of the two middle values. Empty input gives 0s.
Timing summarize(std::vector<std::uint64_t> durationsNs);

} // namespace cllint::runner
