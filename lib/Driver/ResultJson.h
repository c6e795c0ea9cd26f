// A linted file's result as JSON and back, complete (findings with notes, fixes and costs), so
// that the result cache can hand back exactly what linting the file would give.
#pragma once

#include "Diagnostics/Finding.h"

#include "llvm/Support/JSON.h"

#include <optional>

namespace cllint {

llvm::json::Value resultToJson(const FileResult &R);
// A source range and back (false: not a range this version wrote).
llvm::json::Value rangeJson(const Range &R);
bool readRange(const llvm::json::Value *V, Range &R);
// A finding's impact, as JSON output and the cache write it ({kernel, share, ...}), and back.
llvm::json::Object impactToJson(const Impact &I);
std::optional<Impact> impactFromJson(const llvm::json::Object &O);
// Nothing when the JSON is not a result this version wrote (a corrupt or foreign cache entry).
std::optional<FileResult> resultFromJson(const llvm::json::Value &V);

} // namespace cllint
