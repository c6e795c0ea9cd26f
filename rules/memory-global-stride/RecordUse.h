// Whether accesses that look strided use what they fetch after all: a record read whole (every
// field, the padding left), the .xyz of float4 elements, a part of an element that the same
// work-item also reads whole.
#pragma once

#include "Analysis/AccessQueries.h"

#include "clang/AST/ASTContext.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cllint {

// Whether the members of G together read every field of the record they index: the bytes
// left over are the record's alignment padding, which no layout can drop (`{ptr; int}`).
bool everyFieldUsed(clang::ASTContext &Ctx, const analysis::SiblingGroup &G);

// Whether the members read the .x, .y and .z of 4-component vector elements (a float4 pixel
// or position read as .xyz): the compiler loads each element whole, and the unused .w is the
// layout's convention, not something to restructure.
bool xyzOfFourVectors(const analysis::SiblingGroup &G);

// Whether another access of A's base, in the same call chain and with the same lane mapping,
// covers A's bytes (the whole float4 `p[ie]` around `p[ie].w`), also when the stride between
// lanes is symbolic.
bool readWholeElsewhere(const analysis::MemoryAccess &A,
                        const std::vector<const analysis::MemoryAccess *> &All);

// The bytes a counted loop of the work-item's moves A through one after another from its first
// offset, with the other symbols of A's offset at 1 (`for (i = 0; i < 4; i++) p[(c + i) *
// step]`: 16 B of floats when step is 1); A's own size when no counted loop moves it, or the
// offsets leave gaps.
int64_t contiguousLoopRun(const analysis::KernelFacts &F, const analysis::MemoryAccess &A);

// The symbolic stride StrideBytes at the smallest value of its symbols (each 1), when positive.
std::optional<int64_t> smallestStride(const analysis::Poly &StrideBytes);

// The measured cost of reading one 4-B field from an array of records (NVIDIA H100, time vs a
// float array), as a clause for the message, for the record sizes that were measured; "" for
// others.
std::string aosCost(int64_t RecordBytes);

} // namespace cllint
