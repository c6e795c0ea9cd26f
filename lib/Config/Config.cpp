#include "Config/Config.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <set>

namespace cllint {
namespace {

// Thrown inside the parser only; turned into "FILE:LINE:COL: message" at the boundary.
struct ConfigError {
  YAML::Mark Mark;
  std::string Message;
};

[[noreturn]] void fail(const YAML::Node &N, std::string Message) {
  throw ConfigError{N.Mark(), std::move(Message)};
}

void expectKeys(const YAML::Node &Map, const std::set<std::string> &Allowed, const char *What) {
  if (!Map.IsMap())
    fail(Map, std::string(What) + " must be a mapping");
  for (const auto &KV : Map) {
    std::string Key = KV.first.as<std::string>();
    if (!Allowed.count(Key)) {
      std::string List;
      for (const std::string &A : Allowed)
        List += (List.empty() ? "" : ", ") + A;
      fail(KV.first, "unknown key '" + Key + "' in " + What + "; expected one of: " + List);
    }
  }
}

std::string scalar(const YAML::Node &N, const char *What) {
  if (!N.IsScalar())
    fail(N, std::string(What) + " must be a string");
  return N.as<std::string>();
}

unsigned positive(const YAML::Node &N, const char *What, unsigned long long Max = 1u << 30) {
  if (!N.IsScalar())
    fail(N, std::string(What) + " must be a positive integer");
  unsigned long long V = 0;
  if (llvm::StringRef(N.Scalar()).getAsInteger(10, V) || V == 0)
    fail(N, std::string(What) + " must be a positive integer, got '" + N.Scalar() + "'");
  if (V > Max)
    fail(N, std::string(What) + " must be at most " + std::to_string(Max) + ", got '" + N.Scalar() +
                "'");
  return static_cast<unsigned>(V);
}

// A number in [Min, Max] ("5", "0.5", "5%").
double number(const YAML::Node &N, const char *What, double Min, double Max) {
  if (!N.IsScalar())
    fail(N, std::string(What) + " must be a number");
  llvm::StringRef Text = llvm::StringRef(N.Scalar()).trim();
  Text.consume_back("%");
  double V = 0;
  if (Text.getAsDouble(V) || !(V >= Min && V <= Max))
    fail(N, std::string(What) + " must be a number from " + llvm::formatv("{0}", Min).str() +
                " to " + llvm::formatv("{0}", Max).str() + ", got '" + N.Scalar() + "'");
  return V;
}

std::vector<std::string> stringList(const YAML::Node &N, const char *What) {
  std::vector<std::string> Out;
  if (N.IsScalar()) {
    Out.push_back(N.Scalar());
    return Out;
  }
  if (!N.IsSequence())
    fail(N, std::string(What) + " must be a string or a list of strings");
  for (const auto &E : N)
    Out.push_back(scalar(E, What));
  return Out;
}

std::array<unsigned, 3> workGroup(const YAML::Node &N) {
  if (!N.IsSequence() || N.size() == 0 || N.size() > 3)
    fail(N, "work-group must be a list of 1 to 3 positive integers, e.g. [16, 16, 1]");
  std::array<unsigned, 3> WG = {1, 1, 1};
  for (size_t I = 0; I < N.size(); ++I)
    WG[I] = positive(N[I], "work-group size");
  if (uint64_t Items = workGroupItems(WG); Items > MaxWorkGroupItems)
    fail(N, "work-group of " + std::to_string(Items) +
                " work-items; devices run at most 1024 to 4096 per work-group");
  return WG;
}

Severity severity(const YAML::Node &N) {
  std::string S = scalar(N, "severity");
  auto Sev = parseSeverity(S);
  if (!Sev)
    fail(N, "unknown severity '" + S + "'; expected note, warning or error");
  return *Sev;
}

void readFlags(const YAML::Node &Map, CompileFlags &Flags) {
  if (const YAML::Node Std = Map["std"]) {
    Flags.Std = normalizeClStd(scalar(Std, "std"));
    if (Flags.Std.empty())
      fail(Std, "unknown OpenCL C version '" + Std.Scalar() + "'; expected CL1.2, CL2.0 or CL3.0");
  }
  if (const YAML::Node F = Map["flags"]) {
    for (const std::string &Arg : stringList(F, "flags")) {
      std::string Std = llvm::StringRef(Arg).starts_with("-cl-std=") ? normalizeClStd(Arg) : "";
      if (!Std.empty())
        Flags.Std = Std;
      else
        Flags.Args.push_back(Arg);
    }
  }
}

DeviceProfile profile(const std::string &Name, const YAML::Node &N) {
  std::set<std::string> Keys = {"base",   "description", "warp",         "banks",     "bank-width",
                                "sector", "cache-line",  "local-memory", "work-group"};
  for (const ProfileRate &R : profileRates())
    Keys.insert(R.Key);
  expectKeys(N, Keys, "a profile");
  DeviceProfile P = nvidiaProfile();
  if (const YAML::Node Base = N["base"]) {
    std::string B = scalar(Base, "base");
    if (B == "amd")
      P = amdProfile();
    else if (B != "nvidia")
      fail(Base, "unknown base profile '" + B + "'; expected nvidia or amd");
  }
  P.Name = Name;
  P.Description = N["description"] ? scalar(N["description"], "description") : "custom profile";
  // Bounds far beyond any hardware, so that products of these fields (banks x bank width,
  // warps x lanes) never wrap: a custom profile is data a fuzzer or a typo can fill.
  if (N["warp"])
    P.WarpSize = positive(N["warp"], "warp", 1024);
  if (N["banks"])
    P.Banks = positive(N["banks"], "banks", 1024);
  if (N["bank-width"])
    P.BankWidth = positive(N["bank-width"], "bank-width", 64);
  if (N["sector"])
    P.SectorBytes = positive(N["sector"], "sector", 4096);
  if (N["cache-line"])
    P.CacheLineBytes = positive(N["cache-line"], "cache-line", 4096);
  if (N["local-memory"])
    P.LocalMemBytes = positive(N["local-memory"], "local-memory");
  if (N["work-group"])
    P.DefaultWorkGroup = workGroup(N["work-group"]);
  for (const ProfileRate &R : profileRates())
    if (N[R.Key])
      P.*R.Field = number(N[R.Key], R.Key, 0.001, 1e6);
  return P;
}

std::string located(const std::string &Path, const YAML::Mark &M, const std::string &Msg);

// "FILE:LINE:COL" of a node.
std::string where(const std::string &Path, const YAML::Mark &M) {
  std::string S = located(Path, M, "");
  return S.substr(0, S.size() >= 2 ? S.size() - 2 : 0);
}

void parseRoot(const YAML::Node &Root, ConfigFile &Out) {
  if (Root.IsNull())
    return; // an empty file is a valid, empty config
  expectKeys(Root,
             {"rules", "severity", "profile", "profiles", "std", "flags", "work-group", "fail-on",
              "paths", "verify", "kernels", "host", "exclude", "header-filter", "min-impact",
              "impact-floor"},
             "the config");
  auto mention = [&](const std::string &Patterns, const YAML::Mark &M) {
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    llvm::StringRef(Patterns).split(Parts, ',', -1, false);
    for (llvm::StringRef P : Parts) {
      P = P.trim();
      if (P.consume_front("-") || P.consume_front("+"); !P.empty())
        Out.RuleMentions.push_back({P.str(), where(Out.Path, M)});
    }
  };
  // rules: and severity:, at the top and in paths: entries; every id or glob is remembered
  // with its place, so that the driver can reject typos.
  auto readRules = [&](const YAML::Node &R, std::vector<std::string> &Patterns) {
    for (const std::string &S : stringList(R, "rules"))
      Patterns.push_back(S);
    if (R.IsScalar())
      mention(R.Scalar(), R.Mark());
    else
      for (const auto &E : R)
        mention(E.Scalar(), E.Mark());
  };
  auto readSeverities = [&](const YAML::Node &S, std::map<std::string, Severity> &Levels) {
    if (!S.IsMap())
      fail(S, "severity must map rule ids to note, warning or error");
    for (const auto &KV : S) {
      Levels[KV.first.as<std::string>()] = severity(KV.second);
      Out.RuleMentions.push_back({KV.first.as<std::string>(), where(Out.Path, KV.first.Mark())});
    }
  };
  if (const YAML::Node R = Root["rules"]) {
    std::vector<std::string> Patterns;
    readRules(R, Patterns);
    for (const std::string &P : Patterns)
      Out.Rules.append(P);
  }
  if (const YAML::Node S = Root["severity"])
    readSeverities(S, Out.SeverityOverrides);
  if (const YAML::Node P = Root["profiles"]) {
    if (!P.IsMap())
      fail(P, "profiles must map names to profile settings");
    for (const auto &KV : P)
      Out.CustomProfiles.push_back(profile(KV.first.as<std::string>(), KV.second));
  }
  if (const YAML::Node P = Root["profile"])
    Out.Profile = scalar(P, "profile");
  readFlags(Root, Out.Flags);
  if (const YAML::Node W = Root["work-group"])
    Out.WorkGroup = workGroup(W);
  if (const YAML::Node F = Root["fail-on"])
    Out.FailOn = severity(F);
  if (const YAML::Node M = Root["min-impact"])
    Out.MinImpact = number(M, "min-impact", 0, 100) / 100;
  if (const YAML::Node M = Root["impact-floor"])
    Out.ImpactFloor = number(M, "impact-floor", 0, 100) / 100;
  if (const YAML::Node Paths = Root["paths"]) {
    if (!Paths.IsSequence())
      fail(Paths, "paths must be a list of {glob, std, flags, work-group, rules, severity} "
                  "entries");
    for (const auto &E : Paths) {
      expectKeys(E, {"glob", "std", "flags", "work-group", "rules", "severity"}, "a paths entry");
      if (!E["glob"])
        fail(E, "a paths entry needs a 'glob'");
      FlagsForGlob G;
      G.Glob = scalar(E["glob"], "glob");
      readFlags(E, G.Flags);
      if (E["work-group"])
        G.WorkGroup = workGroup(E["work-group"]);
      if (const YAML::Node R = E["rules"])
        readRules(R, G.RulePatterns);
      if (const YAML::Node S = E["severity"])
        readSeverities(S, G.SeverityOverrides);
      Out.PerPath.push_back(std::move(G));
    }
  }
  if (Root["verify"])
    Out.Verify = Root["verify"];
  if (const YAML::Node K = Root["kernels"]) {
    if (!K.IsMap())
      fail(K, "kernels must map kernel names (or globs) to {work-group, global, args}");
    for (const auto &KV : K) {
      analysis::ConfiguredKernel C;
      C.NameGlob = scalar(KV.first, "kernel name");
      const YAML::Node &E = KV.second;
      expectKeys(E, {"work-group", "global", "args"}, "a kernels entry");
      if (E["work-group"])
        C.WorkGroup = workGroup(E["work-group"]);
      if (const YAML::Node G = E["global"]) {
        if (!G.IsSequence() || G.size() == 0 || G.size() > 3)
          fail(G, "global must be a list of 1 to 3 positive integers");
        std::array<uint64_t, 3> Sz = {1, 1, 1};
        for (size_t I = 0; I < G.size(); ++I)
          Sz[I] = positive(G[I], "global size", 1ull << 31);
        C.Global = Sz;
      }
      if (const YAML::Node A = E["args"]) {
        if (!A.IsMap())
          fail(A, "args must map argument names to integers");
        for (const auto &AV : A) {
          long long V = 0;
          if (!AV.second.IsScalar() || llvm::StringRef(AV.second.Scalar()).getAsInteger(10, V))
            fail(AV.second, "argument values must be integers");
          C.Args[scalar(AV.first, "argument name")] = V;
        }
      }
      C.Source = llvm::sys::path::filename(Out.Path).str() + ":" +
                 std::to_string(KV.first.Mark().line + 1);
      Out.Kernels.push_back(std::move(C));
    }
  }
  if (const YAML::Node H = Root["host"])
    Out.HostGlobs = stringList(H, "host");
  if (const YAML::Node E = Root["exclude"])
    Out.Exclude = stringList(E, "exclude");
  if (const YAML::Node H = Root["header-filter"]) {
    Out.HeaderFilter = scalar(H, "header-filter");
    if (std::string Why; !llvm::Regex(*Out.HeaderFilter).isValid(Why))
      fail(H, "header-filter is not a regular expression: " + Why);
  }
  // A profile name must resolve against built-ins or this file's own profiles.
  if (Out.Profile) {
    ProfileTable T;
    for (const DeviceProfile &P : Out.CustomProfiles)
      T.add(P);
    if (!T.find(*Out.Profile))
      fail(Root["profile"], "unknown profile '" + *Out.Profile +
                                "'; built-in profiles are nvidia and amd, or define it under "
                                "profiles:");
  }
}

std::string located(const std::string &Path, const YAML::Mark &M, const std::string &Msg) {
  if (M.line < 0)
    return Path + ": " + Msg;
  return Path + ":" + std::to_string(M.line + 1) + ":" + std::to_string(M.column + 1) + ": " + Msg;
}

} // namespace

bool parseConfigText(const std::string &Path, const std::string &Text, ConfigFile &Out,
                     std::string &Error) {
  Out.Path = Path;
  Out.Dir = llvm::sys::path::parent_path(Path).str();
  try {
    parseRoot(YAML::Load(Text), Out);
  } catch (const ConfigError &E) {
    Error = located(Path, E.Mark, E.Message);
    return false;
  } catch (const YAML::Exception &E) {
    Error = located(Path, E.mark, E.msg);
    return false;
  }
  return true;
}

bool loadConfigFile(const std::string &Path, ConfigFile &Out, std::string &Error) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf) {
    Error = Path + ": cannot read config: " + Buf.getError().message();
    return false;
  }
  return parseConfigText(Path, (*Buf)->getBuffer().str(), Out, Error);
}

