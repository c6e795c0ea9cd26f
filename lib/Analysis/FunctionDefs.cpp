#include "Analysis/FunctionDefs.h"

#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <deque>

namespace cllint::analysis {

using namespace clang;

bool isLoopStmt(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt>(S); }

const Expr *loopCondition(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getCond();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  return nullptr;
}

const VarDecl *referencedVar(const Expr *E) {
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DR->getDecl());
  return nullptr;
}

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

namespace {

void readsOf(const Stmt *S, const VarDecl *V, std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
    if (DR->getDecl() == V)
      Out.push_back(DR);
    return;
  }
  for (const Stmt *C : S->children())
    readsOf(C, V, Out);
}

const DeclRefExpr *plainRef(const Expr *E) {
  return dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
}

// One walk over the body: every definition with the statements around it.
class DefCollector {
public:
  FunctionDefs Out;
  std::vector<Enclosing> Nest;

  VarDef &add(const VarDecl *V, VarDef::Kind K, const Expr *Rhs, BinaryOperatorKind Op,
              const Stmt *Where) {
    VarDef D;
    D.K = K;
    D.Rhs = Rhs;
    D.Op = Op;
    D.Where = Where;
    D.Nest = Nest;
    auto &List = Out.Defs[V];
    List.push_back(std::move(D));
    return List.back();
  }

  void under(const Stmt *Owner, const Expr *Cond, const Stmt *Body, bool ElseArm = false) {
    if (!Body)
      return;
    Nest.push_back({Owner, Cond, ElseArm});
    walk(Body);
    Nest.pop_back();
  }

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->isLocalVarDecl()) {
          if (!V->getInit()) {
            add(V, VarDef::Uninit, nullptr, BO_Assign, DS);
            continue;
          }
          VarDef &Def = add(V, VarDef::Init, V->getInit(), BO_Assign, DS);
          readsOf(V->getInit(), V, Def.SelfUses);
          walk(V->getInit());
        }
      return;
    }
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      walk(F->getInit());
      Nest.push_back({F, F->getCond(), false});
      walk(F->getCond());
      walk(F->getInc());
      walk(F->getBody());
      Nest.pop_back();
      return;
    }
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      Nest.push_back({W, W->getCond(), false});
      walk(W->getCond());
      walk(W->getBody());
      Nest.pop_back();
      return;
    }
    if (const auto *D = dyn_cast<DoStmt>(S)) {
      Nest.push_back({D, D->getCond(), false});
      walk(D->getBody());
      walk(D->getCond());
      Nest.pop_back();
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getCond());
      under(If, If->getCond(), If->getThen());
      under(If, If->getCond(), If->getElse(), true);
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
      under(C, C->getCond(), C->getFalseExpr(), true);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr) {
        walk(B->getLHS());
        under(B, B->getLHS(), B->getRHS(), B->getOpcode() == BO_LOr);
        return;
      }
      if (B->isAssignmentOp())
        if (const DeclRefExpr *DR = plainRef(B->getLHS()))
          if (const auto *V = dyn_cast<VarDecl>(DR->getDecl())) {
            bool Plain = B->getOpcode() == BO_Assign;
            VarDef &Def =
                add(V, Plain ? VarDef::Assign : VarDef::Compound, B->getRHS(), B->getOpcode(), B);
            if (!Plain)
              Def.SelfUses.push_back(DR);
            readsOf(B->getRHS(), V, Def.SelfUses);
          }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp())
        if (const DeclRefExpr *DR = plainRef(U->getSubExpr()))
          if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
            add(V, U->isIncrementOp() ? VarDef::Inc : VarDef::Dec, nullptr, BO_Assign, U)
                .SelfUses.push_back(DR);
      if (U->getOpcode() == UO_AddrOf)
        if (const VarDecl *V = referencedVar(U->getSubExpr()))
          Out.AddressTaken.insert(V);
    }
    for (const Stmt *Child : S->children())
      walk(Child);
  }
};

