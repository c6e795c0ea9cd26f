// Subcommands of the cllint binary; each parses its own flags.
#pragma once

namespace cllint {
int runLint(int Argc, const char **Argv);
int runLsp(int Argc, const char **Argv);    // `cllint lsp`: a language server over stdio
int runVerify(int Argc, const char **Argv); // `cllint verify`: run flagged kernels on a device
} // namespace cllint
