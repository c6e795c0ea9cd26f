// Skipped findings grouped for people: one entry per file, kernel and reason, with the rules
// and lines it covers, in the order first seen (the same grouping `cllint verify` prints).
#pragma once

#include "cllint/Verify/Runner/Plan.h"

#include <string>
#include <utility>
#include <vector>

namespace cllint::runner {

struct SkippedGroup {
  std::string file, kernel, reason;
  std::vector<std::pair<std::string, std::vector<int>>> rules; // rule -> its lines
  std::size_t findings = 0;
};

std::vector<SkippedGroup> groupSkipped(const std::vector<SkippedFinding> &skipped);

// "memory-global-stride at lines 27, 30; arith-pow2-div-mod at line 12"
std::string rulesAndLines(const SkippedGroup &group);

// "sgemm/naive.cl: kernel 'sgemm_naive', 2 findings (memory-global-stride at lines 27, 30):
// cannot size buffer 'A' ..."
std::string describeSkipped(const SkippedGroup &group);

} // namespace cllint::runner
