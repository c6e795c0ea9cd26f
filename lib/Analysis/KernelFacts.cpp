#include "Analysis/KernelFacts.h"

#include "Analysis/KernelModel.h"
#include "Analysis/Predication.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <map>

namespace cllint::analysis {

using namespace clang;

class KernelWalker : public RecursiveASTVisitor<KernelWalker> {
public:
  KernelWalker(KernelFacts &F, Instance &I) : F(F), I(I), B(*F.Builder) {}

  bool VisitIfStmt(IfStmt *S) { return cond(S->getCond(), S); }
  bool VisitForStmt(ForStmt *S) { return cond(S->getCond(), S); }
  bool VisitWhileStmt(WhileStmt *S) { return cond(S->getCond(), S); }
  bool VisitDoStmt(DoStmt *S) { return cond(S->getCond(), S); }
  bool VisitSwitchStmt(SwitchStmt *S) { return cond(S->getCond(), S); }
  bool VisitConditionalOperator(ConditionalOperator *S) { return cond(S->getCond(), S); }

  // Every node's own instructions, counted in the flow node it runs in.
  bool VisitStmt(Stmt *S) {
    if (OpCounts Cost = opCost(S, B.context()); !Cost.empty())
      F.Nodes[hoistedNode(S)].Work += Cost;
    F.Nodes[F.CurrentNode].ImageBytes += imageBytes(S, B.context());
    return true;
  }

  // Loops and branch arms open flow nodes; the children are walked inside them.
  bool TraverseForStmt(ForStmt *S) {
    if (S->getInit())
      TraverseStmt(S->getInit());
    JumpTargets Target(*this, S);
    return inNode(FlowNode::Loop, S, S, -1, [&] {
      WalkUpFromForStmt(S);
      TraverseStmt(S->getConditionVariableDeclStmt());
      OpCounts Before = F.Nodes[F.CurrentNode].Work;
      TraverseStmt(S->getCond());
      TraverseStmt(S->getInc());
      // The compiler unrolls a loop of constant bounds (NVIDIA's by 4 at least): its compare
      // and increment issue once per unrolled copies, not once per iteration.
      if (hasConstantBounds(*S, B.context())) {
        OpCounts &Work = F.Nodes[F.CurrentNode].Work;
        Work = Before + (Work - Before).scaled(0.25);
      }
      TraverseStmt(S->getBody());
    });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    JumpTargets Target(*this, S);
    return inNode(FlowNode::Loop, S, S, -1, [&] {
      WalkUpFromWhileStmt(S);
      TraverseStmt(S->getConditionVariableDeclStmt());
      TraverseStmt(S->getCond());
      TraverseStmt(S->getBody());
    });
  }
  bool TraverseDoStmt(DoStmt *S) {
    JumpTargets Target(*this, S);
    return inNode(FlowNode::Loop, S, S, -1, [&] {
      WalkUpFromDoStmt(S);
      TraverseStmt(S->getBody());
      TraverseStmt(S->getCond());
    });
  }
  // A break in a switch leaves the switch; its children are walked at once (no queue), so that
  // the targets stay a stack.
  bool TraverseSwitchStmt(SwitchStmt *S) {
    WalkUpFromSwitchStmt(S);
    TraverseStmt(S->getInit());
    TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    JumpTargets Target(*this, S);
    TraverseStmt(S->getBody());
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *R) {
    sync(SyncSite::Return, R, -1);
    return true;
  }
  bool VisitBreakStmt(BreakStmt *S) {
    sync(SyncSite::Break, S, loopNodeOf(Targets.empty() ? nullptr : Targets.back()));
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *S) {
    const Stmt *Loop = nullptr;
    for (auto It = Targets.rbegin(); It != Targets.rend() && !Loop; ++It)
      if (!isa<SwitchStmt>(*It))
        Loop = *It;
    sync(SyncSite::Continue, S, loopNodeOf(Loop));
    return true;
  }

