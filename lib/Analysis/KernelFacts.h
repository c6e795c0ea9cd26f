// What one kernel does, analysed once with every helper it calls inlined at the call (each
// call chain is its own Instance): memory accesses with their address forms, branch
// conditions and integer divisions, each with its value in the context of the kernel.
#pragma once

#include "Analysis/IndexForm.h"
#include "Analysis/LoopInvariance.h"
#include "Analysis/OpCost.h"
#include "Analysis/ValueBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

#include <memory>
#include <optional>
#include <vector>

namespace cllint::analysis {

struct KernelInfo;

struct MemoryAccess {
  const clang::Expr *E = nullptr;                // the access expression (finding location)
  const clang::FunctionDecl *Function = nullptr; // where it is written
  Instance *Context = nullptr;                   // the call chain it was analysed in
  const clang::ValueDecl *Base = nullptr;        // kernel ParmVarDecl or array VarDecl
  clang::LangAS AddressSpace = clang::LangAS::Default;
  bool Read = false, Write = false; // compound assignment: both
  clang::QualType ValueType;        // what is read or written (float, float4, ...)
  int64_t AccessBytes = 0;          // bytes per lane
  clang::QualType ElementType;      // what the base points to / holds
  int64_t ElementBytes = 0;
  VExpr ByteOffset; // from the base, in bytes
  IndexForm Bytes;  // its affine form
  // For `__local T a[D0][D1]...`: the declared dimensions (innermost last), and for an access
  // that subscripts every one of them, each subscript's value (outermost first).
  std::vector<int64_t> ArrayDims;
  std::vector<VExpr> Indices;
  // Size of the record the base points to or holds (`Row *rows`: sizeof(Row)), 0 for scalars,
  // vectors and arrays of them: what an array-of-structs access fetches around its field.
  int64_t RecordBytes = 0;
  unsigned Node = 0;  // the FlowNode it runs in
  unsigned Order = 0; // position in the kernel's walk (source order, helpers inlined)
};

struct BranchCondition {
  const clang::Expr *Cond = nullptr;
  const clang::Stmt *Owner = nullptr; // IfStmt, ForStmt, WhileStmt, DoStmt, SwitchStmt, ?:
  const clang::FunctionDecl *Function = nullptr;
  // The condition's value; for a `switch`, the index of the path each value takes (its case
  // label group, or the default / no path), so that distinct paths are counted, not values.
  VExpr Value;
  // A `?:` or an `if` the compiler turns into a select: no branch, nothing serialised.
  bool Select = false;
  // The operands of a `&&` / `||` chain in evaluation order (each a short-circuit branch of
  // its own); empty for other conditions.
  std::vector<std::pair<const clang::Expr *, VExpr>> Parts;
  Instance *Context = nullptr;
  unsigned Node = 0; // the FlowNode it is evaluated in (a loop's condition: the loop's node)
};

struct Division {
  const clang::BinaryOperator *Op = nullptr; // `/`, `%`, `/=`, `%=`
  const clang::FunctionDecl *Function = nullptr;
  Instance *Context = nullptr;
  VExpr Dividend, Divisor;
  unsigned Node = 0;
};

// Where work-items synchronise or leave code early: barrier calls, and `return`, `break` and
// `continue` statements, each in its call chain and flow node, in walk (source) order.
struct SyncSite {
  enum Kind { Barrier, SubGroupBarrier, Return, Break, Continue };
  Kind K = Barrier;
  const clang::Stmt *S = nullptr; // the CallExpr or the jump
  const clang::FunctionDecl *Function = nullptr;
  Instance *Context = nullptr;
  unsigned Node = 0;
  // Break and continue: the node of the loop they leave (-1: a break that leaves a switch).
  int LoopNode = -1;
  unsigned Order = 0; // position in the kernel's walk, shared with MemoryAccess::Order
};

// Where code runs in a kernel's control flow: a tree of the loops and branch arms around it,
// one node per loop or arm per call chain (a helper's code sits under its call's node). How
// often each node runs is asked of ExecutionWeights, under a work-group shape.
struct FlowNode {
  enum Kind { Root, Loop, Then, Else };
  Kind K = Root;
  int Parent = -1;
  const clang::Stmt *Owner = nullptr; // the loop or the if
  int Condition = -1;                 // index into conditions(); -1: none (`for (;;)`)
  OpCounts Work;                      // what the code directly in this node computes per run
  double ImageBytes = 0; // bytes one work-item moves per run through image reads and writes
};

class KernelFacts {
public:
  // KnownArgs binds scalar kernel arguments to values (the config's kernels: args:).
  KernelFacts(clang::ASTContext &Ctx, const KernelInfo &K,
              std::map<std::string, int64_t> KnownArgs = {});
  const KernelInfo &kernel() const { return K; }
  const std::vector<MemoryAccess> &accesses() const { return Accesses; }
  const std::vector<BranchCondition> &conditions() const { return Conditions; }
  const std::vector<Division> &divisions() const { return Divisions; }
  const std::vector<SyncSite> &syncSites() const { return SyncSites; }
  const std::vector<FlowNode> &nodes() const { return Nodes; }
  // The nodes S runs in, one per call chain that reaches Fn (empty when the kernel never
  // reaches it).
  std::vector<unsigned> nodesOf(const clang::FunctionDecl *Fn, const clang::Stmt *S) const;
  // Values of other expressions of the same function in an access's context (for notes).
  VExpr valueIn(Instance &Context, const clang::Expr *E) const;
  // The expression the one definition reaching Use assigns, if only one reaches it.
  const clang::Expr *definitionReaching(const Instance &Context,
                                        const clang::DeclRefExpr *Use) const;
  // The statement holding S in Fn's body (null at the top). Built per function on first use:
  // the translation unit's parent map (ASTContext::getParents) walks every declaration, and a
  // kernel under a 10,000-line include prelude paid for all of it on each file.
  const clang::Stmt *parentIn(const clang::FunctionDecl *Fn, const clang::Stmt *S) const;
  // The outermost loop the compiler computes S before, instead of on each of its trips, when S
  // is arithmetic of values that loop does not change (null otherwise). nodesOf counts S there.
  const clang::Stmt *hoistedOutOf(const clang::Stmt *S) const {
    auto It = Hoisted.find(S);
    return It == Hoisted.end() ? nullptr : It->second;
  }
  // Functions whose value analysis stopped at its budget for this kernel.
  std::vector<const clang::FunctionDecl *> analysisStopped() const;

private:
  const KernelInfo &K;
  std::unique_ptr<ValueBuilder> Builder;
  std::vector<MemoryAccess> Accesses;
  std::vector<BranchCondition> Conditions;
  std::vector<Division> Divisions;
  std::vector<SyncSite> SyncSites;
  std::vector<FlowNode> Nodes;
  unsigned CurrentNode = 0; // while walking
  unsigned NextOrder = 0;   // walk positions handed out to accesses and sync sites
  // Loop statements, branch arms and function bodies, with the nodes they open or run in.
  std::map<const clang::Stmt *, std::vector<unsigned>> ScopeNodes;
  mutable std::map<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>> Parents;
  std::map<const clang::FunctionDecl *, std::unique_ptr<LoopInvariance>> Invariance;
  std::map<const clang::Stmt *, const clang::Stmt *> Hoisted;
  friend class KernelWalker;
};

} // namespace cllint::analysis
