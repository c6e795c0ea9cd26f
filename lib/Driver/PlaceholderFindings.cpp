#include "Driver/PlaceholderFindings.h"

#include "Driver/BuildChoiceText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

namespace cllint {

namespace {

// Where each kernel's definition lies in Text: from the `kernel` / `__kernel` keyword to its
// closing brace (braces in comments and strings are rare enough in kernel code to ignore).
std::vector<std::pair<size_t, size_t>> kernelRanges(llvm::StringRef Text) {
  std::vector<std::pair<size_t, size_t>> Out;
  for (size_t At = Text.find("kernel"); At != llvm::StringRef::npos;
       At = Text.find("kernel", At + 1)) {
    bool Word = (At == 0 || !(llvm::isAlnum(Text[At - 1]))) &&
                (At + 6 >= Text.size() || !(llvm::isAlnum(Text[At + 6]) || Text[At + 6] == '_'));
    if (!Word || (At > 0 && Text[At - 1] == '_' && !(At >= 2 && Text[At - 2] == '_')))
      continue;
    size_t Open = Text.find('{', At), Semi = Text.find(';', At);
    if (Open == llvm::StringRef::npos || Semi < Open)
      continue;
    int Depth = 0;
    size_t I = Open;
    for (; I < Text.size(); ++I)
      if (Text[I] == '{')
        ++Depth;
      else if (Text[I] == '}' && --Depth == 0)
        break;
    Out.push_back({At, I});
    At = I;
  }
  return Out;
}

llvm::StringRef lineAt(llvm::StringRef Text, unsigned Line) {
  size_t Start = 0;
  for (unsigned L = 1; L < Line; ++L) {
    Start = Text.find('\n', Start);
    if (Start == llvm::StringRef::npos)
      return "";
    ++Start;
  }
  return Text.substr(Start).take_until([](char C) { return C == '\n'; });
}

} // namespace

void markPlaceholderFindings(std::vector<Finding> &Findings, const std::vector<Placeholder> &Used,
                             const std::string &Path, const std::string &Content) {
  if (Used.empty())
    return;
  std::vector<std::pair<size_t, size_t>> Kernels = kernelRanges(Content);
  const Placeholder *FirstFile = nullptr;
  for (const Placeholder &P : Used)
    if (P.IncludeFile && !FirstFile)
      FirstFile = &P;
  for (Finding &F : Findings) {
    // The compiler's warnings about how the kernel uses what other files define rest on the
    // choice of those files (a helper defined for another build's types).
    if (FirstFile && llvm::StringRef(F.RuleId).starts_with("clang-diagnostic-") &&
        F.Level == Severity::Warning) {
      F.Level = Severity::Note;
      F.Message +=
          "; this rests on the files put before it (" + placeholderAssumption(*FirstFile) + ")";
    }
    if (F.Where.File != Path || F.Where.Begin.Line == 0)
      continue;
    llvm::StringRef Line = lineAt(Content, F.Where.Begin.Line);
    llvm::StringRef Kernel;
    for (const auto &[Begin, End] : Kernels)
      if (F.Where.Begin.Offset >= Begin && F.Where.Begin.Offset <= End)
        Kernel = llvm::StringRef(Content).slice(Begin, End + 1);
    for (const Placeholder &P : Used) {
      if (!P.Guessed || P.IncludeDir || P.IncludeFile)
        continue;
      // On the finding's own line the placeholder decides it: at most a note. Elsewhere in
      // its kernel (a loop bound, a work-group size), or as a flag that picks the file's
      // types, it weighs on it: the finding names it.
      bool OnLine = namesWord(Line, P.Name);
      if (!OnLine && !P.Flag && !namesWord(Kernel, P.Name))
        continue;
      std::string Assumption = placeholderAssumption(P);
      if (F.Weight) {
        F.Weight->Conditional |= OnLine;
        if (!llvm::is_contained(F.Weight->Assumptions, Assumption))
          F.Weight->Assumptions.push_back(Assumption);
      } else if (F.Message.find(Assumption) == std::string::npos) {
        // Without an impact (a __local budget over the limit, a compiler warning) the message
        // says what it rests on; on the placeholder's own line it is a note.
        if (OnLine)
          F.Level = Severity::Note;
        F.Message += "; this rests on " + Assumption;
      }
    }
  }
}

void dropPlaceholderWarnings(std::vector<Finding> &Diagnostics,
                             const std::vector<Placeholder> &Used, const std::string &Path,
                             const std::string &Content) {
  llvm::erase_if(Diagnostics, [&](const Finding &F) {
    if (F.RuleId == "clang-diagnostic-error" || F.Where.File != Path || !F.Where.Begin.Line)
      return false;
    llvm::StringRef Line = lineAt(Content, F.Where.Begin.Line);
    return llvm::any_of(Used, [&](const Placeholder &P) {
      return P.Guessed && !P.IncludeDir && !P.Flag && namesWord(Line, P.Name);
    });
  });
}

} // namespace cllint
