// Small helpers shared by the analysis rules: source text and profile vocabulary.
#pragma once

#include "Diagnostics/ClangLocations.h"
#include "Rule.h"

#include "clang/AST/Expr.h"

#include <string>

namespace cllint {

// "warp" or "wavefront".
std::string warpWord(const DeviceProfile &P);
// "32-B sectors" (nvidia) or "64-B cache lines" (amd).
std::string transactionWord(const DeviceProfile &P);
std::string shapeText(const std::array<unsigned, 3> &S);
// "; assuming a 256x1x1 work-group: no launch found" for a shape nothing declared, so that a
// message whose verdict depends on the shape says it is a guess; for one of several host launch
// shapes, which launch it is and the others; empty otherwise.
std::string shapeCaveatText(const analysis::WorkGroupShape &S);
std::string percentText(double Part, double Whole);
// Rounds to one decimal and drops ".0".
std::string numberText(double V);

} // namespace cllint
