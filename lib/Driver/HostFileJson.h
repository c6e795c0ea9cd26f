// A host file's parse (launches, arguments, builds, calls, wrappers) as JSON and back, so that
// a warm run takes it from the result cache instead of parsing the host code again.
#pragma once

#include "Host/HostLaunches.h"

#include "llvm/Support/JSON.h"

#include <optional>

namespace cllint {

// Without Content (the cache key holds it; the reader puts it back).
llvm::json::Value hostFileToJson(const HostFile &F);
// Nothing when the JSON is not a host file this version wrote.
std::optional<HostFile> hostFileFromJson(const llvm::json::Value &V);

} // namespace cllint
