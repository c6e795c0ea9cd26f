#include "Host/KernelObjects.h"

#include "clang/AST/ExprCXX.h"

namespace cllint {

using namespace clang;

namespace {

// Without the parentheses, implicit casts and temporaries C++ wraps around a value.
const Expr *bare(const Expr *E) {
  for (const Expr *Inner = E->IgnoreParens()->IgnoreImplicit(); Inner != E;
       Inner = E->IgnoreParens()->IgnoreImplicit())
    E = Inner;
  return E;
}

} // namespace

bool isKernelType(QualType T) {
  if (T.isNull())
    return false;
  // Spelled (`cl_kernel`, `cl::Kernel`) or behind a container's `mapped_type`.
  for (const std::string &Type : {T.getAsString(), T.getCanonicalType().getAsString()})
    if (Type.find("cl_kernel") != std::string::npos || Type.find("Kernel") != std::string::npos)
      return true;
  return false;
}

bool isKernelTyped(const Expr *E) { return !E->isTypeDependent() && isKernelType(E->getType()); }

std::optional<std::string> KernelObjects::created(const Expr *E, bool &Computed) const {
  E = bare(E);
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (FD && FD->getName() == "clCreateKernel" && C->getNumArgs() >= 2) {
      auto S = Values.constantString(C->getArg(1));
      Computed = !S;
      return S;
    }
    // A factory of the host code that returns a cl_kernel for a name
    // (`AcquireOpenCLKernel(device, "BlurRow")`): its one constant string is the name.
    if (FD && C->getType().getAsString().find("cl_kernel") != std::string::npos) {
      std::optional<std::string> Named;
      for (const Expr *A : C->arguments())
        if (auto S = Values.constantString(A)) {
          if (Named)
            return std::nullopt;
          Named = S;
        }
      return Named;
    }
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *R = C->getConstructor()->getParent();
    // `cl::Kernel(program, "name")`, `cl::KernelFunctor<...>(program, "name")`.
    if (R && (R->getName() == "Kernel" || R->getName() == "KernelFunctor") &&
        C->getNumArgs() >= 2) {
      auto S = Values.constantString(C->getArg(1));
      Computed = !S;
      return S;
    }
  }
  return std::nullopt;
}

bool KernelObjects::kernelValued(const Expr *E) const {
  E = bare(E);
  if (E->isTypeDependent() || E->isValueDependent()) // a template's, not one of its instances
    return false;
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E))
    return kernelValued(C->getTrueExpr()) || kernelValued(C->getFalseExpr());
  bool Computed = false;
  if (created(E, Computed) || Computed)
    return true;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
    return kernelValued(C->getArg(0));
  return isKernelTyped(E) && handleOf(E, Ctx).has_value();
}

void KernelObjects::noteSet(HandleKey K, const Expr *Value) {
  if (kernelValued(Value))
    Sets[K].push_back(Value);
  else
    Opaque.insert(K);
}

std::vector<std::string> KernelObjects::setObjectNames() const {
  std::set<std::string> Names;
  auto add = [&](const HandleKey &K) {
    if (const auto *V = dyn_cast_or_null<ValueDecl>(K.D); V && isKernelType(V->getType()))
      Names.insert(V->getNameAsString());
  };
  for (const auto &[K, Values] : Sets)
    add(K);
  for (const HandleKey &K : Opaque)
    add(K);
  return {Names.begin(), Names.end()};
}

void KernelObjects::trace(const Expr *E, unsigned Depth, Traced &Out,
                          std::set<HandleKey> &Seen) const {
  E = bare(E);
  if (Depth > 8) {
    Out.Unknown = true;
    return;
  }
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    trace(C->getTrueExpr(), Depth + 1, Out, Seen);
    trace(C->getFalseExpr(), Depth + 1, Out, Seen);
    return;
  }
  bool Computed = false;
  if (auto Name = created(E, Computed)) {
    Out.Names.insert(*Name);
    return;
  }
  if (Computed) {
    Out.Computed = true;
    return;
  }
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
    return trace(C->getArg(0), Depth + 1, Out, Seen);
  if (auto K = handleOf(E, Ctx))
    return traceObject(*K, Depth + 1, Out, Seen);
  Out.Unknown = true;
}

void KernelObjects::traceObject(HandleKey K, unsigned Depth, Traced &Out,
                                std::set<HandleKey> &Seen) const {
  if (!Seen.insert(K).second)
    return;
  std::vector<const Expr *> Values;
  auto add = [&](HandleKey Of) {
    if (auto It = Sets.find(Of); It != Sets.end())
      Values.insert(Values.end(), It->second.begin(), It->second.end());
  };
  add(K);
  if (K.Index >= 0 && Values.empty())
    add(HandleKey{K.D, -1});
  // An element chosen at run time (`kernels[i]`) holds any of the elements set.
  if (K.Index < 0)
    for (auto It = Sets.upper_bound(K); It != Sets.end() && It->first.D == K.D; ++It)
      Values.insert(Values.end(), It->second.begin(), It->second.end());
  if (Values.empty()) {
    const auto *Named = dyn_cast_or_null<NamedDecl>(K.D);
    if (!Named || isa<ParmVarDecl>(K.D) || Opaque.count(K) || Opaque.count(HandleKey{K.D, -1}))
      Out.Unknown = true;
    else
      Out.Unset.insert(Named->getNameAsString());
  }
  for (const Expr *V : Values)
    trace(V, Depth, Out, Seen);
}

KernelRef KernelObjects::resolve(const Expr *Handle) const {
  Traced T;
  std::set<HandleKey> Seen;
  trace(Handle, 0, T, Seen);
  KernelRef R;
  if (T.Computed)
    R.Why = "the kernel is created by a computed name";
  else if (!T.Unknown && T.Names.empty() && !T.Unset.empty())
    R.Why = "no code read sets this kernel object";
  else if (T.Unknown && T.Names.empty())
    R.Why = handleOf(bare(Handle), Ctx) ? "no clCreateKernel / cl::Kernel for this kernel object "
                                          "in the file"
                                        : "the kernel object cannot be traced";
  else if (T.Unknown)
    R.Why = "some of the kernel objects it is set from cannot be traced";
  else if (T.Names.size() == 1)
    R.Name = *T.Names.begin();
  else {
    R.Candidates.assign(T.Names.begin(), T.Names.end());
    R.Why = "the kernel object holds one of " + std::to_string(R.Candidates.size()) + " kernels:";
    for (size_t I = 0; I < R.Candidates.size(); ++I)
      R.Why.append(I ? ", '" : " '").append(R.Candidates[I]).append("'");
  }
  if (!T.Unknown && !T.Computed)
    R.Unset.assign(T.Unset.begin(), T.Unset.end());
  return R;
}

} // namespace cllint
