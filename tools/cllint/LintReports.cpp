// What `cllint` prints besides the findings: the compile-failure line, --statistics and
// --dump-launches.
#include "LintReports.h"

#include "Analysis/TUAnalysis.h"
#include "Driver/ResultCache.h"
#include "Driver/RunResults.h"
#include "Driver/SettingsText.h"
#include "Frontend/PreambleCache.h"
#include "Registry.h"
#include "Support/InputFiles.h"
#include "Support/PrintablePath.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace cllint {

void emitReport(const std::string &Format, const std::vector<FileResult> &Results,
                const EmitOptions &Emit, llvm::raw_ostream &OS) {
  if (Format == "json")
    emitJson(Results, Emit, OS);
  else if (Format == "sarif")
    emitSarif(Results, Emit, OS);
  else if (Format == "concise")
    emitConcise(Results, Emit, OS);
  else if (Format == "github")
    emitGithub(Results, Emit, OS);
  else if (Format == "gitlab")
    emitGitlab(Results, Emit, OS);
  else if (Format == "junit")
    emitJunit(Results, Emit, OS);
  else
    emitText(Results, Emit, OS);
}

bool useColor(const std::string &Color, bool ToStdout) {
  bool Forced = std::getenv("FORCE_COLOR") && *std::getenv("FORCE_COLOR");
  bool Disabled = std::getenv("NO_COLOR") && *std::getenv("NO_COLOR");
  return Color == "always" ||
         (Color == "auto" && !Disabled &&
          (Forced || (ToStdout && llvm::sys::Process::StandardOutIsDisplayed())));
}

void printCacheStats(const LintOptions &Options, const HostRun &Hosts) {
  if (Options.Cache && Hosts.Parsed + Hosts.Reused > 0)
    llvm::errs() << "cllint: cache: " << Hosts.Reused << " of " << Hosts.Parsed + Hosts.Reused
                 << " host file(s) reused\n";
  if (Options.Cache)
    llvm::errs() << "cllint: cache: " << Options.Cache->hits() << " of "
                 << Options.Cache->hits() + Options.Cache->misses() << " file(s) reused ("
                 << Options.Cache->dir() << ")\n";
  if (Options.Preambles)
    llvm::errs() << "cllint: preambles: " << Options.Preambles->builds() << " built, "
                 << Options.Preambles->reuses() << " reused\n";
}

void applyHeaderFilter(std::vector<FileResult> &Results, Linter &L,
                       const std::optional<std::string> &CommandLine) {
  for (FileResult &R : Results) {
    std::optional<std::string> Pattern = CommandLine;
    FileSettings S;
    std::string Ignored;
    if (!Pattern && L.settingsFor(R.Path, S, Ignored) && S.Config)
      Pattern = S.Config->HeaderFilter;
    if (!Pattern)
      continue;
    llvm::Regex Filter(*Pattern);
    std::erase_if(R.Findings, [&](const Finding &F) {
      return F.Where.File != R.Path && !Filter.match(F.Where.File);
    });
  }
}

// --statistics: findings per rule, like ruff --statistics.
void printStatistics(const std::vector<FileResult> &Results, llvm::raw_ostream &OS) {
  struct Row {
    unsigned Count = 0, Fixable = 0, Unsafe = 0; // fixable: by --fix; unsafe: --fix-unsafe too
  };
  std::map<std::string, Row> Rows;
  for (const FileResult &R : Results)
    for (const Finding &F : R.Findings) {
      Row &Rw = Rows[F.RuleId];
      ++Rw.Count;
      bool Safe = llvm::any_of(F.Fixes, [](const Fix &X) { return X.Safety == FixSafety::Safe; });
      Rw.Fixable += Safe;
      Rw.Unsafe += !Safe && !F.Fixes.empty();
    }
  std::vector<std::pair<std::string, Row>> Sorted(Rows.begin(), Rows.end());
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const auto &A, const auto &B) { return A.second.Count > B.second.Count; });
  OS << llvm::formatv("{0,7}  {1,7}  {2,7}  {3}\n", "count", "fixable", "unsafe", "rule");
  for (const auto &[Rule, Rw] : Sorted)
    OS << llvm::formatv("{0,7}  {1,7}  {2,7}  {3}\n", Rw.Count, Rw.Fixable, Rw.Unsafe, Rule);
}

// --dump-launches: the host launches found, then every kernel with the shape it is analysed
// with and where that shape comes from.
int dumpLaunches(Linter &L, const HostRun &Hosts, const std::vector<std::string> &Files,
                 unsigned long long MaxFileSize, int Exit) {
  llvm::outs() << describeLaunches(Hosts);
  for (const std::string &File : Files) {
    std::string Content, Error;
    if (!readSourceFile(File, MaxFileSize, Content, Error)) {
      llvm::WithColor::error(llvm::errs(), "cllint") << File << ": " << Error << "\n";
      Exit = 2;
      continue;
    }
    bool Ok = L.withAnalysis(
        File, Content,
        [&](const analysis::TUAnalysis &A) {
          for (const analysis::KernelInfo &K : A.kernels().kernels()) {
            analysis::WorkGroupShape S = A.workGroupShape(K);
            llvm::outs() << File << ": kernel " << K.Decl->getName() << ": work-group "
                         << analysis::shapeString(S.Size) << " (" << S.Source
                         << (S.Assumed ? "; assumed" : "") << ")";
            for (const std::string &O : S.Others)
              llvm::outs() << "; also launched as " << O;
            llvm::outs() << "\n";
          }
        },
        Error);
    if (!Ok) {
      llvm::WithColor::error(llvm::errs(), "cllint") << Error << "\n"; // it names the file
      Exit = 2;
    }
  }
  return Exit;
}

