#include "Frontend/ExpansionBudget.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>
#include <vector>

namespace cllint {
namespace {

struct Budget {
  unsigned long long MaxTokens = 0;
  unsigned long long Lexed = 0;
  bool Tripped = false;
};

// Expansions already under way finish with the tokens they hold; every macro now expands to
// nothing, in the text, in directives and in macro arguments. (The preprocessor offers no way
// to undefine a macro outside a directive; an empty definition stops expansion the same way.)
void emptyEveryMacro(clang::Preprocessor &PP, clang::SourceLocation Loc) {
  std::vector<clang::IdentifierInfo *> Names;
  for (const auto &Entry : PP.macros())
    if (const clang::MacroInfo *MI = PP.getMacroInfo(Entry.first); MI && !MI->isBuiltinMacro())
      Names.push_back(const_cast<clang::IdentifierInfo *>(Entry.first));
  for (clang::IdentifierInfo *II : Names)
    PP.appendDefMacroDirective(II, PP.AllocateMacroInfo(Loc), Loc);
}

void trip(clang::Preprocessor &PP, const Budget &B, clang::SourceLocation Loc) {
  clang::DiagnosticsEngine &Diags = PP.getDiagnostics();
  unsigned ID = Diags.getCustomDiagID(
      clang::DiagnosticsEngine::Fatal,
      "this file expands to more than %0 tokens (its text, its includes and every macro "
      "expansion); parsing stopped (raise the limit with --max-expansion-tokens)");
  Diags.Report(Loc, ID) << std::to_string(B.MaxTokens);
  emptyEveryMacro(PP, Loc);
}

} // namespace

void boundMacroExpansion(clang::CompilerInstance &CI, unsigned long long MaxTokens) {
  if (MaxTokens == 0)
    return;
  clang::Preprocessor &PP = CI.getPreprocessor();
  auto B = std::make_shared<Budget>();
  B->MaxTokens = MaxTokens;
  // Tokens lexed inside the preprocessor (a macro argument's expansion, an #if) are watched
  // too: an argument copied twice per level grows there before the parser sees any of it.
  PP.setPreprocessToken(true);
  PP.setTokenWatcher([&PP, B](const clang::Token &T) {
    auto &Tok = const_cast<clang::Token &>(T); // the token about to be handed on
    if (!B->Tripped && ++B->Lexed <= B->MaxTokens)
      return;
    clang::SourceLocation Loc = Tok.getLocation();
    if (!B->Tripped) {
      B->Tripped = true;
      trip(PP, *B, Loc);
    }
    // Text from the files is finite and may be a directive's own end; only what expansions
    // under way still produce is cut. The end of a macro argument ends that argument's
    // expansion; the end of the file ends the parse.
    if (!Loc.isMacroID())
      return;
    Tok.startToken();
    Tok.setKind(clang::tok::eof);
    Tok.setLocation(Loc);
  });
}

std::string sourceLocationsExhaustedMessage() {
  return "this file's macro expansions ran out of clang's source locations (2 GiB of expanded "
         "text); parsing stopped";
}

} // namespace cllint
