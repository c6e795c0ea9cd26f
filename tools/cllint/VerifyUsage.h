// The text `cllint verify --help` prints.
#pragma once

namespace cllint {

extern const char *const VerifyUsage;

} // namespace cllint
