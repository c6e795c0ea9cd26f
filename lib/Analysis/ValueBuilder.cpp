#include "Analysis/ValueBuilder.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <bit>

namespace cllint::analysis {
namespace {

using namespace clang;

const Expr *loopCondition(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getCond();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  return nullptr;
}

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt>(S); }

const VarDecl *localVar(const Expr *E) {
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return V;
  return nullptr;
}

class DefCollector {
public:
  FunctionDefs Out;
  std::vector<std::pair<const Stmt *, const Expr *>> Nest;

  void add(const VarDecl *V, VarDef::Kind K, const Expr *Rhs, BinaryOperatorKind Op,
           const Stmt *Where) {
    VarDef D;
    D.K = K;
    D.Rhs = Rhs;
    D.Op = Op;
    D.Where = Where;
    D.Nest = Nest;
    Out.Defs[V].push_back(std::move(D));
  }

  void under(const Stmt *Owner, const Expr *Cond, const Stmt *Body) {
    if (!Body)
      return;
    Nest.push_back({Owner, Cond});
    walk(Body);
    Nest.pop_back();
  }

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit()) {
          add(V, VarDef::Init, V->getInit(), BO_Assign, DS);
          walk(V->getInit());
        }
      return;
    }
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      walk(F->getInit());
      Nest.push_back({F, F->getCond()});
      walk(F->getCond());
      walk(F->getInc());
      walk(F->getBody());
      Nest.pop_back();
      return;
    }
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      Nest.push_back({W, W->getCond()});
      walk(W->getCond());
      walk(W->getBody());
      Nest.pop_back();
      return;
    }
    if (const auto *D = dyn_cast<DoStmt>(S)) {
      Nest.push_back({D, D->getCond()});
      walk(D->getBody());
      walk(D->getCond());
      Nest.pop_back();
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getCond());
      under(If, If->getCond(), If->getThen());
      under(If, If->getCond(), If->getElse());
      return;
    }
    if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
      walk(Sw->getCond());
      under(Sw, Sw->getCond(), Sw->getBody());
      return;
    }
    if (const auto *C = dyn_cast<ConditionalOperator>(S)) {
      walk(C->getCond());
      under(C, C->getCond(), C->getTrueExpr());
      under(C, C->getCond(), C->getFalseExpr());
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr) {
        walk(B->getLHS());
        under(B, B->getLHS(), B->getRHS());
        return;
      }
      if (B->isAssignmentOp())
        if (const VarDecl *V = localVar(B->getLHS()))
          add(V, B->getOpcode() == BO_Assign ? VarDef::Assign : VarDef::Compound, B->getRHS(),
              B->getOpcode(), B);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp())
        if (const VarDecl *V = localVar(U->getSubExpr()))
          add(V, U->isIncrementOp() ? VarDef::Inc : VarDef::Dec, nullptr, BO_Assign, U);
      if (U->getOpcode() == UO_AddrOf)
        if (const VarDecl *V = localVar(U->getSubExpr()))
          Out.AddressTaken.insert(V);
    }
    for (const Stmt *Child : S->children())
      walk(Child);
  }
};

VOp binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    return VOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    return VOp::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return VOp::Mul;
  case BO_Div:
  case BO_DivAssign:
    return VOp::Div;
  case BO_Rem:
  case BO_RemAssign:
    return VOp::Rem;
  case BO_Shl:
  case BO_ShlAssign:
    return VOp::Shl;
  case BO_Shr:
  case BO_ShrAssign:
    return VOp::Shr;
  case BO_And:
  case BO_AndAssign:
    return VOp::And;
  case BO_Or:
  case BO_OrAssign:
    return VOp::Or;
  case BO_Xor:
  case BO_XorAssign:
    return VOp::Xor;
  case BO_LT:
    return VOp::Lt;
  case BO_LE:
    return VOp::Le;
  case BO_GT:
    return VOp::Gt;
  case BO_GE:
    return VOp::Ge;
  case BO_EQ:
    return VOp::Eq;
  case BO_NE:
    return VOp::Ne;
  case BO_LAnd:
    return VOp::LAnd;
  case BO_LOr:
    return VOp::LOr;
  default:
    return VOp::Unknown;
  }
}

VExpr withNonNegative(VExpr V) {
  if (V->NonNegative)
    return V;
  auto N = std::make_shared<VNode>(*V);
  N->NonNegative = true;
  return N;
}

} // namespace

bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    return DR->getDecl() == V;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

FunctionDefs collectDefs(const FunctionDecl *FD) {
  DefCollector C;
  C.walk(FD->getBody());
  return std::move(C.Out);
}