  bool TraverseIfStmt(IfStmt *S) {
    size_t Before = F.Conditions.size();
    WalkUpFromIfStmt(S);
    int C = F.Conditions.size() > Before ? int(F.Conditions.size() - 1) : -1;
    TraverseStmt(S->getInit());
    TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    if (S->getThen())
      inNode(FlowNode::Then, S, S->getThen(), C, [&] { TraverseStmt(S->getThen()); });
    if (S->getElse())
      inNode(FlowNode::Else, S, S->getElse(), C, [&] { TraverseStmt(S->getElse()); });
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      access(C->getSubExpr(), true, false);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (Op->isAssignmentOp())
      access(Op->getLHS(), Op->isCompoundAssignmentOp(), true);
    BinaryOperatorKind K = Op->getOpcode();
    if ((K == BO_Div || K == BO_Rem || K == BO_DivAssign || K == BO_RemAssign) &&
        Op->getType()->isIntegerType() && Op->getRHS()->getType()->isIntegerType()) {
      Division D;
      D.Op = Op;
      D.Function = I.Function;
      D.Context = &I;
      D.Dividend = B.value(Op->getLHS(), I);
      D.Divisor = B.value(Op->getRHS(), I);
      D.Node = hoistedNode(Op);
      F.Divisions.push_back(std::move(D));
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      access(U->getSubExpr(), true, true);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = calleeWithBody(Call)) {
      if (I.Depth < 8 && B.instanceCount() < 512) {
        Instance &Sub = B.enter(Call, Callee, I);
        F.ScopeNodes[Callee->getBody()].push_back(F.CurrentNode);
        KernelWalker(F, Sub).TraverseStmt(Callee->getBody());
      }
      return true;
    }
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return true;
    StringRef Name = FD->getName();
    if (Name == "barrier" || Name == "work_group_barrier")
      sync(SyncSite::Barrier, Call, -1);
    else if (Name == "sub_group_barrier")
      sync(SyncSite::SubGroupBarrier, Call, -1);
    // vloadN(offset, p) / vstoreN(data, offset, p): one N-vector at p + offset*N.
    bool Load = Name.starts_with("vload"), Store = Name.starts_with("vstore");
    if (!Load && !Store)
      return true;
    StringRef Digits = Name.drop_front(Load ? 5 : 6);
    unsigned N = 0;
    if (Digits.getAsInteger(10, N) || N == 0)
      return true;
    unsigned OffArg = Load ? 0 : 1;
    if (Call->getNumArgs() < OffArg + 2)
      return true;
    const Expr *Ptr = Call->getArg(OffArg + 1);
    auto P = B.pointer(Ptr, I);
    QualType Elem = Ptr->IgnoreParenImpCasts()->getType()->getPointeeType();
    if (Elem.isNull())
      Elem = Ptr->getType()->getPointeeType();
    if (!P || Elem.isNull())
      return true;
    int64_t ElemBytes = B.context().getTypeSizeInChars(Elem).getQuantity();
    MemoryAccess A;
    A.E = Call;
    A.Function = I.Function;
    A.Context = &I;
    A.Base = P->Base;
    A.AddressSpace = Elem.getAddressSpace();
    A.Read = Load;
    A.Write = Store;
    A.ValueType = Load ? Call->getType() : Call->getArg(0)->getType();
    A.AccessBytes = ElemBytes * N;
    A.ElementType = Elem;
    A.ElementBytes = ElemBytes;
    A.ByteOffset =
        vOp(VOp::Add, {P->ByteOffset,
                       vOp(VOp::Mul, {B.value(Call->getArg(OffArg), I), vConst(ElemBytes * N)})});
    finish(A);
    return true;
  }

private:
  KernelFacts &F;
  Instance &I;
  ValueBuilder &B;
  // The loops and switches around the statement being walked in this function, innermost last.
  std::vector<const Stmt *> Targets;

  struct JumpTargets {
    KernelWalker &W;
    JumpTargets(KernelWalker &W, const Stmt *S) : W(W) { W.Targets.push_back(S); }
    ~JumpTargets() { W.Targets.pop_back(); }
  };

  void sync(SyncSite::Kind K, const Stmt *S, int LoopNode) {
    if ((K == SyncSite::Break || K == SyncSite::Continue) && LoopNode < 0)
      return; // a break out of a switch, or outside any loop
    F.SyncSites.push_back({K, S, I.Function, &I, F.CurrentNode, LoopNode, F.NextOrder++});
  }

