#include "Lsp/Protocol.h"

#include "Lsp/FindingHover.h"
#include "Registry.h"
#include "Support/TextScan.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

namespace cllint::lsp {
namespace {

// Bytes of the UTF-8 sequence starting at S[I] and its UTF-16 length; invalid bytes count as
// one byte, one unit (the editor shows them as one replacement character).
std::pair<size_t, unsigned> utf8Char(llvm::StringRef S, size_t I) {
  unsigned char C = S[I];
  size_t Len = C < 0x80 ? 1 : (C >> 5) == 0x6 ? 2 : (C >> 4) == 0xE ? 3 : (C >> 3) == 0x1E ? 4 : 0;
  if (Len == 0 || I + Len > S.size())
    return {1, 1};
  for (size_t K = 1; K < Len; ++K)
    if ((static_cast<unsigned char>(S[I + K]) >> 6) != 0x2)
      return {1, 1};
  return {Len, Len == 4 ? 2u : 1u};
}

std::string percentDecode(llvm::StringRef S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '%' && I + 2 < S.size() && llvm::isHexDigit(S[I + 1]) &&
        llvm::isHexDigit(S[I + 2])) {
      Out += static_cast<char>(llvm::hexDigitValue(S[I + 1]) * 16 + llvm::hexDigitValue(S[I + 2]));
      I += 2;
    } else {
      Out += S[I];
    }
  }
  return Out;
}

std::string capitalized(std::string S) {
  if (!S.empty())
    S[0] = llvm::toUpper(S[0]);
  return S;
}

// [start, end) byte offsets of 0-based line Line, without its line break.
std::pair<size_t, size_t> lineBounds(llvm::StringRef Text, unsigned Line) {
  size_t Start = 0;
  for (unsigned L = 0; L < Line; ++L) {
    size_t NL = Text.find('\n', Start);
    if (NL == llvm::StringRef::npos)
      return {Text.size(), Text.size()};
    Start = NL + 1;
  }
  size_t End = std::min(Text.find('\n', Start), Text.size());
  if (End > Start && Text[End - 1] == '\r')
    --End;
  return {Start, End};
}

// The index of Doc's text: the one stored with it, or one built now.
std::shared_ptr<const LineIndex> linesOf(const LintedDocument &Doc) {
  if (Doc.Lines && Doc.Lines->describes(Doc.Text))
    return Doc.Lines;
  return std::make_shared<LineIndex>(Doc.Text);
}

// A file's text for converting note positions outside the document; empty when unreadable.
std::string readText(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

llvm::json::Object locationJson(const LintedDocument &Doc, const Range &R) {
  if (sameFile(R.File, Doc.Path)) {
    auto Lines = linesOf(Doc);
    return llvm::json::Object{{"uri", Doc.Uri},
                              {"range", rangeJson(Lines->position(Doc.Text, R.Begin.Offset),
                                                  Lines->position(Doc.Text, R.End.Offset))}};
  }
  std::string Text = readText(R.File);
  LspPosition B{R.Begin.Line ? R.Begin.Line - 1 : 0, R.Begin.Column ? R.Begin.Column - 1 : 0};
  LspPosition E{R.End.Line ? R.End.Line - 1 : B.Line, R.End.Column ? R.End.Column - 1 : 0};
  if (!Text.empty()) {
    B = offsetToPosition(Text, R.Begin.Offset);
    E = offsetToPosition(Text, R.End.Offset);
  }
  return llvm::json::Object{{"uri", uriFromPath(R.File)}, {"range", rangeJson(B, E)}};
}

bool meets(std::pair<LspPosition, LspPosition> R, LspPosition Begin, LspPosition End) {
  auto le = [](LspPosition A, LspPosition B) {
    return A.Line < B.Line || (A.Line == B.Line && A.Character <= B.Character);
  };
  return le(R.first, End) && le(Begin, R.second);
}

} // namespace

bool sameFile(const std::string &A, const std::string &B) {
  if (A == B)
    return true;
  llvm::SmallString<256> X(A), Y(B);
  llvm::sys::fs::make_absolute(X);
  llvm::sys::fs::make_absolute(Y);
  llvm::sys::path::remove_dots(X, true);
  llvm::sys::path::remove_dots(Y, true);
  return X == Y;
}

LineIndex::LineIndex(llvm::StringRef Text) : Size(Text.size()) {
  Starts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(I + 1);
  for (unsigned L = 0; L < Starts.size(); ++L) {
    auto [B, E] = bounds(Text, L);
    if (std::optional<llvm::StringRef> H = includedHeader(Text.slice(B, E)))
      Includes.push_back({L, llvm::sys::path::convert_to_slash(*H)});
  }
}

