// One line per finding: `concise` (file:line:col: severity: message [rule]) for scripts and
// editors' problem matchers, and `github` workflow commands, which GitHub Actions turns into
// annotations on the pull request.
#include "Output/Emitters.h"
#include "Support/PrintablePath.h"

#include "llvm/Support/FileSystem.h"

namespace cllint {

namespace {

std::string relative(const std::string &Path, const EmitOptions &Opts) {
  std::string Root = Opts.SourceRoot;
  if (Root.empty()) {
    llvm::SmallString<256> Cwd;
    if (!llvm::sys::fs::current_path(Cwd))
      Root = Cwd.str().str();
  }
  return displayRelativePath(Path, Root);
}

// Workflow-command data and property escaping (%, CR, LF; and : , in properties).
std::string escape(const std::string &S, bool Property) {
  std::string Out;
  for (char C : S) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else if (Property && C == ':')
      Out += "%3A";
    else if (Property && C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

} // namespace

void emitConcise(const std::vector<FileResult> &Results, const EmitOptions &Opts,
                 llvm::raw_ostream &OS) {
  for (const FileResult &R : Results)
    for (const Finding &F : R.Findings)
      OS << printablePath(relative(F.Where.File.empty() ? R.Path : F.Where.File, Opts)) << ":"
         << F.Where.Begin.Line << ":" << F.Where.Begin.Column << ": " << severityName(F.Level)
         << ": " << F.Message << " [" << F.RuleId << "]\n";
}

void emitGithub(const std::vector<FileResult> &Results, const EmitOptions &Opts,
                llvm::raw_ostream &OS) {
  for (const FileResult &R : Results)
    for (const Finding &F : R.Findings) {
      const char *Kind = F.Level == Severity::Error     ? "error"
                         : F.Level == Severity::Warning ? "warning"
                                                        : "notice";
      std::string File = relative(F.Where.File.empty() ? R.Path : F.Where.File, Opts);
      OS << "::" << Kind << " file=" << escape(File, true) << ",line=" << F.Where.Begin.Line
         << ",col=" << F.Where.Begin.Column;
      if (F.Where.End.Line)
        OS << ",endLine=" << F.Where.End.Line;
      OS << ",title=" << escape("cllint " + F.RuleId, true) << "::" << escape(F.Message, false)
         << "\n";
    }
}

} // namespace cllint
