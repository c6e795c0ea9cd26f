#include "LintInputs.h"

#include "Config/RuleSelection.h"
#include "Driver/HostRun.h"
#include "Frontend/EmbeddedKernels.h"
#include "Host/HostDiscovery.h"
#include "HostOptions.h"
#include "Output/Emitters.h"
#include "Support/InputFiles.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace cllint {
namespace {

bool hostFilter(llvm::StringRef Path) { return isHostFile(Path.str()); }

// The configs' exclude: globs drop files that directories and globs found (a file named on
// the command line is always linted).
void dropExcluded(InputExpansion &E, Linter &Probe) {
  std::vector<std::string> Kept;
  std::vector<bool> KeptNamed;
  for (size_t I = 0; I < E.Files.size(); ++I) {
    const std::string &F = E.Files[I];
    FileSettings S;
    std::string Ignored;
    bool Excluded = false;
    if (!E.Named[I] && Probe.settingsFor(F, S, Ignored) && S.Config)
      for (const std::string &G : S.Config->Exclude)
        Excluded |= globMatch(G, displayRelativePath(F, S.Config->Dir));
    if (!Excluded) {
      Kept.push_back(F);
      KeptNamed.push_back(E.Named[I]);
    }
  }
  E.Files = std::move(Kept);
  E.Named = std::move(KeptNamed);
}

// The host: globs of every config that governs a kernel of the run, anchored at the config.
std::vector<std::string> configHostPatterns(const std::vector<std::string> &Kernels,
                                            Linter &Probe) {
  std::vector<std::string> Out;
  std::set<std::string> SeenConfigs;
  for (const std::string &F : Kernels) {
    FileSettings S;
    std::string Ignored;
    if (!Probe.settingsFor(F, S, Ignored) || !S.Config ||
        !SeenConfigs.insert(S.Config->Path).second)
      continue;
    for (const std::string &G : S.Config->HostGlobs)
      Out.push_back(
          llvm::sys::path::is_absolute(G) || S.Config->Dir.empty() ? G : S.Config->Dir + "/" + G);
  }
  return Out;
}

// Without a compile database, the likeliest -I of found host code: the include/ directory of
// each directory given (`<project/x.hpp>`), and the directories between it and each host file
// (`src/ocl/host.cpp` including "Stream.h" of `src/`, or "api/c_api.h" of `source/`).
std::vector<std::string> discoveredIncludePaths(const std::vector<std::string> &Roots,
                                                const std::vector<std::string> &Hosts) {
  std::vector<std::string> Out;
  std::set<std::string> Seen;
  auto add = [&](llvm::StringRef Dir) {
    if (Seen.insert(Dir.str()).second)
      Out.push_back("-I" + Dir.str());
  };
  for (const std::string &R : Roots) {
    llvm::StringRef Root = llvm::StringRef(R).rtrim('/');
    if (Hosts.empty() || !llvm::sys::fs::is_directory(R))
      continue;
    if (llvm::sys::fs::is_directory(Root + "/include"))
      add((Root + "/include").str());
    for (const std::string &H : Hosts) {
      if (!llvm::StringRef(H).starts_with((Root + "/").str()))
        continue;
      for (llvm::StringRef Dir = llvm::sys::path::parent_path(H);
           Dir.size() >= Root.size() && !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir))
        add(Dir);
    }
  }
  return Out;
}

} // namespace

// What a directory must hold for cllint to lint it, in errors.
constexpr const char *KernelKind =
    "OpenCL C files (*.cl), pyopencl scripts or kernels in raw strings";