LspPosition LineIndex::position(llvm::StringRef Text, size_t Offset) const {
  Offset = std::min(Offset, Text.size());
  auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
  LspPosition P;
  P.Line = static_cast<unsigned>(It - Starts.begin() - 1);
  for (size_t I = Starts[P.Line]; I < Offset;) {
    auto [Bytes, Units] = utf8Char(Text, I);
    I += Bytes;
    P.Character += Units;
  }
  return P;
}

std::pair<size_t, size_t> LineIndex::bounds(llvm::StringRef Text, unsigned Line) const {
  if (Line >= Starts.size())
    return {Text.size(), Text.size()};
  size_t Start = Starts[Line];
  size_t End = Line + 1 < Starts.size() ? Starts[Line + 1] - 1 : Text.size();
  if (End > Start && Text[End - 1] == '\r')
    --End;
  return {Start, End};
}

std::optional<unsigned> LineIndex::includeLineFor(const std::string &Header) const {
  std::string H = llvm::sys::path::convert_to_slash(Header);
  llvm::StringRef HRef(H);
  for (const auto &[Line, Name] : Includes)
    if (HRef == Name || (HRef.ends_with(Name) && HRef[HRef.size() - Name.size() - 1] == '/'))
      return Line;
  return std::nullopt;
}

LspPosition offsetToPosition(llvm::StringRef Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  LspPosition P;
  P.Line = static_cast<unsigned>(Before.count('\n'));
  for (size_t I = LineStart; I < Offset;) {
    auto [Bytes, Units] = utf8Char(Text, I);
    I += Bytes;
    P.Character += Units;
  }
  return P;
}

size_t positionToOffset(llvm::StringRef Text, LspPosition P) {
  size_t Start = 0;
  for (unsigned L = 0; L < P.Line; ++L) {
    size_t NL = Text.find('\n', Start);
    if (NL == llvm::StringRef::npos)
      return Text.size();
    Start = NL + 1;
  }
  auto [LineStart, LineEnd] = lineBounds(Text.drop_front(Start), 0);
  LineStart += Start;
  LineEnd += Start;
  size_t I = LineStart;
  unsigned Units = 0;
  while (I < LineEnd && Units < P.Character) {
    auto [Bytes, U] = utf8Char(Text, I);
    I += Bytes; // a position inside a surrogate pair lands after the character
    Units += U;
  }
  return std::min(I, LineEnd);
}

std::optional<LspPosition> positionFromJson(const llvm::json::Value *V) {
  const llvm::json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return std::nullopt;
  auto Line = O->getInteger("line");
  auto Char = O->getInteger("character");
  if (!Line || !Char || *Line < 0 || *Char < 0)
    return std::nullopt;
  return LspPosition{static_cast<unsigned>(*Line), static_cast<unsigned>(*Char)};
}

llvm::json::Object positionJson(LspPosition P) {
  return llvm::json::Object{{"line", P.Line}, {"character", P.Character}};
}

llvm::json::Object rangeJson(LspPosition Begin, LspPosition End) {
  return llvm::json::Object{{"start", positionJson(Begin)}, {"end", positionJson(End)}};
}

std::string uriFromPath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  std::string Out = "file://";
  for (char C : llvm::sys::path::convert_to_slash(Abs)) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr(static_cast<unsigned char>(C), /*LowerCase=*/false, 2);
  }
  return Out;
}

std::optional<std::string> pathFromUri(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  // An authority ("file://host/path") is kept only when it is empty or localhost.
  if (!Uri.starts_with("/")) {
    size_t Slash = Uri.find('/');
    if (Slash == llvm::StringRef::npos || Uri.take_front(Slash) != "localhost")
      return std::nullopt;
    Uri = Uri.drop_front(Slash);
  }
  return percentDecode(Uri);
}

int lspSeverity(Severity S) {
  switch (S) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  case Severity::Note:
    return 3;
  }
  return 2;
}

// The 0-based line of the document's #include that brings Header in: the one the parse
// followed (through macros and other headers), else one that names it.
std::optional<unsigned> includeLineOf(const LintedDocument &Doc, const std::string &Header) {
  for (const auto &[File, Line] : Doc.Result.IncludedAt)
    if (Line > 0 && sameFile(File, Header))
      return Line - 1;
  return linesOf(Doc)->includeLineFor(Header);
}