// Classic reaching definitions: one bit per definition, iterated to a fixed point over the
// CFG's blocks; then one pass per block records, at each read, the definitions of its
// variable that are live there.
class ReachingDefsSolver {
public:
  ReachingDefsSolver(const FunctionDecl *FD, ASTContext &Ctx, FunctionDefs &Out)
      : FD(FD), Ctx(Ctx), Out(Out) {}

  void run() {
    CFG::BuildOptions Opts;
    Opts.setAllAlwaysAdd();
    std::unique_ptr<CFG> G = CFG::buildCFG(FD, FD->getBody(), &Ctx, Opts);
    if (!G)
      return;
    number();
    solve(*G);
    record(*G);
    Out.HasFlow = true;
  }

private:
  const FunctionDecl *FD;
  ASTContext &Ctx;
  FunctionDefs &Out;
  unsigned Total = 0;
  llvm::DenseMap<const VarDecl *, std::pair<unsigned, unsigned>> Range; // first id, count
  llvm::DenseMap<const Stmt *, llvm::SmallVector<std::pair<const VarDecl *, unsigned>, 1>> At;
  llvm::DenseMap<const VarDecl *, unsigned> DeclaredAt; // the Init/Uninit id
  llvm::BitVector EntryBits;

  void number() {
    for (auto &[V, Defs] : Out.Defs) {
      Range[V] = {Total, unsigned(Defs.size())};
      for (unsigned I = 0; I < Defs.size(); ++I) {
        const VarDef &D = Defs[I];
        if (D.K == VarDef::Init || D.K == VarDef::Uninit)
          DeclaredAt[V] = Total + I;
        else if (D.K != VarDef::Entry)
          At[D.Where].push_back({V, Total + I});
      }
      Total += Defs.size();
    }
    EntryBits.resize(Total);
    for (auto &[V, Defs] : Out.Defs)
      for (unsigned I = 0; I < Defs.size(); ++I)
        if (Defs[I].K == VarDef::Entry)
          EntryBits.set(Range[V].first + I);
  }

  void define(const VarDecl *V, unsigned Id, llvm::BitVector &Cur) {
    auto [First, Count] = Range.lookup(V);
    Cur.reset(First, First + Count);
    Cur.set(Id);
  }

  void transfer(const Stmt *S, llvm::BitVector &Cur) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (auto It = DeclaredAt.find(V); It != DeclaredAt.end())
            define(V, It->second, Cur);
      return;
    }
    if (auto It = At.find(S); It != At.end())
      for (auto [V, Id] : It->second)
        define(V, Id, Cur);
  }

  template <typename Fn> void forEachStmt(const CFGBlock &B, Fn F) {
    for (const CFGElement &E : B)
      if (auto CS = E.getAs<CFGStmt>())
        F(CS->getStmt());
  }

  std::vector<llvm::BitVector> In;

  void solve(const CFG &G) {
    unsigned N = G.getNumBlockIDs();
    In.assign(N, llvm::BitVector(Total));
    std::vector<llvm::BitVector> OutBits(N, llvm::BitVector(Total));
    std::vector<bool> Queued(N, false);
    std::deque<const CFGBlock *> Work;
    const CFGBlock &Entry = G.getEntry();
    In[Entry.getBlockID()] = EntryBits;
    // Reverse block ids approximate a forward order (the builder numbers blocks backwards).
    for (auto It = G.rbegin(); It != G.rend(); ++It) {
      Work.push_back(*It);
      Queued[(*It)->getBlockID()] = true;
    }
    std::vector<bool> Visited(N, false);
    while (!Work.empty()) {
      const CFGBlock *B = Work.front();
      Work.pop_front();
      unsigned Id = B->getBlockID();
      Queued[Id] = false;
      llvm::BitVector Cur = In[Id];
      forEachStmt(*B, [&](const Stmt *S) { transfer(S, Cur); });
      if (Visited[Id] && Cur == OutBits[Id])
        continue;
      Visited[Id] = true;
      OutBits[Id] = Cur;
      for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
        const CFGBlock *SB = Succ.getReachableBlock();
        if (!SB)
          continue;
        unsigned SId = SB->getBlockID();
        llvm::BitVector Merged = In[SId];
        Merged |= Cur;
        if (Merged != In[SId] || !Visited[SId]) {
          In[SId] = std::move(Merged);
          if (!Queued[SId]) {
            Queued[SId] = true;
            Work.push_back(SB);
          }
        }
      }
    }
  }

  void record(const CFG &G) {
    for (const CFGBlock *B : G) {
      llvm::BitVector Cur = In[B->getBlockID()];
      forEachStmt(*B, [&](const Stmt *S) {
        if (const auto *DR = dyn_cast<DeclRefExpr>(S))
          if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
            if (auto It = Range.find(V); It != Range.end()) {
              auto [First, Count] = It->second;
              DefSet &Set = Out.Reaching[DR];
              Set.clear();
              for (unsigned I = 0; I < Count; ++I)
                if (Cur.test(First + I))
                  Set.push_back(I);
            }
        transfer(S, Cur);
      });
    }
  }
};

} // namespace

