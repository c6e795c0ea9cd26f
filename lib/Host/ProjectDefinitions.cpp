#include "Host/ProjectDefinitions.h"

#include "Analysis/LaunchTable.h"
#include "Support/AbsolutePath.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace cllint {
namespace {

// Enough for the kernel trees of large projects (hashcat's 1,500 files) without reading a
// whole build tree.
constexpr size_t MaxFiles = 4000;
constexpr uint64_t MaxFileBytes = 1 << 20;

// Text with comments and string and character literals blanked (newlines kept).
std::string withoutCommentsAndStrings(llvm::StringRef Text) {
  std::string Out(Text);
  for (size_t I = 0; I < Out.size(); ++I) {
    if (Out[I] == '/' && I + 1 < Out.size() && Out[I + 1] == '/') {
      while (I < Out.size() && Out[I] != '\n')
        Out[I++] = ' ';
    } else if (Out[I] == '/' && I + 1 < Out.size() && Out[I + 1] == '*') {
      size_t End = Out.find("*/", I + 2);
      End = End == std::string::npos ? Out.size() : End + 2;
      for (; I < End; ++I)
        if (Out[I] != '\n')
          Out[I] = ' ';
      --I;
    } else if (Out[I] == '"' || Out[I] == '\'') {
      char Q = Out[I];
      for (++I; I < Out.size() && Out[I] != Q && Out[I] != '\n'; ++I) {
        if (Out[I] == '\\' && I + 1 < Out.size())
          Out[I++] = ' ';
        Out[I] = ' ';
      }
    }
  }
  return Out;
}

// The identifiers of S, in order, leaving out what `__attribute__((...))` wraps.
std::vector<llvm::StringRef> identifiers(llvm::StringRef S) {
  std::vector<llvm::StringRef> Out;
  for (size_t I = 0; I < S.size();) {
    if (!clang::isAsciiIdentifierStart(S[I])) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < S.size() && clang::isAsciiIdentifierContinue(S[J]))
      ++J;
    llvm::StringRef Word = S.slice(I, J);
    if (Word == "__attribute__" || Word == "__attribute") {
      size_t Open = S.find('(', J);
      int Depth = 0;
      for (J = Open; J < S.size(); ++J)
        if (S[J] == '(')
          ++Depth;
        else if (S[J] == ')' && --Depth == 0)
          break;
      I = J == llvm::StringRef::npos ? S.size() : J + 1;
      continue;
    }
    Out.push_back(Word);
    I = J;
  }
  return Out;
}

// The name a file-scope declaration Decl (its text up to the `{` or `;` that ends it) defines.
std::optional<std::string> declaredName(llvm::StringRef Decl, bool Body) {
  Decl = Decl.trim();
  std::vector<llvm::StringRef> Words = identifiers(Decl);
  if (Words.empty())
    return std::nullopt;
  if (Words.front() == "typedef")
    return Body ? std::nullopt : std::optional<std::string>(Words.back().str());
  size_t Paren = Decl.find('(');
  if (Body && Paren != llvm::StringRef::npos) {
    // A function definition: the identifier just before its parameter list; none for a C++
    // template specialisation (`size_t get_flops<hmc_complex, complexdivide>()`).
    if (Decl.take_front(Paren).rtrim().ends_with(">"))
      return std::nullopt;
    std::vector<llvm::StringRef> Before = identifiers(Decl.take_front(Paren));
    return Before.empty() ? std::nullopt : std::optional<std::string>(Before.back().str());
  }
  if (Body) {
    // `struct NAME {`, `enum NAME {`
    if (Words.size() >= 2 && (Words[0] == "struct" || Words[0] == "union" || Words[0] == "enum"))
      return Words[1].str();
    return std::nullopt;
  }
  if (Paren != llvm::StringRef::npos)
    return std::nullopt; // a prototype
  // A variable: the identifier before its initialiser or array bounds.
  llvm::StringRef Head = Decl.take_until([](char C) { return C == '=' || C == '['; });
  std::vector<llvm::StringRef> Before = identifiers(Head);
  if (Before.size() < 2)
    return std::nullopt;
  return Before.back().str();
}

