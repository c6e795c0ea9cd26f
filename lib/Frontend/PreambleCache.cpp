#include "Frontend/PreambleCache.h"

#include "Frontend/ExpansionBudget.h"
#include "Frontend/PreambleCut.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace cllint {

namespace {

// The macros a prelude reads (expands, tests with #ifdef or defined(), or redefines), so that
// a preamble built under one command line serves another only where those agree. Also whether
// it depends on the main file's name, which no other file shares.
class MacroReads : public clang::PreambleCallbacks {
public:
  std::set<std::string> Names;
  bool ReadsFileName = false;
  std::vector<IncludeEdge> Includes;

  explicit MacroReads(unsigned long long MaxExpansionTokens)
      : MaxExpansionTokens(MaxExpansionTokens) {}
  void BeforeExecute(clang::CompilerInstance &CI) override {
    SM = &CI.getSourceManager();
    // A bomb in a header stops here as in the file's own parse (which then reports it).
    boundMacroExpansion(CI, MaxExpansionTokens);
  }
  std::unique_ptr<clang::PPCallbacks> createPPCallbacks() override {
    return std::make_unique<Recorder>(*this);
  }

private:
  struct Recorder : clang::PPCallbacks {
    explicit Recorder(MacroReads &R) : R(R) {}
    void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &, llvm::StringRef,
                            bool, clang::CharSourceRange, clang::OptionalFileEntryRef File,
                            llvm::StringRef, llvm::StringRef, const clang::Module *, bool,
                            clang::SrcMgr::CharacteristicKind) override {
      if (File && R.SM)
        recordInclude(*R.SM, HashLoc, *File, R.Includes);
    }
    void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &, clang::SourceRange,
                      const clang::MacroArgs *) override {
      read(Name);
    }
    void Defined(const clang::Token &Name, const clang::MacroDefinition &,
                 clang::SourceRange) override {
      read(Name);
    }
    void Ifdef(clang::SourceLocation, const clang::Token &Name,
               const clang::MacroDefinition &) override {
      read(Name);
    }
    void Ifndef(clang::SourceLocation, const clang::Token &Name,
                const clang::MacroDefinition &) override {
      read(Name);
    }
    void Elifdef(clang::SourceLocation, const clang::Token &Name,
                 const clang::MacroDefinition &) override {
      read(Name);
    }
    void Elifndef(clang::SourceLocation, const clang::Token &Name,
                  const clang::MacroDefinition &) override {
      read(Name);
    }
    // The command line's own -D and -U lines define every flag macro: only the prelude's count.
    void MacroDefined(const clang::Token &Name, const clang::MacroDirective *) override {
      if (!fromFlags(Name))
        read(Name);
    }
    void MacroUndefined(const clang::Token &Name, const clang::MacroDefinition &,
                        const clang::MacroDirective *) override {
      if (!fromFlags(Name))
        read(Name);
    }

    bool fromFlags(const clang::Token &Name) const {
      clang::SourceLocation L = Name.getLocation();
      return R.SM && (R.SM->isWrittenInBuiltinFile(L) || R.SM->isWrittenInCommandLineFile(L));
    }
    void read(const clang::Token &Name) {
      const clang::IdentifierInfo *II = Name.getIdentifierInfo();
      if (!II)
        return;
      llvm::StringRef N = II->getName();
      if (N == "__FILE__" || N == "__BASE_FILE__" || N == "__FILE_NAME__" || N == "__TIMESTAMP__")
        R.ReadsFileName = true;
      R.Names.insert(N.str());
    }
    MacroReads &R;
  };
  clang::SourceManager *SM = nullptr;
  unsigned long long MaxExpansionTokens;
};

// Whether Macros gives every macro the prelude read the state it had when it was built.
bool agree(const std::set<std::string> &Consulted, const MacroTable &BuiltWith,
           const MacroTable &Macros) {
  return std::all_of(Consulted.begin(), Consulted.end(), [&](const std::string &Name) {
    return macroState(BuiltWith, Name) == macroState(Macros, Name);
  });
}

} // namespace

std::string PreambleCache::keyOf(const std::vector<std::string> &Args) const {
  std::string Key;
  if (Sharing == Scope::OneFile) {
    for (const std::string &A : Args)
      Key += A + '\0';
    return Key;
  }
  // Another file of the same directory finds the same quoted includes; its own name is not
  // part of a prelude that never reads __FILE__.
  std::vector<std::string> Flags(Args.begin(), Args.end() - 1);
  return commandLineWithoutMacros(Flags) + '\0' + llvm::sys::path::parent_path(Args.back()).str();
}

std::optional<PreambleCache::Use>
PreambleCache::reuse(const std::string &Key, llvm::StringRef Prelude, bool PreludeEndsAtLine,
                     const MacroTable &Macros, const clang::CompilerInvocation &Invocation,
                     const llvm::MemoryBuffer &Main, llvm::vfs::FileSystem &VFS) {
  auto Best = Entries.end();
  for (auto It = Entries.begin(); It != Entries.end(); ++It) {
    bool Whole = It->Text.size() == Prelude.size();
    if (It->Key != Key || !Prelude.starts_with(It->Text) || (Sharing == Scope::OneFile && !Whole) ||
        (Best != Entries.end() && Best->Text.size() >= It->Text.size()))
      continue;
    // A shorter preamble ends where a line starts; one as long as the prelude ends as it does.
    bool Fits = Whole ? It->EndsAtStartOfLine == PreludeEndsAtLine : It->EndsAtStartOfLine;
    clang::PreambleBounds Bounds(It->Text.size(), It->EndsAtStartOfLine);
    if (Fits && agree(It->Consulted, It->BuiltWith, Macros) &&
        It->Preamble->CanReuse(Invocation, Main.getMemBufferRef(), Bounds, VFS))
      Best = It;
  }
  if (Best == Entries.end())
    return std::nullopt;
  Entries.splice(Entries.begin(), Entries, Best);
  ++Reuses;
  return Use{Best->Preamble, Best->Diagnostics, Best->Includes,
             Best->BuiltFor, Best->BuiltWith,   true};
}

