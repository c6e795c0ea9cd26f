#include "Driver/BuildChoiceText.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <memory>

namespace cllint {
namespace {

// The first flag, in the order the host writes them, that one of Conditions (`#if` and `#elif`
// lines) names; with Flags false, the first macro whose value the host computes at run time.
const analysis::LaunchTable::Macro *firstFlagNamedIn(const std::vector<llvm::StringRef> &Conditions,
                                                     const analysis::LaunchTable &Host,
                                                     const std::string &Near, bool Flags = true) {
  for (const std::string &M : Host.hostMacroOrder())
    if (const auto *Flag = Host.hostMacro(M, Near);
        Flag && (Flags ? Flag->Flag : !Flag->Flag && !Flag->Value))
      for (llvm::StringRef C : Conditions)
        if (namesWord(C, M))
          return Flag;
  return nullptr;
}

// The innermost open `#if`/`#ifdef`/`#elif` line above each `#include` line of Content.
std::vector<llvm::StringRef> conditionsAroundIncludes(llvm::StringRef Content) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Content.split(Lines, '\n');
  std::vector<llvm::StringRef> Open, Out;
  for (llvm::StringRef L : Lines) {
    llvm::StringRef T = L.trim();
    if (!T.consume_front("#"))
      continue;
    T = T.ltrim();
    if (T.starts_with("if"))
      Open.push_back(T);
    else if (T.starts_with("elif") && !Open.empty())
      Open.back() = T;
    else if (T.starts_with("else") && !Open.empty())
      Open.back() = ""; // `#else`: the flag is one the block does not want
    else if (T.starts_with("endif") && !Open.empty())
      Open.pop_back();
    else if (T.starts_with("include") && !Open.empty() && !Open.back().empty())
      Out.push_back(Open.back());
  }
  return Out;
}

// The lines of Content, then of each file in Headers, with each one's name.
struct TextLines {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Buffers;
  std::vector<std::pair<std::string, llvm::SmallVector<llvm::StringRef, 0>>> Files;
  TextLines(llvm::StringRef Content, llvm::StringRef ContentName,
            const std::vector<std::string> &Headers) {
    Files.emplace_back(ContentName.str(), llvm::SmallVector<llvm::StringRef, 0>());
    Content.split(Files.back().second, '\n');
    for (const std::string &H : Headers)
      if (auto B = llvm::MemoryBuffer::getFile(H, /*IsText=*/true)) {
        Buffers.push_back(std::move(*B));
        Files.emplace_back(H, llvm::SmallVector<llvm::StringRef, 0>());
        Buffers.back()->getBuffer().split(Files.back().second, '\n');
      }
  }
};

} // namespace

bool namesWord(llvm::StringRef Line, llvm::StringRef Word) {
  for (size_t At = Line.find(Word); At != llvm::StringRef::npos; At = Line.find(Word, At + 1)) {
    bool Before = At == 0 || !clang::isAsciiIdentifierContinue(Line[At - 1]);
    size_t End = At + Word.size();
    bool After = End >= Line.size() || !clang::isAsciiIdentifierContinue(Line[End]);
    if (Before && After)
      return true;
  }
  return false;
}

