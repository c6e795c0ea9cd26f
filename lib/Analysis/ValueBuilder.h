// Builds the VExpr of an expression of kernel code in the context of one call chain: variables
// are followed to their definitions (a variable defined once is substituted; a loop induction
// variable becomes `init + k*step` with a uniform trip counter k), helper parameters are bound
// to the caller's argument values, work-item builtins become lane ids and uniform symbols.
#pragma once

#include "Analysis/IndexForm.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

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

// Where a local variable gets its values, collected by one walk over the function body.
struct VarDef {
  enum Kind { Init, Assign, Compound, Inc, Dec } K = Init;
  const clang::Expr *Rhs = nullptr;
  clang::BinaryOperatorKind Op = clang::BO_Assign;
  const clang::Stmt *Where = nullptr;
  // Enclosing loops and conditions, outermost first: (statement, its condition or null).
  std::vector<std::pair<const clang::Stmt *, const clang::Expr *>> Nest;
};

struct FunctionDefs {
  std::map<const clang::VarDecl *, std::vector<VarDef>> Defs;
  std::set<const clang::VarDecl *> AddressTaken;
};

FunctionDefs collectDefs(const clang::FunctionDecl *FD);

// One function analysed for one call chain from a kernel.
struct Instance {
  const clang::FunctionDecl *Function = nullptr;
  const Instance *Caller = nullptr;
  const clang::CallExpr *Call = nullptr;
  unsigned Depth = 0;
  const FunctionDefs *Defs = nullptr;
  std::map<const clang::ParmVarDecl *, VExpr> Args;
  std::map<const clang::ParmVarDecl *, std::optional<PointerForm>> PointerArgs;
  std::map<const clang::VarDecl *, VExpr> Memo;
  std::set<const clang::VarDecl *> InProgress;
  std::set<const clang::VarDecl *> PointersInProgress;
};

class ValueBuilder {
public:
  explicit ValueBuilder(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  VExpr value(const clang::Expr *E, Instance &I);
  std::optional<PointerForm> pointer(const clang::Expr *E, Instance &I);
  std::optional<PointerForm> address(const clang::Expr *LValue, Instance &I);
  VExpr variable(const clang::VarDecl *V, Instance &I);
  // A new instance for a call to a helper with a body, arguments bound in the caller.
  Instance &enter(const clang::CallExpr *Call, const clang::FunctionDecl *Callee, Instance &Caller);
  Instance &root(const clang::FunctionDecl *Kernel);
  // The single defining expression of V in I's function, if it has exactly one.
  const clang::Expr *singleDefinition(const clang::VarDecl *V, const Instance &I) const;
  clang::ASTContext &context() const { return Ctx; }
  size_t instanceCount() const { return Instances.size(); }

private:
  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionDefs>> DefsCache;
  std::vector<std::unique_ptr<Instance>> Instances;
  std::map<std::pair<const Instance *, const clang::CallExpr *>, Instance *> Entered;
  std::map<std::pair<const Instance *, const clang::CallExpr *>, VExpr> Returns;

  const FunctionDefs &defs(const clang::FunctionDecl *FD);
  VExpr compute(const clang::Expr *E, Instance &I);
  VExpr opaque(const clang::Expr *E, Instance &I, const std::string &Why);
  VExpr load(const clang::Expr *LValue, Instance &I);
  VExpr call(const clang::CallExpr *Call, Instance &I);
  VExpr resolveVariable(const clang::VarDecl *V, Instance &I);
  std::optional<PointerForm> pointerVariable(const clang::VarDecl *V, Instance &I);
  std::optional<PointerForm> resolvePointerVariable(const clang::VarDecl *V, Instance &I);

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

// Whether E mentions V.
bool mentions(const clang::Stmt *E, const clang::VarDecl *V);

} // namespace cllint::analysis