LintInputs gatherInputs(const std::vector<std::string> &Args,
                        const std::vector<std::string> &HostPatterns, Linter &Probe,
                        bool RespectGitIgnore) {
  LintInputs In;
  std::vector<std::string> Paths;
  for (const std::string &A : Args) {
    if (A == "-")
      In.ReadsStdin = true;
    else
      Paths.push_back(A);
  }
  InputExpansion Expanded;
  if (!Paths.empty())
    Expanded = expandInputs(Paths, isKernelSourcePath, KernelKind, RespectGitIgnore);
  In.Errors = Expanded.Errors;
  dropExcluded(Expanded, Probe);
  for (size_t I = 0; I < Expanded.Files.size(); ++I) {
    std::string &F = Expanded.Files[I];
    // A Python file a directory holds is a kernel file only when it is a pyopencl script with
    // a kernel in a string. A C or C++ file (a header only when a directory holds it) is one
    // when it keeps a kernel in a raw string or a stringizing macro, and host code besides when
    // named on the command line.
    llvm::StringRef Ext = llvm::sys::path::extension(F);
    bool Named = Expanded.Named[I];
    bool Host = isHostSource(F);
    if (!Named && (Host || Ext == ".py"))
      (callsOpenCL(F) ? In.DiscoveredHostFiles : In.OptionFiles).push_back(F);
    if (Ext == ".py" && !Named && !pythonHoldsKernels(F))
      continue;
    if (Host && kernelCodeFile(F)) { // OpenCL C with a C or C++ extension
      In.Kernels.push_back(std::move(F));
      continue;
    }
    if (Host || (!Named && (Ext == ".h" || Ext == ".hpp"))) {
      if (hostHoldsKernels(F))
        In.Kernels.push_back(F);
      if (Host && Named)
        In.HostFiles.push_back(std::move(F));
      continue;
    }
    In.Kernels.push_back(std::move(F));
  }

  // A directory whose candidate files (scripts, C and C++ files) hold no kernel.
  for (const std::string &P : Paths) {
    if (!llvm::sys::fs::is_directory(P))
      continue;
    In.Roots.push_back(P);
    std::string Prefix = llvm::StringRef(P).rtrim('/').str() + "/";
    bool Any = std::any_of(In.Kernels.begin(), In.Kernels.end(), [&](const std::string &K) {
      return llvm::StringRef(K).starts_with(Prefix);
    });
    bool Reported = std::any_of(In.Errors.begin(), In.Errors.end(), [&](const std::string &E) {
      return llvm::StringRef(E).contains("'" + P + "'");
    });
    if (!Any && !Reported)
      In.Errors.push_back("'" + P + "': no " + std::string(KernelKind) + " in this directory");
  }

  InputExpansion Named =
      expandInputs(HostPatterns, hostFilter, "host files (C, C++, Python)", RespectGitIgnore);
  In.Errors.insert(In.Errors.end(), Named.Errors.begin(), Named.Errors.end());
  In.HostFiles.insert(In.HostFiles.end(), Named.Files.begin(), Named.Files.end());
  InputExpansion FromConfig = expandInputs(configHostPatterns(In.Kernels, Probe), hostFilter,
                                           "host files (C, C++, Python)", RespectGitIgnore);
  for (const std::string &E : FromConfig.Errors)
    In.Warnings.push_back("host: " + E);
  In.ConfigHostFiles = std::move(FromConfig.Files);
  // `host:` and --host restrict what is read; without them, the directories' host code is.
  if (!HostPatterns.empty() || !In.ConfigHostFiles.empty() || !FromConfig.Errors.empty()) {
    In.DiscoveredHostFiles.clear();
    In.OptionFiles.clear();
  }
  In.DiscoveredHostArgs = discoveredIncludePaths(Paths, In.DiscoveredHostFiles);
  return In;
}

std::shared_ptr<analysis::LaunchTable> hostLaunchTable(const std::vector<std::string> &Patterns,
                                                       const std::vector<std::string> &Roots,
                                                       std::vector<std::string> Args,
                                                       std::vector<std::string> &Warnings) {
  if (Patterns.empty())
    return nullptr;
  InputExpansion Found = expandInputs(Patterns, hostFilter, "host files (C, C++, Python)");
  Warnings.insert(Warnings.end(), Found.Errors.begin(), Found.Errors.end());
  addIncludesOfMissingHeaders(Roots, Found.Files, Args);
  HostRun Run = analyseHostFiles({}, Found.Files, Args, nvidiaProfile(), 64ull << 20);
  Warnings.insert(Warnings.end(), Run.Warnings.begin(), Run.Warnings.end());
  return Run.Table;
}

} // namespace cllint