// Whether Text defines a kernel: `__kernel` or `kernel` before `void`.
bool definesKernel(llvm::StringRef Text) {
  for (llvm::StringRef Word : {"__kernel", "kernel"})
    for (size_t At = Text.find(Word); At != llvm::StringRef::npos; At = Text.find(Word, At + 1)) {
      size_t End = At + Word.size();
      if ((At > 0 && clang::isAsciiIdentifierContinue(Text[At - 1])) ||
          (End < Text.size() && clang::isAsciiIdentifierContinue(Text[End])))
        continue;
      llvm::StringRef Rest = Text.drop_front(End).ltrim();
      while (Rest.consume_front("__attribute__")) {
        size_t Close = Rest.find("))");
        Rest = Close == llvm::StringRef::npos ? "" : Rest.drop_front(Close + 2).ltrim();
      }
      if (Rest.starts_with("void"))
        return true;
    }
  return false;
}

} // namespace

std::vector<std::string> topLevelDefinitions(llvm::StringRef Original) {
  std::string Clean = withoutCommentsAndStrings(Original);
  std::vector<std::string> Out;
  // Directives first: each `#define` names a macro, and every directive line is blanked so
  // that one inside a declaration (`} hmc_complex #ifdef X ... ;`) does not cut it.
  for (size_t I = 0; I < Clean.size();) {
    size_t LineEnd = Clean.find('\n', I);
    LineEnd = LineEnd == std::string::npos ? Clean.size() : LineEnd;
    llvm::StringRef Line = llvm::StringRef(Clean).slice(I, LineEnd).ltrim();
    if (!Line.starts_with("#")) {
      I = LineEnd + 1;
      continue;
    }
    llvm::StringRef Directive = Line.drop_front().ltrim();
    if (Directive.consume_front("define")) {
      Directive = Directive.ltrim();
      size_t J = 0;
      while (J < Directive.size() && clang::isAsciiIdentifierContinue(Directive[J]))
        ++J;
      if (J)
        Out.push_back(Directive.take_front(J).str());
    }
    // The directive and its continuation lines.
    size_t End = I;
    while (End < Clean.size() && Clean[End] != '\n')
      End += Clean[End] == '\\' && End + 1 < Clean.size() ? 2 : 1;
    for (size_t K = I; K < End && K < Clean.size(); ++K)
      if (Clean[K] != '\n')
        Clean[K] = ' ';
    I = End + 1;
  }
  llvm::StringRef Text = Clean;
  int Depth = 0;
  size_t Start = 0;         // where the current file-scope declaration began
  bool TypedefBody = false; // inside `typedef struct { ... }`, whose name follows the body
  bool NameFollows = false; // after that body, up to the `;`
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '{') {
      if (Depth == 0) {
        llvm::StringRef Decl = Text.slice(Start, I);
        TypedefBody = Decl.trim().starts_with("typedef");
        // `__constant float table[4] = {...};`: a variable with an initialiser.
        bool Initialiser = Decl.contains('=');
        if (auto Name = declaredName(Decl, /*Body=*/!Initialiser))
          Out.push_back(*Name);
      }
      ++Depth;
    } else if (C == '}') {
      if (Depth > 0 && --Depth == 0) {
        Start = I + 1;
        NameFollows = TypedefBody;
        TypedefBody = false;
      }
    } else if (C == ';' && Depth == 0) {
      llvm::StringRef Decl = Text.slice(Start, I);
      std::vector<llvm::StringRef> Words = identifiers(Decl);
      if (NameFollows && !Words.empty())
        Out.push_back(Words.front().str());
      else if (!NameFollows)
        if (auto Name = declaredName(Decl, /*Body=*/false))
          Out.push_back(*Name);
      NameFollows = false;
      Start = I + 1;
    }
  }
  return Out;
}

