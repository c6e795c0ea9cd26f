#include "Driver/Linter.h"

#include "Analysis/LaunchTable.h"
#include "Analysis/TUAnalysis.h"
#include "Diagnostics/Suppressions.h"
#include "Driver/FindingSettings.h"
#include "Driver/HostRun.h"
#include "Driver/PlaceholderFindings.h"
#include "Driver/Placeholders.h"
#include "Driver/PrecisionRewrite.h"
#include "Driver/ResultCache.h"
#include "Driver/SettingsText.h"
#include "Driver/TargetAsm.h"
#include "Frontend/EmbeddedKernels.h"
#include "Frontend/OpenCLParser.h"
#include "Host/PythonLaunches.h"
#include "Output/Emitters.h"
#include "Registry.h"
#include "Support/CrashIsolation.h"
#include "Support/InputFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace cllint {
namespace {

// Paths in a config's flags are relative to the config file, as in a build system.
CompileFlags anchored(const CompileFlags &F, const std::string &Dir) {
  CompileFlags Out = F;
  for (size_t I = 0; I < Out.Args.size(); ++I) {
    std::string &A = Out.Args[I];
    auto anchor = [&](std::string &P) {
      if (!P.empty() && !llvm::sys::path::is_absolute(P)) {
        llvm::SmallString<256> Abs(Dir);
        llvm::sys::path::append(Abs, P);
        P = Abs.str().str();
      }
    };
    if (llvm::StringRef(A).starts_with("-I") && A.size() > 2) {
      std::string P = A.substr(2);
      anchor(P);
      A = "-I" + P;
    } else if ((A == "-I" || A == "-include") && I + 1 < Out.Args.size()) {
      anchor(Out.Args[++I]);
    }
  }
  return Out;
}

bool before(const Finding &A, const Finding &B) {
  if (A.Where.File != B.Where.File)
    return A.Where.File < B.Where.File;
  if (A.Where.Begin.Line != B.Where.Begin.Line)
    return A.Where.Begin.Line < B.Where.Begin.Line;
  if (A.Where.Begin.Column != B.Where.Begin.Column)
    return A.Where.Begin.Column < B.Where.Begin.Column;
  return A.RuleId < B.RuleId;
}

} // namespace

bool isKnownRuleOrPattern(const std::string &IdOrGlob) {
  if (llvm::StringRef(IdOrGlob).starts_with("clang-diagnostic-") || IdOrGlob == "*" ||
      IdOrGlob == "cllint-suppression" || IdOrGlob == "internal-error")
    return true;
  for (const RuleInfo &R : allRules())
    if (globMatch(IdOrGlob, R.Id))
      return true;
  return false;
}

Linter::Linter(LintOptions Opts)
    : Options(std::move(Opts)),
      Configs(Options.NoConfig ? std::optional<std::string>() : Options.ConfigPath) {
  if (Options.Launches) {
    for (const auto &[Kernel, Launches] : Options.Launches->all())
      for (const analysis::KernelLaunch &L : Launches)
        LaunchesDigest +=
            Kernel + " " + analysis::shapeString(L.Local) + " " +
            (L.Global ? std::to_string((*L.Global)[0]) + "x" + std::to_string((*L.Global)[1]) +
                            "x" + std::to_string((*L.Global)[2])
                      : "?") +
            " " + L.Source + "\n";
    for (const analysis::LaunchTable::Build &B : Options.Launches->hostBuilds())
      LaunchesDigest += B.KernelFile + " built with " + B.Options + " in " + B.HostDir + "\n";
    // What the host's strings write decides the placeholders a failing file is parsed with.
    for (const auto &[Name, Mentions] : Options.Launches->hostMacros())
      for (const analysis::LaunchTable::Macro &M : Mentions)
        LaunchesDigest += "-D" + Name + M.Params + "=" + M.Value.value_or(M.Flag ? "" : "?") +
                          " at " + M.HostDir + "/" + M.Where + "\n";
    for (const auto &D : Options.Launches->hostIncludeDirs())
      LaunchesDigest += "-I" + D.Dir + " at " + D.Where + "\n";
    for (const auto &R : Options.Launches->precisionRewrites())
      LaunchesDigest += "float->double in " + R.HostDir + " at " + R.Where + "\n";
    for (const auto *All : {&Options.Launches->allArgs(), &Options.Launches->allArgBytes()})
      for (const auto &[Kernel, Args] : *All)
        for (const auto &[Index, Values] : Args)
          for (const std::optional<int64_t> &V : Values)
            LaunchesDigest += Kernel + (All == &Options.Launches->allArgs() ? " arg " : " bytes ") +
                              std::to_string(Index) + " " + (V ? std::to_string(*V) : "?") + "\n";
    for (const auto &[Kernel, Repeated] : Options.Launches->launchRepetitions())
      LaunchesDigest += Kernel + (Repeated ? " repeated\n" : " once\n");
    std::string Words;
    for (const std::string &W : Options.Launches->hostWords())
      Words += W + " ";
    LaunchesDigest += "words " + llvm::utohexstr(llvm::xxh3_64bits(Words)) +
                      (Options.Launches->untracedLaunches() ? " untraced" : "") + "\n";
  }
}

