#include "Frontend/OpenCLParser.h"

#include "Frontend/ExpansionBudget.h"
#include "Frontend/GuardedFileSystem.h"
#include "Frontend/PreambleCache.h"
#include "Frontend/ResourceDir.h"
#include "Support/CrashIsolation.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace cllint {
namespace {

// Collects clang's diagnostics as findings; notes attach to the finding before them.
class DiagnosticCollector : public clang::DiagnosticConsumer {
public:
  DiagnosticCollector(std::string MainPath, std::vector<Finding> &Out)
      : MainPath(std::move(MainPath)), Out(Out) {}

  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *) override {
    LangOpts = &LO;
  }
  void EndSourceFile() override { LangOpts = nullptr; }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    // Clang aborts right after this one; the parse's isolation reports why.
    if (Info.getID() == clang::diag::err_sloc_space_too_large)
      setIsolatedCause(sourceLocationsExhaustedMessage());
    if (Level == clang::DiagnosticsEngine::Ignored || Level == clang::DiagnosticsEngine::Remark)
      return;
    llvm::SmallString<256> Text;
    Info.FormatDiagnostic(Text);
    Range Where = locate(Info);
    if (Level == clang::DiagnosticsEngine::Note && SkippingNotes)
      return;
    if (Level == clang::DiagnosticsEngine::Note) {
      if (!Out.empty() && Where.isValid())
        Out.back().Notes.push_back({Where, Text.str().str()});
      return;
    }
    Finding F;
    if (Level >= clang::DiagnosticsEngine::Error) {
      F.RuleId = "clang-diagnostic-error";
      F.Level = Severity::Error;
    } else {
      llvm::StringRef Flag = clang::DiagnosticIDs::getWarningOptionForDiag(Info.getID());
      F.RuleId = Flag.empty() ? "clang-diagnostic-warning" : ("clang-diagnostic-" + Flag).str();
      F.Level = Severity::Warning;
    }
    F.Message = Text.str().str();
    bool FromFlags = Where.isValid() && llvm::StringRef(Where.File).starts_with("<");
    // After a preamble, the -D and -include lines run again over what it defined: their
    // warnings ("macro redefined") are artifacts; the preamble's build reported the real ones.
    if (FromFlags && AfterPreamble && Level < clang::DiagnosticsEngine::Error) {
      SkippingNotes = true;
      return;
    }
    SkippingNotes = false;
    if (FromFlags) {
      // `<built-in>`, `<command line>`: the predefines buffer, where -include and -D land. The
      // user's file is what was being linted; the flags are what to fix.
      F.Message += " (from the compile flags: -include, -D or the config's flags)";
      Where = Range();
    }
    F.Where = Where.isValid() ? Where : fallbackRange();
    if (Info.hasSourceManager() && LangOpts && !FromFlags) {
      LocationResolver R(Info.getSourceManager(), *LangOpts, MainPath);
      F.LineText = R.lineText(Info.getSourceManager().getFileLoc(Info.getLocation()));
      Fix Fx;
      for (const clang::FixItHint &H : Info.getFixItHints())
        if (auto E = R.edit(H))
          Fx.Edits.push_back(*E);
      if (!Fx.Edits.empty() && Fx.Edits.size() == Info.getFixItHints().size()) {
        Fx.Description = "apply clang's fix-it";
        // Clang's fix-its repair a warning, they do not keep behaviour: `-Wformat` changes what
        // printf prints. Only --fix-unsafe applies them.
        Fx.Safety = FixSafety::Unsafe;
        F.Fixes.push_back(std::move(Fx));
      }
    }
    Out.push_back(std::move(F));
  }

private:
  Range locate(const clang::Diagnostic &Info) const {
    if (!Info.hasSourceManager() || !LangOpts || Info.getLocation().isInvalid())
      return Range();
    LocationResolver R(Info.getSourceManager(), *LangOpts, MainPath);
    return R.tokenRange(Info.getLocation());
  }
  Range fallbackRange() const {
    Range R;
    R.File = MainPath;
    R.Begin = {1, 1, 0};
    R.End = {1, 1, 0};
    return R;
  }

  std::string MainPath;
  std::vector<Finding> &Out;

