#include "Host/HostMacros.h"

#include "Support/AbsolutePath.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>

namespace cllint {
namespace {

// Where the argument of an option `-<Letter>` that starts a word at I of Body begins (after
// any spaces: `-D NAME`, `-I dir`); nothing when no such option starts there.
std::optional<size_t> optionArgument(llvm::StringRef Body, size_t I, char Letter) {
  if (I + 2 >= Body.size() || Body[I] != '-' || Body[I + 1] != Letter ||
      (I > 0 && !llvm::isSpace(Body[I - 1])))
    return std::nullopt;
  size_t J = I + 2;
  while (J < Body.size() && Body[J] == ' ')
    ++J;
  return J;
}

// The -D options in one literal's text (escapes left as written).
void scanLiteral(llvm::StringRef Body, unsigned Line, const std::string &DisplayName,
                 std::vector<analysis::LaunchTable::Macro> &Out) {
  for (size_t I = 0; I + 2 < Body.size(); ++I) {
    std::optional<size_t> Arg = optionArgument(Body, I, 'D');
    if (!Arg)
      continue;
    size_t J = *Arg, NameStart = J;
    if (J >= Body.size() || !(llvm::isAlpha(Body[J]) || Body[J] == '_'))
      continue;
    while (J < Body.size() && clang::isAsciiIdentifierContinue(Body[J]))
      ++J;
    analysis::LaunchTable::Macro M;
    M.Name = Body.slice(NameStart, J).str();
    M.Where = DisplayName + ":" + std::to_string(Line);
    // A function-like macro (`-D XM2S(x)=#x`): its parameters, then its body.
    if (J < Body.size() && Body[J] == '(') {
      size_t Close = Body.find(')', J);
      if (Close == llvm::StringRef::npos || Close + 1 >= Body.size() || Body[Close + 1] != '=')
        continue;
      M.Params = Body.slice(J, Close + 1).str();
      J = Close + 1;
    }
    if (J < Body.size() && Body[J] == '=') {
      size_t V = J + 1, End = V;
      while (End < Body.size() && !llvm::isSpace(Body[End]) && Body[End] != '\\')
        ++End;
      llvm::StringRef Value = Body.slice(V, End);
      // `"-DN=" + n`, `"-DN=%d"`, `f"-DN={n}"`: computed when the program runs.
      bool Computed =
          End == Body.size() || Value.empty() || Value.contains('%') || Value.contains('{');
      if (!Computed)
        M.Value = Value.str();
    } else {
      M.Flag = true;
    }
    Out.push_back(std::move(M));
    I = J;
  }
}

// Calls Visit(body, line) for each string literal of a C, C++ or Python text.
template <typename Visitor> void forEachStringLiteral(llvm::StringRef Text, Visitor Visit) {
  unsigned Line = 1;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n') {
      ++Line;
      continue;
    }
    // Comments hold example command lines, not what the program passes.
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/') {
      I = Text.find('\n', I);
      if (I == llvm::StringRef::npos)
        break;
      --I;
      continue;
    }
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*') {
      size_t End = Text.find("*/", I + 2);
      End = End == llvm::StringRef::npos ? Text.size() : End + 2;
      Line += Text.slice(I, End).count('\n');
      I = End - 1;
      continue;
    }
    if (C != '"' && C != '\'')
      continue;
    if (C == '\'' && I > 0 && clang::isAsciiIdentifierContinue(Text[I - 1]))
      continue; // a C++14 digit separator
    size_t J = I + 1;
    while (J < Text.size() && Text[J] != C && Text[J] != '\n')
      J += Text[J] == '\\' ? 2 : 1;
    if (J >= Text.size())
      break;
    if (Text[J] == C && J > I + 2)
      Visit(Text.slice(I + 1, J), Line);
    if (Text[J] == '\n')
      ++Line;
    I = J;
  }
}

// The directory of each `-I dir` / `-Idir` / `-I \"dir\"` in one literal's text, when written in
// full.
void scanIncludeDirs(llvm::StringRef Body, std::vector<std::string> &Out) {
  for (size_t I = 0; I + 2 < Body.size(); ++I) {
    std::optional<size_t> Arg = optionArgument(Body, I, 'I');
    if (!Arg)
      continue;
    size_t J = *Arg, End = J;
    while (End < Body.size() && !llvm::isSpace(Body[End]))
      ++End;
    std::string Dir;
    for (char C : Body.slice(J, End))
      if (C != '\\' && C != '"')
        Dir += C;
    if (!Dir.empty() && Dir.find('%') == std::string::npos && Dir.find('{') == std::string::npos)
      Out.push_back(Dir);
    I = End;
  }
}

