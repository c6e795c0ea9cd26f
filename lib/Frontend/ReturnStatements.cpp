#include "Frontend/ReturnStatements.h"

#include "clang/AST/ExprCXX.h"

#include <functional>

namespace cllint {

std::vector<const clang::ReturnStmt *> returnStatements(const clang::Stmt *Body) {
  std::vector<const clang::ReturnStmt *> Out;
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *S) {
    if (!S || llvm::isa<clang::LambdaExpr>(S))
      return;
    if (const auto *R = llvm::dyn_cast<clang::ReturnStmt>(S))
      Out.push_back(R);
    for (const clang::Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  return Out;
}

} // namespace cllint