std::vector<std::string> inDefinitionOrder(std::vector<std::string> Files) {
  std::vector<std::set<std::string>> Defines(Files.size()), Uses(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    auto Buffer = llvm::MemoryBuffer::getFile(Files[I], /*IsText=*/true);
    if (!Buffer)
      continue;
    std::vector<std::string> Names = topLevelDefinitions((*Buffer)->getBuffer());
    Defines[I].insert(Names.begin(), Names.end());
    std::string Clean = withoutCommentsAndStrings((*Buffer)->getBuffer());
    for (llvm::StringRef W : identifiers(Clean))
      Uses[I].insert(W.str());
  }
  auto needs = [&](size_t B, size_t A) { // B uses a name A defines
    return A != B && llvm::any_of(Defines[A], [&](const std::string &N) {
             return Uses[B].count(N) && !Defines[B].count(N);
           });
  };
  std::vector<std::string> Out;
  std::vector<bool> Placed(Files.size());
  while (Out.size() < Files.size()) {
    size_t Pick = Files.size();
    // The first file that needs none of those not yet placed; on a cycle, the first left.
    for (size_t I = 0; I < Files.size() && Pick == Files.size(); ++I) {
      if (Placed[I])
        continue;
      bool Ready = true;
      for (size_t J = 0; J < Files.size() && Ready; ++J)
        Ready = Placed[J] || !needs(I, J);
      if (Ready)
        Pick = I;
    }
    if (Pick == Files.size())
      Pick = size_t(std::find(Placed.begin(), Placed.end(), false) - Placed.begin());
    Placed[Pick] = true;
    Out.push_back(Files[Pick]);
  }
  return Out;
}

void ProjectDefinitions::index() {
  static const std::set<std::string> Extensions = {".cl", ".clh", ".h", ".hpp", ".hh", ".inc"};
  std::vector<std::string> Files;
  for (const std::string &Root : Roots) {
    if (!llvm::sys::fs::is_directory(Root)) {
      Files.push_back(Root);
      continue;
    }
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
         It != End && !EC && Files.size() < MaxFiles; It.increment(EC)) {
      llvm::StringRef Path = It->path();
      llvm::StringRef Name = llvm::sys::path::filename(Path);
      if (Name.starts_with(".") && It->type() == llvm::sys::fs::file_type::directory_file) {
        It.no_push();
        continue;
      }
      if (Extensions.count(llvm::sys::path::extension(Path).lower()))
        Files.push_back(Path.str());
    }
  }
  for (const std::string &F : Files) {
    uint64_t Size = 0;
    if (llvm::sys::fs::file_size(F, Size) || Size > MaxFileBytes)
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(F, /*IsText=*/true);
    if (!Buffer)
      continue;
    // A file with kernels of its own is a program, not a piece of one (sgminer's animecoin.cl
    // defines the types its fragments use, which are linted through the files including them).
    if (definesKernel((*Buffer)->getBuffer()))
      continue;
    std::string Abs = absolutePath(F);
    for (const std::string &Name : topLevelDefinitions((*Buffer)->getBuffer())) {
      std::vector<std::string> &List = Definers[Name];
      if (List.empty() || List.back() != Abs)
        List.push_back(Abs);
    }
  }
}

std::vector<std::string> ProjectDefinitions::definersOf(const std::string &Name,
                                                        const std::string &Near) {
  std::call_once(Indexed, [this] { index(); });
  auto It = Definers.find(Name);
  if (It == Definers.end())
    return {};
  std::vector<std::string> Out = It->second;
  std::stable_sort(Out.begin(), Out.end(), [&](const std::string &A, const std::string &B) {
    using analysis::LaunchTable;
    return LaunchTable::closeness(llvm::sys::path::parent_path(A).str(), Near) >
           LaunchTable::closeness(llvm::sys::path::parent_path(B).str(), Near);
  });
  return Out;
}

} // namespace cllint
