// Subcommands of the cllint binary; each parses its own flags.
#pragma once

namespace cllint {
int runLint(int Argc, const char **Argv);
} // namespace cllint