// The integer the host text starts Name from: `#define NAME 16`, or a variable of that name
// (any case: `work_items` for WORK_ITEMS) initialised or assigned a literal (`int NAME = 16;`),
// the first in the text; with its line.
std::optional<std::pair<std::string, unsigned>> visibleDefault(llvm::StringRef Text,
                                                               llvm::StringRef Name) {
  std::string Lower = Name.lower();
  llvm::StringRef Lowered = Lower;
  std::string TextLower = Text.lower();
  for (size_t At = llvm::StringRef(TextLower).find(Lowered); At != llvm::StringRef::npos;
       At = llvm::StringRef(TextLower).find(Lowered, At + 1)) {
    size_t End = At + Name.size();
    if ((At > 0 && clang::isAsciiIdentifierContinue(Text[At - 1])) ||
        (End < Text.size() && clang::isAsciiIdentifierContinue(Text[End])))
      continue;
    llvm::StringRef Before = Text.substr(0, At).rtrim(" \t");
    llvm::StringRef After = Text.substr(End).ltrim(" \t");
    bool Define = Before.ends_with("define") && Text.substr(At, Name.size()) == Name;
    if (!Define) {
      if (!After.consume_front("=") || After.starts_with("="))
        continue;
      After = After.ltrim(" \t");
    }
    llvm::StringRef Digits = After.take_while([](char C) { return llvm::isDigit(C); });
    llvm::StringRef Rest = After.drop_front(Digits.size()).ltrim(" \t");
    if (Digits.empty() || !(Rest.empty() || Define || Rest.front() == ';' || Rest.front() == ','))
      continue;
    return std::make_pair(Digits.str(), unsigned(Text.substr(0, At).count('\n') + 1));
  }
  return std::nullopt;
}

} // namespace

std::vector<analysis::LaunchTable::Macro> hostMacroMentions(llvm::StringRef Text,
                                                            const std::string &DisplayName) {
  std::vector<analysis::LaunchTable::Macro> Out;
  forEachStringLiteral(Text, [&](llvm::StringRef Body, unsigned Line) {
    scanLiteral(Body, Line, DisplayName, Out);
  });
  return Out;
}

std::vector<std::string> floatToDoubleRewrites(llvm::StringRef Text,
                                               const std::string &DisplayName) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I];
    if (!L.contains("replace"))
      continue;
    size_t Float = std::min(L.find("\"float\""), L.find("'float'"));
    size_t Double = std::min(L.find("\"double\""), L.find("'double'"));
    if (Float != llvm::StringRef::npos && Double != llvm::StringRef::npos && Float < Double)
      Out.push_back(DisplayName + ":" + std::to_string(I + 1));
  }
  return Out;
}

std::vector<std::string> hostIncludeDirMentions(llvm::StringRef Text) {
  std::vector<std::string> Out;
  forEachStringLiteral(Text, [&](llvm::StringRef Body, unsigned) { scanIncludeDirs(Body, Out); });
  return Out;
}

void addHostOptionMentions(analysis::LaunchTable &Table, const std::string &Path,
                           llvm::StringRef Text) {
  std::string Name = llvm::sys::path::filename(Path).str();
  std::string Base = absolutePath(llvm::sys::path::parent_path(Path));
  for (analysis::LaunchTable::Macro &M : hostMacroMentions(Text, Name)) {
    M.HostDir = Base;
    if (!M.Value && !M.Flag)
      if (auto D = visibleDefault(Text, M.Name)) {
        M.Default = D->first;
        M.DefaultWhere = Name + ":" + std::to_string(D->second);
      }
    Table.addHostMacro(std::move(M));
  }
  for (std::string &Where : floatToDoubleRewrites(Text, Name))
    Table.addPrecisionRewrite({Base, std::move(Where)});
  for (const std::string &Dir : hostIncludeDirMentions(Text)) {
    if (llvm::sys::path::is_absolute(Dir)) {
      Table.addHostIncludeDir({Dir, Name, Base});
      continue;
    }
    // A relative directory is the running program's: the host file's own directory, or the
    // one or two above it where the program is built and run (rodinia's heartwall writes
    // "-I." in kernel/ and runs from the directory above).
    for (std::string &Abs : underDirAndAbove(Base, Dir, 3))
      Table.addHostIncludeDir({std::move(Abs), Name, Base});
  }
}

} // namespace cllint
