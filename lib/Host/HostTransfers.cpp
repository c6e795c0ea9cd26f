#include "Host/HostTransfers.h"

#include "Diagnostics/ClangLocations.h"
#include "Host/HostValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <set>

namespace cllint {

using namespace clang;

namespace {

bool isLaunchName(llvm::StringRef Name) {
  return Name == "clEnqueueNDRangeKernel" || Name == "clEnqueueTask" ||
         Name == "enqueueNDRangeKernel" || Name == "enqueueTask";
}

// Whether S enqueues a kernel: a launch call in it, or a call of a function of this file
// whose body does (two calls deep, enough for a `step()` that wraps the enqueue).
class LaunchSearch : public RecursiveASTVisitor<LaunchSearch> {
public:
  explicit LaunchSearch(unsigned Depth) : Depth(Depth) {}
  bool Found = false;

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F)
      return true;
    if (F->getDeclName().isIdentifier() && isLaunchName(F->getName())) {
      Found = true;
      return false;
    }
    // A functor launch: `kernel(cl::EnqueueArgs(...), ...)`.
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
        Op && Op->getOperator() == OO_Call && Op->getNumArgs() >= 1 &&
        Op->getArg(0)->IgnoreParenImpCasts()->getType().getAsString().find("KernelFunctor") !=
            std::string::npos) {
      Found = true;
      return false;
    }
    if (Depth > 0 && F->hasBody() && Seen.insert(F->getCanonicalDecl()).second) {
      LaunchSearch Inner(Depth - 1);
      Inner.Seen = Seen;
      Inner.TraverseStmt(F->getBody());
      if (Inner.Found) {
        Found = true;
        return false;
      }
    }
    return true;
  }

  unsigned Depth;
  std::set<const FunctionDecl *> Seen;
};

bool launchesKernel(const Stmt *S) {
  LaunchSearch Search(2);
  Search.TraverseStmt(const_cast<Stmt *>(S));
  return Search.Found;
}

class TransferFinder : public RecursiveASTVisitor<TransferFinder> {
public:
  TransferFinder(ASTContext &Ctx, const LocationResolver &Loc, const HostValues &Values)
      : Ctx(Ctx), Loc(Loc), Values(Values) {}

  std::vector<HostTransfer> Found;

  bool VisitCallExpr(CallExpr *Call) {
    // Transfers of an included file are that file's own findings when it is read as host code.
    const SourceManager &SM = Ctx.getSourceManager();
    if (!SM.isWrittenInMainFile(SM.getFileLoc(Call->getBeginLoc())))
      return true;
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || !F->getDeclName().isIdentifier())
      return true;
    llvm::StringRef Name = F->getName();
    bool Read = Name == "clEnqueueReadBuffer" || Name == "enqueueReadBuffer";
    bool Write = Name == "clEnqueueWriteBuffer" || Name == "enqueueWriteBuffer";
    if (!Read && !Write)
      return true;
    // C: (queue, buffer, blocking, offset, size, ptr, ...); C++ member and cl:: free
    // function: (buffer, blocking, offset, size, ptr, ...).
    bool C = Name.starts_with("cl");
    unsigned First = C ? 2 : 1;
    if (Call->getNumArgs() < First + 3)
      return true;
    if (!blocking(Call->getArg(First)))
      return true;
    HostTransfer T;
    T.Read = Read;
    T.Call = Name.str();
    if (std::optional<int64_t> Bytes = Values.integer(Call->getArg(First + 2)); Bytes && *Bytes > 0)
      T.Bytes = uint64_t(*Bytes);
    T.Where = Loc.tokenRange(Call->getBeginLoc());
    if (!loopThatLaunches(*Call, T) && !functionThatLaunches(*Call, T))
      return true;
    Found.push_back(std::move(T));
    return true;
  }

private:
  bool blocking(const Expr *E) const {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getBoolValue();
    std::optional<int64_t> V = Values.integer(E);
    return V && *V != 0;
  }

  // The innermost loop around S (in its function) whose body launches a kernel.
  bool loopThatLaunches(const Stmt &S, HostTransfer &T) const {
    DynTypedNodeList Parents = Ctx.getParents(S);
    while (!Parents.empty()) {
      const DynTypedNode &P = Parents[0];
      if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
        return false;
      const Stmt *Body = nullptr;
      const char *Kind = nullptr;
      if (const auto *For = P.get<ForStmt>())
        Body = For->getBody(), Kind = "for";
      else if (const auto *While = P.get<WhileStmt>())
        Body = While->getBody(), Kind = "while";
      else if (const auto *Do = P.get<DoStmt>())
        Body = Do->getBody(), Kind = "do";
      else if (const auto *Range = P.get<CXXForRangeStmt>())
        Body = Range->getBody(), Kind = "for";
      if (Body && launchesKernel(Body)) {
        T.LoopKind = Kind;
        T.LoopLine = Loc.tokenRange(P.get<Stmt>()->getBeginLoc()).Begin.Line;
        return true;
      }
      Parents = Ctx.getParents(P);
    }
    return false;
  }

  // The function around S, when no loop of it encloses S and its body launches a kernel.
  bool functionThatLaunches(const Stmt &S, HostTransfer &T) const {
    DynTypedNodeList Parents = Ctx.getParents(S);
    while (!Parents.empty()) {
      const DynTypedNode &P = Parents[0];
      if (P.get<ForStmt>() || P.get<WhileStmt>() || P.get<DoStmt>() || P.get<CXXForRangeStmt>() ||
          P.get<LambdaExpr>())
        return false;
      if (const auto *Fn = P.get<FunctionDecl>()) {
        if (!Fn->getDeclName().isIdentifier() || !Fn->hasBody() || !launchesKernel(Fn->getBody()))
          return false;
        T.Function = Fn->getName().str();
        return true;
      }
      Parents = Ctx.getParents(P);
    }
    return false;
  }

  ASTContext &Ctx;
  const LocationResolver &Loc;
  const HostValues &Values;
};

} // namespace

std::vector<HostTransfer> findBlockingTransfers(ASTContext &Ctx, const LocationResolver &Loc,
                                                const HostValues &Values,
                                                const std::string &Content) {
  TransferFinder F(Ctx, Loc, Values);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (HostTransfer &T : F.Found) {
    size_t Start = 0;
    for (unsigned I = 1; I < T.Where.Begin.Line && Start != std::string::npos; ++I)
      Start = Content.find('\n', Start) + 1;
    if (Start != std::string::npos && T.Where.Begin.Line)
      T.LineText = Content.substr(Start, Content.find('\n', Start) - Start);
  }
  return std::move(F.Found);
}

} // namespace cllint
