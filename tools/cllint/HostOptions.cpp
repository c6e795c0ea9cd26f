#include "HostOptions.h"

#include "Host/CompileCommands.h"
#include "Host/HostMacros.h"
#include "Host/IncludeSearch.h"
#include "Host/ProjectDefinitions.h"
#include "ImpactOptions.h"
#include "LimitOptions.h"
#include "LintReports.h"
#include "Support/InputFiles.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"

namespace cl = llvm::cl;

namespace cllint {
namespace {

cl::OptionCategory &Category = lintCategory();

cl::list<std::string> HostArgs("host-arg",
                               cl::desc("A Clang argument for parsing host files (e.g. "
                                        "-I/path/to/headers). Repeatable."),
                               cl::value_desc("ARG"), cl::cat(Category));
cl::opt<std::string> CompileCommandsPath(
    "compile-commands",
    cl::desc("The compilation database (compile_commands.json, or its directory) whose -I, -D "
             "and -std the host files are parsed with (default: found like clangd does, from "
             "the host files' directories up, also in build/)"),
    cl::value_desc("PATH"), cl::cat(Category));

} // namespace

void addIncludesOfMissingHeaders(const std::vector<std::string> &Roots,
                                 const std::vector<std::string> &HostFiles,
                                 std::vector<std::string> &Args) {
  std::vector<std::string> Known;
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with("-I") && A.size() > 2)
      Known.push_back(A.substr(2));
    else if (llvm::StringRef(A).starts_with("-idirafter") && A.size() > 10)
      Known.push_back(A.substr(10));
  // The directories linted, else the host files' own, and the directory cllint runs from (a
  // project's root, where its build runs).
  std::vector<std::string> SearchRoots = Roots;
  if (SearchRoots.empty())
    for (const std::string &H : HostFiles)
      if (!llvm::sys::path::parent_path(H).empty())
        SearchRoots.push_back(llvm::sys::path::parent_path(H).str());
  SearchRoots.push_back(".");
  std::vector<std::string> CFiles;
  for (const std::string &H : HostFiles)
    if (llvm::sys::path::extension(H) != ".py")
      CFiles.push_back(H);
  for (std::string &I : includeDirsForMissingHeaders(SearchRoots, CFiles, Known))
    Args.push_back(std::move(I));
}

bool readHostFiles(LintInputs &In, LintOptions &Options, bool Quiet, HostRun &Hosts,
                   std::string &UsageError) {
  In.ConfigHostFiles.insert(In.ConfigHostFiles.end(), In.DiscoveredHostFiles.begin(),
                            In.DiscoveredHostFiles.end());
  if (In.HostFiles.empty() && In.ConfigHostFiles.empty())
    return true;
  Linter Probe(Options);
  FileSettings First;
  std::string Ignored;
  Probe.settingsFor(In.Kernels.empty() ? std::string("./.") : In.Kernels.front(), First, Ignored);
  std::vector<std::string> Args(HostArgs.begin(), HostArgs.end());
  Args.insert(Args.end(), In.DiscoveredHostArgs.begin(), In.DiscoveredHostArgs.end());
  std::vector<std::string> Starts = In.HostFiles;
  Starts.insert(Starts.end(), In.ConfigHostFiles.begin(), In.ConfigHostFiles.end());
  addIncludesOfMissingHeaders(In.Roots, Starts, Args);
  std::string Error;
  std::unique_ptr<HostCompileCommands> Commands =
      HostCompileCommands::load(CompileCommandsPath, Starts, Error);
  if (!Error.empty() && CompileCommandsPath.getNumOccurrences()) {
    UsageError = "--compile-commands: " + Error;
    return false;
  }
  if (!Error.empty() && !Quiet)
    printWarnings({"compilation database not used: " + Error});
  Hosts = analyseHostFiles(In.HostFiles, In.ConfigHostFiles, Args, First.Profile, maxFileBytes(),
                           Options.Cache.get(), Commands.get());
  if (!Quiet)
    printWarnings(Hosts.Warnings);
  for (const std::string &F : In.OptionFiles) {
    std::string Text, Ignored;
    if (readSourceFile(F, maxFileBytes(), Text, Ignored))
      addHostOptionMentions(*Hosts.Table, F, Text);
  }
  auto Definitions = std::make_shared<ProjectDefinitions>(In.Roots);
  Hosts.Table->setDefiners([Definitions](const std::string &Name, const std::string &Near) {
    return Definitions->definersOf(Name, Near);
  });
  Options.Launches = Hosts.Table;
  return true;
}

} // namespace cllint
