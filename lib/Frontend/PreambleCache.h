// Parsed include preludes kept between parses of one file (the language server's successive
// edits), as clangd does: the block of #includes at the top of a file is parsed once into a
// precompiled preamble (in memory) and reused while that block, the files it includes and the
// command line are unchanged. Bounded: the least recently used preamble goes first.
#pragma once

#include "Diagnostics/Finding.h"

#include "clang/Frontend/PrecompiledPreamble.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class DiagnosticConsumer;
} // namespace clang

namespace cllint {

class PreambleCache {
public:
  explicit PreambleCache(size_t Capacity = 8) : Capacity(Capacity) {}

  // The preamble for Key (the file and its command line) that fits Main, reused or built now,
  // with the diagnostics its headers gave when it was built; null when Main has no preamble or
  // it does not build cleanly (the caller then parses everything).
  struct Use {
    std::shared_ptr<clang::PrecompiledPreamble> Preamble;
    std::vector<Finding> Diagnostics;
    bool Reused = false;
  };
  std::optional<Use>
  get(const std::string &Key, const clang::CompilerInvocation &Invocation,
      const llvm::MemoryBuffer &Main, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,
      const std::function<std::unique_ptr<clang::DiagnosticConsumer>(std::vector<Finding> &)>
          &MakeCollector);

  unsigned builds() const { return Builds; }
  unsigned reuses() const { return Reuses; }

private:
  struct Entry {
    std::string Key;
    std::shared_ptr<clang::PrecompiledPreamble> Preamble;
    std::vector<Finding> Diagnostics;
  };
  size_t Capacity;
  std::mutex Lock;
  std::list<Entry> Entries; // most recently used first
  unsigned Builds = 0, Reuses = 0;
};

} // namespace cllint
