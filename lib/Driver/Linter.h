// Lints one file or buffer: settings from config and command line, parse, analysis, rules,
// severities, suppressions. Shared by the CLI, the LSP server, --fix and verify.
#pragma once

#include "Config/Config.h"
#include "Diagnostics/Finding.h"
#include "Frontend/OpenCLParser.h"

#include "clang/AST/ASTContext.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace cllint {

class ResultCache;
class PreambleCache;

namespace analysis {
class TUAnalysis;
class LaunchTable;
struct ConfiguredKernel;
} // namespace analysis

// What the command line says; the config file of each input adds to it.
struct LintOptions {
  RuleSelection Rules;                // after the config's rules
  std::optional<std::string> Profile; // overrides the config's
  CompileFlags Flags;                 // after the config's flags
  std::optional<std::array<unsigned, 3>> WorkGroup;
  // Kernel launches read from host files (shared by every file of the run); may be null.
  std::shared_ptr<const analysis::LaunchTable> Launches;
  std::optional<std::string> ConfigPath; // --config
  bool NoConfig = false;
  unsigned long long MaxFileBytes = 64ull << 20;
  unsigned long long MaxExpansionTokens = ParseLimits().MaxExpansionTokens;
  // Each file is linted on a thread of its own under crash recovery: a crash or a file over
  // the time limit becomes an internal-error finding for that file, never a lost run. Fuzzers
  // turn this off so that crashes surface.
  bool Isolate = true;
  std::chrono::milliseconds FileTimeout{std::chrono::seconds(120)}; // 0: no limit
  // Once true, isolated lints still running are abandoned and return an internal error at
  // once (the language server's shutdown must not wait for a slow document); may be null.
  std::shared_ptr<const std::atomic<bool>> Cancel;
  // Reuses the results of unchanged files (lintFile only; buffers are always linted).
  std::shared_ptr<ResultCache> Cache;
  // min-impact and impact-floor from the command line (shares 0..1), over the config's; with
  // AllFindings nothing is hidden under the floor.
  std::optional<double> MinImpact, ImpactFloor;
  bool AllFindings = false;
  // Reuses parsed #include preludes between parses of one file (the language server).
  std::shared_ptr<PreambleCache> Preambles;
};

// The settings that apply to one file.
struct FileSettings {
  CompileFlags Flags;
  RuleSelection Rules;
  std::map<std::string, Severity> SeverityOverrides;
  DeviceProfile Profile;
  std::optional<std::array<unsigned, 3>> WorkGroup;
  std::optional<Severity> FailOn;
  // A performance finding is a warning from MinImpact of its kernel's estimated time, a note
  // from ImpactFloor, and hidden below it (docs/cost-model.md).
  double MinImpact = 0.05, ImpactFloor = 0.005;
  std::shared_ptr<const ConfigFile> Config;        // null when none applies
  std::vector<analysis::ConfiguredKernel> Kernels; // the config's kernels: entries
  // Where the flags come from, in the order they apply (later ones win): the host's build,
  // the config, its paths: entries, the command line; --dump-config prints them.
  struct FlagSource {
    std::string From;
    std::vector<std::string> Args;
  };
  std::vector<FlagSource> FlagSources;
  // Adds a source that sets flags (one that sets none is not listed).
  void addFlagSource(std::string From, const std::vector<std::string> &Args) {
    if (!Args.empty())
      FlagSources.push_back({std::move(From), Args});
  }
};

class Linter {
public:
  explicit Linter(LintOptions Options);

  // Resolves settings; on a bad config returns false with Error naming file and line.
  bool settingsFor(const std::string &Path, FileSettings &Out, std::string &Error);
  FileResult lintFile(const std::string &Path);
  FileResult lintBuffer(const std::string &Path, const std::string &Content);
  // Runs the analysis of a buffer that parses, handing it to Visit (verify plans use this).
  bool withAnalysis(const std::string &Path, const std::string &Content,
                    const std::function<void(const analysis::TUAnalysis &)> &Visit,
                    std::string &Error);
  void reloadConfig();
  const LintOptions &options() const { return Options; }

private:
  FileResult lintBufferUnisolated(const std::string &Path, const std::string &Content);
  bool withAnalysisUnisolated(const std::string &Path, const std::string &Content,
                              const std::function<void(const analysis::TUAnalysis &)> &Visit,
                              std::string &Error);

  // The run's host launches, or else those of the host: globs of the file's config (read once
  // per config: the language server has no run to read them).
  std::shared_ptr<const analysis::LaunchTable> launchesFor(const FileSettings &S);

  // The part of a file's cache key that the settings and the run's host launches make.
  std::string cacheKey(const std::string &Path, const std::string &Content);

  LintOptions Options;
  ConfigResolver Configs;
  std::string LaunchesDigest; // the host launches as text, for cache keys
  std::mutex LaunchesLock;
  std::map<std::string, std::shared_ptr<const analysis::LaunchTable>> ConfigLaunches;
};

bool isKnownRuleOrPattern(const std::string &IdOrGlob);

} // namespace cllint