const FunctionDefs &ValueBuilder::defs(const FunctionDecl *FD) {
  auto &Slot = DefsCache[FD];
  if (!Slot)
    Slot = std::make_unique<FunctionDefs>(collectDefs(FD));
  return *Slot;
}

Instance &ValueBuilder::root(const FunctionDecl *Kernel) {
  auto I = std::make_unique<Instance>();
  I->Function = Kernel;
  I->Defs = &defs(Kernel);
  Instances.push_back(std::move(I));
  return *Instances.back();
}

Instance &ValueBuilder::enter(const CallExpr *Call, const FunctionDecl *Callee, Instance &Caller) {
  auto Key = std::make_pair(static_cast<const Instance *>(&Caller), Call);
  if (auto It = Entered.find(Key); It != Entered.end())
    return *It->second;
  auto I = std::make_unique<Instance>();
  I->Function = Callee;
  I->Caller = &Caller;
  I->Call = Call;
  I->Depth = Caller.Depth + 1;
  I->Defs = &defs(Callee);
  for (unsigned A = 0; A < Call->getNumArgs() && A < Callee->getNumParams(); ++A) {
    const ParmVarDecl *P = Callee->getParamDecl(A);
    const Expr *Arg = Call->getArg(A);
    if (P->getType()->isPointerType() || P->getType()->isArrayType())
      I->PointerArgs[P] = pointer(Arg, Caller);
    else
      I->Args[P] = value(Arg, Caller);
  }
  Instances.push_back(std::move(I));
  Entered[Key] = Instances.back().get();
  return *Instances.back();
}

int64_t ValueBuilder::sizeOf(QualType T) const {
  if (T.isNull() || T->isIncompleteType() || T->isVoidType())
    return 1;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

VExpr ValueBuilder::value(const Expr *E, Instance &I) {
  DepthGuard Guard(*this);
  if (Guard.tooDeep())
    return vUnknown(true, "expression nested too deeply");
  VExpr V = compute(E, I);
  if (E->getType()->isUnsignedIntegerType() || E->getType()->isBooleanType())
    V = withNonNegative(V);
  return V;
}

VExpr ValueBuilder::opaque(const Expr *E, Instance &I, const std::string &Why) {
  bool Varying = false;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (isVarying(value(CE, I)))
        Varying = true;
  return vUnknown(Varying, Why);
}

VExpr ValueBuilder::compute(const Expr *E, Instance &I) {
  E = E->IgnoreParens();
  if ((E->getType()->isIntegerType() || E->getType()->isBooleanType()) && !E->isValueDependent() &&
      !isa<DeclRefExpr>(E)) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt())
      return vConst(R.Val.getInt().getExtValue());
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return vConst(IL->getValue().getSExtValue());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
      if (const VarDecl *V = localVar(Sub); V && isa<DeclRefExpr>(Sub->IgnoreParens()))
        return variable(V, I);
      return load(Sub, I);
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral: {
      VExpr V = value(Sub, I);
      if (C->getCastKind() == CK_IntegralToBoolean)
        return vOp(VOp::Ne, {V, vConst(0)});
      return V;
    }
    default:
      return vUnknown(isVarying(value(Sub, I)), "conversion");
    }
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DR->getDecl()))
      return vConst(EC->getInitVal().getSExtValue());
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return variable(V, I);
    return vUnknown(false, "declaration");
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Comma || B->getOpcode() == BO_Assign)
      return value(B->getRHS(), I);
    if (B->isCompoundAssignmentOp())
      return opaque(E, I, "compound assignment");
    VOp Op = binaryOp(B->getOpcode());
    if (Op != VOp::Unknown && B->getLHS()->getType()->isIntegerType() &&
        B->getRHS()->getType()->isIntegerType())
      return vOp(Op, {value(B->getLHS(), I), value(B->getRHS(), I)});
    return opaque(E, I, "non-integer operation");
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getSubExpr()->getType()->isIntegerType()) {
      switch (U->getOpcode()) {
      case UO_Minus:
        return vOp(VOp::Neg, {value(U->getSubExpr(), I)});
      case UO_Plus:
        return value(U->getSubExpr(), I);
      case UO_Not:
        return vOp(VOp::BitNot, {value(U->getSubExpr(), I)});
      case UO_LNot:
        return vOp(VOp::LNot, {value(U->getSubExpr(), I)});
      default:
        break;
      }
    }
    if (U->getOpcode() == UO_Deref)
      return load(E, I);
    return opaque(E, I, "unary operation");
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return vOp(VOp::Select,
               {value(C->getCond(), I), value(C->getTrueExpr(), I), value(C->getFalseExpr(), I)});
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return call(Call, I);
  if (isa<ArraySubscriptExpr, MemberExpr>(E))
    return load(E, I);
  return opaque(E, I, "expression");
}

