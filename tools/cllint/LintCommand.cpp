// `cllint [options] <file|dir|glob>... [-- compiler flags]`
#include "Analysis/TUAnalysis.h"
#include "Commands.h"
#include "Config/CompileFlags.h"
#include "Diagnostics/Baseline.h"
#include "DiffBaseOption.h"
#include "Driver/HostFindings.h"
#include "Driver/HostRun.h"
#include "Driver/Linter.h"
#include "Driver/ResultCache.h"
#include "Driver/RunResults.h"
#include "Frontend/PreambleCache.h"
#include "Host/CompileCommands.h"
#include "HostOptions.h"
#include "ImpactOptions.h"
#include "LimitOptions.h"
#include "LintFixes.h"
#include "LintInputs.h"
#include "LintReports.h"
#include "Output/Emitters.h"
#include "Registry.h"
#include "Support/ClosedPipe.h"
#include "Support/CrashIsolation.h"
#include "Support/InputFiles.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

namespace cl = llvm::cl;

namespace cllint {
namespace {

cl::OptionCategory &Category = lintCategory();

cl::list<std::string> Inputs(cl::Positional, cl::desc("<file|dir|glob>..."), cl::cat(Category));
cl::opt<std::string> Format("format",
                            cl::desc("Output format: text (default), json, sarif, concise (one "
                                     "line per finding), github (Actions annotations), gitlab "
                                     "(code quality) or junit (test report XML)"),
                            cl::init("text"), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the report to FILE instead of stdout"),
                                cl::value_desc("FILE"), cl::cat(Category));
cl::list<std::string>
    RulePatterns("rules",
                 cl::desc("Rules to run, clang-tidy style: comma-separated globs, '-' excludes, "
                          "later wins (e.g. -*,memory-*). Repeatable."),
                 cl::value_desc("PATTERNS"), cl::cat(Category));
cl::opt<std::string> FailOn("fail-on",
                            cl::desc("Exit 1 when a finding at or above this severity remains: "
                                     "note, warning (default) or error"),
                            cl::init(""), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::Prefix, cl::desc("Files linted in parallel (default: all cores)"),
                       cl::init(0), cl::cat(Category)); // -j2 and -j 2, like make
cl::opt<bool> ListRules("list-rules", cl::desc("List every rule and exit"), cl::cat(Category));
cl::opt<std::string> Explain("explain", cl::desc("Print a rule's documentation and exit"),
                             cl::value_desc("RULE"), cl::cat(Category));
cl::opt<std::string> Profile("profile",
                             cl::desc("Device profile: nvidia (default), amd or one defined in "
                                      ".cllint.yaml"),
                             cl::cat(Category));
cl::opt<std::string> ConfigFileOpt("config",
                                   cl::desc("Use this config file instead of finding .cllint.yaml "
                                            "next to each input"),
                                   cl::value_desc("FILE"), cl::cat(Category));
cl::opt<bool> NoConfig("no-config", cl::desc("Ignore .cllint.yaml files"), cl::cat(Category));
// LLVM itself registers a boolean --color, so ours is read before llvm::cl sees argv.
std::string Color = "auto";
cl::opt<std::string> Std("std", cl::desc("OpenCL C version: CL1.2 (default), CL2.0, CL3.0"),
                         cl::cat(Category));
cl::opt<std::string> ClStd("cl-std", cl::desc("Same as --std, spelled as in clBuildProgram"),
                           cl::cat(Category));
cl::list<std::string> Defines("D", cl::Prefix, cl::desc("Define a macro, as in clBuildProgram"),
                              cl::value_desc("NAME[=VALUE]"), cl::cat(Category));
cl::list<std::string> IncludeDirs("I", cl::Prefix, cl::desc("Add an include directory"),
                                  cl::value_desc("DIR"), cl::cat(Category));
cl::list<std::string> PreIncludes("include", cl::desc("Include FILE before the source (a prelude)"),
                                  cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> Target("target", cl::desc("Target triple to parse for (default spir64)"),
                            cl::cat(Category));
cl::opt<std::string> WorkGroup("work-group",
                               cl::desc("Work-group shape assumed for kernels without "
                                        "reqd_work_group_size, e.g. 16,16,1"),
                               cl::value_desc("X,Y,Z"), cl::cat(Category));
cl::opt<bool> ApplyFixes("fix", cl::desc("Apply safe fix-its in place"), cl::cat(Category));
cl::opt<bool> ApplyUnsafe("fix-unsafe",
                          cl::desc("With --fix, also apply unsafe fix-its (may change results "
                                   "in the last bits)"),
                          cl::cat(Category));
cl::opt<std::string> SourceRoot("srcroot",
                                cl::desc("Paths in JSON/SARIF are relative to DIR (default: "
                                         "current directory)"),
                                cl::value_desc("DIR"), cl::cat(Category));
cl::opt<std::string> BaselineFile("baseline",
                                  cl::desc("Hide the findings recorded in FILE (written by "
                                           "--write-baseline); report only new ones"),
                                  cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> WriteBaseline("write-baseline",
                                   cl::desc("Record the current findings in FILE and exit 0; "
                                            "later runs with --baseline FILE hide them"),
                                   cl::value_desc("FILE"), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("No summary line on stderr"), cl::cat(Category));
cl::opt<bool>
    Statistics("statistics",
               cl::desc("Print a table of findings per rule (count, fixable, unsafe) on stdout "
                        "instead of the findings"),
               cl::cat(Category));
cl::opt<bool> NoGroup("no-group",
                      cl::desc("Report every site of a problem on its own instead of one "
                               "finding with the other sites as notes"),
                      cl::cat(Category));
cl::opt<bool> ExitZero("exit-zero",
                       cl::desc("Exit 0 even when findings remain (usage and input errors still "
                                "exit 2)"),
                       cl::cat(Category));

cl::list<std::string> HostInputs("host",
                                 cl::desc("C/C++ host files (file, directory or glob) whose "
                                          "kernel launches give work-group shapes; .c/.cpp "
                                          "inputs are host files too. Repeatable."),
                                 cl::value_desc("GLOB"), cl::cat(Category));
cl::opt<bool> NoCache("no-cache", cl::desc("Lint every file, reusing no earlier result"),
                      cl::cat(Category));
cl::opt<std::string> CacheDir("cache-dir",
                              cl::desc("Where results of unchanged files are kept (default: "
                                       "$CLLINT_CACHE_DIR, else .cllint_cache in the current "
                                       "directory)"),
                              cl::value_desc("DIR"), cl::cat(Category));
cl::opt<bool> CacheStats("cache-stats",
                         cl::desc("Say on stderr how many files' results came from the cache"),
                         cl::cat(Category));
cl::opt<bool> NoIgnore("no-ignore",
                       cl::desc("Also lint files that .gitignore excludes (directories and globs "
                                "skip them by default)"),
                       cl::cat(Category));
cl::opt<std::string> StdinFilename("stdin-filename",
                                   cl::desc("The path to lint standard input as ('-' reads it; "
                                            "config, includes and messages use this path)"),
                                   cl::value_desc("PATH"), cl::init("stdin.cl"), cl::cat(Category));
cl::opt<bool> Diff("diff",
                   cl::desc("Print what --fix (with --fix-unsafe, also unsafe fixes) would change "
                            "as a unified diff, without writing; exit 1 when there is a change"),
                   cl::cat(Category));
cl::opt<std::string> HeaderFilter("header-filter",
                                  cl::desc("Report findings in included files only when their "
                                           "path matches this regular expression (default: "
                                           "all)"),
                                  cl::value_desc("REGEX"), cl::cat(Category));
cl::opt<std::string> DumpConfig("dump-config",
                                cl::desc("Print the settings that apply to FILE (config file, "
                                         "rules, severities, profile, flags, kernels) as YAML, "
                                         "then exit"),
                                cl::value_desc("FILE"), cl::cat(Category));
cl::opt<bool> DumpLaunches("dump-launches",
                           cl::desc("Print each kernel's work-group shape and where it comes "
                                    "from (host launch, config, attribute, default), then exit"),
                           cl::cat(Category));

void printVersion(llvm::raw_ostream &OS) {
  OS << "cllint " << CLLINT_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
}

bool parseWorkGroup(const std::string &Text, std::array<unsigned, 3> &Out) {
  Out = {1, 1, 1};
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  llvm::StringRef(Text).split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Out[I]) || Out[I] == 0)
      return false;
  return workGroupItems(Out) <= MaxWorkGroupItems;
}

int usageError(const std::string &Message) {
  llvm::WithColor::error(llvm::errs(), "cllint") << Message << "\n";
  return 2;
}

} // namespace

int runLint(int Argc, const char **Argv) {
  // Everything after "--" goes to the compiler, like clang-tidy.
  std::vector<const char *> Own;
  std::vector<std::string> Extra;
  bool AfterDashes = false;
  for (int I = 0; I < Argc; ++I) {
    if (!AfterDashes && I > 0 && std::strcmp(Argv[I], "--") == 0) {
      AfterDashes = true;
      continue;
    }
    llvm::StringRef A(Argv[I]);
    if (AfterDashes) {
      Extra.push_back(Argv[I]);
    } else if (A.consume_front("--color=") || A.consume_front("-color=")) {
      Color = A.str();
    } else if ((A == "--color" || A == "-color") && I + 1 < Argc) {
      Color = Argv[++I];
    } else {
      Own.push_back(Argv[I]);
    }
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          static_cast<int>(Own.size()), Own.data(),
          "cllint: a static analyzer for OpenCL C kernels\n\n"
          "  cllint [options] <file|dir|glob>... [-- compiler flags]\n"
          "  cllint verify --help     run flagged kernels on an OpenCL device\n"
          "  cllint lsp               language server for editors\n\n"
          "  --color=auto|always|never  colour text output (default auto: when stdout is a "
          "terminal)\n\n"
          "Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage or input "
          "errors.\n",
          &llvm::errs()))
    return 2;

