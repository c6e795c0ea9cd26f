// The wording of a case's cells, shared by the text table and the HTML report so both
// say the same thing.
#pragma once

#include "cllint/Verify/Runner/Results.h"

#include <string>
#include <vector>

namespace cllint::runner {

inline constexpr const char *WhatIfLabel = "what-if: upper bound, outputs not comparable";

// The kernel name, followed by the case id when another case has the same kernel, rule and
// line (one finding measured several ways), so rows can be told apart.
std::string caseLabel(const Results &results, std::size_t index);
// The same, shorter, for the text table: the kernel name and only what the id adds to the
// kernel, file, line and rule shown beside it ("sgemm_naive (col 45)", "copy (stride-2)").
std::string shortCaseLabel(const Results &results, std::size_t index);
std::string timingCell(const std::optional<Timing> &timing); // "1.23 ms (1.20–1.30)"
std::string bandwidthCell(const CaseResult &result);         // "171 → 2617" or "-"
std::string speedupCell(const CaseResult &result); // "1.93x", "up to 5.2x", "no measurable ..."
std::string outputsCell(const CaseResult &result); // short; full errors go in the notes
// Narrower forms for the text table, whose legend explains them: "~1.02x" for "no
// measurable difference (1.02x)", "what-if" for the what-if label, "within 1 ulp" without
// the count of differing elements, "error (see notes)".
std::string speedupCellShort(const CaseResult &result);
// The speed-up the cost model predicts for removing the finding's share of the kernel's time,
// 1 / (1 - share): "2.50x"; "-" without a prediction (the share itself is in the JSON).
std::string predictedCell(const CaseResult &result);
std::string outputsCellShort(const CaseResult &result);
// When the after kernel moves another number of bytes than the before kernel, its GB/s does
// not follow the speed-up (a what-if that reads one stripe of a matrix runs 6x faster at a
// fraction of the GB/s), and every GB/s pair says why. Both are "" when the bytes are equal.
std::string bytesChangeShort(const CaseResult &result); // "what-if moves 38x fewer bytes"
std::string bytesChangeNote(const CaseResult &result);  // the sentence, with both sizes
std::string summaryLine(const Results &results);        // "7 cases: 4 ok, 1 mismatch, ..."

// Compiled code. "41 → 35 instructions (f64 4 → 0, cvt 6 → 0, div/rem 0 → 0)"
std::string codeCountsText(const CompiledCode &code);
// The opcodes whose count changed, most changed first: {"cvt.f64.f32 2 → 0",
// "fma.rn.f32 0 → 1"}; at most `limit` of them, then "and N more".
std::vector<std::string> opcodeChanges(const CompiledCode &code, std::size_t limit);
// "PTX" for "ptx": how people write the format's name.
std::string codeFormatName(const CompiledCode &code);
// "not readable on this device (NAME): WHY" when no case has counts but an arith-* case,
// whose rules change the compiled code, asked for them; else "".
std::string unreadableCodeNote(const Results &results);

} // namespace cllint::runner
