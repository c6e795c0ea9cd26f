// OpenCL status codes by name, so reports say CL_OUT_OF_RESOURCES rather than -5.
#pragma once

#include <cstdint>
#include <string>

namespace cllint::runner {

// "CL_INVALID_WORK_GROUP_SIZE" for -54; "unknown OpenCL error -1234" for codes not in the table.
std::string clErrorName(std::int32_t code);

} // namespace cllint::runner