// The host flag that selects a definition of Name in Content: the first flag the host writes
// among those named by the #if/#ifdef/#elif lines above a `#define Name` or `typedef ... Name;`.
const analysis::LaunchTable::Macro *selectingFlag(llvm::StringRef Content,
                                                  const std::vector<std::string> &Headers,
                                                  llvm::StringRef Name,
                                                  const analysis::LaunchTable &Host,
                                                  const std::string &Near, bool Flags) {
  // The file's own text, then each header the parse read.
  TextLines Text(Content, "", Headers);
  std::vector<llvm::StringRef> Selecting; // the condition above each `#define Name`
  llvm::StringRef LastCondition;
  for (const auto &[File, Lines] : Text.Files)
    for (llvm::StringRef L : Lines) {
      llvm::StringRef T = L.trim();
      // `typedef uint2 u32x;` defines a type name as `#define` defines a macro.
      if (T.starts_with("typedef") && T.ends_with(";") && !LastCondition.empty() &&
          T.drop_back().rtrim().ends_with(Name) && namesWord(T, Name)) {
        Selecting.push_back(LastCondition);
        continue;
      }
      if (!T.consume_front("#"))
        continue;
      T = T.ltrim();
      if (T.starts_with("if") || T.starts_with("elif"))
        LastCondition = T;
      else if (T.consume_front("define") && namesWord(T.ltrim(), Name) &&
               T.ltrim().starts_with(Name) && !LastCondition.empty())
        Selecting.push_back(LastCondition);
    }
  if (const auto *Flag = firstFlagNamedIn(Selecting, Host, Near, Flags); Flag || !Flags)
    return Flag;
  // No such definition in what the parse read: the headers a flag's block includes may hold it.
  return firstFlagNamedIn(conditionsAroundIncludes(Content), Host, Near);
}

namespace {

// A conditional chain around a line: its `#if` and `#elif` lines, and whether the line is in
// its `#else` arm.
struct EnclosingChain {
  std::vector<llvm::StringRef> Conditions;
  bool InElse = false;
};

// The chains around line Line of Lines, innermost first (nested blocks before it skipped).
std::vector<EnclosingChain> enclosingChains(const llvm::SmallVectorImpl<llvm::StringRef> &Lines,
                                            unsigned Line) {
  std::vector<EnclosingChain> Out(1);
  int Depth = 0;
  for (unsigned L = std::min<size_t>(Line, Lines.size()) - 1; L-- > 0;) {
    llvm::StringRef T = Lines[L].trim();
    if (!T.consume_front("#"))
      continue;
    T = T.ltrim();
    if (T.starts_with("endif")) {
      ++Depth;
      continue;
    }
    bool Opens = T.starts_with("if");
    if (Depth > 0) {
      Depth -= Opens;
      continue;
    }
    if (T.starts_with("else"))
      Out.back().InElse = true;
    else if (T.starts_with("elif") || Opens)
      Out.back().Conditions.push_back(T);
    if (Opens)
      Out.emplace_back();
  }
  Out.pop_back(); // the one no `#if` opened
  return Out;
}

} // namespace

// The first flag the host writes among those the #if/#elif lines of the conditional chain
// above line Line of File name: the build choice an `#error` in its `#else` asks for.
const analysis::LaunchTable::Macro *flagForError(const std::string &File, unsigned Line,
                                                 const analysis::LaunchTable &Host,
                                                 const std::string &Near) {
  TextLines Text("", "", {File});
  if (Text.Files.size() < 2 || Line == 0)
    return nullptr;
  const auto &Lines = Text.Files[1].second;
  if (Line > Lines.size() || !Lines[Line - 1].trim().starts_with("#"))
    return nullptr;
  std::vector<EnclosingChain> Chains = enclosingChains(Lines, Line);
  return Chains.empty() ? nullptr : firstFlagNamedIn(Chains.front().Conditions, Host, Near);
}

const analysis::LaunchTable::Macro *flagForElseArm(const std::string &File, unsigned Line,
                                                   const analysis::LaunchTable &Host,
                                                   const std::string &Near) {
  TextLines Text("", "", {File});
  if (Text.Files.size() < 2 || Line == 0 || Line > Text.Files[1].second.size())
    return nullptr;
  for (const EnclosingChain &C : enclosingChains(Text.Files[1].second, Line))
    if (C.InElse)
      if (const auto *Flag = firstFlagNamedIn(C.Conditions, Host, Near))
        return Flag;
  return nullptr;
}

