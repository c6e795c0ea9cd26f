#include "CompiledCode.h"

#include "Format.h"
#include "Ptx.h"

#include <cctype>
#include <fstream>
#include <system_error>

namespace cllint::runner {

KernelCode readKernelCode(const Program &program, const std::string &kernel) {
  KernelCode code;
  std::string binary;
  try {
    binary = programBinary(program);
  } catch (const std::exception &e) {
    code.note = std::string("the program binary could not be read: ") + e.what();
    return code;
  }
  if (binary.empty()) {
    code.note = "the driver returns no program binary";
    return code;
  }
  if (!isPtx(binary)) {
    code.note = "the program binary (" + formatBytes(binary.size()) + ") is not PTX";
    return code;
  }
  code.counts = countPtxKernel(binary, kernel);
  if (!code.counts)
    code.note = "the PTX has no .entry " + kernel;
  code.ptx = std::move(binary);
  return code;
}

void recordCompiledCode(const KernelCode &before, const KernelCode &after, CaseResult &result) {
  if (before.counts && after.counts) {
    result.code = CompiledCode{"ptx", *before.counts, *after.counts};
    return;
  }
  result.codeNote = !before.note.empty() ? before.note : after.note;
}

std::string ptxFileStem(const std::string &caseId) {
  std::string stem = caseId;
  for (char &c : stem)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_')
      c = '_';
  return stem;
}

std::string saveCompiledCode(const std::filesystem::path &dir, const std::string &caseId,
                             const KernelCode &before, const KernelCode &after) {
  if (before.ptx.empty() && after.ptx.empty())
    return "";
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error)
    return dir.string() + ": " + error.message();
  const std::pair<const char *, const std::string *> sides[] = {{".before.ptx", &before.ptx},
                                                                {".after.ptx", &after.ptx}};
  for (const auto &[suffix, text] : sides) {
    if (text->empty())
      continue;
    const std::filesystem::path file = dir / (ptxFileStem(caseId) + suffix);
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << *text;
    out.close();
    if (!out)
      return file.string() + ": cannot write";
  }
  return "";
}

} // namespace cllint::runner