const DefSet *FunctionDefs::reaching(const DeclRefExpr *Use) const {
  if (!HasFlow || !Use)
    return nullptr;
  auto It = Reaching.find(Use);
  return It == Reaching.end() ? nullptr : &It->second;
}

DefSet FunctionDefs::contributing(const VarDecl *V, const DefSet &Reach) const {
  auto DIt = Defs.find(V);
  if (DIt == Defs.end())
    return Reach;
  const std::vector<VarDef> &List = DIt->second;
  std::vector<bool> In(List.size(), false);
  std::vector<unsigned> Work;
  auto push = [&](unsigned D) {
    if (D < List.size() && !In[D]) {
      In[D] = true;
      Work.push_back(D);
    }
  };
  for (unsigned D : Reach)
    push(D);
  while (!Work.empty()) {
    unsigned D = Work.back();
    Work.pop_back();
    for (const DeclRefExpr *U : List[D].SelfUses) {
      const DefSet *R = reaching(U);
      if (!R) {
        for (unsigned All = 0; All < List.size(); ++All)
          push(All);
        continue;
      }
      for (unsigned X : *R)
        push(X);
    }
  }
  DefSet Result;
  for (unsigned D = 0; D < List.size(); ++D)
    if (In[D])
      Result.push_back(D);
  return Result;
}

bool FunctionDefs::cyclic(const VarDecl *V, unsigned D) const {
  auto DIt = Defs.find(V);
  if (DIt == Defs.end() || D >= DIt->second.size())
    return false;
  const VarDef &Def = DIt->second[D];
  if (!Def.selfReferential())
    return false;
  if (!HasFlow)
    return true;
  auto Key = std::make_pair(V, D);
  if (auto It = CyclicCache.find(Key); It != CyclicCache.end())
    return It->second;
  bool &Result = CyclicCache[Key];
  Result = true;
  DefSet Seeds;
  for (const DeclRefExpr *U : Def.SelfUses) {
    const DefSet *R = reaching(U);
    if (!R)
      return true;
    Seeds.append(R->begin(), R->end());
  }
  DefSet Closure = contributing(V, Seeds);
  return Result = llvm::is_contained(Closure, D);
}

const Stmt *updateLoop(const std::vector<const VarDef *> &Inits,
                       const std::vector<const VarDef *> &Updates) {
  const Stmt *Loop = nullptr;
  size_t LoopPos = 0;
  const auto &N0 = Updates[0]->Nest;
  for (size_t P = 0; P < N0.size(); ++P) {
    if (!isLoopStmt(N0[P].Owner))
      continue;
    bool InAll = true;
    for (const VarDef *U : Updates)
      InAll &= P < U->Nest.size() && U->Nest[P].Owner == N0[P].Owner;
    for (const VarDef *Init : Inits)
      for (const Enclosing &E : Init->Nest)
        InAll &= E.Owner != N0[P].Owner;
    if (InAll) {
      Loop = N0[P].Owner;
      LoopPos = P;
    }
  }
  if (!Loop)
    return nullptr;
  for (const VarDef *U : Updates)
    if (U->Nest.size() != LoopPos + 1)
      return nullptr;
  return Loop;
}

