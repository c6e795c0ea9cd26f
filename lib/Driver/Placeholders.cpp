#include "Driver/Placeholders.h"

#include "Driver/BuildChoiceText.h"
#include "Host/ProjectDefinitions.h"
#include "Support/AbsolutePath.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace cllint {
namespace {

// Each parse may uncover what the next needs: an include directory, then the macros its
// header uses, then the build choice an `#error` asks for.
constexpr int MaxRounds = 6;

// 'X' in "use of undeclared identifier 'X'" / "unknown type name 'X'".
std::optional<std::string> missingName(llvm::StringRef Message, bool &Type) {
  for (llvm::StringRef Lead : {"use of undeclared identifier '", "unknown type name '"}) {
    size_t At = Message.find(Lead);
    if (At == llvm::StringRef::npos)
      continue;
    llvm::StringRef Rest = Message.drop_front(At + Lead.size());
    Type = Lead.starts_with("unknown");
    return Rest.take_until([](char C) { return C == '\''; }).str();
  }
  return std::nullopt;
}

// The value a host build's traced options give Name (`-DBLOCK_SIZE=16` from
// `sprintf(opts, "-DBLOCK_SIZE=%d", BLOCK_SIZE)` with the host's `#define BLOCK_SIZE 16`),
// from the build nearest to Near, with where.
std::optional<std::pair<std::string, std::string>> builtValue(llvm::StringRef Name,
                                                              const analysis::LaunchTable &Host,
                                                              const std::string &Near,
                                                              const std::string &MentionDir) {
  // No build farther from the kernel than the host file that writes the name: another
  // program's value would be a guess dressed as a fact.
  std::pair<size_t, long> Least = analysis::LaunchTable::closeness(MentionDir, Near);
  std::optional<std::pair<std::string, std::string>> Best;
  std::pair<size_t, long> BestCloseness{0, 0};
  for (const analysis::LaunchTable::Build &B : Host.hostBuilds()) {
    llvm::SmallVector<llvm::StringRef, 16> Words;
    llvm::StringRef(B.Options).split(Words, ' ', -1, false);
    for (size_t I = 0; I < Words.size(); ++I) {
      llvm::StringRef W = Words[I];
      if (W == "-D" && I + 1 < Words.size())
        W = Words[++I];
      else if (!W.consume_front("-D"))
        continue;
      auto [Key, Value] = W.split('=');
      if (Key != Name || Value.empty() || Value.contains('?'))
        continue;
      llvm::SmallString<256> Dir(B.HostDir);
      llvm::sys::fs::make_absolute(Dir);
      llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
      auto Closeness = analysis::LaunchTable::closeness(Dir.str().str(), Near);
      if (Closeness < Least)
        continue;
      if (!Best || Closeness > BestCloseness)
        Best = {Value.str(), B.Source}, BestCloseness = Closeness;
    }
  }
  return Best;
}

// The macros an `#include` line at Line of File is built from, with the values the host
// writes (`-D M2S(x)=XM2S(x)`, and the `-D XM2S(x)=#x` that value uses), or for a macro that
// names a directory (`INCLUDE_PATH/inc_vendor.h`, set at run time) the directory that holds
// the file: the host's value, else the including file's, the host file's or one of the two
// above it. Empty when the line is no such `#include`.
std::vector<Placeholder> includeLineMacros(const std::string &File, unsigned Line,
                                           std::set<std::string> &Seen,
                                           const analysis::LaunchTable &Host,
                                           const std::string &Near) {
  std::vector<Placeholder> Out;
  std::vector<std::pair<std::string, std::string>> Words = includeLineWords(File, Line);
  for (size_t I = 0; I < Words.size(); ++I) {
    const auto [Word, Below] = Words[I];
    const analysis::LaunchTable::Macro *M = Host.hostMacro(Word, Near);
    if (!M || M->Flag || Seen.count(Word))
      continue;
    // Another mention may write the value in full (`"-D M2S(x)=XM2S(x) "` beside a literal
    // that ends with it and so could be continued at run time).
    if (!M->Value)
      for (const analysis::LaunchTable::Macro &Other : Host.hostMacros().at(Word))
        if (Other.Value && Other.HostDir == M->HostDir && !Other.Flag) {
          M = &Other;
          break;
        }
    if (Below.empty()) {
      if (!M->Value)
        continue;
      Seen.insert(Word);
      Out.push_back({.Name = Word,
                     .Value = *M->Value,
                     .Params = M->Params,
                     .Why = "the value the host writes (" + M->Where + ")",
                     .Opens = true});
      // The macros its value is built from (`XM2S` in `XM2S(x)`).
      llvm::StringRef V = *M->Value;
      for (size_t At = 0; At < V.size();) {
        size_t End = At;
        while (End < V.size() && clang::isAsciiIdentifierContinue(V[End]))
          ++End;
        if (End > At && !llvm::isDigit(V[At]))
          Words.emplace_back(V.slice(At, End).str(), "");
        At = End + 1;
      }
      continue;
    }
    std::vector<std::string> Dirs;
    if (M->Value && llvm::sys::path::is_absolute(*M->Value))
      Dirs.push_back(*M->Value);
    else if (M->Value)
      Dirs = underDirAndAbove(M->HostDir, *M->Value, 3);
    Dirs.push_back(absolutePath(llvm::sys::path::parent_path(File)));
    for (std::string &D : underDirAndAbove(M->HostDir, "", 3))
      Dirs.push_back(std::move(D));
    for (const std::string &D : Dirs) {
      llvm::SmallString<256> Candidate(D);
      llvm::sys::path::append(Candidate, Below);
      if (!llvm::sys::fs::exists(Candidate))
        continue;
      Seen.insert(Word);
      Out.push_back({.Name = Word,
                     .Value = D,
                     .Why = "the directory that holds " + Below + " (the host's " + Word + ", " +
                            M->Where + ")",
                     .Opens = true});
      break;
    }
  }
  return Out;
}

// Whether the name error E is about is called where it stands in Content (`f(`).
bool calledAt(llvm::StringRef Content, const Finding &E) {
  size_t At = E.Where.Begin.Offset;
  if (At >= Content.size())
    return false;
  llvm::StringRef Rest = Content.drop_front(At);
  Rest = Rest.drop_while([](char C) { return clang::isAsciiIdentifierContinue(C); }).ltrim();
  return Rest.starts_with("(");
}

// The project file nearest to Near that defines Name, when no other placeholder gives it: a
// program the host builds from several files (`types.hpp`, `operations_complex.cl`, then the
// kernel) defines in the earlier files what the kernel file uses.
std::optional<Placeholder> definingFile(const std::string &Name, const analysis::LaunchTable &Host,
                                        const std::string &Near, std::set<std::string> &Seen) {
  for (const std::string &File : Host.definersOf(Name, Near)) {
    if (File == Near)
      return std::nullopt; // the file defines it itself, where the parse did not reach
    if (Seen.count("-include" + File))
      return std::nullopt;
    Seen.insert("-include" + File);
    return Placeholder{.Value = File,
                       .Why = "the project's file that defines " + Name +
                              " (a program built from several files)",
                       .Opens = true,
                       .IncludeFile = true};
  }
  return std::nullopt;
}

} // namespace