public:
  bool AfterPreamble = false;

private:
  bool SkippingNotes = false;
  const clang::LangOptions *LangOpts = nullptr;
};

class CallbackConsumer : public clang::ASTConsumer {
public:
  CallbackConsumer(clang::CompilerInstance &CI, const std::string &MainPath,
                   const ASTCallback &OnAST, bool &Ran)
      : CI(CI), MainPath(MainPath), OnAST(OnAST), Ran(Ran) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    // Rules on a broken AST produce noise; clang's errors are the finding then.
    if (CI.getDiagnostics().hasErrorOccurred() || !OnAST)
      return;
    LocationResolver Resolver(Ctx.getSourceManager(), Ctx.getLangOpts(), MainPath);
    OnAST(Ctx, CI.getPreprocessor(), Resolver);
    Ran = true;
  }

private:
  clang::CompilerInstance &CI;
  const std::string &MainPath;
  const ASTCallback &OnAST;
  bool &Ran;
};

class CallbackAction : public clang::ASTFrontendAction {
public:
  CallbackAction(const std::string &MainPath, const ASTCallback &OnAST, bool &Ran,
                 unsigned long long MaxExpansionTokens, std::vector<IncludeEdge> &Includes)
      : MainPath(MainPath), OnAST(OnAST), Ran(Ran), MaxExpansionTokens(MaxExpansionTokens),
        Includes(Includes) {}
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    boundMacroExpansion(CI, MaxExpansionTokens);
    CI.getPreprocessor().addPPCallbacks(includeRecorder(CI.getSourceManager(), Includes));
    return true;
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    return std::make_unique<CallbackConsumer>(CI, MainPath, OnAST, Ran);
  }

private:
  const std::string &MainPath;
  const ASTCallback &OnAST;
  bool &Ran;
  unsigned long long MaxExpansionTokens;
  std::vector<IncludeEdge> &Includes;
};

// The text being linted as a MemoryBuffer of this code's own class (LLVM's buffer classes have
// no RTTI, which sanitized builds trip over when this code deletes one).
class ContentBuffer final : public llvm::MemoryBuffer {
public:
  ContentBuffer(const std::string &Text, std::string Name) : Name(std::move(Name)) {
    init(Text.data(), Text.data() + Text.size(), /*RequiresNullTerminator=*/true);
  }
  llvm::StringRef getBufferIdentifier() const override { return Name; }
  BufferKind getBufferKind() const override { return MemoryBuffer_Malloc; }

private:
  std::string Name;
};

std::string absolutePath(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

// "-cl_amd_media_ops,..." for the vendor extensions SPIR declares that a device of profile
// Vendor does not have; empty when Vendor is empty.
std::string otherVendorsExtensions(const std::string &Vendor) {
  if (Vendor.empty())
    return "";
  llvm::StringRef V(Vendor);
  std::vector<std::string> Off;
  if (!V.contains_insensitive("amd"))
    Off.insert(Off.end(), {"-cl_amd_media_ops", "-cl_amd_media_ops2"});
  if (!V.contains_insensitive("intel"))
    Off.insert(Off.end(), {"-cl_intel_subgroups", "-cl_intel_subgroups_short",
                           "-cl_intel_device_side_avc_motion_estimation"});
  return llvm::join(Off, ",");
}

bool hasTarget(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with("--target=") || A == "-target" ||
        llvm::StringRef(A).starts_with("-triple"))
      return true;
  return false;
}

// Whether Args define or undefine Name (`-DName`, `-D Name=1`, `-UName`).
bool definesMacro(const std::vector<std::string> &Args, llvm::StringRef Name) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A(Args[I]);
    if ((A == "-D" || A == "-U") && I + 1 < Args.size())
      A = Args[++I];
    else if (!A.consume_front("-D") && !A.consume_front("-U"))
      continue;
    if (A == Name || A.starts_with((Name + "=").str()))
      return true;
  }
  return false;
}