const analysis::LaunchTable::Macro *flagAvoidingSystemHeaders(const std::vector<std::string> &Files,
                                                              const analysis::LaunchTable &Host,
                                                              const std::string &Near) {
  TextLines Text("", "", Files);
  std::vector<llvm::StringRef> Avoiding;
  for (const auto &[File, Lines] : Text.Files) {
    std::vector<llvm::StringRef> Open; // the flag each open `#ifndef` tests, else ""
    for (llvm::StringRef L : Lines) {
      llvm::StringRef T = L.trim();
      if (!T.consume_front("#"))
        continue;
      T = T.ltrim();
      if (T.consume_front("ifndef")) {
        Open.push_back(T.trim());
      } else if (T.starts_with("if")) {
        llvm::StringRef Rest = T.drop_front(2).ltrim();
        Open.push_back(T.starts_with("ifdef") || !Rest.consume_front("!defined") ? "" : Rest);
      } else if ((T.starts_with("else") || T.starts_with("elif")) && !Open.empty())
        Open.back() = "";
      else if (T.starts_with("endif") && !Open.empty())
        Open.pop_back();
      else if (T.consume_front("include") && T.ltrim().starts_with("<"))
        for (llvm::StringRef F : Open)
          if (!F.empty())
            Avoiding.push_back(F);
    }
  }
  return firstFlagNamedIn(Avoiding, Host, Near);
}

std::optional<std::pair<std::string, std::string>>
testedValue(llvm::StringRef Content, const std::vector<std::string> &Headers, llvm::StringRef Name,
            const std::string &ContentName) {
  TextLines Text(Content, ContentName, Headers);
  for (const auto &[File, Lines] : Text.Files)
    for (size_t I = 0; I < Lines.size(); ++I) {
      llvm::StringRef T = Lines[I].trim();
      if (!T.consume_front("#") || !(T.ltrim().starts_with("if") || T.ltrim().starts_with("elif")))
        continue;
      for (size_t At = T.find(Name); At != llvm::StringRef::npos; At = T.find(Name, At + 1)) {
        size_t End = At + Name.size();
        if ((At > 0 && clang::isAsciiIdentifierContinue(T[At - 1])) ||
            (End < T.size() && clang::isAsciiIdentifierContinue(T[End])))
          continue;
        llvm::StringRef Rest = T.drop_front(End).ltrim();
        if (!Rest.consume_front("=="))
          continue;
        llvm::StringRef Digits = Rest.ltrim().take_while([](char C) { return llvm::isDigit(C); });
        // Zero is rarely the value a build sets (`#if FIXED_LOCAL_SIZE == 0` tests that none
        // was), and no size or count can take it.
        if (!Digits.empty() && Digits.ltrim('0').size())
          return std::make_pair(Digits.str(), llvm::sys::path::filename(File).str() + ":" +
                                                  std::to_string(I + 1));
      }
    }
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> includeLineWords(const std::string &File,
                                                                  unsigned Line) {
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Buffer || Line == 0)
    return {};
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  if (Line > Lines.size())
    return {};
  llvm::StringRef T = Lines[Line - 1].trim();
  if (!T.consume_front("#"))
    return {};
  T = T.ltrim();
  if (!T.consume_front("include"))
    return {};
  T = T.ltrim();
  std::vector<std::pair<std::string, std::string>> Out;
  for (size_t I = 0; I < T.size();) {
    if (T[I] == '"' || T[I] == '<')
      return {}; // a written file name: nothing built from macros
    if (!(llvm::isAlpha(T[I]) || T[I] == '_')) {
      ++I;
      continue;
    }
    size_t End = I;
    while (End < T.size() && clang::isAsciiIdentifierContinue(T[End]))
      ++End;
    std::string After;
    if (End < T.size() && T[End] == '/')
      After = T.drop_front(End + 1)
                  .take_until(
                      [](char C) { return C == ')' || C == '>' || C == '"' || llvm::isSpace(C); })
                  .str();
    Out.emplace_back(T.slice(I, End).str(), After);
    I = End;
  }
  return Out;
}

} // namespace cllint
