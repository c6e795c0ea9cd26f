// Values of variables at a read: the definitions that reach it (FunctionDefs) become one value.
// One definition is its value; definitions chosen by `if`/`?:` arms become a select; a loop
// update (`i += s`, `i = 2*i`, `s >>= 1`) becomes a recurrence over a uniform trip counter; any
// other mix is uniform only when every definition and every condition around one is.
#include "Analysis/DefinitionChoice.h"
#include "Analysis/ValueBuilder.h"

#include "clang/AST/Stmt.h"

#include <bit>

namespace cllint::analysis {

using namespace clang;

namespace {

struct Step {
  VOp Op;
  const Expr *Amount; // null: 1 (`++`, `--`)
};

// The update a self-referential definition applies: `V op= x`, `V++`, `V = V op x`,
// `V = x + V`, `V = x * V`.
std::optional<Step> stepOf(const VarDef &D, const VarDecl *V) {
  if (D.K == VarDef::Inc)
    return Step{VOp::Add, nullptr};
  if (D.K == VarDef::Dec)
    return Step{VOp::Sub, nullptr};
  if (D.K == VarDef::Compound) {
    if (mentions(D.Rhs, V))
      return std::nullopt;
    return Step{binaryOp(D.Op), D.Rhs};
  }
  if (!D.assigns())
    return std::nullopt;
  const auto *B = dyn_cast<BinaryOperator>(D.Rhs->IgnoreParenImpCasts());
  if (!B)
    return std::nullopt;
  VOp Op = binaryOp(B->getOpcode());
  if (referencedVar(B->getLHS()) == V && !mentions(B->getRHS(), V))
    return Step{Op, B->getRHS()};
  if ((Op == VOp::Add || Op == VOp::Mul) && referencedVar(B->getRHS()) == V &&
      !mentions(B->getLHS(), V))
    return Step{Op, B->getLHS()};
  return std::nullopt;
}

} // namespace

void ValueBuilder::remember(Instance &I, Instance::FlowKey Key, VExpr Value) {
  auto [It, New] = I.Memo.insert_or_assign(Key, std::move(Value));
  if (New)
    I.Journal.push_back(std::move(Key));
}

void ValueBuilder::forgetSince(Instance &I, size_t JournalSize) {
  while (I.Journal.size() > JournalSize) {
    I.Memo.erase(I.Journal.back());
    I.Journal.pop_back();
  }
}

std::vector<unsigned> ValueBuilder::reachingDefs(const VarDecl *V, const DeclRefExpr *Use,
                                                 const Instance &I) const {
  auto It = I.Defs->Defs.find(V);
  if (It == I.Defs->Defs.end())
    return {};
  const std::vector<VarDef> &List = It->second;
  std::vector<unsigned> Out;
  if (const DefSet *R = I.Defs->reaching(Use); R && !R->empty())
    Out.assign(R->begin(), R->end());
  else
    for (unsigned D = 0; D < List.size(); ++D) // unknown flow or unreachable code: all of them
      Out.push_back(D);
  std::vector<unsigned> Defined;
  for (unsigned D : Out)
    if (List[D].K != VarDef::Uninit)
      Defined.push_back(D);
  return Defined;
}

const Expr *ValueBuilder::definitionReaching(const DeclRefExpr *Use, const Instance &I) const {
  const auto *V = dyn_cast_or_null<VarDecl>(Use ? Use->getDecl() : nullptr);
  if (!V || I.Defs->AddressTaken.count(V))
    return nullptr;
  std::vector<unsigned> Reach = reachingDefs(V, Use, I);
  if (Reach.size() != 1)
    return nullptr;
  const VarDef &D = I.Defs->Defs.at(V)[Reach[0]];
  return D.assigns() ? D.Rhs : nullptr;
}

VExpr ValueBuilder::parameterOnEntry(const VarDecl *V, Instance &I) {
  std::string Name = V->getNameAsString();
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    if (auto It = I.Args.find(P); It != I.Args.end())
      return It->second;
  if (!I.Caller && V->getType()->isIntegerType() && !I.Defs->AddressTaken.count(V)) {
    if (auto It = KnownArgs.find(Name); It != KnownArgs.end())
      return vConst(It->second);
    return vSym(Name, V->getType()->isUnsignedIntegerType());
  }
  return vUnknown(true, "parameter '" + Name + "'");
}

VExpr ValueBuilder::variable(const VarDecl *V, const DeclRefExpr *Use, Instance &I) {
  std::string Name = V->getNameAsString();
  if (isa<ParmVarDecl>(V) && !I.Defs->Defs.count(V))
    return parameterOnEntry(V, I);
  if (!V->isLocalVarDeclOrParm()) {
    if (V->getType().isConstQualified() && V->getInit())
      return value(V->getInit(), I);
    return vUnknown(false, "global '" + Name + "'");
  }
  if (!V->getType()->isIntegerType() && !V->getType()->isBooleanType())
    return vUnknown(true, "'" + Name + "' is not an integer");
  if (I.Defs->AddressTaken.count(V))
    return vUnknown(true, "address of '" + Name + "' is taken");
  std::vector<unsigned> Reach = reachingDefs(V, Use, I);
  if (Reach.empty())
    return vUnknown(true, "'" + Name + "' is never assigned");
  Instance::FlowKey Key{V, Reach};
  if (auto It = I.Memo.find(Key); It != I.Memo.end())
    return It->second;
  if (!I.InProgress.insert(Key).second)
    return vUnknown(true, "'" + Name + "' depends on itself");
  if (++I.Resolutions > MaxResolutionsPerInstance) {
    GaveUp.insert(I.Function);
    I.InProgress.erase(Key);
    return vUnknown(true, "the analysis of '" + I.Function->getNameAsString() +
                              "' stopped: too many variables computed from one another");
  }
  VExpr R = resolveVariable(V, Reach, I);
  I.InProgress.erase(Key);
  if (V->getType()->isUnsignedIntegerType())
    R = withNonNegative(R);
  remember(I, Key, R);
  return R;
}

VExpr ValueBuilder::definitionValue(const VarDecl *V, const VarDef &D, Instance &I) {
  auto old = [&] { return variable(V, D.SelfUses.front(), I); };
  switch (D.K) {
  case VarDef::Init:
  case VarDef::Assign:
    return value(D.Rhs, I);
  case VarDef::Compound: {
    VOp Op = binaryOp(D.Op);
    if (Op == VOp::Unknown || !D.Rhs->getType()->isIntegerType())
      return vUnknown(isVarying(old()) || isVarying(value(D.Rhs, I)), "compound assignment");
    return vOp(Op, {old(), value(D.Rhs, I)});
  }
  case VarDef::Inc:
    return vOp(VOp::Add, {old(), vConst(1)});
  case VarDef::Dec:
    return vOp(VOp::Sub, {old(), vConst(1)});
  case VarDef::Entry:
    return parameterOnEntry(V, I);
  case VarDef::Uninit:
    break;
  }
  return vUnknown(true, "'" + V->getNameAsString() + "' is not initialised");
}

VExpr ValueBuilder::resolveVariable(const VarDecl *V, const std::vector<unsigned> &Reach,
                                    Instance &I) {
  const std::vector<VarDef> &Defs = I.Defs->Defs.at(V);
  if (Reach.size() == 1) {
    // Right after `s >>= 1` in its loop: a power-of-two recurrence's values bound every value
    // the variable takes in the loop, and keep the address affine in it.
    const VarDef &D = Defs[Reach[0]];
    if (std::optional<Step> S = stepOf(D, V);
        S && S->Op != VOp::Add && S->Op != VOp::Sub && I.Defs->cyclic(V, Reach[0]))
      if (auto R = recurrenceValue(V, Reach, I);
          R && (*R)->Recurrence && (*R)->Recurrence->powerOfTwo())
        return *R;
    return definitionValue(V, D, I);
  }
  bool Cyclic = false;
  for (unsigned D : I.Defs->contributing(V, DefSet(Reach.begin(), Reach.end())))
    Cyclic |= I.Defs->cyclic(V, D);
  if (Cyclic) {
    if (auto R = recurrenceValue(V, Reach, I))
      return *R;
  } else if (auto C = chosenValue(V, Reach, I)) {
    return *C;
  }
  return mergedValue(V, Reach, I);
}

std::optional<VExpr> ValueBuilder::chosenValue(const VarDecl *V, const std::vector<unsigned> &Reach,
                                               Instance &I) {
  const std::vector<VarDef> &Defs = I.Defs->Defs.at(V);
  std::unique_ptr<Choice> Tree = choiceTree(Defs, Reach, Ctx.getSourceManager());
  if (!Tree)
    return std::nullopt;
  std::function<VExpr(const Choice &)> Build = [&](const Choice &C) -> VExpr {
    if (!C.Cond)
      return definitionValue(V, Defs[C.Def], I);
    return vOp(VOp::Select, {value(C.Cond, I), Build(*C.Then), Build(*C.Else)});
  };
  return Build(*Tree);
}

std::optional<VExpr>
ValueBuilder::recurrenceValue(const VarDecl *V, const std::vector<unsigned> &Reach, Instance &I) {
  const std::vector<VarDef> &Defs = I.Defs->Defs.at(V);
  std::string Name = V->getNameAsString();
  DefSet All = I.Defs->contributing(V, DefSet(Reach.begin(), Reach.end()));
  std::vector<const VarDef *> Inits, Updates, Contributing;
  for (unsigned D : Reach)
    if (!I.Defs->cyclic(V, D))
      Inits.push_back(&Defs[D]);
  for (unsigned D : All) {
    Contributing.push_back(&Defs[D]);
    if (I.Defs->cyclic(V, D))
      Updates.push_back(&Defs[D]);
  }
  if (Updates.empty())
    return std::nullopt;
  Instance::FlowKey Key{V, Reach};

  // Every contributing definition keeps V a power of two: constant powers of two assigned,
  // updates that multiply, divide or shift by constant powers of two, in any number of loops,
  // none under a condition that varies within a warp.
  auto powerOfTwo = [&](LoopRecurrence &Rec) {
    for (const VarDef *D : Contributing) {
      for (const Enclosing &E : D->Nest)
        if (E.Cond && isVarying(value(E.Cond, I)))
          return false;
      if (!I.Defs->cyclic(V, unsigned(D - Defs.data()))) {
        VExpr X = definitionValue(V, *D, I);
        if (X->Op != VOp::Const || X->Value <= 0 || (X->Value & (X->Value - 1)))
          return false;
        Rec.PowerOfTwoInits.push_back(X);
        continue;
      }
      std::optional<Step> S = stepOf(*D, V);
      if (!S || !S->Amount)
        return false;
      VExpr A = value(S->Amount, I);
      if (A->Op != VOp::Const)
        return false;
      int64_t K = A->Value;
      bool Pow2 = K > 0 && !(K & (K - 1));
      int Log = Pow2 ? std::countr_zero(static_cast<uint64_t>(K)) : 0;
      LoopRecurrence::Scale Sc;
      if ((S->Op == VOp::Mul || S->Op == VOp::Div) && Pow2)
        Sc.Shift = S->Op == VOp::Mul ? Log : -Log;
      else if ((S->Op == VOp::Shl || S->Op == VOp::Shr) && K >= 0 && K < 31)
        Sc.Shift = S->Op == VOp::Shl ? int(K) : -int(K);
      else
        return false;
      for (const Enclosing &E : D->Nest)
        if (isLoopStmt(E.Owner))
          Sc.LoopConditions.push_back(E.Cond ? value(E.Cond, I) : nullptr);
      Rec.Scales.push_back(std::move(Sc));
    }
    return Rec.powerOfTwo();
  };

  const Stmt *Loop = Inits.size() == 1 ? updateLoop(Inits, Updates) : nullptr;
  std::vector<Step> Steps;
  for (const VarDef *U : Updates)
    if (auto S = stepOf(*U, V))
      Steps.push_back(*S);
  if (Loop && Steps.size() == Updates.size()) {
    VExpr Init = definitionValue(V, *Inits[0], I);
    bool Additive = true;
    for (const Step &S : Steps)
      Additive &= S.Op == VOp::Add || S.Op == VOp::Sub;
    if (Additive) {
      VExpr Total = vConst(0);
      for (const Step &S : Steps)
        Total = vOp(S.Op, {Total, S.Amount ? value(S.Amount, I) : vConst(1)});
      if (!isVarying(Total)) {
        // Each lane runs the same updates per iteration: V = init + k*step, k uniform.
        VExpr K = vSym(I.Defs->tripCounterName(V, Loop), true);
        return vOp(VOp::Add, {Init, vOp(VOp::Mul, {K, Total})});
      }
    } else if (Steps.size() == 1 && !isVarying(Init)) {
      VExpr Amount = value(Steps[0].Amount, I);
      if (!isVarying(Amount)) {
        auto Rec = std::make_shared<LoopRecurrence>();
        Rec->Init = Init;
        Rec->Step = Steps[0].Op;
        Rec->Amount = Amount;
        bool NonNeg = Init->NonNegative && Amount->NonNegative;
        VExpr Sym = vSym(Name, NonNeg, Rec);
        // The loop condition refers to V itself; a bare symbol of the same name (values are
        // bound by name) keeps Rec from owning itself through Sym, a reference cycle that
        // leaked on every lint.
        size_t Mark = I.Journal.size();
        remember(I, Key, vSym(Name, NonNeg));
        if (const Expr *Cond = loopCondition(Loop))
          Rec->Condition = value(Cond, I);
        // When the loop's condition is on another counter, the values are bounded by its
        // trip count instead.
        LoopRecurrence Pow2;
        if (powerOfTwo(Pow2)) {
          Rec->PowerOfTwoInits = std::move(Pow2.PowerOfTwoInits);
          Rec->Scales = std::move(Pow2.Scales);
        }
        forgetSince(I, Mark);
        return Sym;
      }
    }
  }

  auto Rec = std::make_shared<LoopRecurrence>();
  VExpr Sym = vSym(Name, true, Rec);
  size_t Mark = I.Journal.size();
  remember(I, Key, vSym(Name, true)); // a loop condition may test V itself (bare: no cycle)
  bool Ok = powerOfTwo(*Rec);
  forgetSince(I, Mark);
  if (!Ok)
    return std::nullopt;
  Rec->ReadAfterUpdate = Inits.empty();
  // Seen as a doubling from its first initial value by rules that only ask "a power of two?".
  Rec->Init = Rec->PowerOfTwoInits.front();
  Rec->Step = VOp::Mul;
  Rec->Amount = vConst(2);
  return Sym;
}

VExpr ValueBuilder::mergedValue(const VarDecl *V, const std::vector<unsigned> &Reach, Instance &I) {
  // Uniform when every definition that contributes is uniform and none sits under a condition
  // that varies within a warp; assumed uniform while that is checked (a loop may feed V back).
  const std::vector<VarDef> &Defs = I.Defs->Defs.at(V);
  std::string Name = V->getNameAsString();
  DefSet All = I.Defs->contributing(V, DefSet(Reach.begin(), Reach.end()));
  // Reads that see every definition share the variable's name; others get their own.
  bool Everything = true;
  for (unsigned D = 0; D < Defs.size(); ++D)
    Everything &= Defs[D].K == VarDef::Uninit || llvm::is_contained(All, D);
  std::string SymName = Everything ? Name : Name + "'" + std::to_string(Reach.front());
  Instance::FlowKey Key{V, Reach};
  size_t Mark = I.Journal.size();
  remember(I, Key, vSym(SymName));
  bool Varying = false;
  for (unsigned D : All) {
    const VarDef &Def = Defs[D];
    VExpr X = Def.K == VarDef::Entry ? parameterOnEntry(V, I)
              : Def.Rhs              ? value(Def.Rhs, I)
                                     : vConst(1);
    Varying |= isVarying(X);
    for (const Enclosing &E : Def.Nest)
      Varying |= E.Cond && isVarying(value(E.Cond, I));
    if (Varying)
      break;
  }
  // Values computed meanwhile rest on the provisional symbol. When it holds (the common case),
  // they stay: forgetting them made every read rebuild the chains it shares with others, which
  // grew exponentially with variables updated from one another in a loop.
  if (!Varying)
    return vSym(SymName);
  forgetSince(I, Mark);
  return vUnknown(true, "'" + Name + "' is assigned values that vary across work-items");
}

} // namespace cllint::analysis