std::vector<Placeholder>
placeholdersFor(const std::vector<Finding> &Errors, const std::string &Content,
                const std::vector<std::string> &Headers, const std::vector<std::string> &Defined,
                const analysis::LaunchTable &Host, const std::string &Near) {
  std::vector<Placeholder> Out;
  std::set<std::string> Seen(Defined.begin(), Defined.end());
  std::vector<std::string> Included; // the project files put before the kernel's text
  for (llvm::StringRef D : Defined)
    if (D.consume_front("-include"))
      Included.push_back(D.str());
  for (const Finding &E : Errors) {
    // A system header the files put before the kernel include unless a flag says the text is
    // built as a kernel (`#ifndef _INKERNEL_` `#include <CL/cl.h>`).
    if (llvm::sys::path::is_absolute(E.Where.File) && !Included.empty() &&
        !llvm::is_contained(Included, E.Where.File)) {
      if (const auto *Flag = flagAvoidingSystemHeaders(Included, Host, Near);
          Flag && !Seen.count(Flag->Name)) {
        Seen.insert(Flag->Name);
        Out.push_back({.Name = Flag->Name,
                       .Value = "1",
                       .Why = "the host's flag that keeps " +
                              llvm::sys::path::filename(Included.front()).str() +
                              " from including the host's headers (" + Flag->Where + ")",
                       .Guessed = true,
                       .Flag = true,
                       .Opens = true});
        continue;
      }
    }
    // "'kernel_files/macros_cl.cl' file not found": a directory the host's -I names holds it.
    llvm::StringRef Message(E.Message);
    if (Message.ends_with("' file not found") && Message.starts_with("'")) {
      llvm::StringRef Header = Message.drop_front().drop_back(strlen("' file not found"));
      for (const auto &[Dir, Where, HostDir] : Host.hostIncludeDirs(Near)) {
        llvm::SmallString<256> Candidate(Dir);
        llvm::sys::path::append(Candidate, Header);
        if (Seen.count("-I" + Dir) || !llvm::sys::fs::exists(Candidate))
          continue;
        Seen.insert("-I" + Dir);
        Out.push_back({.Value = Dir,
                       .Why = "the include directory the host's options name (" + Where + ")",
                       .IncludeDir = true,
                       .Opens = true});
        break;
      }
      continue;
    }
    // `#include M2S(INCLUDE_PATH/inc_vendor.h)`: the macros the line is built from.
    if (std::vector<Placeholder> Built =
            includeLineMacros(E.Where.File, E.Where.Begin.Line, Seen, Host, Near);
        !Built.empty()) {
      Out.insert(Out.end(), Built.begin(), Built.end());
      continue;
    }
    bool Type = false;
    std::optional<std::string> Name = missingName(E.Message, Type);
    if (!Name) {
      // An `#error` in the `#else` of a chain of build choices the host's flags make.
      if (const auto *Flag = flagForError(E.Where.File, E.Where.Begin.Line, Host, Near);
          Flag && !Seen.count(Flag->Name)) {
        Seen.insert(Flag->Name);
        Out.push_back({.Name = Flag->Name,
                       .Value = "1",
                       .Why = "one of the host's builds (" + Flag->Where + ")",
                       .Guessed = true,
                       .Flag = true,
                       .Opens = true});
      }
      continue;
    }
    if (Seen.count(*Name))
      continue;
    Seen.insert(*Name);
    size_t Before = Out.size();
    const analysis::LaunchTable::Macro *M = Host.hostMacro(*Name, Near);
    if (auto Built = M && !M->Flag ? builtValue(*Name, Host, Near, M->HostDir) : std::nullopt) {
      Out.push_back(
          {.Name = *Name, .Value = Built->first, .Why = "the value of the " + Built->second});
    } else if (M && !M->Flag && !M->Value && M->Default) {
      Out.push_back({.Name = *Name,
                     .Value = *M->Default,
                     .Why = "the value the host starts from (" + M->DefaultWhere +
                            "; it may set another at run time, " + M->Where + ")",
                     .Guessed = true});
    } else if (M && !M->Flag && M->Value) {
      Out.push_back({.Name = *Name,
                     .Value = *M->Value,
                     .Why = "the value the host writes (" + M->Where + ")"});
    } else if (auto Tested =
                   M && !M->Flag && !Type
                       ? testedValue(Content, Headers, *Name, llvm::sys::path::filename(Near).str())
                       : std::nullopt) {
      Out.push_back({.Name = *Name,
                     .Value = Tested->first,
                     .Why = "a value the code tests it for (" + Tested->second +
                            "); the host sets it at run time (" + M->Where + ")",
                     .Guessed = true});
    } else if (M && !M->Flag && !Type) {
      Out.push_back({.Name = *Name,
                     .Value = PlaceholderValue,
                     .Why = "a placeholder: the host sets it at run time (" + M->Where + ")",
                     .Guessed = true});
    } else if (M && !M->Flag && !M->Value) {
      // Used as a type (`"-DTYPE=" + getCTypeAsString(type)`): the commonest element type.
      Out.push_back({.Name = *Name,
                     .Value = "float",
                     .Why = "a placeholder type: the host picks it at run time (" + M->Where + ")",
                     .Guessed = true});
    } else if (const auto *Flag = selectingFlag(Content, Headers, *Name, Host, Near);
               Flag && !Seen.count(Flag->Name)) {
      Seen.insert(Flag->Name);
      Out.push_back(
          {.Name = Flag->Name,
           .Value = "1",
           .Why = "one of the host's builds, which defines " + *Name + " (" + Flag->Where + ")",
           .Guessed = true,
           .Flag = true,
           .Opens = true});
    } else if (const auto *Value = selectingFlag(Content, Headers, *Name, Host, Near, false);
               Value && !Seen.count(Value->Name)) {
      std::string ContentName = llvm::sys::path::filename(Near).str();
      if (auto Tested = testedValue(Content, Headers, Value->Name, ContentName)) {
        Seen.insert(Value->Name);
        Out.push_back({.Name = Value->Name,
                       .Value = Tested->first,
                       .Why = "a value the code tests it for, which defines " + *Name + " (" +
                              Tested->second + "); the host sets it at run time (" + Value->Where +
                              ")",
                       .Guessed = true,
                       .Flag = true});
      }
    }
    // Code in the `#else` arm of a host flag's chain: the build that takes the flag's arm.
    if (Out.size() == Before)
      if (const auto *Flag = flagForElseArm(E.Where.File, E.Where.Begin.Line, Host, Near);
          Flag && !Seen.count(Flag->Name)) {
        Seen.insert(Flag->Name);
        Out.push_back({.Name = Flag->Name,
                       .Value = "1",
                       .Why = "one of the host's builds, which takes the other arm of the #if "
                              "around " +
                              *Name + " (" + Flag->Where + ")",
                       .Guessed = true,
                       .Flag = true,
                       .Opens = true});
      }
    // Another file's definition: of a type, or of a function the file calls (an undeclared
    // variable is more often one whose declaration failed).
    if (Out.size() == Before && (Type || calledAt(Content, E)))
      if (std::optional<Placeholder> File = definingFile(*Name, Host, Near, Seen))
        Out.push_back(std::move(*File));
  }
  return Out;
}