namespace {

// The variable a `for` loop's increment clause updates first (`i` in `++i`, `i += 2`,
// `i = i + 1`, `++i, ++p`); null for anything else.
const VarDecl *incrementedVariable(const Stmt *Loop) {
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  const Expr *Inc = For ? For->getInc() : nullptr;
  if (!Inc)
    return nullptr;
  Inc = Inc->IgnoreParenImpCasts();
  for (const auto *Comma = dyn_cast<BinaryOperator>(Inc); Comma && Comma->getOpcode() == BO_Comma;
       Comma = dyn_cast<BinaryOperator>(Inc))
    Inc = Comma->getLHS()->IgnoreParenImpCasts();
  const Expr *Target = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(Inc); U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  else if (const auto *B = dyn_cast<BinaryOperator>(Inc); B && B->isAssignmentOp())
    Target = B->getLHS();
  const auto *DR = Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
}

// Whether Body has a `continue` that skips the rest of this loop's iteration.
bool continuesLoop(const Stmt *Body) {
  if (!Body)
    return false;
  if (isa<ContinueStmt>(Body))
    return true;
  if (isLoopStmt(Body))
    return false; // its `continue`s are its own
  for (const Stmt *C : Body->children())
    if (continuesLoop(C))
      return true;
  return false;
}

} // namespace

std::string FunctionDefs::tripCounterName(const VarDecl *V, const Stmt *Loop) const {
  // A variable stepped once per iteration beside a `for` loop's own counter (`p++` in
  // `for (i = 0; i < 4; ++i)`) counts the same iterations: it shares that counter's symbol,
  // so the loop's condition bounds both. A `continue` could skip its update.
  if (const VarDecl *Counter = incrementedVariable(Loop);
      Counter && Counter != V && Defs.count(Counter) &&
      !continuesLoop(cast<ForStmt>(Loop)->getBody()))
    return tripCounterName(Counter, Loop);
  // Every loop that updates a variable of this name (`for (int i ...)` twice declares two),
  // in source order: the first is iter(i), the others iter(i#2), iter(i#3), ...
  std::string Name = V->getNameAsString();
  std::vector<std::pair<unsigned, const Stmt *>> Loops;
  for (const auto &[Var, List] : Defs) {
    if (Var->getName() != V->getName())
      continue;
    for (const VarDef &D : List) {
      if (!D.selfReferential())
        continue;
      const Stmt *Innermost = nullptr;
      for (const Enclosing &E : D.Nest)
        if (isLoopStmt(E.Owner))
          Innermost = E.Owner;
      if (Innermost)
        Loops.push_back({Innermost->getBeginLoc().getRawEncoding(), Innermost});
    }
  }
  std::sort(Loops.begin(), Loops.end());
  Loops.erase(std::unique(Loops.begin(), Loops.end()), Loops.end());
  size_t Ordinal = 0;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (Loops[I].second == Loop)
      Ordinal = I;
  return tripCounterSym(Ordinal ? Name + "#" + std::to_string(Ordinal + 1) : Name);
}

FunctionDefs collectDefs(const FunctionDecl *FD, ASTContext &Ctx) {
  DefCollector C;
  C.walk(FD->getBody());
  // A parameter that is assigned also has its value on entry.
  for (const ParmVarDecl *P : FD->parameters())
    if (auto It = C.Out.Defs.find(P); It != C.Out.Defs.end()) {
      VarDef Entry;
      Entry.K = VarDef::Entry;
      It->second.insert(It->second.begin(), std::move(Entry));
    }
  ReachingDefsSolver(FD, Ctx, C.Out).run();
  return std::move(C.Out);
}

} // namespace cllint::analysis