VExpr ValueBuilder::load(const Expr *LValue, Instance &I) {
  std::optional<PointerForm> P = address(LValue, I);
  LangAS AS = LValue->getType().getAddressSpace();
  bool Shared =
      AS == LangAS::opencl_global || AS == LangAS::opencl_constant || AS == LangAS::opencl_local;
  if (!P || !P->ByteOffset)
    return vUnknown(true, "load from memory");
  if (!Shared)
    return vUnknown(true, "load from private memory");
  return vUnknown(isVarying(P->ByteOffset), "load from memory");
}

VExpr ValueBuilder::variable(const VarDecl *V, Instance &I) {
  if (auto It = I.Memo.find(V); It != I.Memo.end())
    return It->second;
  if (I.InProgress.count(V))
    return vUnknown(true, "'" + V->getNameAsString() + "' depends on itself");
  I.InProgress.insert(V);
  VExpr R = resolveVariable(V, I);
  I.InProgress.erase(V);
  if (V->getType()->isUnsignedIntegerType())
    R = withNonNegative(R);
  I.Memo[V] = R;
  return R;
}

const Expr *ValueBuilder::singleDefinition(const VarDecl *V, const Instance &I) const {
  auto It = I.Defs->Defs.find(V);
  if (It == I.Defs->Defs.end() || It->second.size() != 1 || I.Defs->AddressTaken.count(V))
    return nullptr;
  const VarDef &D = It->second[0];
  return D.K == VarDef::Init || D.K == VarDef::Assign ? D.Rhs : nullptr;
}