// The kernels with warnings, each with its findings that cost most: what to look at first.
void printTopFindings(const std::vector<FileResult> &Results) {
  struct Entry {
    double Share;
    const Finding *F;
  };
  std::map<std::string, std::vector<Entry>> PerKernel;
  for (const FileResult &R : Results)
    for (const Finding &F : R.Findings)
      if (F.Weight && F.Level >= Severity::Warning)
        PerKernel[F.Weight->Kernel].push_back({F.Weight->Share, &F});
  if (PerKernel.empty())
    return;
  std::vector<std::pair<std::string, std::vector<Entry>>> Kernels(PerKernel.begin(),
                                                                  PerKernel.end());
  for (auto &[Name, Entries] : Kernels)
    std::stable_sort(Entries.begin(), Entries.end(),
                     [](const Entry &A, const Entry &B) { return A.Share > B.Share; });
  std::stable_sort(Kernels.begin(), Kernels.end(), [](const auto &A, const auto &B) {
    return A.second.front().Share > B.second.front().Share;
  });
  llvm::errs() << "top findings by share of their kernel's estimated time:\n";
  for (size_t K = 0; K < Kernels.size() && K < 10; ++K) {
    llvm::errs() << "  " << Kernels[K].first << ":";
    const std::vector<Entry> &Entries = Kernels[K].second;
    for (size_t I = 0; I < Entries.size() && I < 3; ++I) {
      const Finding &F = *Entries[I].F;
      llvm::errs() << llvm::formatv("{0} {1:f0}% {2}:{3} {4}", I ? "," : "", 100 * Entries[I].Share,
                                    printablePath(F.Where.File), F.Where.Begin.Line, F.RuleId);
    }
    llvm::errs() << "\n";
  }
  if (Kernels.size() > 10)
    llvm::errs() << "  and " << Kernels.size() - 10 << " more kernels\n";
}

// The summary line on stderr: findings per severity and rule, and how many --fix would fix.
void printSummary(const std::vector<FileResult> &Results, const unsigned Counts[3],
                  bool OfferFixes) {
  unsigned Total = Counts[0] + Counts[1] + Counts[2];
  if (Total) {
    llvm::errs() << llvm::formatv("{0} finding(s): {1} error(s), {2} warning(s), {3} note(s) "
                                  "in {4} file(s)",
                                  Total, Counts[2], Counts[1], Counts[0], Results.size());
    std::map<std::string, unsigned> PerRule;
    unsigned Safe = 0, Unsafe = 0;
    for (const FileResult &R : Results)
      for (const Finding &F : R.Findings) {
        ++PerRule[F.RuleId];
        bool HasSafe = false, HasUnsafe = false;
        for (const Fix &Fx : F.Fixes)
          (Fx.Safety == FixSafety::Safe ? HasSafe : HasUnsafe) = true;
        Safe += HasSafe;
        Unsafe += !HasSafe && HasUnsafe;
      }
    std::string Rules;
    for (const auto &[Rule, N] : PerRule)
      Rules += (Rules.empty() ? "" : ", ") + Rule + " " + std::to_string(N);
    llvm::errs() << " (" << Rules << ")\n";
    if (OfferFixes && (Safe || Unsafe))
      llvm::errs() << llvm::formatv(
          "{0} fixable with --fix{1}\n", Safe,
          Unsafe ? llvm::formatv(", {0} more with --fix --fix-unsafe", Unsafe).str()
                 : std::string());
    printTopFindings(Results);
  } else {
    // A clean run says so, as other linters do: silence reads as "did it run?".
    llvm::errs() << "0 findings in " << Results.size() << " file(s)\n";
  }
  unsigned Hidden = 0;
  for (const FileResult &R : Results)
    Hidden += R.HiddenCount;
  if (Hidden)
    llvm::errs() << Hidden
                 << " finding(s) under the impact floor not shown (each under 0.5% of its "
                    "kernel's estimated time unless configured); --all shows them\n";
  // Files that did not compile were not analysed: say how many, apart from the findings.
  unsigned Failed = 0, Fragments = 0;
  for (const FileResult &R : Results) {
    Failed += R.CompileFailed; // its errors may sit in a header another file reports
    Fragments += !R.LintedThrough.empty();
  }
  if (Failed)
    llvm::errs() << Failed << " of " << Results.size()
                 << " file(s) did not compile and were not analysed (the first error of each is "
                    "above)\n";
  if (Fragments)
    llvm::errs() << Fragments
                 << " file(s) that do not compile on their own are included by other files and "
                    "linted through them\n";
}