bool Linter::settingsFor(const std::string &Path, FileSettings &Out, std::string &Error) {
  Out = FileSettings();
  std::shared_ptr<const ConfigFile> Config;
  if (!Options.NoConfig) {
    Config = Configs.forFile(Path, Error);
    if (!Config && !Error.empty())
      return false;
  }
  ProfileTable Profiles;
  if (Config)
    for (const auto &[Pattern, At] : Config->RuleMentions)
      if (!isKnownRuleOrPattern(Pattern)) {
        Error = At + ": unknown rule '" + Pattern +
                "': no rule id matches it (cllint --list-rules lists them)";
        return false;
      }
  if (Config) {
    Out.Config = Config;
    Out.Flags = anchored(Config->Flags, Config->Dir);
    Out.addFlagSource("config " + Config->Path, Out.Flags.Args);
    std::string Rel = displayRelativePath(Path, Config->Dir);
    Out.WorkGroup = Config->WorkGroup;
    Out.SeverityOverrides = Config->SeverityOverrides;
    for (const std::string &P : Config->Rules.patterns())
      Out.Rules.appendPattern(P);
    // paths: entries in file order, each after the file-wide settings.
    for (const FlagsForGlob &G : Config->PerPath)
      if (globMatch(G.Glob, Rel)) {
        CompileFlags ForGlob = anchored(G.Flags, Config->Dir);
        Out.Flags.mergeFrom(ForGlob);
        Out.addFlagSource("config paths: '" + G.Glob + "'", ForGlob.Args);
        if (G.WorkGroup)
          Out.WorkGroup = G.WorkGroup;
        for (const std::string &P : G.RulePatterns)
          Out.Rules.append(P);
        for (const auto &[Rule, Level] : G.SeverityOverrides)
          Out.SeverityOverrides[Rule] = Level;
      }
    Out.FailOn = Config->FailOn;
    Out.MinImpact = Config->MinImpact.value_or(Out.MinImpact);
    Out.ImpactFloor = Config->ImpactFloor.value_or(Out.ImpactFloor);
    Out.Kernels = Config->Kernels;
    for (const DeviceProfile &P : Config->CustomProfiles)
      Profiles.add(P);
  }
  Out.Flags.mergeFrom(Options.Flags);
  Out.addFlagSource("command line", Options.Flags.Args);
  for (const std::string &P : Options.Rules.patterns())
    Out.Rules.appendPattern(P);
  if (Options.WorkGroup)
    Out.WorkGroup = Options.WorkGroup;
  Out.MinImpact = Options.MinImpact.value_or(Out.MinImpact);
  Out.ImpactFloor = Options.ImpactFloor.value_or(Out.ImpactFloor);
  if (Options.AllFindings)
    Out.ImpactFloor = 0;
  std::string ProfileName = Options.Profile
                                ? *Options.Profile
                                : (Config && Config->Profile ? *Config->Profile : "nvidia");
  const DeviceProfile *P = Profiles.find(ProfileName);
  if (!P) {
    Error = "unknown device profile '" + ProfileName +
            "'; built-in profiles are nvidia and amd, others are defined under 'profiles:' in "
            ".cllint.yaml";
    return false;
  }
  Out.Profile = *P;
  Out.Flags.Vendor = P->Name;
  // The options the host builds this file with come first: the config's flags and the
  // command line's override them.
  std::shared_ptr<const analysis::LaunchTable> Table = launchesFor(Out);
  if (std::optional<analysis::LaunchTable::Build> B =
          Table ? Table->hostBuild(Path) : std::nullopt) {
    CompileFlags Host = buildOptionFlags(B->Options, B->HostDir);
    Out.FlagSources.insert(Out.FlagSources.begin(),
                           {B->Source + " ('" + B->Options + "')", Host.Args});
    // The host's other builds of the file are listed, not applied: the first one is linted.
    for (const analysis::LaunchTable::Build &Other : Table->hostBuilds())
      if (Other.KernelFile == B->KernelFile && Other.Source != B->Source)
        Out.FlagSources.push_back(
            {"not applied: " + Other.Source + " ('" + Other.Options + "')", {}});
    Host.mergeFrom(Out.Flags);
    if (!Out.Flags.Std.empty())
      Host.Std = Out.Flags.Std;
    Out.Flags = Host;
  }
  return true;
}

