// Which kernel a host kernel object holds. `clCreateKernel(program, "name")`,
// `cl::Kernel(program, "name")` and factories called with one constant name tie an object to a
// kernel; a variable, field or array element set from other objects (`cl_kernel k =
// ctx->blur;`, `k = wide ? ctx->a : ctx->b;`) holds one of theirs.
#pragma once

#include "Host/HostExprs.h"
#include "Host/HostValues.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace cllint {

// Whether E's type is a kernel object's: spelled (`cl_kernel`, `cl::Kernel`) or behind an
// alias such as a container's `mapped_type`.
bool isKernelTyped(const clang::Expr *E);
bool isKernelType(clang::QualType T);

struct KernelRef {
  std::string Name;                    // the one kernel it holds; empty when not one
  std::vector<std::string> Candidates; // the kernels it may hold when several, all traced
  std::string Why;                     // why Name is empty
  // Kernel objects it may hold that no code read sets or hands elsewhere (their creation is in
  // an `#if` branch of another build configuration): they hold no kernel of this build.
  std::vector<std::string> Unset;
};

class KernelObjects {
public:
  KernelObjects(clang::ASTContext &Ctx, const HostValues &Values) : Ctx(Ctx), Values(Values) {}

  // The object K is set to Value (a declaration's initialiser or an assignment).
  void noteSet(HandleKey K, const clang::Expr *Value);
  // K's address is taken or it is bound to a reference: code not traced may set it.
  void noteEscape(HandleKey K) { Opaque.insert(K); }
  KernelRef resolve(const clang::Expr *Handle) const;
  // The names of the kernel objects this file sets, or lets other code set.
  std::vector<std::string> setObjectNames() const;

private:
  struct Traced {
    std::set<std::string> Names;
    bool Computed = false;       // created by a name computed at run time
    bool Unknown = false;        // an object no creation reaches
    std::set<std::string> Unset; // objects nothing in the file sets
  };
  // The kernel E creates, if it is a creation: nullopt otherwise; Computed when its name is not
  // a constant. A copy of a creation is traced as a copy (trace).
  std::optional<std::string> created(const clang::Expr *E, bool &Computed) const;
  // Whether E is something noteSet keeps: a creation, another object, or a choice of them.
  bool kernelValued(const clang::Expr *E) const;
  // Every kernel E may hold; Seen keeps each object traced once (objects set from each other).
  void trace(const clang::Expr *E, unsigned Depth, Traced &Out, std::set<HandleKey> &Seen) const;
  void traceObject(HandleKey K, unsigned Depth, Traced &Out, std::set<HandleKey> &Seen) const;

  clang::ASTContext &Ctx;
  const HostValues &Values;
  std::map<HandleKey, std::vector<const clang::Expr *>> Sets;
  std::set<HandleKey> Opaque; // set from values not traced, or open to code not traced
};

} // namespace cllint
