#include "Analysis/Surroundings.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

namespace cllint::analysis {

using namespace clang;

Surroundings enclosingConditions(const KernelFacts &F, Instance &Context, const Stmt *S) {
  Surroundings Out;
  if (!S || !Context.Function)
    return Out;
  ASTContext &AST = Context.Function->getASTContext();
  DynTypedNode Child = DynTypedNode::create(*S);
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    auto Parents = AST.getParents(Child);
    if (Parents.empty())
      break;
    const DynTypedNode &P = Parents[0];
    const Stmt *C = Child.get<Stmt>();
    auto add = [&](const Expr *Cond, bool Negate, bool Loop) {
      if (!Cond)
        return;
      VExpr V = F.valueIn(Context, Cond);
      if (!V)
        return;
      if (Negate)
        V = vOp(VOp::LNot, {V});
      Out.Guards.push_back(V);
      if (Loop)
        Out.LoopConditions.push_back(V);
    };
    if (const auto *If = P.get<IfStmt>()) {
      if (C && C == If->getThen())
        add(If->getCond(), false, false);
      else if (C && C == If->getElse())
        add(If->getCond(), true, false);
    } else if (const auto *For = P.get<ForStmt>()) {
      if (C && C == For->getBody())
        add(For->getCond(), false, true);
    } else if (const auto *While = P.get<WhileStmt>()) {
      if (C && C == While->getBody())
        add(While->getCond(), false, true);
    } else if (const auto *CO = P.get<ConditionalOperator>()) {
      if (C && C == CO->getTrueExpr())
        add(CO->getCond(), false, false);
      else if (C && C == CO->getFalseExpr())
        add(CO->getCond(), true, false);
    } else if (P.get<FunctionDecl>()) {
      break;
    }
    Child = P;
  }
  return Out;
}

Surroundings enclosingConditions(const KernelFacts &F, const MemoryAccess &A) {
  if (!A.Context || A.Context->Function != A.Function)
    return {};
  return enclosingConditions(F, *A.Context, A.E);
}

} // namespace cllint::analysis
