// Parses one OpenCL C file the way an OpenCL build would, and hands the AST to the analysis.
#pragma once

#include "Config/CompileFlags.h"
#include "Diagnostics/ClangLocations.h"
#include "Diagnostics/Finding.h"
#include "Frontend/IncludeLines.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"

#include <functional>
#include <string>
#include <vector>

namespace cllint {

class PreambleCache;

// Called once per translation unit that parsed without errors.
using ASTCallback =
    std::function<void(clang::ASTContext &, clang::Preprocessor &, const LocationResolver &)>;

struct ParseResult {
  std::vector<Finding> ClangDiagnostics; // clang's own errors and warnings, with notes
  bool HasErrors = false;
  bool RanCallback = false;
  // Every file the parse read besides the main one and clang's own headers (what the result
  // cache must check before reusing a result).
  std::vector<std::string> Dependencies;
  // The #include directives followed, the preamble's included.
  std::vector<IncludeEdge> Includes;
  bool ReusedPreamble = false; // the #include block came from a preamble built earlier
};

struct ParseLimits {
  unsigned long long MaxFileBytes = 64ull << 20; // each included file
  // Tokens lexed for the main file, its includes and every macro expansion: hashcat's kernels,
  // the largest of eleven projects measured, lex up to about a million. See ExpansionBudget.h.
  unsigned long long MaxExpansionTokens = 8ull << 20;
};

// The clang command line for Path (exposed for tests and --print-command).
std::vector<std::string> openclCommandLine(const std::string &Path, const CompileFlags &Flags);

// Content is parsed instead of what is on disk (the editor's unsaved buffer). Included files
// must be regular files within Limits, and so must the text the macros expand to.
// With Preambles, the file's leading #include block is parsed once and reused while it and the
// files it includes are unchanged (the language server's edits).
ParseResult parseOpenCL(const std::string &Path, const std::string &Content,
                        const CompileFlags &Flags, const ASTCallback &OnAST,
                        const ParseLimits &Limits = ParseLimits(),
                        PreambleCache *Preambles = nullptr);

} // namespace cllint
