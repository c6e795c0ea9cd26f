#include "BarrierSites.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace cllint {
namespace {

struct Collector : clang::RecursiveASTVisitor<Collector> {
  const clang::FunctionDecl *Function = nullptr;
  std::vector<BarrierCall> Barriers;
  std::vector<EarlyReturn> Returns;

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
    Returns.push_back({R, Function});
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
    Out.Returns.insert(Out.Returns.end(), C.Returns.begin(), C.Returns.end());
  }
  return Out;
}

} // namespace cllint