VExpr ValueBuilder::resolveVariable(const VarDecl *V, Instance &I) {
  std::string Name = V->getNameAsString();
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    if (auto It = I.Args.find(P); It != I.Args.end())
      return It->second;
    if (!I.Caller && V->getType()->isIntegerType() &&
        !(I.Defs->Defs.count(V) || I.Defs->AddressTaken.count(V)))
      return vSym(Name, V->getType()->isUnsignedIntegerType());
    if (I.Caller)
      return vUnknown(true, "parameter '" + Name + "'");
  }
  if (!V->isLocalVarDeclOrParm()) {
    if (V->getType().isConstQualified() && V->getInit())
      return value(V->getInit(), I);
    return vUnknown(false, "global '" + Name + "'");
  }
  if (!V->getType()->isIntegerType() && !V->getType()->isBooleanType())
    return vUnknown(true, "'" + Name + "' is not an integer");
  if (I.Defs->AddressTaken.count(V))
    return vUnknown(true, "address of '" + Name + "' is taken");
  auto It = I.Defs->Defs.find(V);
  if (It == I.Defs->Defs.end())
    return vUnknown(true, "'" + Name + "' is never assigned");
  const std::vector<VarDef> &Defs = It->second;
  if (const Expr *Single = singleDefinition(V, I))
    return value(Single, I);

  // Loop recurrences: one initial value, every other definition an update `V op= step`.
  std::vector<const VarDef *> Inits, Updates;
  for (const VarDef &D : Defs) {
    if ((D.K == VarDef::Init || D.K == VarDef::Assign) && !mentions(D.Rhs, V))
      Inits.push_back(&D);
    else
      Updates.push_back(&D);
  }
  struct Step {
    VOp Op;
    const Expr *Amount;
  };
  auto stepOf = [&](const VarDef &D) -> std::optional<Step> {
    if (D.K == VarDef::Inc)
      return Step{VOp::Add, nullptr};
    if (D.K == VarDef::Dec)
      return Step{VOp::Sub, nullptr};
    if (D.K == VarDef::Compound) {
      VOp Op = binaryOp(D.Op);
      if (mentions(D.Rhs, V))
        return std::nullopt;
      return Step{Op, D.Rhs};
    }
    // V = V op x, or V = x + V
    const auto *B = dyn_cast<BinaryOperator>(D.Rhs->IgnoreParenImpCasts());
    if (!B)
      return std::nullopt;
    VOp Op = binaryOp(B->getOpcode());
    if (localVar(B->getLHS()) == V && isa<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()) &&
        !mentions(B->getRHS(), V))
      return Step{Op, B->getRHS()};
    if (Op == VOp::Add && localVar(B->getRHS()) == V && !mentions(B->getLHS(), V))
      return Step{Op, B->getLHS()};
    return std::nullopt;
  };
  // Every definition keeps V a power of two: constant powers of two assigned, updates that
  // multiply, divide or shift by constant powers of two, in any number of loops, none under a
  // condition that varies within a warp.
  auto powerOfTwo = [&](LoopRecurrence &Rec) {
    for (const VarDef &D : Defs) {
      for (const auto &[S, C] : D.Nest)
        if (C && isVarying(value(C, I)))
          return false;
      if ((D.K == VarDef::Init || D.K == VarDef::Assign) && !mentions(D.Rhs, V)) {
        VExpr X = value(D.Rhs, I);
        if (X->Op != VOp::Const || X->Value <= 0 || (X->Value & (X->Value - 1)))
          return false;
        Rec.PowerOfTwoInits.push_back(X);
        continue;
      }
      std::optional<Step> S = stepOf(D);
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
      for (const auto &[Loop, C] : D.Nest)
        if (isLoop(Loop))
          Sc.LoopConditions.push_back(C ? value(C, I) : nullptr);
      Rec.Scales.push_back(std::move(Sc));
    }
    return Rec.powerOfTwo();
  };
  if (Inits.size() == 1 && !Updates.empty()) {
    // The innermost loop that holds every update and not the initial value.
    const Stmt *Loop = nullptr;
    size_t LoopPos = 0;
    const auto &N0 = Updates[0]->Nest;
    for (size_t P = 0; P < N0.size(); ++P) {
      if (!isLoop(N0[P].first))
        continue;
      bool InAll = true;
      for (const VarDef *U : Updates)
        InAll &= P < U->Nest.size() && U->Nest[P].first == N0[P].first;
      for (const auto &[S, C] : Inits[0]->Nest)
        InAll &= S != N0[P].first;
      if (InAll) {
        Loop = N0[P].first;
        LoopPos = P;
      }
    }
    bool Unconditional = Loop != nullptr;
    std::vector<Step> Steps;
    for (const VarDef *U : Updates) {
      Unconditional &= U->Nest.size() == LoopPos + 1;
      if (auto S = stepOf(*U))
        Steps.push_back(*S);
    }
    if (Loop && Unconditional && Steps.size() == Updates.size()) {
      VExpr Init = value(Inits[0]->Rhs, I);
      bool Additive = true;
      for (const Step &S : Steps)
        Additive &= S.Op == VOp::Add || S.Op == VOp::Sub;
      if (Additive) {
        VExpr Total = vConst(0);
        for (const Step &S : Steps)
          Total = vOp(S.Op, {Total, S.Amount ? value(S.Amount, I) : vConst(1)});
        if (!isVarying(Total)) {
          // Each lane runs the same updates per iteration: V = init + k*step, k uniform.
          VExpr K = vSym("k_" + Name, true);
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
          I.Memo[V] = vSym(Name, NonNeg);
          if (const Expr *Cond = loopCondition(Loop))
            Rec->Condition = value(Cond, I);
          // When the loop's condition is on another counter, the values are bounded by its
          // trip count instead.
          LoopRecurrence Pow2;
          if (powerOfTwo(Pow2)) {
            Rec->PowerOfTwoInits = std::move(Pow2.PowerOfTwoInits);
            Rec->Scales = std::move(Pow2.Scales);
          }
          I.Memo.erase(V);
          return Sym;
        }
      }
    }
  }

  if (!Updates.empty()) {
    auto Rec = std::make_shared<LoopRecurrence>();
    VExpr Sym = vSym(Name, true, Rec);
    I.Memo[V] = vSym(Name, true); // a loop condition may test V itself (bare: no cycle)
    bool Ok = powerOfTwo(*Rec);
    I.Memo.erase(V);
    if (Ok) {
      // Seen as a doubling from its first initial value by rules that only ask "a power of two?".
      Rec->Init = Rec->PowerOfTwoInits.front();
      Rec->Step = VOp::Mul;
      Rec->Amount = vConst(2);
      return Sym;
    }
  }

  // Several definitions: uniform when every assigned value is uniform and no definition sits
  // under a condition that varies within a warp.
  I.Memo[V] = vSym(Name);
  bool Varying = false;
  for (const VarDef &D : Defs) {
    if (D.Rhs && isVarying(value(D.Rhs, I)))
      Varying = true;
    for (const auto &[S, C] : D.Nest)
      if (C && isVarying(value(C, I)))
        Varying = true;
    if (Varying)
      break;
  }
  I.Memo.erase(V);
  if (Varying)
    return vUnknown(true, "'" + Name + "' is assigned values that vary across work-items");
  return vSym(Name);
}

} // namespace cllint::analysis