// "CL2.0" -> "200"; CL1.2 when unset.
std::string openclVersionNumber(const std::string &Std) {
  std::string Text = Std.empty() ? "CL1.2" : Std; // owned: a StringRef to the ternary's
  llvm::StringRef S(Text);                        // temporary would dangle
  S.consume_front("CL");
  S.consume_front("clc++");
  unsigned Major = 1, Minor = 2;
  auto [Ma, Mi] = S.split('.');
  if (Ma.getAsInteger(10, Major) || Mi.getAsInteger(10, Minor))
    return "120";
  return std::to_string(Major * 100 + Minor * 10);
}

// A preamble built for another file of the directory reports that file's name where its own
// prelude (the lines this file shares) gave a diagnostic.
void renameFile(Finding &F, const std::string &BuiltFor, const std::string &Path) {
  auto Rename = [&](Range &R) {
    if (!R.File.empty() && absolutePath(R.File) == BuiltFor)
      R.File = Path;
  };
  Rename(F.Where);
  for (Note &N : F.Notes)
    Rename(N.Where);
}

} // namespace

std::vector<std::string> openclCommandLine(const std::string &Path, const CompileFlags &Flags) {
  std::vector<std::string> Args = {"clang", "-x", "cl",
                                   "-cl-std=" + (Flags.Std.empty() ? "CL1.2" : Flags.Std),
                                   "-fsyntax-only", "-fno-color-diagnostics",
                                   // Typo correction compares every unknown name with every
                                   // visible one (quadratic in name length: minutes on a long
                                   // misspelled identifier); a linter needs no suggestions.
                                   "-fno-spell-checking",
                                   // OpenCL build options a host passes (-cl-denorms-are-zero)
                                   // mean nothing to a syntax-only parse; they are not errors.
                                   "-Qunused-arguments",
                                   // Kernel files are also headers other kernel files include
                                   // (`#pragma once` in PrMers' fftN.cl): linted on their own,
                                   // their guard is not a mistake.
                                   "-Wno-pragma-once-outside-header"};
  // SPIR supports every optional OpenCL extension, so fp64 literals stay double and subgroup
  // builtins are declared, as on a real GPU driver; a user --target wins.
  if (!hasTarget(Flags.Args)) {
    Args.push_back("--target=spir64");
    if (std::string Off = otherVendorsExtensions(Flags.Vendor); !Off.empty()) {
      Args.push_back("-Xclang");
      Args.push_back("-cl-ext=" + Off);
    }
  }
  // Every OpenCL driver predefines the device's version; clang's spir64 target does not, and
  // headers that tell host from device code by it (arrayfire's) then fail to compile.
  if (!definesMacro(Flags.Args, "__OPENCL_VERSION__"))
    Args.push_back("-D__OPENCL_VERSION__=" + openclVersionNumber(Flags.Std));
  std::string Resource = findClangResourceDir();
  if (!Resource.empty()) {
    Args.push_back("-resource-dir");
    Args.push_back(Resource);
  }
  Args.insert(Args.end(), Flags.Args.begin(), Flags.Args.end());
  Args.push_back(absolutePath(Path));
  return Args;
}

