// Run-wide clean-up of the results of several files before they are reported.
#pragma once

#include "Diagnostics/Finding.h"

#include <string>
#include <vector>

namespace cllint {

// A finding located in an included file (a header shared by several kernels) is reported once
// per run, under the first file that reached it; its path is normalised (no `./`, `a/../`).
// Returns how many copies were dropped.
size_t dedupeIncludedFindings(std::vector<FileResult> &Results);

// A file that does not compile on its own but that another file of the run includes and
// compiles with (sgminer's `blake.cl` inside `x14.cl`, TeaLeaf's `macros_cl.cl`) is a fragment
// linted through that file: its own errors are dropped and it no longer counts as failed
// (LintedThrough names the file). Returns how many.
size_t settleIncludedFragments(std::vector<FileResult> &Results);

// Findings of one file with the same group key and message (one array read with one stride at
// several sites) become the first of them, with "(and N more sites at lines ...)" in the
// message and a note at each other site. Returns how many findings were folded.
size_t groupFindings(std::vector<FileResult> &Results);

// "does not compile: 3:7: unknown type name 'DECLSPEC' (is a -D or -include flag missing? ...)".
std::string compileFailure(const FileResult &R);

// Why a file's run failed: input errors, internal errors and a compile failure (with its first
// error and a hint), for stderr, JSON `errors` and SARIF tool execution notifications.
std::vector<std::string> fileErrors(const FileResult &R);

} // namespace cllint