int dumpConfig(const LintOptions &Options, const std::string &File) {
  Linter L(Options);
  FileSettings S;
  std::string Error;
  if (!L.settingsFor(File, S, Error)) {
    llvm::WithColor::error(llvm::errs(), "cllint") << Error << "\n";
    return 2;
  }
  llvm::outs() << settingsYaml(S, File) << "\n";
  return 0;
}

int printDiffs(const std::string &Diffs, unsigned Fixes, unsigned Files, int Exit, bool Quiet) {
  llvm::outs() << Diffs;
  llvm::outs().flush();
  if (!Quiet)
    llvm::errs() << "cllint: would apply " << Fixes << " fix(es) in " << Files << " file(s)\n";
  if (Exit == 0 && !Diffs.empty())
    return 1;
  return Exit;
}

int listRules(bool Json) {
  if (Json) {
    llvm::json::Array Rules;
    for (const RuleInfo &R : allRules())
      Rules.push_back(llvm::json::Object{{"id", R.Id},
                                         {"category", R.Category},
                                         {"defaultSeverity", severityName(R.DefaultSeverity)},
                                         {"summary", R.Summary}});
    llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(Rules))) << "\n";
    return 0;
  }
  for (const RuleInfo &R : allRules())
    llvm::outs() << llvm::formatv("{0,-28} {1,-8} {2,-8} {3}\n", R.Id, R.Category,
                                  severityName(R.DefaultSeverity), R.Summary);
  return 0;
}

int explainRule(const std::string &Id) {
  if (Id == "clang-diagnostic-error") {
    llvm::outs() << "# clang-diagnostic-error\n\nThe kernel file does not compile: Clang's error, "
                 << "with its `expanded from macro` and `<command line>` notes. The run fails "
                 << "(exit 2) and the other files are still linted. Usually a -D, -I or -include "
                 << "flag the host's build options pass is missing: give it after `--`, in "
                 << ".cllint.yaml, or lint the host code with the file (`--host`); "
                 << "`--dump-config FILE` shows the flags used.\n";
    return 0;
  }
  llvm::StringRef Clang(Id);
  if (Clang.consume_front("clang-diagnostic-") && !Clang.empty() &&
      llvm::is_contained(clang::DiagnosticIDs::getDiagnosticFlags(), "-W" + Clang.str())) {
    // Clang's own warnings keep Clang's flag names.
    llvm::outs() << "# " << Id << "\n\nA warning of the Clang compiler that parses the kernel: "
                 << "Clang's -W" << Clang << ". cllint reports it as it reports its own findings "
                 << "(severity, baselines, suppressions).\n\nTurn it off with `--rules=-" << Id
                 << "` (or `rules: [-" << Id << "]` in .cllint.yaml), or with -Wno-" << Clang
                 << " after `--`. Clang's documentation of -W" << Clang
                 << ": https://clang.llvm.org/docs/DiagnosticsReference.html#w" << Clang.lower()
                 << "\n";
    return 0;
  }
  const RuleInfo *R = findRule(Id);
  if (!R) {
    // The rule ids closest to what was typed: a prefix, a part, or a few edits away.
    std::vector<std::string> Close;
    unsigned Edits = unsigned(std::clamp<size_t>(Id.size() / 4, 2, 4));
    for (const RuleInfo &Each : allRules()) {
      llvm::StringRef Name(Each.Id);
      if (Name.starts_with(Id) || Name.contains(Id) || Name.edit_distance(Id, true, Edits) <= Edits)
        Close.push_back(Each.Id);
    }
    std::string Hint;
    for (size_t I = 0; I < Close.size() && I < 3; ++I)
      Hint += (I ? "', '" : "; did you mean '") + Close[I];
    if (!Hint.empty())
      Hint += "'?";
    llvm::WithColor::error(llvm::errs(), "cllint")
        << "unknown rule '" << Id << "'" << Hint << "; run 'cllint --list-rules'\n";
    return 2;
  }
  llvm::outs() << R->Doc;
  return 0;
}

bool printFileErrors(const std::vector<FileResult> &Results) {
  std::map<std::string, std::vector<std::string>> FilesOf; // error -> files, in order
  std::vector<std::string> Order;
  for (const FileResult &R : Results)
    for (const std::string &E : fileErrors(R)) {
      auto &Files = FilesOf[E];
      if (Files.empty())
        Order.push_back(E);
      Files.push_back(R.Path);
    }
  for (const std::string &E : Order) {
    const std::vector<std::string> &Files = FilesOf[E];
    if (Files.size() == 1)
      llvm::WithColor::error(llvm::errs(), "cllint")
          << printablePath(Files.front()) << ": " << E << "\n";
    else
      llvm::WithColor::error(llvm::errs(), "cllint")
          << E << " (" << Files.size() << " files: " << printablePath(Files.front()) << ", ...)\n";
  }
  return !Order.empty();
}

void printWarnings(const std::vector<std::string> &Warnings, const std::string &Prefix) {
  for (const std::string &W : Warnings)
    llvm::WithColor::warning(llvm::errs(), "cllint") << Prefix << W << "\n";
}

} // namespace cllint