ParseResult parseOpenCL(const std::string &Path, const std::string &Content,
                        const CompileFlags &Flags, const ASTCallback &OnAST,
                        const ParseLimits &Limits, PreambleCache *Preambles) {
  ParseResult Result;
  DiagnosticCollector Collector(Path, Result.ClangDiagnostics);
  std::vector<std::string> Args = openclCommandLine(Path, Flags);
  std::vector<const char *> ArgPtrs;
  for (const std::string &A : Args)
    ArgPtrs.push_back(A.c_str());

  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      guardedFileSystem(llvm::vfs::getRealFileSystem(), Limits.MaxFileBytes));
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(Args.back(), 0, llvm::MemoryBuffer::getMemBufferCopy(Content, Args.back()));
  Overlay->pushOverlay(Memory);

  auto DiagOpts = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  auto ArgDiags = clang::CompilerInstance::createDiagnostics(DiagOpts.get(), &Collector,
                                                             /*ShouldOwnClient=*/false);
  clang::CreateInvocationOptions CIOpts;
  CIOpts.Diags = ArgDiags;
  CIOpts.VFS = Overlay;
  CIOpts.ProbePrecompiled = false;
  std::shared_ptr<clang::CompilerInvocation> Invocation = clang::createInvocation(ArgPtrs, CIOpts);
  if (!Invocation || ArgDiags->hasErrorOccurred()) {
    Result.HasErrors = true;
    if (Result.ClangDiagnostics.empty()) {
      Finding F;
      F.RuleId = "clang-diagnostic-error";
      F.Level = Severity::Error;
      F.Message = "invalid compiler flags for this file";
      F.Where.File = Path;
      F.Where.Begin = F.Where.End = {1, 1, 0};
      Result.ClangDiagnostics.push_back(std::move(F));
    }
    return Result;
  }
  Invocation->getFrontendOpts().DisableFree = false;
  Invocation->getDiagnosticOpts().ShowCarets = false; // also silences "N errors generated"
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS = Overlay;
  auto MainBuffer = std::make_unique<ContentBuffer>(Content, Args.back());
  std::string PreambleFrom; // the file whose parse built the preamble: not a dependency
  if (Preambles) {
    std::optional<PreambleCache::Use> Pre = Preambles->get(
        Args, *Invocation, *MainBuffer, VFS,
        [&](std::vector<Finding> &Out) { return std::make_unique<DiagnosticCollector>(Path, Out); },
        Limits.MaxExpansionTokens);
    if (Pre) {
      // Only the flags that differ from the preamble's build run again after it.
      keepOnlyMacroChanges(Invocation->getPreprocessorOpts().Macros, Pre->BuiltWith,
                           commandLineMacros(Args));
      // The main file's buffer is remapped over the file and the SourceManager owns it.
      Pre->Preamble->AddImplicitPreamble(*Invocation, VFS, MainBuffer.release());
      // The prelude's own diagnostics were given when it was built; each parse reports them.
      Result.ClangDiagnostics = Pre->Diagnostics;
      Result.Includes = Pre->Includes;
      for (Finding &F : Result.ClangDiagnostics)
        renameFile(F, Pre->BuiltFor, Path);
      Collector.AfterPreamble = true;
      Result.ReusedPreamble = Pre->Reused;
      PreambleFrom = Pre->BuiltFor;
    }
  }

  clang::CompilerInstance CI(std::make_shared<clang::PCHContainerOperations>());
  CI.setInvocation(std::move(Invocation));
  CI.createDiagnostics(&Collector, /*ShouldOwnClient=*/false);
  CI.createFileManager(VFS);
  CallbackAction Action(Path, OnAST, Result.RanCallback, Limits.MaxExpansionTokens,
                        Result.Includes);
  CI.ExecuteAction(Action);
  Result.HasErrors = CI.getDiagnostics().hasErrorOccurred();
  llvm::SmallVector<clang::OptionalFileEntryRef, 16> Seen;
  CI.getFileManager().GetUniqueIDMapping(Seen);
  std::string Resource = findClangResourceDir();
  for (clang::OptionalFileEntryRef F : Seen) {
    if (!F)
      continue;
    llvm::StringRef Name = F->getName();
    // The preamble itself is an in-memory file clang names under /__clang_tmp/.
    if (Name == Args.back() || Name == PreambleFrom || Name.starts_with("/__clang_tmp/") ||
        (!Resource.empty() && Name.starts_with(Resource)))
      continue;
    Result.Dependencies.push_back(Name.str());
  }
  return Result;
}

} // namespace cllint
