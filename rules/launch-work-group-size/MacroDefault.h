// Whether a work-group attribute's size comes from a macro the file only defaults
// (`#ifndef WG` / `#define WG 1`): the host usually passes the real value with -DWG=...
#pragma once

#include "clang/AST/Attr.h"

#include <array>
#include <optional>
#include <string>

namespace cllint {

// "WG = 1, this file's default under #ifndef WG at line 3" for the first dimension whose size
// is such a macro; nullopt when every size is written or defined unconditionally.
std::optional<std::string> defaultedSize(clang::ASTContext &Ctx, const clang::Attr *A,
                                         const std::array<unsigned, 3> &Size);

} // namespace cllint
