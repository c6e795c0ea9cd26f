#include "Analysis/Surroundings.h"

#include "Analysis/Uniformity.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace cllint::analysis {

using namespace clang;

Surroundings enclosingConditions(const KernelFacts &F, Instance &Context, const Stmt *S) {
  Surroundings Out;
  if (!S || !Context.Function)
    return Out;
  const Stmt *C = S;
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    const Stmt *P = F.parentIn(Context.Function, C);
    if (!P)
      break;
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
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (C == If->getThen())
        add(If->getCond(), false, false);
      else if (C == If->getElse())
        add(If->getCond(), true, false);
    } else if (const auto *For = dyn_cast<ForStmt>(P)) {
      if (C == For->getBody())
        add(For->getCond(), false, true);
    } else if (const auto *While = dyn_cast<WhileStmt>(P)) {
      if (C == While->getBody())
        add(While->getCond(), false, true);
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (C == CO->getTrueExpr())
        add(CO->getCond(), false, false);
      else if (C == CO->getFalseExpr())
        add(CO->getCond(), true, false);
    }
    C = P;
  }
  return Out;
}

Surroundings flowConditions(const KernelFacts &F, int Node) {
  Surroundings Out;
  for (int N = Node; N >= 0; N = F.nodes()[N].Parent) {
    const FlowNode &FN = F.nodes()[N];
    if (FN.Condition < 0)
      continue;
    VExpr V = F.conditions()[FN.Condition].Value;
    if (!V)
      continue;
    if (FN.K == FlowNode::Else)
      V = vOp(VOp::LNot, {V});
    Out.Guards.push_back(V);
    if (FN.K == FlowNode::Loop)
      Out.LoopConditions.push_back(V);
  }
  return Out;
}

VExpr reachingLanes(const KernelFacts &F, int Node) {
  VExpr All;
  for (const VExpr &G : flowConditions(F, Node).Guards)
    if (G && dependsOnLanes(G))
      All = All ? vOp(VOp::LAnd, {All, G}) : G;
  return All;
}

Surroundings enclosingConditions(const KernelFacts &F, const MemoryAccess &A) {
  if (!A.Context || A.Context->Function != A.Function)
    return {};
  return enclosingConditions(F, *A.Context, A.E);
}

} // namespace cllint::analysis