  if (ListRules || !Explain.empty())
    return ListRules ? listRules(Format == "json") : explainRule(Explain);
  if (Inputs.empty() && DumpConfig.empty() && costDumpFile().empty())
    return usageError("no input files; run 'cllint --help'");
  if (std::string Why; HeaderFilter.getNumOccurrences() && !llvm::Regex(HeaderFilter).isValid(Why))
    return usageError("--header-filter: '" + HeaderFilter +
                      "' is not a regular expression: " + Why);
  if (!llvm::is_contained({"text", "json", "sarif", "concise", "github", "gitlab", "junit"},
                          Format.getValue()))
    return usageError("unknown --format '" + Format +
                      "'; expected text, json, sarif, concise, github, gitlab or junit");
  if (Color != "auto" && Color != "always" && Color != "never")
    return usageError("unknown --color '" + Color + "'; expected auto, always or never");
  std::optional<Severity> FailOnLevel;
  if (!FailOn.empty() && !(FailOnLevel = parseSeverity(FailOn)))
    return usageError("unknown --fail-on '" + FailOn + "'; expected note, warning or error");
  if (ApplyUnsafe && !ApplyFixes && !Diff)
    return usageError("--fix-unsafe needs --fix or --diff");
  if (Diff && ApplyFixes)
    return usageError("--diff shows what --fix would change without writing; give one of them");
  if (!WriteBaseline.empty() && (ApplyFixes || !BaselineFile.empty()))
    return usageError("--write-baseline records the findings as they are; it cannot be combined "
                      "with --fix or --baseline");
  std::optional<Baseline> Accepted;
  if (!BaselineFile.empty()) {
    Baseline B("");
    std::string Error;
    if (!Baseline::load(BaselineFile, B, Error))
      return usageError(Error);
    Accepted = std::move(B);
  }
  std::optional<ChangedLines> Changed;
  if (std::string Error; !loadDiffBase(Changed, Error))
    return usageError(Error);