  // The node S runs in once the compiler has moved it before the loops of this function that
  // do not change its value (loop-invariant code motion). A division by a run-time value moves
  // only from where every trip runs it: the compiler does not run a division the code skips.
  unsigned hoistedNode(const Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    if (!E || isa<DeclRefExpr, IntegerLiteral, FloatingLiteral>(E) || !I.Function)
      return F.CurrentNode;
    std::unique_ptr<LoopInvariance> &Inv = F.Invariance[I.Function];
    if (!Inv)
      Inv = std::make_unique<LoopInvariance>(*I.Function);
    const Stmt *Outermost = nullptr;
    int Node = int(F.CurrentNode);
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It) {
      if (isa<SwitchStmt>(*It))
        continue;
      int LoopNode = loopNodeOf(*It);
      if (LoopNode < 0 || !Inv->invariantIn(E, *It) || (runtimeDivision(E) && !everyTrip(LoopNode)))
        break;
      Outermost = *It;
      Node = F.Nodes[LoopNode].Parent;
    }
    if (!Outermost)
      return F.CurrentNode;
    F.Hoisted[S] = Outermost;
    return unsigned(Node);
  }

  bool runtimeDivision(const Expr *E) const {
    const auto *Op = dyn_cast<BinaryOperator>(E);
    if (!Op || (Op->getOpcode() != BO_Div && Op->getOpcode() != BO_Rem) ||
        !Op->getType()->isIntegerType())
      return false;
    Expr::EvalResult R;
    return !Op->getRHS()->EvaluateAsInt(R, B.context()) || R.Val.getInt().isZero() ||
           R.Val.getInt().isAllOnes();
  }

  // Whether the code being walked runs on every trip of the loop that opened LoopNode (no
  // branch arm between them).
  bool everyTrip(int LoopNode) const {
    for (int N = int(F.CurrentNode); N >= 0 && N != LoopNode; N = F.Nodes[N].Parent)
      if (F.Nodes[N].K != FlowNode::Loop)
        return false;
    return true;
  }

  // The node the loop Loop opens around the current one; -1 when Loop is not a loop (a switch
  // a break leaves) or not found.
  int loopNodeOf(const Stmt *Loop) const {
    if (!Loop || isa<SwitchStmt>(Loop))
      return -1;
    for (int N = int(F.CurrentNode); N >= 0; N = F.Nodes[N].Parent)
      if (F.Nodes[N].K == FlowNode::Loop && F.Nodes[N].Owner == Loop)
        return N;
    return -1;
  }

  // Walks Body inside a new node of kind K under the current one; Scope is the statement
  // whose code runs there (nodesOf looks it up).
  template <typename Walk>
  bool inNode(FlowNode::Kind K, const Stmt *Owner, const Stmt *Scope, int Condition, Walk Body) {
    FlowNode N;
    N.K = K;
    N.Parent = int(F.CurrentNode);
    N.Owner = Owner;
    N.Condition = Condition;
    F.Nodes.push_back(N);
    unsigned Saved = F.CurrentNode;
    F.CurrentNode = unsigned(F.Nodes.size() - 1);
    F.ScopeNodes[Scope].push_back(F.CurrentNode);
    Body();
    F.CurrentNode = Saved;
    return true;
  }

  bool cond(Expr *C, Stmt *Owner) {
    if (!C)
      return true;
    BranchCondition BC;
    BC.Cond = C;
    BC.Owner = Owner;
    BC.Function = I.Function;
    BC.Value = B.value(C, I);
    BC.Select = compilesToSelect(Owner);
    BC.Context = &I;
    BC.Node = F.CurrentNode;
    if (F.Nodes[F.CurrentNode].K == FlowNode::Loop && F.Nodes[F.CurrentNode].Owner == Owner)
      F.Nodes[F.CurrentNode].Condition = int(F.Conditions.size());
    if (const auto *Sw = dyn_cast<SwitchStmt>(Owner))
      BC.Value = switchPaths(Sw, BC.Value);
    if (const auto *Op = dyn_cast<BinaryOperator>(C->IgnoreParens()); Op && Op->isLogicalOp())
      shortCircuitParts(Op, Op->getOpcode(), BC.Parts);
    F.Conditions.push_back(std::move(BC));
    return true;
  }

