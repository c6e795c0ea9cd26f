// Values of calls: OpenCL work-item and math builtins, and helpers followed into their bodies.
#include "Analysis/ValueBuilder.h"
#include "Frontend/ReturnStatements.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"

#include <bit>

namespace cllint::analysis {

using namespace clang;

VExpr ValueBuilder::call(const CallExpr *Call, Instance &I) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return opaque(Call, I, "indirect call");
  if (const FunctionDecl *Def = nullptr; FD->hasBody(Def) && Def) {
    auto Key = std::make_pair(static_cast<const Instance *>(&I), Call);
    if (auto It = Returns.find(Key); It != Returns.end())
      return It->second;
    if (I.Depth > 8 || Instances.size() > 512)
      return Returns[Key] = opaque(Call, I, "call too deep");
    Returns[Key] = vUnknown(true, "recursive call");
    Instance &Callee = enter(Call, Def, I);
    // A helper made of one `return expr;` is inlined exactly; otherwise the result is
    // uniform when every returned value is.
    std::vector<const ReturnStmt *> Rets = returnStatements(Def->getBody());
    VExpr Result;
    if (Rets.size() == 1 && Rets[0]->getRetValue() && Def->getReturnType()->isIntegerType()) {
      Result = value(Rets[0]->getRetValue(), Callee);
    } else {
      bool Varying = false;
      for (const ReturnStmt *R : Rets)
        if (R->getRetValue() && isVarying(value(R->getRetValue(), Callee)))
          Varying = true;
      Result = vUnknown(Varying, "result of '" + Def->getNameAsString() + "'");
    }
    return Returns[Key] = Result;
  }
  std::string Name = FD->getName().str();
  auto dim = [&]() -> std::optional<unsigned> {
    if (Call->getNumArgs() < 1)
      return std::nullopt;
    Expr::EvalResult R;
    if (Call->getArg(0)->EvaluateAsInt(R, Ctx) && R.Val.getInt().getExtValue() >= 0 &&
        R.Val.getInt().getExtValue() < 3)
      return static_cast<unsigned>(R.Val.getInt().getExtValue());
    return std::nullopt;
  };
  auto arg = [&](unsigned A) { return value(Call->getArg(A), I); };
  if (Name == "get_local_id" || Name == "get_global_id" || Name == "get_group_id" ||
      Name == "get_local_size" || Name == "get_global_size" || Name == "get_num_groups" ||
      Name == "get_enqueued_local_size") {
    std::optional<unsigned> D = dim();
    if (!D)
      return vUnknown(Name == "get_local_id" || Name == "get_global_id", "work-item dimension");
    if (Name == "get_local_id")
      return vLane(*D);
    if (Name == "get_group_id")
      return vSym(groupIdSym(*D), true);
    if (Name == "get_local_size" || Name == "get_enqueued_local_size")
      return vSym(localSizeSym(*D), true);
    if (Name == "get_global_size")
      return vSym(globalSizeSym(*D), true);
    if (Name == "get_num_groups")
      return vSym(numGroupsSym(*D), true);
    return vOp(VOp::Add, {vOp(VOp::Mul, {vSym(groupIdSym(*D), true), vSym(localSizeSym(*D), true)}),
                          vLane(*D)});
  }
  if (Name == "get_global_offset")
    return vSym(Name + "(" + std::to_string(dim().value_or(0)) + ")", true);
  if (Name == "get_local_linear_id")
    return vOp(
        VOp::Add,
        {vLane(0),
         vOp(VOp::Mul,
             {vOp(VOp::Add, {vLane(1), vOp(VOp::Mul, {vLane(2), vSym(localSizeSym(1), true)})}),
              vSym(localSizeSym(0), true)})});
  if (!Call->getType()->isIntegerType())
    return opaque(Call, I, "call to '" + Name + "'");
  if ((Name == "min" || Name == "max") && Call->getNumArgs() == 2)
    return vOp(Name == "min" ? VOp::Min : VOp::Max, {arg(0), arg(1)});
  if (Name == "mul24" && Call->getNumArgs() == 2)
    return vOp(VOp::Mul, {arg(0), arg(1)});
  if (Name == "mad24" && Call->getNumArgs() == 3)
    return vOp(VOp::Add, {vOp(VOp::Mul, {arg(0), arg(1)}), arg(2)});
  if (Name == "clamp" && Call->getNumArgs() == 3)
    return vOp(VOp::Min, {vOp(VOp::Max, {arg(0), arg(1)}), arg(2)});
  return opaque(Call, I, "call to '" + Name + "'");
}

} // namespace cllint::analysis
