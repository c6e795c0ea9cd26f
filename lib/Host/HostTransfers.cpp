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
    T.LineText = Loc.lineText(SM.getFileLoc(Call->getBeginLoc()));
    if (!place(*Call, T))
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

  // Where S repeats: the innermost loop around it (in its function) whose body launches a
  // kernel; else, when no loop encloses it, its function if that launches a kernel (a loop of
  // its callers may repeat it). False when neither.
  bool place(const Stmt &S, HostTransfer &T) const {
    bool InLoop = false;
    for (DynTypedNodeList Parents = Ctx.getParents(S); !Parents.empty();
         Parents = Ctx.getParents(Parents[0])) {
      const DynTypedNode &P = Parents[0];
      if (P.get<LambdaExpr>())
        return false;
      if (const auto *Fn = P.get<FunctionDecl>()) {
        if (InLoop || !Fn->getDeclName().isIdentifier() || !Fn->hasBody() ||
            !launchesKernel(Fn->getBody()))
          return false;
        T.Function = Fn->getName().str();
        return true;
      }
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
      InLoop |= Body != nullptr;
      if (Body && launchesKernel(Body)) {
        T.LoopKind = Kind;
        T.LoopLine = Loc.tokenRange(P.get<Stmt>()->getBeginLoc()).Begin.Line;
        return true;
      }
    }
    return false;
  }

  ASTContext &Ctx;
  const LocationResolver &Loc;
  const HostValues &Values;
};

} // namespace

std::vector<HostTransfer> findBlockingTransfers(ASTContext &Ctx, const LocationResolver &Loc,
                                                const HostValues &Values) {
  TransferFinder F(Ctx, Loc, Values);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(F.Found);
}

} // namespace cllint
