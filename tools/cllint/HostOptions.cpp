#include "HostOptions.h"

#include "Host/CompileCommands.h"
#include "ImpactOptions.h"
#include "LimitOptions.h"
#include "LintReports.h"

#include "llvm/Support/CommandLine.h"

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
  Options.Launches = Hosts.Table;
  return true;
}

} // namespace cllint
