// Conversions between cllint's findings and LSP JSON, at the edge as clangd does it: positions
// (UTF-8 byte offsets <-> 0-based line and UTF-16 character), file URIs, diagnostics, quick
// fixes and hovers.
#pragma once

#include "Diagnostics/Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cllint::lsp {

struct LspPosition {
  unsigned Line = 0;      // 0-based
  unsigned Character = 0; // UTF-16 code units from the start of the line
  bool operator==(const LspPosition &) const = default;
};

// A byte offset into Text as an LSP position (offsets past the end are clamped).
LspPosition offsetToPosition(llvm::StringRef Text, size_t Offset);
// An LSP position as a byte offset into Text; a character past the end of its line means the
// line's end, a line past the end means the end of Text (as the LSP specification says).
size_t positionToOffset(llvm::StringRef Text, LspPosition P);

std::optional<LspPosition> positionFromJson(const llvm::json::Value *V);
llvm::json::Object positionJson(LspPosition P);
llvm::json::Object rangeJson(LspPosition Begin, LspPosition End);

// file:///abs/path, percent-encoded; pathFromUri returns nothing for other schemes.
std::string uriFromPath(llvm::StringRef Path);
std::optional<std::string> pathFromUri(llvm::StringRef Uri);

// LSP DiagnosticSeverity: error 1, warning 2, note 3.
int lspSeverity(Severity S);

// Where each line of a text starts, and its #include lines: built once per linted text, so
// converting each finding's offsets costs a binary search, not a scan from the start (which
// made a 4 MiB document take half a minute per publish).
class LineIndex {
public:
  LineIndex() = default;
  explicit LineIndex(llvm::StringRef Text);
  bool describes(llvm::StringRef Text) const { return Size == Text.size() && !Starts.empty(); }
  LspPosition position(llvm::StringRef Text, size_t Offset) const;
  // [start, end) byte offsets of 0-based line Line, without its line break.
  std::pair<size_t, size_t> bounds(llvm::StringRef Text, unsigned Line) const;
  // The 0-based line of the first #include that names Header, if any.
  std::optional<unsigned> includeLineFor(const std::string &Header) const;

private:
  size_t Size = 0;
  std::vector<size_t> Starts;
  std::vector<std::pair<unsigned, std::string>> Includes; // (line, header as written)
};

// One open document as the linter saw it: the URI the client used, the path it was linted as,
// and the text (every offset in Result refers to it).
// Whether two paths name one file (relative or absolute, with or without `..`).
bool sameFile(const std::string &A, const std::string &B);

struct LintedDocument {
  std::string Uri;
  std::string Path;
  std::string Text;
  FileResult Result;
  // Set when Text is final (the server does); built on the fly when absent.
  std::shared_ptr<const LineIndex> Lines;
};

// The Diagnostic for a finding. A finding in another file (a header) is placed on the line of
// the document that includes it, or dropped (nothing) when no include names that file.
std::optional<llvm::json::Object> toDiagnostic(const LintedDocument &Doc, const Finding &F);
// Every diagnostic of the document, input errors (a bad config) included as one at 0:0.
llvm::json::Array diagnosticsOf(const LintedDocument &Doc);

// The range a finding's diagnostic covers in the document (nothing for findings elsewhere).
std::optional<std::pair<LspPosition, LspPosition>> findingRange(const LintedDocument &Doc,
                                                                const Finding &F);

// Quick fixes for the findings whose range meets [Begin, End]: one per fix, then one
// "Ignore <rule> on this line" per rule and line.
llvm::json::Array codeActions(const LintedDocument &Doc, LspPosition Begin, LspPosition End);
// `source.fixAll.cllint`: every safe fix of the document in one edit (editors run it on save
// with "editor.codeActionsOnSave"); nothing when there is none.
std::optional<llvm::json::Object> fixAllAction(const LintedDocument &Doc);

// The edit that suppresses Rule on a line (0-based): extends the line's
// `// cllint: ignore[...]` list, or appends one.
llvm::json::Object ignoreEdit(llvm::StringRef Text, unsigned Line, const std::string &Rule);

// Hover for a position covered by findings: the rules' docs as markdown; nothing elsewhere.
std::optional<llvm::json::Object> hover(const LintedDocument &Doc, LspPosition At);

} // namespace cllint::lsp
