// `cllint lsp [options]`: a Language Server Protocol server on stdin/stdout for editors.
#include "Commands.h"
#include "Driver/Linter.h"
#include "Lsp/Server.h"
#include "Lsp/Transport.h"
#include "Support/CrashIsolation.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

namespace cl = llvm::cl;

namespace cllint {
namespace {

// Options live in their own subcommand, so names shared with linting (--config) do not clash.
cl::SubCommand LspCommand("lsp", "Language server over stdio for editors");
cl::OptionCategory LspCategory("cllint lsp options");

cl::opt<unsigned> DebounceMs("debounce-ms",
                             cl::desc("Lint this long after the last edit of a burst (default "
                                      "200; initializationOptions.debounceMs overrides it)"),
                             cl::init(200), cl::sub(LspCommand), cl::cat(LspCategory));
cl::opt<std::string> ConfigPathOpt("config",
                                   cl::desc("Use this config file instead of finding .cllint.yaml "
                                            "next to each document"),
                                   cl::value_desc("FILE"), cl::sub(LspCommand),
                                   cl::cat(LspCategory));
cl::opt<bool> NoConfig("no-config", cl::desc("Ignore .cllint.yaml files"), cl::sub(LspCommand),
                       cl::cat(LspCategory));
cl::opt<std::string> Profile("profile",
                             cl::desc("Device profile: nvidia (default), amd or one defined in "
                                      ".cllint.yaml"),
                             cl::sub(LspCommand), cl::cat(LspCategory));
cl::list<std::string> Rules("rules",
                            cl::desc("Rules to run, as for linting (e.g. -*,arith-*); repeatable"),
                            cl::value_desc("PATTERNS"), cl::sub(LspCommand), cl::cat(LspCategory));
cl::opt<bool> Verbose("verbose", cl::desc("Log every message received on stderr"),
                      cl::sub(LspCommand), cl::cat(LspCategory));

} // namespace

int runLsp(int Argc, const char **Argv) {
  cl::HideUnrelatedOptions(LspCategory, LspCommand);
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "cllint lsp: diagnostics, quick fixes and rule docs for "
                                   "editors, over the Language Server Protocol on stdio\n",
                                   &llvm::errs()))
    return 2;
  auto usageError = [](const std::string &Message) {
    llvm::WithColor::error(llvm::errs(), "cllint lsp") << Message << "\n";
    return 2;
  };

  lsp::ServerOptions Options;
  Options.Debounce = std::chrono::milliseconds(DebounceMs);
  Options.Verbose = Verbose;
  for (const std::string &P : Rules)
    Options.Lint.Rules.append(P);
  for (const std::string &P : Options.Lint.Rules.patterns()) {
    std::string Glob = P[0] == '-' ? P.substr(1) : P;
    if (!isKnownRuleOrPattern(Glob))
      return usageError("--rules: '" + Glob + "' matches no rule; run 'cllint --list-rules'");
  }
  if (!Profile.empty())
    Options.Lint.Profile = Profile;
  if (!ConfigPathOpt.empty()) {
    if (!llvm::sys::fs::exists(ConfigPathOpt))
      return usageError(ConfigPathOpt + ": config file not found");
    Options.Lint.ConfigPath = ConfigPathOpt;
  }
  Options.Lint.NoConfig = NoConfig;

  lsp::Transport T(stdin, stdout,
                   [](const std::string &M) { llvm::errs() << "cllint lsp: " << M << "\n"; });
  lsp::Server S(T, std::move(Options));
  int Code = S.run();
  if (mustExitWithoutCleanup()) // before S, which an abandoned lint may still use, is destroyed
    exitWithoutCleanup(Code);
  return Code;
}

} // namespace cllint
