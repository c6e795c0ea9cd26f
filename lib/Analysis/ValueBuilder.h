// Builds the VExpr of an expression of kernel code in the context of one call chain: variables
// are followed to their definitions (a variable defined once is substituted; a loop induction
// variable becomes `init + k*step` with a uniform trip counter k), helper parameters are bound
// to the caller's argument values, work-item builtins become lane ids and uniform symbols.
#pragma once

#include "Analysis/FunctionDefs.h"
#include "Analysis/IndexForm.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace cllint::analysis {

// A pointer as a base declaration plus a byte offset.
struct PointerForm {
  const clang::ValueDecl *Base = nullptr; // kernel ParmVarDecl, or a local/global array VarDecl
  VExpr ByteOffset;
};

// One function analysed for one call chain from a kernel.
struct Instance {
  const clang::FunctionDecl *Function = nullptr;
  const Instance *Caller = nullptr;
  const clang::CallExpr *Call = nullptr;
  unsigned Depth = 0;
  const FunctionDefs *Defs = nullptr;
  std::map<const clang::ParmVarDecl *, VExpr> Args;
  std::map<const clang::ParmVarDecl *, std::optional<PointerForm>> PointerArgs;
  // Values of a variable keyed by the definitions that reach the read.
  using FlowKey = std::pair<const clang::VarDecl *, std::vector<unsigned>>;
  std::map<FlowKey, VExpr> Memo;
  std::vector<FlowKey> Journal; // Memo's keys in insertion order (to undo a provisional value)
  std::set<FlowKey> InProgress;
  std::set<FlowKey> PointersInProgress;
  // Variable reads resolved (not served from Memo): past the budget every further read is
  // unknown, so that chains of variables updated from one another cannot take exponential time.
  unsigned long Resolutions = 0;
};

// Reads of variables one instance may resolve before the rest are unknown.
inline constexpr unsigned long MaxResolutionsPerInstance = 20000;

class ValueBuilder {
public:
  // KnownArgs: values of the kernel's scalar arguments the config gives (kernels: args:).
  explicit ValueBuilder(clang::ASTContext &Ctx, std::map<std::string, int64_t> KnownArgs = {})
      : Ctx(Ctx), KnownArgs(std::move(KnownArgs)) {}

  VExpr value(const clang::Expr *E, Instance &I);
  std::optional<PointerForm> pointer(const clang::Expr *E, Instance &I);
  std::optional<PointerForm> address(const clang::Expr *LValue, Instance &I);
  // The value of V read at Use (null: at any point of the function).
  VExpr variable(const clang::VarDecl *V, const clang::DeclRefExpr *Use, Instance &I);
  // A new instance for a call to a helper with a body, arguments bound in the caller.
  Instance &enter(const clang::CallExpr *Call, const clang::FunctionDecl *Callee, Instance &Caller);
  Instance &root(const clang::FunctionDecl *Kernel);
  // The expression assigned by the one definition that reaches Use (`x` in `a[x]`), if only
  // one does and it assigns.
  const clang::Expr *definitionReaching(const clang::DeclRefExpr *Use, const Instance &I) const;
  clang::ASTContext &context() const { return Ctx; }
  size_t instanceCount() const { return Instances.size(); }
  // The functions whose value analysis hit its budget (values past it are unknown).
  const std::set<const clang::FunctionDecl *> &gaveUp() const { return GaveUp; }

private:
  clang::ASTContext &Ctx;
  std::map<std::string, int64_t> KnownArgs;
  std::set<const clang::FunctionDecl *> GaveUp;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionDefs>> DefsCache;
  std::vector<std::unique_ptr<Instance>> Instances;
  std::map<std::pair<const Instance *, const clang::CallExpr *>, Instance *> Entered;
  std::map<std::pair<const Instance *, const clang::CallExpr *>, VExpr> Returns;

  const FunctionDefs &defs(const clang::FunctionDecl *FD);
  VExpr compute(const clang::Expr *E, Instance &I);
  VExpr opaque(const clang::Expr *E, Instance &I, const std::string &Why);
  VExpr load(const clang::Expr *LValue, Instance &I);
  VExpr call(const clang::CallExpr *Call, Instance &I);
  VExpr parameterOnEntry(const clang::VarDecl *V, Instance &I);
  VExpr resolveVariable(const clang::VarDecl *V, const std::vector<unsigned> &Reach, Instance &I);
  VExpr definitionValue(const clang::VarDecl *V, const VarDef &D, Instance &I);
  std::optional<VExpr> chosenValue(const clang::VarDecl *V, const std::vector<unsigned> &Reach,
                                   Instance &I);
  std::optional<VExpr> recurrenceValue(const clang::VarDecl *V, const std::vector<unsigned> &Reach,
                                       Instance &I);
  VExpr mergedValue(const clang::VarDecl *V, const std::vector<unsigned> &Reach, Instance &I);
  void remember(Instance &I, Instance::FlowKey Key, VExpr Value);
  void forgetSince(Instance &I, size_t JournalSize);
  // The definitions of V reaching Use, without uninitialised ones (null Use: all of them).
  std::vector<unsigned> reachingDefs(const clang::VarDecl *V, const clang::DeclRefExpr *Use,
                                     const Instance &I) const;
  std::optional<PointerForm> pointerVariable(const clang::VarDecl *V, const clang::DeclRefExpr *Use,
                                             Instance &I);
  std::optional<PointerForm>
  resolvePointerVariable(const clang::VarDecl *V, const std::vector<unsigned> &Reach, Instance &I);
  std::optional<PointerForm> pointerDefinition(const clang::VarDecl *V, const VarDef &D,
                                               Instance &I);

  // Expressions nest as deep as the source does (a 10,000-term sum is 10,000 levels); past
  // this depth a value is unknown instead of a stack overflow.
  static constexpr unsigned MaxDepth = 2000;
  unsigned Depth = 0;
  class DepthGuard {
  public:
    explicit DepthGuard(ValueBuilder &B) : B(B) { ++B.Depth; }
    ~DepthGuard() { --B.Depth; }
    bool tooDeep() const { return B.Depth > MaxDepth; }

  private:
    ValueBuilder &B;
  };
  int64_t sizeOf(clang::QualType T) const;
};

// The value operation of a C binary or compound-assignment operator (Unknown when none).
VOp binaryOp(clang::BinaryOperatorKind K);
// V, marked non-negative (an unsigned variable, a comparison).
VExpr withNonNegative(VExpr V);

} // namespace cllint::analysis
