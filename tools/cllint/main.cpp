#include "Commands.h"

#include "llvm/Support/InitLLVM.h"

#include <cstring>

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  // Subcommands get the whole argv ("cllint lsp --flag ..."); everything else is linting.
  if (Argc > 1 && std::strcmp(Argv[1], "lsp") == 0)
    return cllint::runLsp(Argc, Argv);
  if (Argc > 1 && std::strcmp(Argv[1], "verify") == 0)
    return cllint::runVerify(Argc, Argv);
  return cllint::runLint(Argc, Argv);
}
