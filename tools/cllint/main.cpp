#include "Commands.h"

#include "llvm/Support/InitLLVM.h"

#include <cstring>

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  return cllint::runLint(Argc, Argv);
}
