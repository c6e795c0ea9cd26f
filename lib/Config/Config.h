// .cllint.yaml: found by walking up from each file (like .clang-tidy), or given by --config.
#pragma once

#include "Analysis/LaunchTable.h"
#include "Config/CompileFlags.h"
#include "Config/DeviceProfile.h"
#include "Config/RuleSelection.h"
#include "Diagnostics/Finding.h"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace cllint {

// A paths: entry: settings for the files its glob matches, on top of the file-wide ones
// (like ruff's per-file-ignores).
struct FlagsForGlob {
  std::string Glob; // relative to the config file's directory; '*' also crosses '/'
  CompileFlags Flags;
  std::optional<std::array<unsigned, 3>> WorkGroup;
  std::vector<std::string> RulePatterns; // after the config's rules:
  std::map<std::string, Severity> SeverityOverrides;
};

struct ConfigFile {
  std::string Path;
  std::string Dir;
  RuleSelection Rules;
  std::map<std::string, Severity> SeverityOverrides;
  std::optional<std::string> Profile;
  std::vector<DeviceProfile> CustomProfiles;
  CompileFlags Flags; // for every file under Dir
  std::vector<FlagsForGlob> PerPath;
  std::optional<std::array<unsigned, 3>> WorkGroup;
  std::optional<Severity> FailOn;
  // min-impact: a performance finding is a warning from this share of its kernel's estimated
  // time (0..1), a note below it; impact-floor: below this it is not reported.
  std::optional<double> MinImpact, ImpactFloor;
  YAML::Node Verify; // the verify: section, read by cllint verify
  // kernels: per kernel name (or glob) launch settings, in file order (the first match wins).
  std::vector<analysis::ConfiguredKernel> Kernels;
  // exclude: globs (relative to Dir) of files that directories and globs on the command line
  // do not lint (vendored or generated kernels).
  std::vector<std::string> Exclude;
  // header-filter: findings in included files are kept only where their path matches.
  std::optional<std::string> HeaderFilter;
  // host: globs (relative to Dir) of C/C++ host files whose launches are read.
  std::vector<std::string> HostGlobs;
  // Every rule id or glob named in rules: and severity:, with where ("FILE:LINE:COL"), so that
  // the driver, which knows the rules, can reject typos.
  std::vector<std::pair<std::string, std::string>> RuleMentions;
};

// Parses one config file; on error returns false and sets Error to "FILE:LINE:COL: problem".
bool loadConfigFile(const std::string &Path, ConfigFile &Out, std::string &Error);
bool parseConfigText(const std::string &Path, const std::string &Text, ConfigFile &Out,
                     std::string &Error);

// Finds and caches the config governing each file. Thread-safe.
class ConfigResolver {
public:
  // An explicit --config path replaces discovery.
  explicit ConfigResolver(std::optional<std::string> Explicit = std::nullopt);
  // Returns null when no config applies; on a bad config sets Error and returns null.
  std::shared_ptr<const ConfigFile> forFile(const std::string &FilePath, std::string &Error);
  void invalidate(); // the LSP calls this when a .cllint.yaml changes

private:
  std::shared_ptr<const ConfigFile> loadCached(const std::string &Path, std::string &Error);
  std::optional<std::string> Explicit;
  std::mutex Lock;
  std::map<std::string, std::shared_ptr<const ConfigFile>> ByPath;
  std::map<std::string, std::string> Errors;
  std::map<std::string, std::string> DirToConfig; // dir -> config path ("" = none)
};

} // namespace cllint
