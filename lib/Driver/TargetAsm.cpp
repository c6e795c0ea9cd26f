#include "Driver/TargetAsm.h"

#include "llvm/ADT/StringRef.h"

namespace cllint {

std::optional<std::string> targetAssemblyNotice(const std::vector<Finding> &ClangDiagnostics,
                                                bool Embedded) {
  const Finding *First = nullptr;
  for (const Finding &F : ClangDiagnostics) {
    if (F.RuleId != "clang-diagnostic-error")
      continue;
    llvm::StringRef M(F.Message);
    // Kernels kept in separate strings are separate programs parsed as one: each may define
    // its own `test`.
    if (M.starts_with("too many errors") || (Embedded && M.starts_with("redefinition of")))
      continue;
    if (!(M.ends_with(" in asm") || M.contains("inline asm") || M.contains("inline assembly")))
      return std::nullopt;
    if (!First)
      First = &F;
  }
  if (!First)
    return std::nullopt;
  return "not analysed: its inline assembly is written for one GPU's instruction set, which "
         "cllint does not compile for (line " +
         std::to_string(First->Where.Begin.Line) + ": " + First->Message + ")";
}

} // namespace cllint
