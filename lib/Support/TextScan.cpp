#include "Support/TextScan.h"

namespace cllint {
namespace {

bool isWordChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
}

bool isSpace(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' || C == '\v';
}

// Reads an optional list opened by Open at Text[Pos], closed by the first Close after it.
void readList(llvm::StringRef Text, size_t Pos, char Open, char Close, Directive &D) {
  if (Pos >= Text.size() || Text[Pos] != Open)
    return;
  size_t End = Text.find(Close, Pos + 1);
  if (End == llvm::StringRef::npos)
    return;
  D.HasList = true;
  D.List = Text.slice(Pos + 1, End);
  D.ListEnd = End;
}

// Reads the first of Words that stands at Text[P] as a whole word, with its optional list, as
// a directive that starts at Start; From moves past what was read.
void readDirective(llvm::StringRef Text, size_t Start, size_t P,
                   std::initializer_list<const char *> Words, llvm::StringRef KindPrefix, char Open,
                   char Close, std::vector<Directive> &Out, size_t &From) {
  for (const char *W : Words) {
    llvm::StringRef Word(W);
    if (!Text.substr(P).starts_with(Word))
      continue;
    size_t After = P + Word.size();
    if (After < Text.size() && isWordChar(Text[After]))
      continue; // `ignored`, `NOLINTX`: not this word
    Directive D;
    D.Kind = (KindPrefix + Word).str();
    D.Position = Start;
    readList(Text, After, Open, Close, D);
    From = D.HasList ? D.ListEnd + 1 : After;
    Out.push_back(std::move(D));
    return;
  }
}

} // namespace

std::vector<Directive> findCllintDirectives(llvm::StringRef Text) {
  std::vector<Directive> Out;
  size_t From = 0;
  while ((From = Text.find("cllint:", From)) != llvm::StringRef::npos) {
    size_t Start = From, P = From + 7;
    From = P;
    while (P < Text.size() && isSpace(Text[P]))
      ++P;
    readDirective(Text, Start, P, {"ignore-next-line", "ignore-file", "ignore"}, "", '[', ']', Out,
                  From);
  }
  return Out;
}

std::vector<Directive> findNolintDirectives(llvm::StringRef Text) {
  std::vector<Directive> Out;
  size_t From = 0;
  while ((From = Text.find("NOLINT", From)) != llvm::StringRef::npos) {
    size_t Start = From, P = From + 6;
    From = P;
    if (Start > 0 && isWordChar(Text[Start - 1]))
      continue;
    readDirective(Text, Start, P, {"NEXTLINE", "BEGIN", "END", ""}, "NOLINT", '(', ')', Out, From);
  }
  return Out;
}

std::optional<llvm::StringRef> includedHeader(llvm::StringRef Line) {
  llvm::StringRef L = Line.ltrim(" \t\f\v\r");
  if (!L.consume_front("#"))
    return std::nullopt;
  L = L.ltrim(" \t\f\v\r");
  if (!L.consume_front("include"))
    return std::nullopt;
  L = L.ltrim(" \t\f\v\r");
  if (L.empty() || (L[0] != '"' && L[0] != '<'))
    return std::nullopt;
  size_t End = L.find_first_of("\">", 1);
  if (End == llvm::StringRef::npos || End == 1)
    return std::nullopt;
  return L.slice(1, End);
}

} // namespace cllint