  LintOptions Options;
  for (const std::string &P : RulePatterns)
    Options.Rules.append(P);
  for (const std::string &P : Options.Rules.patterns()) {
    std::string Glob = P[0] == '-' ? P.substr(1) : P;
    if (!isKnownRuleOrPattern(Glob))
      return usageError("--rules: '" + Glob + "' matches no rule; run 'cllint --list-rules'");
  }
  if (!Profile.empty())
    Options.Profile = Profile;
  std::string StdText = !ClStd.empty() ? ClStd.getValue() : Std.getValue();
  if (!StdText.empty()) {
    Options.Flags.Std = normalizeClStd(StdText);
    if (Options.Flags.Std.empty())
      return usageError("unknown OpenCL C version '" + StdText +
                        "'; expected CL1.2, CL2.0 or CL3.0");
  }
  if (!Target.empty())
    Options.Flags.Args.push_back("--target=" + Target);
  for (const std::string &D : Defines)
    Options.Flags.Args.push_back("-D" + D);
  for (const std::string &I : IncludeDirs)
    Options.Flags.Args.push_back("-I" + I);
  for (const std::string &F : PreIncludes) {
    Options.Flags.Args.push_back("-include");
    Options.Flags.Args.push_back(F);
  }
  for (const std::string &E : Extra) {
    std::string S = llvm::StringRef(E).starts_with("-cl-std=") ? normalizeClStd(E) : "";
    if (!S.empty())
      Options.Flags.Std = S;
    else
      Options.Flags.Args.push_back(E);
  }
  if (!WorkGroup.empty()) {
    std::array<unsigned, 3> WG;
    if (!parseWorkGroup(WorkGroup, WG))
      return usageError(
          "--work-group: expected 1 to 3 positive integers like 16,16,1, at most 65536 "
          "work-items in all");
    Options.WorkGroup = WG;
  }
  if (!ConfigFileOpt.empty()) {
    if (!llvm::sys::fs::exists(ConfigFileOpt))
      return usageError(ConfigFileOpt + ": config file not found");
    Options.ConfigPath = ConfigFileOpt;
  }
  Options.NoConfig = NoConfig;
  if (std::optional<std::string> Bad = readImpactOptions(Options))
    return usageError(*Bad);
  if (!NoCache) {
    const char *Env = std::getenv("CLLINT_CACHE_DIR");
    Options.Cache = std::make_shared<ResultCache>(
        !CacheDir.empty() ? CacheDir.getValue() : (Env && *Env ? Env : ".cllint_cache"));
  }
  // Files of a directory whose #include blocks begin alike parse their common prelude once.
  Options.Preambles =
      std::make_shared<PreambleCache>(PreambleCache::Scope::AcrossFiles, /*Capacity=*/16);
  applyLimitOptions(Options);

