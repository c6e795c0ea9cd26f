#include "MacroDefault.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"

namespace cllint {

std::optional<std::string> defaultedSize(clang::ASTContext &Ctx, const clang::Attr *A,
                                         const std::array<unsigned, 3> &Size) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::SourceLocation Loc = SM.getExpansionLoc(A->getLocation());
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return std::nullopt;
  // The attribute's arguments as written: `reqd_work_group_size(WG, 1, 1)`.
  llvm::StringRef Text = Buffer.drop_front(SM.getFileOffset(Loc));
  size_t Open = Text.find('('), Close = Text.find(')');
  if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos || Close < Open)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 3> Args;
  Text.slice(Open + 1, Close).split(Args, ',');
  for (size_t D = 0; D < Args.size() && D < 3; ++D) {
    std::string Name = Args[D].trim().str();
    if (!llvm::Regex("^[A-Za-z_][A-Za-z0-9_]*$").match(Name))
      continue;
    // `#ifndef NAME` (or `#if !defined(NAME)`) with `#define NAME VALUE` within three lines,
    // VALUE being the size in effect: the file's default, not a -D from the build.
    llvm::Regex Guard(
        "(^|\n)[ \t]*#[ \t]*(ifndef[ \t]+" + Name + "|if[ \t]+!defined[ \t]*\\(?[ \t]*" + Name +
        ")[^\n]*\n([^\n]*\n){0,2}[ \t]*#[ \t]*define[ \t]+" + Name + "[ \t]+\\(?([0-9]+)");
    llvm::SmallVector<llvm::StringRef, 5> M;
    if (!Guard.match(Buffer, &M) || std::to_string(Size[D]) != M[4].str())
      continue;
    unsigned Line = 1 + unsigned(Buffer.take_front(M[0].data() - Buffer.data()).count('\n')) +
                    (M[1].empty() ? 0 : 1);
    return Name + " = " + M[4].str() + ", this file's default under #ifndef " + Name + " at line " +
           std::to_string(Line) + "; the host may set another value";
  }
  return std::nullopt;
}

} // namespace cllint
