// One emitter per output format; each converts FileResults at the edge.
#pragma once

#include "Diagnostics/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace cllint {

struct EmitOptions {
  bool Color = false;
  std::string SourceRoot; // SARIF %SRCROOT% and relative paths; default: current directory
  std::string ToolVersion;
  std::string CommandLine;
  // With --baseline: entries of the linted files that matched no finding (JSON summary).
  std::optional<int> BaselineUnmatched;
};

// clang's own diagnostic format: file:line:col: warning: message [rule-id], the line, caret,
// ranges and fix-it hints, colours when asked.
void emitText(const std::vector<FileResult> &Results, const EmitOptions &Opts,
              llvm::raw_ostream &OS);
// The JSON documented in docs/output-formats.md.
void emitJson(const std::vector<FileResult> &Results, const EmitOptions &Opts,
              llvm::raw_ostream &OS);
// SARIF 2.1.0 as GitHub code scanning ingests it.
void emitSarif(const std::vector<FileResult> &Results, const EmitOptions &Opts,
               llvm::raw_ostream &OS);

// One line per finding: path:line:col: severity: message [rule-id].
void emitConcise(const std::vector<FileResult> &Results, const EmitOptions &Opts,
                 llvm::raw_ostream &OS);
// GitHub Actions workflow commands (::warning file=...,line=...::message): annotations.
void emitGithub(const std::vector<FileResult> &Results, const EmitOptions &Opts,
                llvm::raw_ostream &OS);

// GitLab code quality (a JSON array of issues with fingerprints), for the merge-request widget.
void emitGitlab(const std::vector<FileResult> &Results, const EmitOptions &Opts,
                llvm::raw_ostream &OS);
// JUnit XML: a test suite per file, a failed test case per warning or error.
void emitJunit(const std::vector<FileResult> &Results, const EmitOptions &Opts,
               llvm::raw_ostream &OS);

// Path relative to Root when it lies inside, else absolute; always '/'-separated.
std::string displayRelativePath(const std::string &Path, const std::string &Root);

} // namespace cllint