std::optional<std::pair<LspPosition, LspPosition>> findingRange(const LintedDocument &Doc,
                                                                const Finding &F) {
  if (!F.Where.isValid())
    return std::make_pair(LspPosition{}, LspPosition{});
  auto Lines = linesOf(Doc);
  if (sameFile(F.Where.File, Doc.Path))
    return std::make_pair(
        Lines->position(Doc.Text, F.Where.Begin.Offset),
        Lines->position(Doc.Text, std::max(F.Where.End.Offset, F.Where.Begin.Offset)));
  std::optional<unsigned> Line = includeLineOf(Doc, F.Where.File);
  if (!Line)
    return std::nullopt;
  auto [Start, End] = Lines->bounds(Doc.Text, *Line);
  return std::make_pair(Lines->position(Doc.Text, Start), Lines->position(Doc.Text, End));
}

std::optional<llvm::json::Object> toDiagnostic(const LintedDocument &Doc, const Finding &F) {
  auto R = findingRange(Doc, F);
  if (!R)
    return std::nullopt;
  bool Elsewhere = F.Where.isValid() && !sameFile(F.Where.File, Doc.Path);
  std::string Message = F.Message;
  if (Elsewhere)
    Message = "in included file " + llvm::sys::path::filename(F.Where.File).str() + ":" +
              std::to_string(F.Where.Begin.Line) + ": " + Message;
  llvm::json::Object D{{"range", rangeJson(R->first, R->second)},
                       {"severity", lspSeverity(F.Level)},
                       {"code", F.RuleId},
                       {"source", "cllint"},
                       {"message", llvm::json::fixUTF8(Message)}};
  if (findRule(F.RuleId) || llvm::StringRef(F.RuleId).starts_with("clang-diagnostic-"))
    D["codeDescription"] = llvm::json::Object{{"href", ruleDocUrl(F.RuleId)}};
  llvm::json::Array Related;
  if (Elsewhere) {
    Related.push_back(llvm::json::Object{{"location", locationJson(Doc, F.Where)},
                                         {"message", "the finding is here"}});
  }
  for (const Note &N : F.Notes) {
    if (!N.Where.isValid())
      continue;
    Related.push_back(llvm::json::Object{{"location", locationJson(Doc, N.Where)},
                                         {"message", llvm::json::fixUTF8(N.Message)}});
  }
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

llvm::json::Array diagnosticsOf(const LintedDocument &Doc) {
  llvm::json::Array Out;
  for (const std::string &E : Doc.Result.InputErrors)
    Out.push_back(llvm::json::Object{{"range", rangeJson({}, {})},
                                     {"severity", 1},
                                     {"code", "cllint-input"},
                                     {"source", "cllint"},
                                     {"message", llvm::json::fixUTF8("cllint could not lint this "
                                                                     "file: " +
                                                                     E)}});
  for (const Finding &F : Doc.Result.Findings)
    if (auto D = toDiagnostic(Doc, F))
      Out.push_back(std::move(*D));
  return Out;
}

llvm::json::Object ignoreEdit(llvm::StringRef Text, unsigned Line, const std::string &Rule) {
  auto [Start, End] = lineBounds(Text, Line);
  llvm::StringRef L = Text.slice(Start, End);
  size_t At;
  std::string Insert;
  std::optional<Directive> Existing;
  for (const Directive &D : findCllintDirectives(L))
    if (D.Kind == "ignore" && D.HasList) {
      Existing = D;
      break;
    }
  if (Existing) {
    At = Start + Existing->ListEnd; // before ']'
    Insert = Existing->List.trim().empty() ? Rule : ", " + Rule;
  } else if (L.rtrim().ends_with("\\")) {
    // A continued line (a macro body): a line comment would swallow the continuation.
    At = Start + L.rtrim().size() - 1;
    Insert = "/* cllint: ignore[" + Rule + "] */ ";
  } else {
    At = Start + L.rtrim().size();
    Insert = " // cllint: ignore[" + Rule + "]";
  }
  LspPosition P = offsetToPosition(Text, At);
  return llvm::json::Object{{"range", rangeJson(P, P)}, {"newText", Insert}};
}

llvm::json::Array codeActions(const LintedDocument &Doc, LspPosition Begin, LspPosition End) {
  auto Lines = linesOf(Doc);
  llvm::json::Array Fixes, Ignores;
  std::set<std::pair<unsigned, std::string>> IgnoreOffered;
  for (const Finding &F : Doc.Result.Findings) {
    if (!F.Where.isValid() || !sameFile(F.Where.File, Doc.Path))
      continue;
    auto R = findingRange(Doc, F);
    if (!R || !meets(*R, Begin, End))
      continue;
    auto D = toDiagnostic(Doc, F);
    for (const Fix &Fx : F.Fixes) {
      llvm::json::Array Edits;
      bool InDocument = true;
      for (const Edit &E : Fx.Edits) {
        if (!sameFile(E.Where.File, Doc.Path)) {
          InDocument = false;
          break;
        }
        Edits.push_back(
            llvm::json::Object{{"range", rangeJson(Lines->position(Doc.Text, E.Where.Begin.Offset),
                                                   Lines->position(Doc.Text, E.Where.End.Offset))},
                               {"newText", llvm::json::fixUTF8(E.Replacement)}});
      }
      if (!InDocument || Edits.empty())
        continue; // a fix reaching into another file is not offered here
      bool Safe = Fx.Safety == FixSafety::Safe;
      std::string Title = capitalized(Fx.Description);
      if (!Safe)
        Title += " (unsafe: may change results)";
      llvm::json::Object Action{
          {"title", Title},
          {"kind", "quickfix"},
          {"diagnostics", llvm::json::Array{llvm::json::Object(*D)}},
          {"edit",
           llvm::json::Object{{"changes", llvm::json::Object{{Doc.Uri, std::move(Edits)}}}}}};
      if (Safe)
        Action["isPreferred"] = true;
      Fixes.push_back(std::move(Action));
    }
    if (F.RuleId.rfind("clang-diagnostic-", 0) == 0 || F.RuleId == "cllint-suppression" ||
        !IgnoreOffered.insert({R->first.Line, F.RuleId}).second)
      continue;
    llvm::json::Array Edits{ignoreEdit(Doc.Text, R->first.Line, F.RuleId)};
    Ignores.push_back(llvm::json::Object{
        {"title", "Ignore " + F.RuleId + " on this line"},
        {"kind", "quickfix"},
        {"diagnostics", llvm::json::Array{llvm::json::Object(*D)}},
        {"edit",
         llvm::json::Object{{"changes", llvm::json::Object{{Doc.Uri, std::move(Edits)}}}}}});
  }
  for (llvm::json::Value &V : Ignores)
    Fixes.push_back(std::move(V));
  return Fixes;
}

std::optional<llvm::json::Object> fixAllAction(const LintedDocument &Doc) {
  // Every safe fix of the document at once, as --fix applies them: the first safe alternative
  // of each finding, skipping one that overlaps an edit already taken (a second request picks
  // it up), so the edits never conflict.
  auto Lines = linesOf(Doc);
  std::vector<std::pair<unsigned, unsigned>> Taken;
  llvm::json::Array Edits;
  unsigned Count = 0;
  for (const Finding &F : Doc.Result.Findings)
    for (const Fix &Fx : F.Fixes) {
      if (Fx.Safety != FixSafety::Safe)
        continue;
      bool Usable = !Fx.Edits.empty();
      for (const Edit &E : Fx.Edits) {
        Usable &= sameFile(E.Where.File, Doc.Path);
        for (const auto &[B, En] : Taken) // two insertions at one point conflict too
          Usable &= (E.Where.End.Offset <= B || E.Where.Begin.Offset >= En) &&
                    !(E.Where.Begin.Offset == B && E.Where.End.Offset == En);
      }
      if (!Usable)
        continue;
      for (const Edit &E : Fx.Edits) {
        Taken.push_back({E.Where.Begin.Offset, E.Where.End.Offset});
        Edits.push_back(
            llvm::json::Object{{"range", rangeJson(Lines->position(Doc.Text, E.Where.Begin.Offset),
                                                   Lines->position(Doc.Text, E.Where.End.Offset))},
                               {"newText", llvm::json::fixUTF8(E.Replacement)}});
      }
      ++Count;
      break;
    }
  if (!Count)
    return std::nullopt;
  return llvm::json::Object{
      {"title", "Apply " + std::to_string(Count) + " safe cllint fix" + (Count > 1 ? "es" : "")},
      {"kind", "source.fixAll.cllint"},
      {"edit", llvm::json::Object{{"changes", llvm::json::Object{{Doc.Uri, std::move(Edits)}}}}}};
}

std::optional<llvm::json::Object> hover(const LintedDocument &Doc, LspPosition At) {
  std::string Markdown;
  std::optional<std::pair<LspPosition, LspPosition>> Span;
  for (const Finding &F : Doc.Result.Findings) {
    auto R = findingRange(Doc, F);
    if (!R || !meets(*R, At, At))
      continue;
    if (!Markdown.empty())
      Markdown += "\n\n---\n\n";
    Markdown += findingMarkdown(F);
    if (!Span)
      Span = R;
  }
  if (Markdown.empty())
    return std::nullopt;
  return llvm::json::Object{
      {"contents",
       llvm::json::Object{{"kind", "markdown"}, {"value", llvm::json::fixUTF8(Markdown)}}},
      {"range", rangeJson(Span->first, Span->second)}};
}

} // namespace cllint::lsp