size_t PreambleCache::lengthToBuild(const std::string &Key, llvm::StringRef Prelude) {
  if (Sharing == Scope::OneFile)
    return Prelude.size();
  size_t Length = 0;
  bool Seen = false;
  for (const auto &[K, P] : Preludes)
    if (K == Key) {
      Length = std::max(Length, sharedPreludeLength(Prelude, P));
      Seen |= P == Prelude;
    }
  if (!Seen) {
    Preludes.emplace_front(Key, Prelude.str());
    if (Preludes.size() > 8 * Capacity)
      Preludes.pop_back();
  }
  return Length;
}

std::optional<PreambleCache::Use>
PreambleCache::get(const std::vector<std::string> &Args,
                   const clang::CompilerInvocation &Invocation, const llvm::MemoryBuffer &Main,
                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,
                   const CollectorFactory &MakeCollector, unsigned long long MaxExpansionTokens) {
  clang::PreambleBounds Whole =
      clang::ComputePreambleBounds(Invocation.getLangOpts(), Main.getMemBufferRef(), 0);
  if (size_t Push = beforeDiagnosticPush(Main.getBuffer().take_front(Whole.Size));
      Push < Whole.Size)
    Whole = clang::PreambleBounds(unsigned(Push), true);
  if (Whole.Size == 0 || Args.empty())
    return std::nullopt; // no #include block to share
  llvm::StringRef Prelude = Main.getBuffer().take_front(Whole.Size);
  std::string Key = keyOf(Args);
  MacroTable Macros = commandLineMacros(Args);
  size_t Length;
  KeyAndText Building; // what this call builds, for the calls that wait for it
  {
    std::unique_lock<std::mutex> G(Lock);
    // A file parsed at the same time as the one building its preamble waits for that build
    // rather than build the same preamble again.
    for (;;) {
      if (auto U =
              reuse(Key, Prelude, Whole.PreambleEndsAtStartOfLine, Macros, Invocation, Main, *VFS))
        return U;
      // A preamble being built that this prelude begins with serves it too.
      auto Awaited = std::find_if(InProgress.begin(), InProgress.end(), [&](const KeyAndText &X) {
        return X.first == Key && Prelude.starts_with(X.second);
      });
      if (Awaited != InProgress.end()) {
        KeyAndText Wait = *Awaited;
        BuildDone.wait(G, [&] { return !InProgress.count(Wait); });
        continue;
      }
      Length = lengthToBuild(Key, Prelude);
      Building = {Key, Prelude.substr(0, Length).str()};
      if (Length == 0 || Failed.count(Building))
        return std::nullopt;
      break;
    }
    InProgress.insert(Building);
  }
  struct Finish { // every return below ends the build and wakes the waiters
    PreambleCache &C;
    const KeyAndText &What;
    ~Finish() {
      {
        std::lock_guard<std::mutex> G(C.Lock);
        C.InProgress.erase(What);
      }
      C.BuildDone.notify_all();
    }
  } Finished{*this, Building};
  Entry E;
  E.Key = Key;
  E.BuiltFor = Args.back();
  E.Text = Building.second;
  E.EndsAtStartOfLine = Length == Whole.Size ? Whole.PreambleEndsAtStartOfLine : true;
  std::unique_ptr<clang::DiagnosticConsumer> Collector = MakeCollector(E.Diagnostics);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(DiagOpts.get(), Collector.get(),
                                                 /*ShouldOwnClient=*/false);
  MacroReads Reads(MaxExpansionTokens);
  llvm::ErrorOr<clang::PrecompiledPreamble> Built = clang::PrecompiledPreamble::Build(
      Invocation, &Main, clang::PreambleBounds(Length, E.EndsAtStartOfLine), *Diags, VFS,
      std::make_shared<clang::PCHContainerOperations>(), /*StoreInMemory=*/true,
      /*StoragePath=*/"", Reads);
  std::lock_guard<std::mutex> G(Lock);
  // (G is released before Finished takes the lock: destructors run in reverse order.)
  // A prelude with errors is parsed with the file each time: its errors must be reported. One
  // that reads its file's name serves no other file.
  if (!Built || Diags->hasErrorOccurred() ||
      (Sharing == Scope::AcrossFiles && Reads.ReadsFileName)) {
    if (Sharing == Scope::AcrossFiles) // the editor retries: its user may fix the header
      Failed.insert(Building);
    return std::nullopt;
  }
  // The preamble ends where the file's own code begins, maybe between a `#pragma pack(push)`
  // and its `pop` (hashcat's m17200): the end of the preamble is not the end of the file.
  std::erase_if(E.Diagnostics, [](const Finding &F) {
    return llvm::StringRef(F.Message).starts_with("unterminated '#pragma pack");
  });
  E.Consulted = std::move(Reads.Names);
  E.Includes = std::move(Reads.Includes);
  E.BuiltWith = Macros;
  E.Preamble = std::make_shared<clang::PrecompiledPreamble>(std::move(*Built));
  ++Builds;
  if (Sharing == Scope::OneFile)
    std::erase_if(Entries, [&](const Entry &X) { return X.Key == Key; });
  Entries.push_front(E);
  if (Entries.size() > Capacity)
    Entries.pop_back();
  return Use{E.Preamble, E.Diagnostics, E.Includes, E.BuiltFor, E.BuiltWith, false};
}

} // namespace cllint