// A pyopencl script's own launches (`prg.NAME(queue, global, local, ...)`) added to the host's.
static std::shared_ptr<const analysis::LaunchTable>
withScriptLaunches(std::shared_ptr<const analysis::LaunchTable> Base, const std::string &Path,
                   const std::string &Script) {
  if (findPythonLaunches(Script).empty())
    return Base;
  auto Table = Base ? std::make_shared<analysis::LaunchTable>(*Base)
                    : std::make_shared<analysis::LaunchTable>();
  addScriptLaunches(*Table, Path, Script, "launch at");
  return Table;
}

// Kernels in a Python script's or a raw string's text, parsed where they stand: the masked
// text, with the script's own launches and build options (under the config's and the command
// line's).
static std::optional<MaskedSource>
embeddedKernels(const std::string &Path, const std::string &Content, FileSettings &S,
                std::shared_ptr<const analysis::LaunchTable> &Launches) {
  std::optional<MaskedSource> Masked = maskEmbeddedKernels(Path, Content);
  if (Masked && llvm::StringRef(Path).ends_with(".py"))
    Launches = withScriptLaunches(Launches, Path, Content);
  if (Masked && !Masked->BuildOptions.empty()) {
    CompileFlags Script =
        buildOptionFlags(Masked->BuildOptions, llvm::sys::path::parent_path(Path).str());
    Script.mergeFrom(S.Flags);
    if (!S.Flags.Std.empty())
      Script.Std = S.Flags.Std;
    S.Flags = Script;
  }
  return Masked;
}

// One cause at several sites (one group key and message): its impact is what the sites add
// together, and every site carries it, so that they share one severity and fold into one. A
// site reported once per call of its helper already weighs every call: it counts once.
static void sumGroupImpacts(std::vector<Finding> &All) {
  std::map<std::pair<std::string, std::string>, Impact> Sums;
  std::map<std::pair<std::string, std::string>, unsigned> Sites;
  std::set<std::tuple<std::string, std::string, std::string, unsigned, unsigned>> Counted;
  for (const Finding &F : All) {
    if (!F.Weight || F.GroupKey.empty())
      continue;
    std::pair<std::string, std::string> Key{F.GroupKey, F.Message};
    if (!Counted
             .emplace(F.GroupKey, F.Message, F.Where.File, F.Where.Begin.Line, F.Where.Begin.Column)
             .second)
      continue;
    auto [It, New] = Sums.try_emplace(Key, *F.Weight);
    ++Sites[Key];
    if (New)
      continue;
    Impact &S = It->second;
    S.Share = std::min(1.0, S.Share + F.Weight->Share);
    S.ResourceShare = std::min(1.0, S.ResourceShare + F.Weight->ResourceShare);
    S.PerItem += F.Weight->PerItem;
    for (const std::string &A : F.Weight->Assumptions)
      if (!llvm::is_contained(S.Assumptions, A))
        S.Assumptions.push_back(A);
  }
  for (Finding &F : All)
    if (F.Weight && !F.GroupKey.empty())
      if (auto It = Sums.find({F.GroupKey, F.Message}); It != Sums.end() && Sites[It->first] > 1)
        F.Weight = It->second;
}

// Severity follows impact: a warning from min-impact of the kernel's estimated time, a note
// from the floor, hidden below it (false); the message then leads with the impact.
static bool weighByImpact(Finding &F, const FileSettings &S) {
  if (F.Weight->Share < S.ImpactFloor && S.ImpactFloor > 0)
    return false;
  if ((F.Weight->Share < S.MinImpact || F.Weight->Conditional) && F.Level == Severity::Warning)
    F.Level = Severity::Note;
  F.Message = impactClause(*F.Weight) + ": " + F.Message;
  return true;
}

FileResult Linter::lintFile(const std::string &Path) {
  std::string Content, Error;
  if (!readSourceFile(Path, Options.MaxFileBytes, Content, Error)) {
    FileResult R;
    R.Path = Path;
    R.InputErrors.push_back(Error);
    return R;
  }
  if (!Options.Cache)
    return lintBuffer(Path, Content);
  std::string Key = cacheKey(Path, Content);
  if (Key.empty())
    return lintBuffer(Path, Content); // a bad config: reported by the lint itself
  if (std::optional<FileResult> Hit = Options.Cache->lookup(Key)) {
    Hit->Path = Path;
    Hit->Content = Content;
    return std::move(*Hit);
  }
  FileResult R = lintBuffer(Path, Content);
  if (R.InputErrors.empty() && R.InternalErrors.empty())
    Options.Cache->store(Key, R);
  return R;
}