ConfigResolver::ConfigResolver(std::optional<std::string> Explicit)
    : Explicit(std::move(Explicit)) {}

void ConfigResolver::invalidate() {
  std::lock_guard<std::mutex> G(Lock);
  ByPath.clear();
  Errors.clear();
  DirToConfig.clear();
}

std::shared_ptr<const ConfigFile> ConfigResolver::loadCached(const std::string &Path,
                                                             std::string &Error) {
  if (auto It = ByPath.find(Path); It != ByPath.end())
    return It->second;
  if (auto It = Errors.find(Path); It != Errors.end()) {
    Error = It->second;
    return nullptr;
  }
  auto C = std::make_shared<ConfigFile>();
  if (!loadConfigFile(Path, *C, Error)) {
    Errors[Path] = Error;
    return nullptr;
  }
  ByPath[Path] = C;
  return C;
}

std::shared_ptr<const ConfigFile> ConfigResolver::forFile(const std::string &FilePath,
                                                          std::string &Error) {
  std::lock_guard<std::mutex> G(Lock);
  if (Explicit)
    return loadCached(*Explicit, Error);
  llvm::SmallString<256> Abs(FilePath);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  std::string Dir = llvm::sys::path::parent_path(Abs).str();
  std::vector<std::string> Visited;
  std::string Found;
  for (std::string D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D).str()) {
    if (auto It = DirToConfig.find(D); It != DirToConfig.end()) {
      Found = It->second;
      break;
    }
    Visited.push_back(D);
    llvm::SmallString<256> Candidate(D);
    llvm::sys::path::append(Candidate, ".cllint.yaml");
    if (llvm::sys::fs::exists(Candidate)) {
      Found = Candidate.str().str();
      break;
    }
    if (D == llvm::sys::path::parent_path(D))
      break;
  }
  for (const std::string &D : Visited)
    DirToConfig[D] = Found;
  if (Found.empty())
    return nullptr;
  return loadCached(Found, Error);
}

} // namespace cllint
