#include "Frontend/PreambleCut.h"

#include "llvm/ADT/SmallVector.h"

namespace cllint {

namespace {

// Whether [0, End) ends outside a comment: a cut inside /* */ would leave the comment open.
bool endsOutsideComment(llvm::StringRef Text) {
  bool Block = false, Line = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I], Next = I + 1 < Text.size() ? Text[I + 1] : '\0';
    if (Line) {
      Line = C != '\n';
    } else if (Block) {
      if (C == '*' && Next == '/')
        Block = false, ++I;
    } else if (C == '/' && Next == '/') {
      Line = true, ++I;
    } else if (C == '/' && Next == '*') {
      Block = true, ++I;
    }
  }
  return !Block;
}

bool hasInclude(llvm::StringRef Text) {
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    llvm::StringRef L = Line.ltrim();
    if (L.consume_front("#") && L.ltrim().starts_with("include"))
      return true;
    Text = Rest;
  }
  return false;
}

} // namespace

size_t beforeDiagnosticPush(llvm::StringRef Prelude) {
  size_t At = 0;
  for (llvm::StringRef Text = Prelude; !Text.empty();) {
    auto [Line, Rest] = Text.split('\n');
    llvm::StringRef L = Line.ltrim();
    if (L.consume_front("#") && (L = L.ltrim()).consume_front("pragma")) {
      llvm::SmallVector<llvm::StringRef, 4> Words;
      L.split(Words, ' ', -1, false);
      if (Words.size() >= 3 && (Words[0] == "clang" || Words[0] == "GCC") &&
          Words[1] == "diagnostic" && Words[2].trim() == "push")
        return At;
    }
    At += Line.size() + 1;
    Text = Rest;
  }
  return Prelude.size();
}

size_t sharedPreludeLength(llvm::StringRef A, llvm::StringRef B) {
  if (A == B)
    return hasInclude(A) ? A.size() : 0;
  size_t Common = 0, Limit = std::min(A.size(), B.size());
  while (Common < Limit && A[Common] == B[Common])
    ++Common;
  // Back to the start of the line the two differ on; that line start must end a directive:
  // not after a continued line (`\` before the newline), not inside a comment.
  size_t Cut = A.substr(0, Common).rfind('\n');
  while (Cut != llvm::StringRef::npos) {
    llvm::StringRef Before = A.substr(0, Cut + 1);
    bool Continued = Before.drop_back().rtrim(" \t\r").ends_with("\\");
    if (!Continued && endsOutsideComment(Before))
      return hasInclude(Before) ? Before.size() : 0;
    Cut = Cut == 0 ? llvm::StringRef::npos : A.substr(0, Cut).rfind('\n');
  }
  return 0;
}

} // namespace cllint
