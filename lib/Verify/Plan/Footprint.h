// What a launch moves: the distinct elements each buffer has read and written over the NDRange,
// enumerated from the analysis's address forms (over work-items and constant-bound loops).
#pragma once

#include "Analysis/AccessQueries.h"
#include "Analysis/KernelFacts.h"
#include "Verify/Plan/KernelSetup.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace cllint::verify {

struct Footprint {
  bool Exact = true;          // every access enumerated (or counted whole, if allowed)
  bool WholeFromSpec = false; // a spec-sized buffer was counted whole
  bool Loops = false;         // an access was enumerated over loop iterations
  uint64_t Moved = 0;
  std::string Note, Why;
};

// Bytes moved: distinct elements each buffer has read and written over the NDRange. A buffer
// the spec sized whose accesses cannot be enumerated is counted whole when AllowWhole.
Footprint footprint(const analysis::KernelFacts &Facts, const KernelSetup &S,
                    const std::map<std::string, const clang::ParmVarDecl *> &ByName,
                    bool AllowWhole);

// Whether two work-items of S's NDRange write the same element through a write whose lanes
// write distinct elements (every used dimension's id moves its address): the NDRange covers
// more than the kernel's data, as when each work-item handles several rows, and the outputs
// would depend on the order of the work-groups. nullopt when a write cannot be enumerated.
std::optional<bool> writesOverlap(const analysis::KernelFacts &Facts, const KernelSetup &S);

analysis::NDRange toRange(const KernelSetup &S);
analysis::SymbolValues scalarBindings(const KernelSetup &S);
const clang::ParmVarDecl *paramOf(const analysis::MemoryAccess &A);
std::string dimsText(const std::array<uint64_t, 3> &V, unsigned Dims);
std::string bytesText(uint64_t B);

} // namespace cllint::verify
