// Turns clang locations into the plain Ranges findings carry. Code that comes through a macro
// is reported where the user wrote the macro's name, with a note at the definition.
#pragma once

#include "Diagnostics/Finding.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <string>

namespace cllint {

// The text of E as spelled in the file (a macro use stays a macro use).
std::string sourceText(clang::ASTContext &Ctx, const clang::Expr *E);

class LocationResolver {
public:
  LocationResolver(const clang::SourceManager &SM, const clang::LangOptions &LO,
                   std::string MainFilePath)
      : SM(SM), LO(LO), MainFilePath(std::move(MainFilePath)) {}

  // The token at Loc (or the whole range), mapped to the file the user wrote.
  Range tokenRange(clang::SourceLocation Loc) const;
  Range range(clang::SourceRange R) const;
  Range charRange(clang::CharSourceRange R) const;

  // Notes "expanded from macro 'NAME'" pointing at each macro's definition, innermost first.
  std::vector<Note> macroNotes(clang::SourceLocation Loc) const;

  // An edit, or nothing when the range is not plain file text (inside a macro expansion the
  // same spelling serves every use, so editing it is not exact).
  std::optional<Edit> edit(clang::CharSourceRange R, const std::string &Text) const;
  std::optional<Edit> edit(const clang::FixItHint &Hint) const;

  Position position(clang::SourceLocation FileLoc) const;
  std::string fileName(clang::SourceLocation FileLoc) const;
  std::string lineText(clang::SourceLocation FileLoc) const;
  const clang::SourceManager &sourceManager() const { return SM; }
  const clang::LangOptions &langOptions() const { return LO; }

private:
  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
  std::string MainFilePath;
};

} // namespace cllint
