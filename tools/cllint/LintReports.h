// What `cllint` prints besides the findings.
#pragma once

#include "Diagnostics/Finding.h"
#include "Driver/HostRun.h"
#include "Driver/Linter.h"
#include "Output/Emitters.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace cllint {

// The summary line on stderr: findings per severity and per rule (Counts: notes, warnings,
// errors) and, with OfferFixes, how many --fix and --fix-unsafe would fix.
void printSummary(const std::vector<FileResult> &Results, const unsigned Counts[3],
                  bool OfferFixes);
// --statistics: findings per rule (count, fixable), like ruff --statistics.
void printStatistics(const std::vector<FileResult> &Results, llvm::raw_ostream &OS);
// The report in Format (json, sarif, concise, github, else text).
void emitReport(const std::string &Format, const std::vector<FileResult> &Results,
                const EmitOptions &Emit, llvm::raw_ostream &OS);
// --color=always|never|auto; with auto, NO_COLOR and FORCE_COLOR (no-color.org,
// force-color.org) decide, then whether standard output is a terminal.
bool useColor(const std::string &Color, bool ToStdout);
// --cache-stats: results reused from the cache and preambles built and reused.
void printCacheStats(const LintOptions &Options, const HostRun &Hosts);
// "cllint: error: FILE: E" on stderr for each file's errors; one error that several files share
// (a broken .cllint.yaml) once, naming how many. Whether there was any.
bool printFileErrors(const std::vector<FileResult> &Results);
// "cllint: warning: PREFIX W" on stderr for each W.
void printWarnings(const std::vector<std::string> &Warnings, const std::string &Prefix = "");
// --header-filter (CommandLine), else each file's config header-filter:, keeps findings in
// included files only where their path matches.
void applyHeaderFilter(std::vector<FileResult> &Results, Linter &L,
                       const std::optional<std::string> &CommandLine);

// --dump-launches: the host launches found, then every kernel with its work-group shape and
// where that shape comes from. Returns Exit, or 2 when a file cannot be read or analysed.
int dumpLaunches(Linter &L, const HostRun &Hosts, const std::vector<std::string> &Files,
                 unsigned long long MaxFileSize, int Exit);

// --dump-config FILE: the settings that apply to FILE, as YAML. Returns the exit code.
int dumpConfig(const LintOptions &Options, const std::string &File);

// --list-rules: one line per rule; --explain ID: the rule's doc (exit 2 for an unknown id).
// The rules as a table, or as a JSON array (--format=json).
int listRules(bool Json = false);
int explainRule(const std::string &Id);
// --diff: the diffs on stdout, "would apply N fix(es) in M file(s)" on stderr. Exit 1 when
// something would change (unless Exit is already 2).
int printDiffs(const std::string &Diffs, unsigned Fixes, unsigned Files, int Exit, bool Quiet);

} // namespace cllint
