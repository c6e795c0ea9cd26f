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

} // namespace

std::vector<Directive> findCllintDirectives(llvm::StringRef Text) {
  static const char *Kinds[] = {"ignore-next-line", "ignore-file", "ignore"};
  std::vector<Directive> Out;
  size_t From = 0;
  while ((From = Text.find("cllint:", From)) != llvm::StringRef::npos) {
    size_t Start = From, P = From + 7;
    From = P;
    while (P < Text.size() && isSpace(Text[P]))
      ++P;
    for (const char *K : Kinds) {
      llvm::StringRef Kind(K);
      if (!Text.substr(P).starts_with(Kind))
        continue;
      size_t After = P + Kind.size();
      if (After < Text.size() && isWordChar(Text[After]))
        continue; // `ignored`, `ignore_x`: not a directive
      Directive D;
      D.Kind = Kind.str();
      D.Position = Start;
      readList(Text, After, '[', ']', D);
      From = D.HasList ? D.ListEnd + 1 : After;
      Out.push_back(std::move(D));
      break;
    }
  }
  return Out;
}

std::vector<Directive> findNolintDirectives(llvm::StringRef Text) {
  static const char *Suffixes[] = {"NEXTLINE", "BEGIN", "END", ""};
  std::vector<Directive> Out;
  size_t From = 0;
  while ((From = Text.find("NOLINT", From)) != llvm::StringRef::npos) {
    size_t Start = From, P = From + 6;
    From = P;
    if (Start > 0 && isWordChar(Text[Start - 1]))
      continue;
    for (const char *S : Suffixes) {
      llvm::StringRef Suffix(S);
      if (!Text.substr(P).starts_with(Suffix))
        continue;
      size_t After = P + Suffix.size();
      if (After < Text.size() && isWordChar(Text[After]))
        continue;
      Directive D;
      D.Kind = ("NOLINT" + Suffix).str();
      D.Position = Start;
      readList(Text, After, '(', ')', D);
      From = D.HasList ? D.ListEnd + 1 : After;
      Out.push_back(std::move(D));
      break;
    }
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
