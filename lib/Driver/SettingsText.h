// The settings that apply to a file as YAML: what --dump-config prints, and part of the result
// cache's key (any change of rules, severities, profile, flags or kernels: entries is a miss).
#pragma once

#include "Driver/Linter.h"

#include <string>

namespace cllint {

std::string settingsYaml(const FileSettings &S, const std::string &File);

} // namespace cllint