  void shortCircuitParts(const Expr *E, BinaryOperatorKind Chain,
                         std::vector<std::pair<const Expr *, VExpr>> &Out) {
    if (const auto *Op = dyn_cast<BinaryOperator>(E->IgnoreParens());
        Op && Op->getOpcode() == Chain) {
      shortCircuitParts(Op->getLHS(), Chain, Out);
      shortCircuitParts(Op->getRHS(), Chain, Out);
      return;
    }
    Out.push_back({E, B.value(E, I)});
  }

  // The path a switch value takes: labels that share statements (`case 0: case 1: ...`) are
  // one path, values matching no label take the default (or skip the body: path 0).
  VExpr switchPaths(const SwitchStmt *Sw, VExpr Value) {
    std::vector<std::pair<int64_t, int64_t>> Cases; // value, path
    int64_t Default = 0, Paths = 0;
    std::map<const Stmt *, int64_t> PathOf;
    unsigned Labels = 0;
    for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase()) {
      if (++Labels > 64)
        return Value; // too many labels to be worth mapping
      const Stmt *Body = SC->getSubStmt();
      while (const auto *Inner = dyn_cast_or_null<SwitchCase>(Body))
        Body = Inner->getSubStmt();
      auto [It, New] = PathOf.insert({Body, Paths + 1});
      if (New)
        ++Paths;
      if (isa<DefaultStmt>(SC)) {
        Default = It->second;
        continue;
      }
      const auto *CS = cast<CaseStmt>(SC);
      Expr::EvalResult R;
      if (CS->caseStmtIsGNURange() || !CS->getLHS()->EvaluateAsInt(R, B.context()))
        return Value;
      Cases.push_back({R.Val.getInt().getExtValue(), It->second});
    }
    VExpr Path = vConst(Default);
    for (const auto &[C, P] : Cases)
      Path = vOp(VOp::Select, {vOp(VOp::Eq, {Value, vConst(C)}), vConst(P), Path});
    return Path;
  }

  void access(const Expr *LValue, bool Read, bool Write) {
    const Expr *E = LValue->IgnoreParens();
    if (!isa<ArraySubscriptExpr, UnaryOperator, MemberExpr, ExtVectorElementExpr>(E))
      return;
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() != UO_Deref)
      return;
    LangAS AS = E->getType().getAddressSpace();
    if (AS != LangAS::opencl_global && AS != LangAS::opencl_constant && AS != LangAS::opencl_local)
      return;
    auto P = B.address(E, I);
    if (!P || !P->Base)
      return;
    MemoryAccess A;
    A.E = E;
    A.Function = I.Function;
    A.Context = &I;
    A.Base = P->Base;
    A.AddressSpace = AS;
    A.Read = Read;
    A.Write = Write;
    A.ValueType = E->getType();
    A.AccessBytes = accessBytes(E);
    // The element the base is indexed in: for p[gid].x the struct, for tile[a][b] the float,
    // for q[gid].w the float4.
    const Expr *Inner = E;
    while (isa<MemberExpr, ExtVectorElementExpr>(Inner->IgnoreParens())) {
      Inner = Inner->IgnoreParens();
      if (const auto *M = dyn_cast<MemberExpr>(Inner))
        Inner = M->getBase();
      else
        Inner = cast<ExtVectorElementExpr>(Inner)->getBase();
    }
    Inner = Inner->IgnoreParens();
    QualType Elem = Inner->getType();
    if (Elem->isPointerType())
      Elem = Elem->getPointeeType();
    A.ElementType = Elem;
    A.ElementBytes = Elem->isIncompleteType() ? A.AccessBytes
                                              : B.context().getTypeSizeInChars(Elem).getQuantity();
    A.ByteOffset = P->ByteOffset;
    if (const auto *V = dyn_cast<VarDecl>(P->Base)) {
      QualType T = V->getType();
      while (const auto *CA = B.context().getAsConstantArrayType(T)) {
        A.ArrayDims.push_back(CA->getSize().getSExtValue());
        T = CA->getElementType();
      }
      // `a[i][j]`: the subscripts, innermost first as the expression nests them.
      const Expr *Cur = E;
      while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur->IgnoreParens())) {
        A.Indices.insert(A.Indices.begin(), B.value(AS->getIdx(), I));
        Cur = AS->getBase()->IgnoreParenImpCasts();
      }
      const auto *Root = dyn_cast<DeclRefExpr>(Cur->IgnoreParens());
      if (!Root || Root->getDecl() != V || A.Indices.size() != A.ArrayDims.size())
        A.Indices.clear();
    }
    finish(A);
  }

  // Bytes one lane reads or writes: a swizzle `.xz` spans from its first to its last component.
  int64_t accessBytes(const Expr *E) const {
    ASTContext &Ctx = B.context();
    if (const auto *V = dyn_cast<ExtVectorElementExpr>(E))
      if (const auto *VT = V->getBase()->getType()->getAs<clang::VectorType>()) {
        llvm::SmallVector<uint32_t, 16> C;
        V->getEncodedElementAccess(C);
        if (!C.empty()) {
          auto [Lo, Hi] = std::minmax_element(C.begin(), C.end());
          return int64_t(*Hi - *Lo + 1) *
                 Ctx.getTypeSizeInChars(VT->getElementType()).getQuantity();
        }
      }
    return Ctx.getTypeSizeInChars(E->getType()).getQuantity();
  }

  void finish(MemoryAccess &A) {
    A.Bytes = linearize(A.ByteOffset);
    A.Node = F.CurrentNode;
    A.Order = F.NextOrder++;
    QualType T = A.Base->getType();
    QualType Held = T->isPointerType() ? T->getPointeeType()
                    : T->isArrayType() ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                                       : QualType();
    if (!Held.isNull() && Held->isRecordType() && !Held->isIncompleteType())
      A.RecordBytes = B.context().getTypeSizeInChars(Held).getQuantity();
    F.Accesses.push_back(std::move(A));
  }
};

