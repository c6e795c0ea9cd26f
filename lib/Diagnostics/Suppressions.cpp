#include "Diagnostics/Suppressions.h"

#include "Config/RuleSelection.h"
#include "Support/TextScan.h"

#include "llvm/ADT/StringRef.h"

#include <climits>

namespace cllint {

std::vector<Comment> scanComments(const std::string &Content) {
  std::vector<Comment> Out;
  enum { Code, Line, Block, Str, Chr } State = Code;
  unsigned LineNo = 1, Col = 1;
  Comment Cur;
  for (size_t I = 0; I < Content.size(); ++I) {
    char C = Content[I];
    char Next = I + 1 < Content.size() ? Content[I + 1] : '\0';
    switch (State) {
    case Code:
      if (C == '/' && (Next == '/' || Next == '*')) {
        State = Next == '/' ? Line : Block;
        Cur = Comment{static_cast<unsigned>(I), LineNo, Col, std::string(1, C)};
      } else if (C == '"') {
        State = Str;
      } else if (C == '\'') {
        State = Chr;
      }
      break;
    case Line:
      if (C == '\n' && !(Cur.Text.size() && Cur.Text.back() == '\\')) {
        Out.push_back(Cur);
        State = Code;
      } else {
        Cur.Text += C;
      }
      break;
    case Block:
      Cur.Text += C;
      if (C == '/' && Cur.Text.size() >= 4 && Cur.Text[Cur.Text.size() - 2] == '*') {
        Out.push_back(Cur);
        State = Code;
      }
      break;
    case Str:
    case Chr:
      if (C == '\\')
        ++I, ++Col;
      else if ((State == Str && C == '"') || (State == Chr && C == '\'') || C == '\n')
        State = Code;
      break;
    }
    if (I < Content.size() && Content[I] == '\n') {
      ++LineNo;
      Col = 1;
    } else {
      ++Col;
    }
  }
  if (State == Line || State == Block)
    Out.push_back(Cur);
  return Out;
}

namespace {

std::vector<std::string> splitIds(llvm::StringRef List) {
  std::vector<std::string> Ids;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Ids.push_back(P.trim().str());
  return Ids;
}

unsigned lineCount(const std::string &Content) {
  return static_cast<unsigned>(std::count(Content.begin(), Content.end(), '\n')) + 1;
}

} // namespace

Suppressions Suppressions::parse(const std::string &Path, const std::string &Content,
                                 const std::function<bool(const std::string &)> &IsKnownRule) {
  Suppressions S;
  S.Path = Path;
  std::vector<std::pair<unsigned, std::vector<std::string>>> OpenBegins;
  for (const Comment &C : scanComments(Content)) {
    unsigned CommentLast =
        C.Line + static_cast<unsigned>(std::count(C.Text.begin(), C.Text.end(), '\n'));
    auto addEntry = [&](const std::string &Kind, const std::vector<std::string> &Ids,
                        size_t MatchPos) {
      for (const std::string &Id : Ids) {
        bool Known = IsKnownRule(Id);
        if (!Known) {
          Finding F;
          F.RuleId = "cllint-suppression";
          F.Level = Severity::Warning;
          F.Message = "unknown rule '" + Id + "' in suppression comment; run 'cllint --list-rules'";
          F.Where.File = Path;
          unsigned Col = C.Column + static_cast<unsigned>(MatchPos);
          F.Where.Begin = {C.Line, Col, C.Offset + static_cast<unsigned>(MatchPos)};
          F.Where.End = {C.Line, Col + static_cast<unsigned>(Kind.size()),
                         C.Offset + static_cast<unsigned>(MatchPos + Kind.size())};
          S.Problems.push_back(std::move(F));
        }
      }
      Entry E;
      E.Patterns = Ids;
      if (Kind == "ignore" || Kind == "NOLINT") {
        E.FirstLine = C.Line;
        E.LastLine = CommentLast;
      } else if (Kind == "ignore-next-line" || Kind == "NOLINTNEXTLINE") {
        E.FirstLine = E.LastLine = CommentLast + 1;
      } else if (Kind == "ignore-file") {
        E.FirstLine = 0;
        E.LastLine = UINT_MAX;
      } else if (Kind == "NOLINTBEGIN") {
        OpenBegins.push_back({C.Line, Ids});
        return;
      } else if (Kind == "NOLINTEND") {
        if (OpenBegins.empty())
          return;
        E.FirstLine = OpenBegins.back().first;
        E.Patterns = OpenBegins.back().second;
        OpenBegins.pop_back();
        E.LastLine = C.Line;
      }
      S.Entries.push_back(std::move(E));
    };
    for (const Directive &D : findCllintDirectives(C.Text))
      addEntry(D.Kind, splitIds(D.List), D.Position);
    for (const Directive &D : findNolintDirectives(C.Text))
      addEntry(D.Kind, splitIds(D.List), D.Position);
  }
  for (auto &[Line, Ids] : OpenBegins) { // an unterminated NOLINTBEGIN covers the rest
    Entry E;
    E.FirstLine = Line;
    E.LastLine = lineCount(Content);
    E.Patterns = Ids;
    S.Entries.push_back(std::move(E));
  }
  return S;
}

bool Suppressions::suppresses(const Finding &F) const {
  if (F.Where.File != Path || F.RuleId == "clang-diagnostic-error")
    return false;
  for (const Entry &E : Entries) {
    if (F.Where.Begin.Line < E.FirstLine || F.Where.Begin.Line > E.LastLine)
      continue;
    if (E.Patterns.empty())
      return true;
    for (const std::string &P : E.Patterns)
      if (globMatch(P, F.RuleId))
        return true;
  }
  return false;
}

} // namespace cllint
