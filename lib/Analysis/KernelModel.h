// Which functions are kernels, what they declare about their launch, and which helpers they
// reach. Rules fire only on kernel code: functions reachable from a __kernel.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cllint::analysis {

struct WorkGroupAttr {
  std::array<unsigned, 3> Size = {1, 1, 1};
  const clang::Attr *Attr = nullptr; // for locations
};

struct KernelInfo {
  const clang::FunctionDecl *Decl = nullptr;
  std::optional<WorkGroupAttr> Required;            // reqd_work_group_size
  std::optional<WorkGroupAttr> Hint;                // work_group_size_hint
  std::vector<const clang::FunctionDecl *> Reaches; // helpers called, transitively, with bodies
  // What makes the kernel Intel-only, when something does: an Intel built-in it calls
  // (`intel_sub_group_avc_ime_...`) or its intel_reqd_sub_group_size. Its work-group shape is
  // chosen for Intel's 8-, 16- or 32-wide sub-groups.
  std::string IntelOnly;
};

class KernelModel {
public:
  static KernelModel build(clang::ASTContext &Ctx);

  const std::vector<KernelInfo> &kernels() const { return Kernels; }
  bool isKernelCode(const clang::FunctionDecl *FD) const;
  // Every function with a body reachable from some kernel (kernels included), in source order.
  const std::vector<const clang::FunctionDecl *> &kernelCode() const { return Code; }
  // The kernels from which FD is reachable.
  std::vector<const KernelInfo *> kernelsReaching(const clang::FunctionDecl *FD) const;
  const KernelInfo *kernelFor(const clang::FunctionDecl *FD) const;

private:
  std::vector<KernelInfo> Kernels;
  std::vector<const clang::FunctionDecl *> Code;
  std::set<const clang::FunctionDecl *> CodeSet;
};

// The callee of a call with a body in this translation unit, or null (builtins, externs).
const clang::FunctionDecl *calleeWithBody(const clang::CallExpr *Call);

} // namespace cllint::analysis
