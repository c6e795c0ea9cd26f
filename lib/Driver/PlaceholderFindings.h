// What the findings of a file compiled with placeholders rest on: those on a line naming a
// guessed value are at most notes, the compiler's warnings the guess made are dropped, and the
// files put before the kernel are named.
#pragma once

#include "Driver/Placeholders.h"

#include <string>
#include <vector>

namespace cllint {

// Findings of the file at Path (text Content) that rest on a guessed placeholder say so (an
// impact's assumption, else the message's end): those on a line that names it are at most
// notes; those in a kernel that names it elsewhere, or in a file a guessed flag picked the
// build of, only name it. The compiler's warnings in a file that other files were put before
// are notes that name them.
void markPlaceholderFindings(std::vector<Finding> &Findings, const std::vector<Placeholder> &Used,
                             const std::string &Path, const std::string &Content);

// Drops the compiler's warnings on lines of the file at Path that name a guessed placeholder
// (`digest[DGST_R0]` "past the end of the array" with the placeholder 64): the guess made them.
void dropPlaceholderWarnings(std::vector<Finding> &Diagnostics,
                             const std::vector<Placeholder> &Used, const std::string &Path,
                             const std::string &Content);

} // namespace cllint