KernelFacts::KernelFacts(ASTContext &Ctx, const KernelInfo &K,
                         std::map<std::string, int64_t> KnownArgs)
    : K(K), Builder(std::make_unique<ValueBuilder>(Ctx, std::move(KnownArgs))) {
  Instance &Root = Builder->root(K.Decl);
  Nodes.emplace_back();
  ScopeNodes[K.Decl->getBody()].push_back(0);
  KernelWalker(*this, Root).TraverseStmt(K.Decl->getBody());
}

std::vector<unsigned> KernelFacts::nodesOf(const clang::FunctionDecl *Fn,
                                           const clang::Stmt *S) const {
  const clang::Stmt *Child = nullptr;
  const clang::Stmt *Start = S;
  if (const clang::Stmt *Loop = hoistedOutOf(S)) {
    Child = Loop;
    Start = parentIn(Fn, Loop);
  }
  for (const clang::Stmt *At = Start; At; Child = At, At = parentIn(Fn, At)) {
    // A for loop's init runs once, where the loop sits.
    if (const auto *For = llvm::dyn_cast<clang::ForStmt>(At);
        For && Child && For->getInit() == Child)
      continue;
    if (auto It = ScopeNodes.find(At); It != ScopeNodes.end())
      return It->second;
  }
  if (Fn && Fn->getBody())
    if (auto It = ScopeNodes.find(Fn->getBody()); It != ScopeNodes.end())
      return It->second;
  return {};
}

std::vector<const clang::FunctionDecl *> KernelFacts::analysisStopped() const {
  return {Builder->gaveUp().begin(), Builder->gaveUp().end()};
}

VExpr KernelFacts::valueIn(Instance &Context, const Expr *E) const {
  return Builder->value(E, Context);
}

const Expr *KernelFacts::definitionReaching(const Instance &Context, const DeclRefExpr *Use) const {
  return Builder->definitionReaching(Use, Context);
}

const clang::Stmt *KernelFacts::parentIn(const clang::FunctionDecl *Fn,
                                         const clang::Stmt *S) const {
  if (!Fn || !Fn->getBody())
    return nullptr;
  std::unique_ptr<clang::ParentMap> &Map = Parents[Fn];
  if (!Map)
    Map = std::make_unique<clang::ParentMap>(Fn->getBody());
  return Map->getParent(S);
}

} // namespace cllint::analysis
