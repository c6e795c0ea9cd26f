#include "Host/HostCalls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <functional>
#include <map>
#include <set>

namespace cllint {

using namespace clang;

namespace {

class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  explicit CallCollector(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitCallExpr(CallExpr *Call) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation At = SM.getFileLoc(Call->getBeginLoc());
    if (SM.isInSystemHeader(At))
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    auto [Caller, Loop] = placeOf(Ctx, *Call);
    Calls.push_back({Caller, Callee->getNameAsString(), Loop});
    if (SM.isWrittenInMainFile(At))
      ByLine.emplace(SM.getPresumedLineNumber(At), std::make_pair(Caller, Loop));
    return true;
  }

  ASTContext &Ctx;
  std::vector<HostCall> Calls;
  std::multimap<unsigned, std::pair<std::string, bool>> ByLine; // calls of the main file
};

} // namespace

std::pair<std::string, bool> placeOf(ASTContext &Ctx, const Stmt &S) {
  bool Loop = false;
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (P.get<ForStmt>() || P.get<WhileStmt>() || P.get<DoStmt>() || P.get<CXXForRangeStmt>())
      Loop = true;
    if (const auto *FD = P.get<FunctionDecl>())
      return {FD->getNameAsString(), Loop};
    Parents = Ctx.getParents(P);
  }
  return {"", Loop};
}

void placeLaunches(ASTContext &Ctx, HostFile &F) {
  CallCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  F.Calls = std::move(C.Calls);
  std::vector<HostLaunch *> All;
  for (HostLaunch &L : F.Launches)
    All.push_back(&L);
  for (WrappedCall &W : F.WrappedCalls)
    All.push_back(&W.Launch);
  for (HostLaunch *Each : All) {
    HostLaunch &L = *Each;
    unsigned Line = L.Where.Begin.Line;
    if (auto It = C.ByLine.find(Line); It != C.ByLine.end()) {
      L.Function = It->second.first;
      L.InLoop = It->second.second;
    }
    size_t Start = 0;
    for (unsigned I = 1; I < Line && Start != std::string::npos; ++I)
      Start = F.Content.find('\n', Start) + 1;
    if (Start != std::string::npos && Line)
      L.LineText = F.Content.substr(Start, F.Content.find('\n', Start) - Start);
  }
}

void markRepeatedLaunches(std::vector<HostFile> &Files) {
  // A function runs once per program run when every call of it seen is outside any loop and
  // in a function that runs once, from `main` down; a function no call of which was seen
  // (called from a file not read, through a pointer) may run any number of times.
  std::map<std::string, std::vector<const HostCall *>> CallsOf;
  for (const HostFile &F : Files)
    for (const HostCall &C : F.Calls)
      CallsOf[C.Callee].push_back(&C);
  std::map<std::string, bool> Once; // decided functions
  std::set<std::string> Visiting;
  std::function<bool(const std::string &)> runsOnce = [&](const std::string &Fn) -> bool {
    if (Fn == "main")
      return true;
    if (auto It = Once.find(Fn); It != Once.end())
      return It->second;
    auto Sites = CallsOf.find(Fn);
    if (Sites == CallsOf.end() || !Visiting.insert(Fn).second)
      return false; // no call seen, or recursion
    bool All = true;
    for (const HostCall *C : Sites->second)
      All = All && !C->InLoop && runsOnce(C->Caller);
    Visiting.erase(Fn);
    return Once[Fn] = All;
  };
  for (HostFile &F : Files)
    for (HostLaunch &L : F.Launches)
      L.Repeated = L.InLoop || L.Function.empty() || !runsOnce(L.Function);
}

void placeTransfers(std::vector<HostFile> &Files) {
  std::map<std::string, std::vector<const HostCall *>> CallsOf;
  for (const HostFile &F : Files)
    for (const HostCall &C : F.Calls)
      CallsOf[C.Callee].push_back(&C);
  // The function whose loop calls Fn, directly or through the calls above it; "" when none.
  std::map<std::string, std::string> Decided;
  std::set<std::string> Visiting;
  std::function<std::string(const std::string &)> loopAbove =
      [&](const std::string &Fn) -> std::string {
    if (auto It = Decided.find(Fn); It != Decided.end())
      return It->second;
    auto Sites = CallsOf.find(Fn);
    if (Sites == CallsOf.end() || !Visiting.insert(Fn).second)
      return "";
    std::string Found;
    for (const HostCall *C : Sites->second) {
      Found = C->InLoop ? C->Caller : loopAbove(C->Caller);
      if (!Found.empty())
        break;
    }
    Visiting.erase(Fn);
    return Decided[Fn] = Found;
  };
  for (HostFile &F : Files) {
    std::vector<HostTransfer> Kept;
    for (HostTransfer &T : F.Transfers) {
      if (!T.LoopLine) {
        T.Caller = loopAbove(T.Function);
        if (T.Caller.empty())
          continue;
      }
      Kept.push_back(std::move(T));
    }
    F.Transfers = std::move(Kept);
  }
}

} // namespace cllint
