#include "Diagnostics/ClangLocations.h"

#include "clang/Lex/Lexer.h"

namespace cllint {

std::string sourceText(clang::ASTContext &Ctx, const clang::Expr *E) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::CharSourceRange R = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
  if (R.isValid())
    return clang::Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // Part of a macro's expansion: no file text spells exactly this expression, so it is printed
  // from the AST (`x / 4` inside `#define QUARTER(x) ((x) / 4)`), never left empty.
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  E->printPretty(OS, nullptr, clang::PrintingPolicy(Ctx.getLangOpts()));
  return OS.str();
}

Position LocationResolver::position(clang::SourceLocation Loc) const {
  Position P;
  if (Loc.isInvalid())
    return P;
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  P.Offset = Offset;
  P.Line = SM.getLineNumber(FID, Offset);
  P.Column = SM.getColumnNumber(FID, Offset);
  return P;
}

std::string LocationResolver::fileName(clang::SourceLocation Loc) const {
  clang::FileID FID = SM.getFileID(Loc);
  // A precompiled preamble holds its own copy of the main file's first lines, under the name of
  // the file it was built for (another file of the directory, when files share a prelude).
  if (FID == SM.getMainFileID() || FID == SM.getPreambleFileID())
    return MainFilePath;
  if (auto Entry = SM.getFileEntryRefForID(FID))
    return Entry->getName().str();
  return SM.getBufferName(Loc).str();
}

std::string LocationResolver::lineText(clang::SourceLocation Loc) const {
  if (Loc.isInvalid())
    return "";
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return "";
  size_t Start = Buf.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Start = (Start == llvm::StringRef::npos || Offset == 0) ? 0 : Start + 1;
  size_t End = Buf.find('\n', Offset);
  return Buf.slice(Start, End).rtrim('\r').str();
}

Range LocationResolver::charRange(clang::CharSourceRange R) const {
  Range Out;
  clang::SourceLocation B = SM.getFileLoc(R.getBegin());
  clang::SourceLocation E = SM.getFileLoc(R.getEnd());
  if (B.isInvalid())
    return Out;
  if (R.isTokenRange() || R.getBegin().isMacroID())
    E = clang::Lexer::getLocForEndOfToken(E, 0, SM, LO);
  if (E.isInvalid() || SM.getFileID(E) != SM.getFileID(B) ||
      SM.getFileOffset(E) < SM.getFileOffset(B))
    E = clang::Lexer::getLocForEndOfToken(B, 0, SM, LO);
  Out.File = fileName(B);
  Out.Begin = position(B);
  Out.End = position(E.isValid() ? E : B);
  return Out;
}

Range LocationResolver::range(clang::SourceRange R) const {
  return charRange(clang::CharSourceRange::getTokenRange(R));
}

Range LocationResolver::tokenRange(clang::SourceLocation Loc) const {
  return charRange(clang::CharSourceRange::getTokenRange(Loc, Loc));
}

std::vector<Note> LocationResolver::macroNotes(clang::SourceLocation Loc) const {
  std::vector<Note> Notes;
  while (Loc.isMacroID()) {
    llvm::StringRef Name = clang::Lexer::getImmediateMacroName(Loc, SM, LO);
    clang::SourceLocation Spelling = SM.getSpellingLoc(Loc);
    if (!Name.empty() && Spelling.isFileID() && !SM.isWrittenInBuiltinFile(Spelling) &&
        !SM.isWrittenInCommandLineFile(Spelling)) {
      Note N;
      N.Where = tokenRange(Spelling);
      N.Message = "expanded from macro '" + Name.str() + "'";
      Notes.push_back(std::move(N));
    }
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return Notes;
}

std::optional<Edit> LocationResolver::edit(clang::CharSourceRange R,
                                           const std::string &Text) const {
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID() || R.getBegin().isInvalid())
    return std::nullopt;
  clang::CharSourceRange CR = R;
  if (R.isTokenRange())
    CR = clang::CharSourceRange::getCharRange(
        R.getBegin(), clang::Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO));
  Edit E;
  E.Where.File = fileName(CR.getBegin());
  E.Where.Begin = position(CR.getBegin());
  E.Where.End = position(CR.getEnd());
  E.Replacement = Text;
  return E;
}

std::optional<Edit> LocationResolver::edit(const clang::FixItHint &Hint) const {
  return edit(Hint.RemoveRange, Hint.CodeToInsert);
}

} // namespace cllint
