// --diff-base REF: report only findings on lines added or changed since a git revision.
#pragma once

#include "Diagnostics/Finding.h"
#include "Support/ChangedLines.h"

#include <optional>
#include <string>
#include <vector>

namespace cllint {

// The changed lines when --diff-base is given; false with Error set when it cannot be computed.
bool loadDiffBase(std::optional<ChangedLines> &Out, std::string &Error);

// Drops the findings of Results on unchanged lines (a finding spanning lines stays when any of
// them changed); returns how many it dropped. Errors about a file as a whole stay.
unsigned keepChangedLines(std::vector<FileResult> &Results, const ChangedLines &Changed);

// "origin/main" as given, for messages.
const std::string &diffBaseRef();

} // namespace cllint