void Linter::reloadConfig() {
  Configs.invalidate();
  std::lock_guard<std::mutex> G(LaunchesLock);
  ConfigLaunches.clear();
}

std::shared_ptr<const analysis::LaunchTable> Linter::launchesFor(const FileSettings &S) {
  if (Options.Launches || !S.Config || S.Config->HostGlobs.empty())
    return Options.Launches;
  std::lock_guard<std::mutex> G(LaunchesLock);
  auto [It, New] = ConfigLaunches.try_emplace(S.Config->Path);
  if (New) {
    std::vector<std::string> Patterns;
    for (const std::string &Glob : S.Config->HostGlobs)
      Patterns.push_back(llvm::sys::path::is_absolute(Glob) || S.Config->Dir.empty()
                             ? Glob
                             : S.Config->Dir + "/" + Glob);
    InputExpansion Found = expandInputs(
        Patterns, [](llvm::StringRef P) { return isHostFile(P.str()); },
        "host files (C, C++, Python)");
    It->second =
        analyseHostFiles({}, Found.Files, {}, S.Profile, Options.MaxFileBytes, Options.Cache.get())
            .Table;
  }
  return It->second;
}

std::string Linter::cacheKey(const std::string &Path, const std::string &Content) {
  FileSettings S;
  std::string Error;
  if (!settingsFor(Path, S, Error))
    return "";
  std::string Patterns;
  for (const std::string &P : S.Rules.patterns())
    Patterns += P + ",";
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  // Findings name files as given and relative to the working directory: both are in the key.
  // A file over the expansion limit reports that limit: a raised limit is another result.
  return ResultCache::key({ResultCache::toolIdentity(), Cwd, Path, Content, settingsYaml(S, Path),
                           Patterns, S.Flags.Std, LaunchesDigest,
                           std::to_string(Options.MaxExpansionTokens)});
}

FileResult Linter::lintBuffer(const std::string &Path, const std::string &Content) {
  if (!Options.Isolate)
    return lintBufferUnisolated(Path, Content);
  // Shared with the worker thread, which outlives this call when it times out.
  auto Out = std::make_shared<FileResult>();
  IsolatedOutcome O =
      runIsolated([this, Out, Path, Content] { *Out = lintBufferUnisolated(Path, Content); },
                  Options.FileTimeout, Options.Cancel.get());
  if (O.ok())
    return std::move(*Out);
  FileResult R;
  R.Path = Path;
  R.Content = Content;
  R.InternalErrors.push_back(O.describe(Options.FileTimeout) +
                             "; this file's findings are lost, the other files are linted");
  Finding F;
  F.RuleId = "internal-error";
  F.Level = Severity::Error;
  F.Where.File = Path;
  F.Where.Begin = F.Where.End = {1, 1, 0};
  F.Message =
      O.describe(Options.FileTimeout) + (O.K == IsolatedOutcome::Crashed && O.Cause.empty()
                                             ? "; please report it with this file and its flags"
                                             : "; the file was not linted");
  R.Findings.push_back(std::move(F));
  return R;
}

