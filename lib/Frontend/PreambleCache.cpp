#include "Frontend/PreambleCache.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/PCHContainerOperations.h"

namespace cllint {

std::optional<PreambleCache::Use> PreambleCache::get(
    const std::string &Key, const clang::CompilerInvocation &Invocation,
    const llvm::MemoryBuffer &Main, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,
    const std::function<std::unique_ptr<clang::DiagnosticConsumer>(std::vector<Finding> &)>
        &MakeCollector) {
  clang::PreambleBounds Bounds =
      clang::ComputePreambleBounds(Invocation.getLangOpts(), Main.getMemBufferRef(), 0);
  if (Bounds.Size == 0)
    return std::nullopt; // no #include block to share
  {
    std::lock_guard<std::mutex> G(Lock);
    for (auto It = Entries.begin(); It != Entries.end(); ++It)
      if (It->Key == Key) {
        if (!It->Preamble->CanReuse(Invocation, Main.getMemBufferRef(), Bounds, *VFS))
          break; // the prelude or a header changed: built again below
        Entries.splice(Entries.begin(), Entries, It);
        ++Reuses;
        return Use{It->Preamble, It->Diagnostics, true};
      }
  }
  Entry E;
  E.Key = Key;
  std::unique_ptr<clang::DiagnosticConsumer> Collector = MakeCollector(E.Diagnostics);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(DiagOpts.get(), Collector.get(),
                                                 /*ShouldOwnClient=*/false);
  clang::PreambleCallbacks Callbacks;
  llvm::ErrorOr<clang::PrecompiledPreamble> Built = clang::PrecompiledPreamble::Build(
      Invocation, &Main, Bounds, *Diags, VFS, std::make_shared<clang::PCHContainerOperations>(),
      /*StoreInMemory=*/true, /*StoragePath=*/"", Callbacks);
  // A prelude with errors is parsed with the file each time: its errors must be reported.
  if (!Built || Diags->hasErrorOccurred())
    return std::nullopt;
  E.Preamble = std::make_shared<clang::PrecompiledPreamble>(std::move(*Built));
  std::lock_guard<std::mutex> G(Lock);
  ++Builds;
  std::erase_if(Entries, [&](const Entry &X) { return X.Key == Key; });
  Entries.push_front(E);
  if (Entries.size() > Capacity)
    Entries.pop_back();
  return Use{E.Preamble, E.Diagnostics, false};
}

} // namespace cllint
