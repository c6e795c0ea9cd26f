#include "Commands.h"
#include "Support/ClosedPipe.h"
#include "Support/CrashIsolation.h"

#include "llvm/Support/InitLLVM.h"

#include <cstring>

int main(int Argc, const char **Argv) {
  // Before InitLLVM installs LLVM's other signal handlers, as LLVM requires.
  cllint::installClosedPipeHandler();
  llvm::InitLLVM X(Argc, Argv, /*InstallPipeSignalExitHandler=*/false);
  // Subcommands get the whole argv ("cllint lsp --flag ..."); everything else is linting.
  int Code;
  if (Argc > 1 && std::strcmp(Argv[1], "lsp") == 0)
    Code = cllint::runLsp(Argc, Argv);
  else if (Argc > 1 && std::strcmp(Argv[1], "verify") == 0)
    Code = cllint::runVerify(Argc, Argv);
  else
    Code = cllint::runLint(Argc, Argv);
  // After a recovered crash LLVM's globals are inconsistent; llvm_shutdown would crash on them.
  if (cllint::mustExitWithoutCleanup())
    cllint::exitWithoutCleanup(Code);
  return Code;
}
