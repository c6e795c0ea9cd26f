// Parsed include preludes, as clangd keeps them: the block of #includes at the top of a file is
// parsed once into a precompiled preamble (in memory) and reused while that block, the files it
// includes and the command line are unchanged.
// - OneFile (the language server): successive edits of one document reuse its preamble.
// - AcrossFiles (a command-line run): files of one directory whose preludes begin alike share a
//   preamble of the common beginning, also when their flags differ in macros the prelude never
//   reads. A prelude seen once is parsed with its file; the second file that shares some of it
//   builds the preamble that later ones reuse.
// Bounded: the least recently used preamble goes first.
#pragma once

#include "Diagnostics/Finding.h"
#include "Frontend/CommandLineMacros.h"
#include "Frontend/IncludeLines.h"

#include "clang/Frontend/PrecompiledPreamble.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <condition_variable>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class DiagnosticConsumer;
} // namespace clang

namespace cllint {

class PreambleCache {
public:
  enum class Scope { OneFile, AcrossFiles };
  explicit PreambleCache(Scope S = Scope::OneFile, size_t Capacity = 8)
      : Sharing(S), Capacity(Capacity) {}

  // The preamble that fits Main (parsed with Args, whose last element is its path), reused or
  // built now, with the diagnostics its headers gave when it was built; null when none fits or
  // it does not build cleanly (the caller then parses everything).
  struct Use {
    std::shared_ptr<clang::PrecompiledPreamble> Preamble;
    std::vector<Finding> Diagnostics;  // their main-file locations name BuiltFor
    std::vector<IncludeEdge> Includes; // the prelude's #include directives
    std::string BuiltFor;              // the file whose parse built the preamble
    MacroTable BuiltWith;              // the command line's macros when it was built
    bool Reused = false;
  };
  using CollectorFactory =
      std::function<std::unique_ptr<clang::DiagnosticConsumer>(std::vector<Finding> &)>;
  std::optional<Use>
  get(const std::vector<std::string> &Args, const clang::CompilerInvocation &Invocation,
      const llvm::MemoryBuffer &Main, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,
      const CollectorFactory &MakeCollector, unsigned long long MaxExpansionTokens = 0);

  unsigned builds() const { return Builds; }
  unsigned reuses() const { return Reuses; }

private:
  struct Entry {
    std::string Key;  // what must be equal besides the text (see keyOf)
    std::string Text; // the bytes of the main file the preamble covers
    bool EndsAtStartOfLine = false;
    std::set<std::string> Consulted; // the macros the prelude read (their state: BuiltWith)
    std::shared_ptr<clang::PrecompiledPreamble> Preamble;
    std::vector<Finding> Diagnostics;
    std::vector<IncludeEdge> Includes;
    std::string BuiltFor;
    MacroTable BuiltWith; // the command line's macros when it was built
  };
  using KeyAndText = std::pair<std::string, std::string>;
  std::string keyOf(const std::vector<std::string> &Args) const;
  std::optional<Use> reuse(const std::string &Key, llvm::StringRef Prelude, bool PreludeEndsAtLine,
                           const MacroTable &Macros, const clang::CompilerInvocation &Invocation,
                           const llvm::MemoryBuffer &Main, llvm::vfs::FileSystem &VFS);
  size_t lengthToBuild(const std::string &Key, llvm::StringRef Prelude);

  Scope Sharing;
  size_t Capacity;
  std::mutex Lock;
  std::list<Entry> Entries;                                // most recently used first
  std::list<std::pair<std::string, std::string>> Preludes; // (key, prelude) seen, AcrossFiles
  std::set<KeyAndText> Failed;                             // preambles that did not build cleanly
  std::set<KeyAndText> InProgress;                         // preambles being built
  std::condition_variable BuildDone;
  unsigned Builds = 0, Reuses = 0;
};

} // namespace cllint
