// Where two files' #include blocks can share one precompiled preamble: their longest common
// beginning, ended at a line that finishes a directive, holding at least one #include (hashcat's
// kernels share seven `inc_*` includes and differ in the eighth).
#pragma once

#include "llvm/ADT/StringRef.h"

namespace cllint {

// The length of the shared beginning of two preludes (the #include blocks of two files), or 0
// when they share no #include. Equal preludes share all of it.
size_t sharedPreludeLength(llvm::StringRef A, llvm::StringRef B);

// Where a prelude must end so that no `#pragma clang|GCC diagnostic push` of the file lies inside
// it: a precompiled preamble keeps the diagnostic mappings but not the push stack, so a file that
// reused it would find its `pop` "could not pop". The start of that line, or the prelude's size.
size_t beforeDiagnosticPush(llvm::StringRef Prelude);

} // namespace cllint
