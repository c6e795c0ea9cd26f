#include "BarrierSites.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace cllint {
namespace {

struct Collector : clang::RecursiveASTVisitor<Collector> {
  const clang::FunctionDecl *Function = nullptr;
  std::vector<BarrierCall> Barriers;
  std::vector<EarlyExit> Exits;
  // Loops and switches around the statement being visited, innermost last.
  std::vector<const clang::Stmt *> Targets;

  // Children traversed at once (no data-recursion queue), so that Targets stays a stack.
#define CLLINT_WITHIN(Kind)                                                                        \
  bool Traverse##Kind(clang::Kind *S, DataRecursionQueue * = nullptr) {                            \
    Targets.push_back(S);                                                                          \
    bool Ok = RecursiveASTVisitor::Traverse##Kind(S, nullptr);                                     \
    Targets.pop_back();                                                                            \
    return Ok;                                                                                     \
  }
  CLLINT_WITHIN(ForStmt)
  CLLINT_WITHIN(WhileStmt)
  CLLINT_WITHIN(DoStmt)
  CLLINT_WITHIN(SwitchStmt)
#undef CLLINT_WITHIN
  // The loop a break or continue leaves; null when a break leaves a switch.
  const clang::Stmt *loopOf(bool Break) const {
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It) {
      if (llvm::isa<clang::SwitchStmt>(*It)) {
        if (Break)
          return nullptr;
        continue;
      }
      return *It;
    }
    return nullptr;
  }

  bool VisitCallExpr(clang::CallExpr *Call) {
    const clang::FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee->hasBody())
      return true;
    std::string Name = Callee->getName().str();
    if (Name == "barrier" || Name == "work_group_barrier" || Name == "sub_group_barrier")
      Barriers.push_back({Call, Function, Name, Name == "sub_group_barrier"});
    return true;
  }
  bool VisitReturnStmt(clang::ReturnStmt *R) {
    Exits.push_back({R, Function, nullptr, "return"});
    return true;
  }
  bool VisitBreakStmt(clang::BreakStmt *S) {
    if (const clang::Stmt *L = loopOf(true))
      Exits.push_back({S, Function, L, "break"});
    return true;
  }
  bool VisitContinueStmt(clang::ContinueStmt *S) {
    if (const clang::Stmt *L = loopOf(false))
      Exits.push_back({S, Function, L, "continue"});
    return true;
  }
  // Lambdas and blocks are not OpenCL C; nested functions do not exist.
};

} // namespace

BarrierSites findBarrierSites(const std::vector<const clang::FunctionDecl *> &Functions) {
  BarrierSites Out;
  for (const clang::FunctionDecl *Fn : Functions) {
    if (!Fn->getBody())
      continue;
    Collector C;
    C.Function = Fn;
    C.TraverseStmt(const_cast<clang::Stmt *>(Fn->getBody()));
    if (C.Barriers.empty())
      continue;
    Out.Barriers.insert(Out.Barriers.end(), C.Barriers.begin(), C.Barriers.end());
    Out.Exits.insert(Out.Exits.end(), C.Exits.begin(), C.Exits.end());
  }
  return Out;
}

} // namespace cllint
