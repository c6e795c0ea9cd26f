// The code a device compiler made of a case's kernels, read back from the built programs:
// instruction counts where it is PTX, and the PTX itself for people to diff.
#pragma once

#include "ClObjects.h"
#include "cllint/Verify/Runner/Results.h"

#include <filesystem>
#include <optional>
#include <string>

namespace cllint::runner {

struct KernelCode {
  std::optional<CodeCounts> counts; // when the binary is PTX holding the kernel
  std::string ptx;                  // the whole module, when it is PTX
  std::string note;                 // otherwise, what the driver returned
};

// Never throws: a driver that cannot return its binary only costs the counts.
KernelCode readKernelCode(const Program &program, const std::string &kernel);

// Puts both sides' counts, or the reason there are none, into `result`.
void recordCompiledCode(const KernelCode &before, const KernelCode &after, CaseResult &result);

// Writes DIR/<case id>.before.ptx and .after.ptx (the id made safe for file names); returns
// what went wrong, "" when both were written or there is no PTX to write.
std::string saveCompiledCode(const std::filesystem::path &dir, const std::string &caseId,
                             const KernelCode &before, const KernelCode &after);

// The file name a case's PTX gets: its id with anything but letters, digits, '.', '-' and
// '_' replaced by '_'.
std::string ptxFileStem(const std::string &caseId);

} // namespace cllint::runner