  int Exit = 0;
  auto error = [&](const std::string &Message) {
    llvm::WithColor::error(llvm::errs(), "cllint") << Message << "\n";
    Exit = 2;
  };
  LintInputs In;
  {
    Linter Probe(Options);
    std::vector<std::string> Args(Inputs.begin(), Inputs.end());
    std::vector<std::string> HostPatterns(HostInputs.begin(), HostInputs.end());
    In = gatherInputs(Args, HostPatterns, Probe, !NoIgnore);
  }
  for (const std::string &E : In.Errors)
    error(E);
  printWarnings(In.Warnings);
  std::optional<std::string> StdinText;
  if (In.ReadsStdin) {
    auto Buf = llvm::MemoryBuffer::getSTDIN();
    if (!Buf)
      return usageError("cannot read standard input: " + Buf.getError().message());
    StdinText = (*Buf)->getBuffer().str();
  }
  // Host files are read first: their launches give the kernels their work-group shapes, their
  // builds the kernels' options.
  HostRun Hosts;
  if (std::string Error; !readHostFiles(In, Options, Quiet, Hosts, Error))
    return usageError(Error);
  if (!DumpConfig.empty())
    return dumpConfig(Options, DumpConfig);

  Linter L(Options);
  if (!costDumpFile().empty())
    return dumpCosts(L, costDumpFile(), maxFileBytes(), llvm::outs());
  if (DumpLaunches)
    return dumpLaunches(L, Hosts, In.Kernels, maxFileBytes(), Exit);
  std::vector<FileResult> Results(In.Kernels.size());
  {
    unsigned Threads = Jobs ? Jobs.getValue() : llvm::hardware_concurrency().compute_thread_count();
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, Threads)));
    for (size_t I = 0; I < In.Kernels.size(); ++I)
      Pool.async([&, I] { Results[I] = L.lintFile(In.Kernels[I]); });
    Pool.wait();
  }
  if (StdinText)
    Results.push_back(L.lintBuffer(StdinFilename, *StdinText));
  for (FileResult &R : Hosts.Results) {
    settleHostFindings(L, R);
    Results.push_back(std::move(R));
  }
  applyHeaderFilter(Results, L,
                    HeaderFilter.getNumOccurrences() ? std::optional<std::string>(HeaderFilter)
                                                     : std::nullopt);
  settleIncludedFragments(Results);
  dedupeIncludedFindings(Results);
  if (!NoGroup)
    groupFindings(Results);
  if (!WriteBaseline.empty()) {
    Baseline B = Baseline::fromResults(Results, WriteBaseline);
    std::string Error;
    if (!B.write(WriteBaseline, Error))
      return usageError(Error);
    if (!Quiet)
      llvm::errs() << "baseline: recorded " << B.entries().size() << " finding(s) in "
                   << WriteBaseline << "\n";
    Accepted = std::move(B);
  }
  if (Accepted)
    for (FileResult &R : Results)
      Accepted->filter(R); // before --fix, so baselined code is left alone
  if (Changed)
    if (unsigned Old = keepChangedLines(Results, *Changed); Old && !Quiet)
      llvm::errs() << "diff-base: " << Old << " finding(s) on lines unchanged since "
                   << diffBaseRef() << " not shown\n";

  // --diff shows what the fixes would change; stdin's fixed text goes to stdout (editors'
  // fix-on-save), its report to stderr.
  FixRun Fixes;
  if (ApplyFixes || Diff) {
    std::optional<size_t> StdinIndex;
    if (StdinText)
      StdinIndex = In.Kernels.size();
    Fixes = applyFixes(Results, L, ApplyUnsafe, Diff, StdinIndex, Accepted);
    if (Fixes.Failed)
      Exit = 2;
  }

  // Input errors name the file; the other files' findings are still reported.
  Severity Threshold = FailOnLevel.value_or(Severity::Warning);
  unsigned Counts[3] = {0, 0, 0};
  bool Failing = false;
  if (printFileErrors(Results))
    Exit = 2;
  for (const FileResult &R : Results) {
    printWarnings(R.Notices, R.Path + ": ");
    FileSettings S;
    std::string Ignored;
    Severity FileThreshold = Threshold;
    if (!FailOnLevel && L.settingsFor(R.Path, S, Ignored) && S.FailOn)
      FileThreshold = *S.FailOn;
    for (const Finding &F : R.Findings) {
      ++Counts[static_cast<int>(F.Level)];
      if (F.Level >= FileThreshold)
        Failing = true;
    }
  }
  if (Failing && Exit == 0 && !ExitZero)
    Exit = 1;
  setClosedPipeStatus(Exit);

  EmitOptions Emit;
  Emit.ToolVersion = CLLINT_VERSION;
  Emit.SourceRoot = SourceRoot;
  if (Accepted && WriteBaseline.empty()) {
    Emit.BaselineUnmatched = static_cast<int>(Accepted->unmatched().size());
    if (*Emit.BaselineUnmatched)
      llvm::errs() << "baseline: " << *Emit.BaselineUnmatched
                   << " entries no longer occur; rewrite it with --write-baseline to shrink it\n";
  }
  for (int I = 0; I < Argc; ++I)
    Emit.CommandLine += (I ? " " : "") + std::string(Argv[I]);

  if (Diff)
    return printDiffs(Fixes.Diffs, Fixes.Count, Fixes.Files, Exit == 2 ? 2 : 0, Quiet);
  if (Fixes.StdinFixed) {
    llvm::outs() << *Fixes.StdinFixed;
    llvm::outs().flush();
  }

  std::unique_ptr<llvm::raw_fd_ostream> File;
  llvm::raw_fd_ostream *OS = Fixes.StdinFixed ? &llvm::errs() : &llvm::outs();
  if (!OutputFile.empty()) {
    std::error_code EC;
    File = std::make_unique<llvm::raw_fd_ostream>(OutputFile, EC);
    if (EC)
      return usageError(OutputFile + ": cannot write report: " + EC.message());
    OS = File.get();
  }
  Emit.Color = useColor(Color, OutputFile.empty());
  if (Statistics)
    printStatistics(Results, *OS);
  else
    emitReport(Format, Results, Emit, *OS);
  OS->flush();
  if (OS->has_error()) {
    // A full disk: the report is incomplete, a failed run (a closed pipe: ClosedPipe.h).
    std::string Why = OS->error().message();
    OS->clear_error();
    Exit = usageError((OutputFile.empty() ? std::string("standard output") : OutputFile) +
                      ": cannot write the report: " + Why);
  }

  if (!Quiet && llvm::is_contained({"text", "concise", "github"}, Format)) {
    if (ApplyFixes)
      llvm::errs() << "cllint: applied " << Fixes.Count << " fix(es) in " << Fixes.Files
                   << " file(s)\n";
    printSummary(Results, Counts, /*OfferFixes=*/!ApplyFixes);
  }
  if (CacheStats)
    printCacheStats(Options, Hosts);
  if (mustExitWithoutCleanup()) {
    // A file over its time limit still runs on a detached thread that uses this function's
    // state, or a crash left LLVM's globals inconsistent: end here, without destructors.
    if (File)
      File->close();
    exitWithoutCleanup(Exit);
  }
  return Exit;
}

} // namespace cllint
