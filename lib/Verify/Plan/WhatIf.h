// What-if versions of a kernel for findings without a mechanical fix: the same kernel with
// one access changed to show what an ideal access would cost. The outputs differ by
// construction; only the timings mean something.
#pragma once

#include "Analysis/TUAnalysis.h"

#include <optional>
#include <string>

namespace cllint::verify {

// memory-global-stride: the access at byte Offset of the main file made unit-stride. Its
// index keeps everything that does not depend on the lane (the group's offset, loop terms)
// and replaces the lane-dependent part with the lane's linear id in its work-group, so
// consecutive lanes touch consecutive elements. Returns the new source, with Description set;
// nullopt with WhyNot when the access cannot be rewritten honestly.
std::optional<std::string> unitStrideWhatIf(const analysis::TUAnalysis &A,
                                            const analysis::KernelInfo &K, unsigned Offset,
                                            const std::string &Content, unsigned Dims,
                                            std::string &Description, std::string &WhyNot);

} // namespace cllint::verify