std::string placeholderAssumption(const Placeholder &P) {
  if (P.IncludeDir)
    return "-I " + P.Value + ", " + P.Why;
  if (P.IncludeFile)
    return "-include " + P.Value + ", " + P.Why;
  return P.Name + P.Params + " = " + P.Value + ", " + P.Why;
}

std::vector<Placeholder>
parseWithPlaceholders(const std::function<ParseResult(const CompileFlags &)> &Parse,
                      const CompileFlags &Flags, const std::string &Path,
                      const std::string &Content, const analysis::LaunchTable *Host,
                      ParseResult &Parsed) {
  Parsed = Parse(Flags);
  if (!Parsed.HasErrors || !Host)
    return {};
  std::string Near = absolutePath(Path);
  std::vector<std::string> Defined;
  for (const std::string &A : Flags.Args)
    if (llvm::StringRef(A).starts_with("-D") || llvm::StringRef(A).starts_with("-U"))
      Defined.push_back(llvm::StringRef(A).drop_front(2).split('=').first.str());
  CompileFlags With = Flags;
  size_t FirstInclude = With.Args.size(); // where the files put before the kernel's text go
  std::vector<std::string> Files;         // those files
  auto Added = [](const std::vector<Placeholder> &More) {
    return size_t(llvm::count_if(More, [](const Placeholder &P) { return P.IncludeFile; }));
  };
  std::vector<Placeholder> Used;
  const ParseResult *Last = &Parsed;
  ParseResult Retry;
  for (int Round = 0; Round < MaxRounds; ++Round) {
    std::vector<Placeholder> More =
        placeholdersFor(Last->ClangDiagnostics, Content, Last->Dependencies, Defined, *Host, Near);
    if (More.empty())
      return {};
    // What the newly read text tests comes before a guess of a value it may test.
    if (llvm::any_of(More, [](const Placeholder &P) { return P.Opens; }))
      llvm::erase_if(More, [](const Placeholder &P) { return P.Guessed && !P.Opens; });
    // A flag or an `#include` the build itself names comes before another file's definitions.
    if (llvm::any_of(More, [](const Placeholder &P) { return P.Opens && !P.IncludeFile; }))
      llvm::erase_if(More, [](const Placeholder &P) { return P.IncludeFile; });
    for (const Placeholder &P : More) {
      if (P.IncludeFile) {
        Files.push_back(P.Value);
        Defined.push_back("-include" + P.Value);
      } else {
        With.Args.push_back(P.IncludeDir ? "-I" + P.Value
                                         : "-D" + P.Name + P.Params + "=" + P.Value);
        Defined.push_back(P.IncludeDir ? "-I" + P.Value : P.Name);
      }
      Used.push_back(P);
    }
    // The files, each after those whose names it uses, go before the kernel's text.
    With.Args.erase(With.Args.begin() + FirstInclude,
                    With.Args.begin() + FirstInclude + (Files.size() - Added(More)));
    Files = inDefinitionOrder(std::move(Files));
    for (size_t I = 0; I < Files.size(); ++I)
      With.Args.insert(With.Args.begin() + FirstInclude + I, "-include" + Files[I]);
    Retry = Parse(With);
    if (!Retry.HasErrors) {
      Parsed = std::move(Retry);
      return Used;
    }
    Last = &Retry;
  }
  return {};
}

std::string placeholderNotice(const std::vector<Placeholder> &Used) {
  std::string Out = "compiled with values the host gives its build at run time: ";
  for (size_t I = 0; I < Used.size(); ++I)
    Out += (I ? "; " : "") + placeholderAssumption(Used[I]);
  return Out + "; findings on lines that name a placeholder are at most notes";
}

} // namespace cllint
