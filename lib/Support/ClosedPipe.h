// A reader that stops reading (`cllint . | head`, `grep -q`) closes standard output under the
// report. Like grep and ripgrep, cllint then ends quietly, with the status the run has when it
// writes its report (findings: 1), instead of LLVM's default I/O-error exit (74).
#pragma once

namespace cllint {

// Installs the handler; before any other LLVM signal handler (InitLLVM without its own).
void installClosedPipeHandler();
// The status a closed pipe ends the run with from now on (0 until set).
void setClosedPipeStatus(int Status);

} // namespace cllint
