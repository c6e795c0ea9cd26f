#include "Output/Emitters.h"
#include "Support/PrintablePath.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>

namespace cllint {
namespace {

// Renders one file's findings through a fresh SourceManager over the linted text, so the
// output has clang's carets, ranges and fix-it lines without keeping the AST alive.
class FileRenderer {
public:
  FileRenderer(const FileResult &R, const EmitOptions &Opts, llvm::raw_ostream &OS)
      : Result(R), Overlay(new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem())),
        Memory(new llvm::vfs::InMemoryFileSystem()) {
    // Relative paths resolve against the process's directory, also for text that is not on
    // disk (standard input linted under --stdin-filename).
    if (llvm::SmallString<256> Cwd; !llvm::sys::fs::current_path(Cwd))
      Memory->setCurrentWorkingDirectory(Cwd);
    // Under the name the output shows: clang prints a file's name as it is given.
    Memory->addFile(printablePath(R.Path), 0,
                    llvm::MemoryBuffer::getMemBufferCopy(R.Content, R.Path));
    Overlay->pushOverlay(Memory);
    Files = std::make_unique<clang::FileManager>(clang::FileSystemOptions(), Overlay);
    DiagOpts = new clang::DiagnosticOptions();
    DiagOpts->ShowColors = Opts.Color;
    DiagOpts->ShowFixits = true;
    DiagOpts->ShowOptionNames = false;
    Printer = std::make_unique<clang::TextDiagnosticPrinter>(OS, DiagOpts.get());
    Diags = std::make_unique<clang::DiagnosticsEngine>(
        llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs>(new clang::DiagnosticIDs()), DiagOpts,
        Printer.get(), /*ShouldOwnClient=*/false);
    Sources = std::make_unique<clang::SourceManager>(*Diags, *Files);
    Diags->setSourceManager(Sources.get());
    LangOpts.OpenCL = true;
    Printer->BeginSourceFile(LangOpts, nullptr);
  }
  ~FileRenderer() { Printer->EndSourceFile(); }

  void render(const Finding &F) {
    clang::DiagnosticsEngine::Level L = F.Level == Severity::Error ? clang::DiagnosticsEngine::Error
                                        : F.Level == Severity::Warning
                                            ? clang::DiagnosticsEngine::Warning
                                            : clang::DiagnosticsEngine::Note;
    unsigned ID = Diags->getCustomDiagID(L, "%0");
    // clang drops a note that follows no shown diagnostic; a note-level finding stands alone.
    if (L == clang::DiagnosticsEngine::Note)
      Diags->setLastDiagnosticIgnored(false);
    std::string Message = F.Message + " [" + F.RuleId + "]";
    clang::SourceLocation Loc = location(F.Where.File, F.Where.Begin);
    {
      clang::DiagnosticBuilder B = Loc.isValid() ? Diags->Report(Loc, ID) : Diags->Report(ID);
      B << Message;
      if (auto R = range(F.Where))
        B << *R;
      if (fixOnFindingLine(F))
        addFixIts(B, F.Fixes.front());
    }
    unsigned NoteID = Diags->getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
    // An unsafe fix-it looks like any other under the caret: say what applies it.
    if (!F.Fixes.empty() && F.Fixes.front().Safety == FixSafety::Unsafe && fixOnFindingLine(F)) {
      clang::DiagnosticBuilder B =
          Loc.isValid() ? Diags->Report(Loc, NoteID) : Diags->Report(NoteID);
      B << "the fix-it above is unsafe (it may change results): --fix applies it only with "
           "--fix-unsafe";
    }
    // clang draws a fix-it only under the line it edits: a fix elsewhere (a declaration)
    // gets a note of its own at the edit, with the fix-it line under it.
    if (!F.Fixes.empty() && !fixOnFindingLine(F)) {
      const Edit &First = F.Fixes.front().Edits.front();
      clang::SourceLocation FL = location(First.Where.File, First.Where.Begin);
      if (FL.isValid()) {
        clang::DiagnosticBuilder B = Diags->Report(FL, NoteID);
        B << "fix-it: " + F.Fixes.front().Description;
        addFixIts(B, F.Fixes.front());
      }
    }
    for (const Note &N : F.Notes) {
      clang::SourceLocation NL = location(N.Where.File, N.Where.Begin);
      clang::DiagnosticBuilder B = NL.isValid() ? Diags->Report(NL, NoteID) : Diags->Report(NoteID);
      B << N.Message;
      if (auto R = range(N.Where))
        B << *R;
    }
  }

private:
  static bool fixOnFindingLine(const Finding &F) {
    if (F.Fixes.empty() || F.Fixes.front().Edits.empty())
      return false;
    for (const Edit &E : F.Fixes.front().Edits)
      if (E.Where.File != F.Where.File || E.Where.Begin.Line != F.Where.Begin.Line ||
          E.Where.End.Line != F.Where.Begin.Line)
        return false;
    return true;
  }
  void addFixIts(clang::DiagnosticBuilder &B, const Fix &Fx) {
    for (const Edit &E : Fx.Edits)
      if (auto R = range(E.Where))
        B << clang::FixItHint::CreateReplacement(*R, E.Replacement);
  }
  clang::FileID fileId(const std::string &Path) {
    if (auto It = IDs.find(Path); It != IDs.end())
      return It->second;
    clang::FileID FID;
    std::string Shown = printablePath(Path);
    if (Shown != Path && !Memory->exists(Shown))
      if (auto Text = llvm::MemoryBuffer::getFile(Path))
        Memory->addFile(Shown, 0, std::move(*Text));
    if (auto Entry = Files->getOptionalFileRef(Shown))
      FID = Sources->createFileID(*Entry, clang::SourceLocation(), clang::SrcMgr::C_User);
    IDs[Path] = FID;
    return FID;
  }
  clang::SourceLocation location(const std::string &Path, const Position &P) {
    if (Path.empty() || P.Line == 0)
      return clang::SourceLocation();
    clang::FileID FID = fileId(Path);
    if (FID.isInvalid())
      return clang::SourceLocation();
    return Sources->translateLineCol(FID, P.Line, P.Column);
  }
  std::optional<clang::CharSourceRange> range(const Range &R) {
    clang::SourceLocation B = location(R.File, R.Begin), E = location(R.File, R.End);
    if (B.isInvalid() || E.isInvalid())
      return std::nullopt;
    return clang::CharSourceRange::getCharRange(B, E);
  }

  const FileResult &Result;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> Overlay;
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Memory;
  std::unique_ptr<clang::FileManager> Files;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::SourceManager> Sources;
  clang::LangOptions LangOpts;
  std::map<std::string, clang::FileID> IDs;
};

} // namespace

void emitText(const std::vector<FileResult> &Results, const EmitOptions &Opts,
              llvm::raw_ostream &OS) {
  if (Opts.Color)
    OS.enable_colors(true);
  for (const FileResult &R : Results) {
    if (R.Findings.empty())
      continue;
    FileRenderer Renderer(R, Opts, OS);
    for (const Finding &F : R.Findings)
      Renderer.render(F);
  }
  OS.flush();
}

} // namespace cllint