FileResult Linter::lintBufferUnisolated(const std::string &Path, const std::string &Content) {
  FileResult R;
  R.Path = Path;
  R.Content = Content;
  FileSettings S;
  std::string Error;
  if (!settingsFor(Path, S, Error)) {
    R.InputErrors.push_back(Error);
    return R;
  }
  std::vector<Finding> RuleFindings;
  setIsolatedStage("parsing");
  std::shared_ptr<const analysis::LaunchTable> Launches = launchesFor(S);
  std::optional<MaskedSource> Masked = embeddedKernels(Path, Content, S, Launches);
  auto Parse = [&](const CompileFlags &Flags) {
    RuleFindings.clear();
    return parseOpenCL(
        Path, Masked ? Masked->Text : Content, Flags,
        [&](clang::ASTContext &Ctx, clang::Preprocessor &, const LocationResolver &Locations) {
          setIsolatedStage("analysing the kernels");
          analysis::TUAnalysis A(Ctx, S.Profile, S.WorkGroup, Launches.get(), &S.Kernels);
          RuleContext RC(A, Locations, RuleFindings);
          for (const RuleInfo &Info : allRules()) {
            if (!S.Rules.isEnabled(Info.Id))
              continue;
            setIsolatedStage("running rule '" + Info.Id + "'");
            RC.setCurrentRule(Info.Id, Info.DefaultSeverity);
            Info.Create()->check(RC);
          }
          R.Notices = A.analysisLimits();
        },
        ParseLimits{Options.MaxFileBytes, Options.MaxExpansionTokens}, Options.Preambles.get());
  };
  ParseResult Parsed;
  std::vector<Placeholder> Placed =
      parseWithPlaceholders(Parse, S.Flags, Path, Content, Launches.get(), Parsed);
  if (!Placed.empty())
    R.Notices.push_back(placeholderNotice(Placed));
  setIsolatedStage("reading suppressions");
  if (std::optional<std::string> Asm =
          Parsed.HasErrors ? targetAssemblyNotice(Parsed.ClangDiagnostics, Masked.has_value())
                           : std::nullopt) {
    R.Notices.push_back(*Asm);
    return R;
  }
  R.CompileFailed = Parsed.HasErrors;
  R.Dependencies = std::move(Parsed.Dependencies);
  R.IncludedAt = mainFileIncludeLines(Parsed.Includes);
  std::vector<Finding> All;
  // In a file that does not compile, clang's warnings come from error recovery (a missing -D
  // turns whole macros into 'int' conversions): only the errors are worth reading then.
  dropPlaceholderWarnings(Parsed.ClangDiagnostics, Placed, Path, Content);
  markPlaceholderFindings(Parsed.ClangDiagnostics, Placed, Path, Content);
  for (Finding &F : Parsed.ClangDiagnostics)
    if (F.RuleId == "clang-diagnostic-error" || (S.Rules.isEnabled(F.RuleId) && !Parsed.HasErrors))
      All.push_back(std::move(F));
  markPlaceholderFindings(RuleFindings, Placed, Path, Content);
  if (Launches)
    markPrecisionRewrite(RuleFindings, *Launches, Path);
  for (Finding &F : RuleFindings)
    All.push_back(std::move(F));

  Suppressions Supp = Suppressions::parse(Path, Content, isKnownRuleOrPattern);
  for (const Finding &P : Supp.problems())
    if (S.Rules.isEnabled(P.RuleId))
      All.push_back(P);
  sumGroupImpacts(All);
  for (Finding &F : All) {
    if (F.Weight && !weighByImpact(F, S)) {
      ++R.HiddenCount;
      continue;
    }
    if (settleFinding(F, S, Supp, R))
      R.Findings.push_back(std::move(F));
  }
  std::stable_sort(R.Findings.begin(), R.Findings.end(), before);
  return R;
}

bool Linter::withAnalysis(const std::string &Path, const std::string &Content,
                          const std::function<void(const analysis::TUAnalysis &)> &Visit,
                          std::string &Error) {
  if (!Options.Isolate)
    return withAnalysisUnisolated(Path, Content, Visit, Error);
  // Visit belongs to the caller, so on a time-out the caller could not go on safely: no time
  // limit here, and the work never outlives this call.
  bool Ok = false;
  IsolatedOutcome O = runIsolated([&] { Ok = withAnalysisUnisolated(Path, Content, Visit, Error); },
                                  std::chrono::milliseconds(0));
  if (!O.ok()) {
    Error = Path + ": " + O.describe(std::chrono::milliseconds(0));
    return false;
  }
  return Ok;
}

bool Linter::withAnalysisUnisolated(const std::string &Path, const std::string &Content,
                                    const std::function<void(const analysis::TUAnalysis &)> &Visit,
                                    std::string &Error) {
  FileSettings S;
  if (!settingsFor(Path, S, Error))
    return false;
  std::shared_ptr<const analysis::LaunchTable> Launches = launchesFor(S);
  std::optional<MaskedSource> Masked = embeddedKernels(Path, Content, S, Launches);
  ParseResult Parsed = parseOpenCL(
      Path, Masked ? Masked->Text : Content, S.Flags,
      [&](clang::ASTContext &Ctx, clang::Preprocessor &, const LocationResolver &) {
        analysis::TUAnalysis A(Ctx, S.Profile, S.WorkGroup, Launches.get(), &S.Kernels);
        Visit(A);
      },
      ParseLimits{Options.MaxFileBytes, Options.MaxExpansionTokens});
  if (Parsed.HasErrors) {
    Error = Path + ": does not compile";
    if (!Parsed.ClangDiagnostics.empty())
      Error += ": " + Parsed.ClangDiagnostics.front().Message;
    return false;
  }
  return true;
}

} // namespace cllint
