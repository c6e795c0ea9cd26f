#include "Host/HostLaunches.h"

#include "Diagnostics/ClangLocations.h"
#include "Frontend/ResourceDir.h"
#include "Host/HostArgSizes.h"
#include "Host/HostBuilds.h"
#include "Host/HostCalls.h"
#include "Host/HostDependencies.h"
#include "Host/HostExprs.h"
#include "Host/HostSizes.h"
#include "Host/HostValues.h"
#include "Host/KernelObjects.h"
#include "Host/LaunchWrappers.h"
#include "Support/InputFiles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

namespace cllint {

using namespace clang;

bool isHostSource(const std::string &Path) {
  std::string Ext = llvm::sys::path::extension(Path).str();
  return Ext == ".c" || Ext == ".cc" || Ext == ".cpp" || Ext == ".cxx" || Ext == ".c++" ||
         Ext == ".C";
}

bool isHostFile(const std::string &Path) {
  return isHostSource(Path) || llvm::sys::path::extension(Path) == ".py";
}

namespace {

bool isCxx(const std::string &Path) { return llvm::sys::path::extension(Path) != ".c"; }

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  LaunchFinder(ASTContext &Ctx, const LocationResolver &Loc)
      : Ctx(Ctx), Loc(Loc), Values(Ctx), Objects(Ctx, Values) {}

  std::vector<HostLaunch> Launches;
  std::vector<HostArg> Args;
  std::vector<LaunchWrapper> Wrappers;
  std::vector<WrappedCall> WrappedCalls;
  bool Collecting = true; // first pass: kernel objects and assigned values; second: launches

  bool VisitVarDecl(VarDecl *V) {
    if (!Collecting)
      return true;
    if (const Expr *Init = V->getInit())
      Objects.noteSet(HandleKey{V->getCanonicalDecl(), -1}, Init);
    if (V->getInit())
      Values.assign(V, V->getInit());
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (Collecting && U->isIncrementDecrementOp())
      if (const Decl *D = assignedDecl(U->getSubExpr()))
        Values.modify(D);
    if (Collecting && U->getOpcode() == UO_AddrOf)
      escape(U->getSubExpr());
    return true;
  }

  // An array of kernel objects handed to a call (`clCreateKernelsInProgram(p, n, ks, ...)`).
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (Collecting && C->getCastKind() == CK_ArrayToPointerDecay)
      escape(C->getSubExpr());
    return true;
  }

  // A kernel object that code not traced may set: its address is taken, or it is bound to a
  // non-const reference.
  void escape(const Expr *E) {
    if (auto K = handleOf(E, Ctx))
      Objects.noteEscape(*K);
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!Collecting)
      return true;
    if (B->isCompoundAssignmentOp()) {
      if (const Decl *D = assignedDecl(B->getLHS()))
        Values.modify(D);
      return true;
    }
    if (B->getOpcode() != BO_Assign)
      return true;
    // A character written into a char array changes the text it holds.
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(B->getLHS()->IgnoreParenImpCasts());
        AS && AS->getType()->isAnyCharacterType())
      if (const Decl *D = assignedDecl(AS))
        Values.modify(D);
    if (auto K = handleOf(B->getLHS(), Ctx))
      Objects.noteSet(*K, B->getRHS());
    // `local[1] = 16;`, `bs = 32;`: values a size may be traced to.
    const Expr *L = B->getLHS()->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
      Expr::EvalResult R;
      if (auto Base = handleOf(AS->getBase(), Ctx); Base && AS->getIdx()->EvaluateAsInt(R, Ctx))
        Values.element(Base->D, R.Val.getInt().getExtValue(), B->getRHS());
    } else if (const auto *DR = dyn_cast<DeclRefExpr>(L)) {
      Values.assign(DR->getDecl(), B->getRHS());
    } else if (const auto *M = dyn_cast<MemberExpr>(L)) {
      // `numChannels = 4;` in a constructor: a field the sample sets once.
      Values.assign(M->getMemberDecl(), B->getRHS());
    }
    return true;
  }

  // `kernel = cl::Kernel(program, "name");` and `opts = "-D..."` on class types are operator
  // calls; `opts += "-DN=" + std::to_string(n)` appends.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (!Collecting)
      return functorLaunch(C);
    if (C->getNumArgs() != 2)
      return true;
    if (C->getOperator() == OO_LessLess)
      return streamed(C);
    const auto *Target = dyn_cast<DeclRefExpr>(C->getArg(0)->IgnoreParenImpCasts());
    if (C->getOperator() == OO_PlusEqual && Target)
      Values.append(Target->getDecl(), C->getArg(1));
    if (C->getOperator() != OO_Equal)
      return true;
    if (Target)
      Values.assign(Target->getDecl(), C->getArg(1));
    if (auto K = handleOf(C->getArg(0), Ctx))
      Objects.noteSet(*K, C->getArg(1));
    return true;
  }

  // `os << "-DN=" << n << " ";` on a string stream: each operand appended, in order. The
  // visitor meets the outermost `<<` first; the inner ones of its chain are done with it.
  bool streamed(const CXXOperatorCallExpr *C) {
    if (!StreamedParts.insert(C).second)
      return true;
    std::vector<const Expr *> Parts;
    const Expr *Root = C;
    while (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Root->IgnoreParenImpCasts())) {
      if (Op->getOperator() != OO_LessLess || Op->getNumArgs() != 2)
        return true;
      StreamedParts.insert(Op);
      Parts.push_back(Op->getArg(1));
      Root = Op->getArg(0);
    }
    const auto *Stream = dyn_cast<DeclRefExpr>(Root->IgnoreParenImpCasts());
    if (!Stream || Stream->getType().getAsString().find("stringstream") == std::string::npos)
      return true;
    for (auto It = Parts.rbegin(); It != Parts.rend(); ++It)
      Values.append(Stream->getDecl(), *It);
    return true;
  }
  std::set<const CXXOperatorCallExpr *> StreamedParts;

  bool VisitCXXConstructorDecl(CXXConstructorDecl *C) {
    if (!Collecting)
      return true;
    for (const CXXCtorInitializer *I : C->inits())
      if (I->isMemberInitializer() && I->isWritten()) {
        Values.assign(I->getMember(), I->getInit());
        Objects.noteSet(HandleKey{I->getMember(), -1}, I->getInit());
      }
    return true;
  }

  // A parameter of a host function takes the values its calls pass (`launch(n)` with `int n =
  // N;` in main): one value at every call, it is fixed like a variable.
  void passArguments(const CallExpr *Call) {
    const FunctionDecl *Def = nullptr;
    if (isa<CXXOperatorCallExpr>(Call) || !Call->getDirectCallee() ||
        !Call->getDirectCallee()->hasBody(Def) || inSystemHeader(Def))
      return;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I)
      Values.assign(Def->getParamDecl(I), Call->getArg(I));
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (inSystemHeader(Call))
      return true;
    std::string Name = apiCallName(Call);
    if (Collecting) {
      passArguments(Call);
      if (const FunctionDecl *F = Call->getDirectCallee())
        for (unsigned I = 0; I < Call->getNumArgs() && I < F->getNumParams(); ++I)
          if (QualType T = F->getParamDecl(I)->getType();
              T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
            escape(Call->getArg(I));
      // A char buffer the build options are written into.
      static const char *Writers[] = {"sprintf", "snprintf", "strcpy",
                                      "strcat",  "strncpy",  "strncat"};
      if (Call->getNumArgs() >= 2 && llvm::is_contained(Writers, Name)) {
        if (const DeclRefExpr *B = HostValues::writtenBuffer(Call->getArg(0)))
          Values.write(B->getDecl(), Call);
      } else if (const FunctionDecl *F = Call->getDirectCallee(); F && F->hasBody()) {
        // A helper of the host code handed a char buffer (`options(buf, 64)`): what it
        // writes into its parameter is written into the buffer.
        for (const Expr *A : Call->arguments())
          if (const auto *B = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
              B && isCharBuffer(B->getDecl()))
            Values.write(B->getDecl(), Call);
      }
      return true;
    }
    if (Name == "clBuildProgram" && Call->getNumArgs() >= 4)
      noteBuild(Call, Call->getArg(3));
    if (Name == "clSetKernelArg" && Call->getNumArgs() >= 4) {
      // The value behind `&n` (or `(void *)&n`) when it is an integer the file fixes.
      const Expr *P = Call->getArg(3)->IgnoreParenCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(P);
          U && U->getOpcode() == UO_AddrOf && U->getSubExpr()->getType()->isIntegerType())
        noteArg(Call, Call->getArg(0), Call->getArg(1), U->getSubExpr());
      else if (auto Size = clSetKernelArgSize(Call->getArg(2), Call->getArg(3), Values))
        noteArg(Call, Call->getArg(0), Call->getArg(1), nullptr, Size);
      return true;
    }
    if (Name == "clEnqueueNDRangeKernel" && Call->getNumArgs() >= 6) {
      HostLaunch L = launchAt(Call);
      setKernel(L, Call->getArg(1));
      if (auto D = integer(Call->getArg(2)); D && *D >= 1 && *D <= 3)
        L.Dims = unsigned(*D);
      L.Global = hostSizes(Call->getArg(4), L.Dims, nullptr, Values);
      L.Local = hostSizes(Call->getArg(5), L.Dims, &L.LocalNull, Values);
      L.explainUnknownLocal();
      Launches.push_back(std::move(L));
      if (auto W = launchWrapperOf(Call, Functions.empty() ? nullptr : Functions.back(),
                                   integer(Call->getArg(2))))
        Wrappers.push_back(std::move(*W));
      return true;
    }
    if (Call->getDirectCallee() && !llvm::StringRef(Name).starts_with("cl"))
      noteWrappedCall(Call);
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *M = Call->getMethodDecl();
    if (Collecting || inSystemHeader(Call) || !M)
      return true;
    if (M->getName() == "build" && M->getParent() && M->getParent()->getName() == "Program") {
      // `program.build(devices, options)` or `program.build(options)`: the char* argument.
      for (const Expr *A : Call->arguments())
        if (A->IgnoreParenImpCasts()->getType()->isPointerType() &&
            A->IgnoreParenImpCasts()->getType()->getPointeeType()->isCharType()) {
          noteBuild(Call, A);
          break;
        }
      return true;
    }
    if (M->getName() == "setArg" && Call->getNumArgs() == 2) {
      if (Call->getArg(1)->IgnoreParenImpCasts()->getType()->isIntegerType())
        noteArg(Call, Call->getImplicitObjectArgument(), Call->getArg(0), Call->getArg(1));
      else if (auto Size = setArgSize(Call->getArg(1), Values))
        noteArg(Call, Call->getImplicitObjectArgument(), Call->getArg(0), nullptr, Size);
      return true;
    }
    if (M->getName() != "enqueueNDRangeKernel" || Call->getNumArgs() < 3)
      return true;
    HostLaunch L = launchAt(Call);
    setKernel(L, Call->getArg(0));
    unsigned LocalDims = 0;
    L.Global = hostNDRange(Call->getArg(2), nullptr, &L.Dims, Values);
    if (Call->getNumArgs() >= 4)
      L.Local = hostNDRange(Call->getArg(3), &L.LocalNull, &LocalDims, Values);
    else
      L.LocalNull = true;
    L.Dims = std::max(L.Dims, LocalDims);
    L.explainUnknownLocal();
    Launches.push_back(std::move(L));
    return true;
  }

  // `fn(cl::EnqueueArgs(queue, global, local), a, b)` on a cl::KernelFunctor: a launch, with
  // the kernel's arguments in order.
  bool functorLaunch(CXXOperatorCallExpr *Call) {
    if (inSystemHeader(Call) || Call->getOperator() != OO_Call || Call->getNumArgs() < 2 ||
        Call->getArg(0)->IgnoreParenImpCasts()->getType().getAsString().find("KernelFunctor") ==
            std::string::npos)
      return true;
    HostLaunch L = launchAt(Call);
    setKernel(L, Call->getArg(0));
    if (!enqueueArgsSizes(Call->getArg(1), L, Values))
      return true;
    for (unsigned I = 2; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I)->IgnoreParenImpCasts()->getType()->isIntegerType())
        noteArg(Call, L.Kernel, int64_t(I - 2), Call->getArg(I));
      else if (auto Size = setArgSize(Call->getArg(I), Values))
        noteArg(Call, L.Kernel, int64_t(I - 2), nullptr, Size);
    Launches.push_back(std::move(L));
    return true;
  }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    return inScope(F, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(F); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    return inScope(F, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(F); });
  }

  bool VisitStringLiteral(StringLiteral *S) {
    if (!Collecting && S->isOrdinary() && !inSystemHeader(S))
      Pairing.path(S->getString().str(),
                   Ctx.getSourceManager().isInMainFile(
                       Ctx.getSourceManager().getExpansionLoc(S->getBeginLoc())));
    return true;
  }

  std::vector<HostBuild> builds(const std::string &HostFile) { return Pairing.finish(HostFile); }
  std::vector<std::string> setObjectNames() const { return Objects.setObjectNames(); }
  const HostValues &values() const { return Values; }

private:
  BuildPairing Pairing;

  // Walks the body of Fn: the innermost function for launch wrappers, and a scope for pairing
  // builds with the kernel files the same function names.
  template <typename Walk> bool inScope(const FunctionDecl *Fn, Walk W) {
    Functions.push_back(Fn);
    if (!Collecting)
      Pairing.enter();
    bool Ok = W();
    if (!Collecting)
      Pairing.leave();
    Functions.pop_back();
    return Ok;
  }

  void noteBuild(const Expr *Call, const Expr *Options) {
    std::optional<std::string> Text = Values.textAt(Options, Call);
    Pairing.build(Text ? *Text : "?", Loc.tokenRange(Call->getBeginLoc()));
  }

  ASTContext &Ctx;
  const LocationResolver &Loc;
  std::vector<const FunctionDecl *> Functions; // the functions being walked, innermost last
  HostValues Values;
  KernelObjects Objects; // after Values, which it reads

  bool inSystemHeader(const Stmt *S) const {
    return Ctx.getSourceManager().isInSystemHeader(
        Ctx.getSourceManager().getExpansionLoc(S->getBeginLoc()));
  }
  bool inSystemHeader(const Decl *D) const {
    return Ctx.getSourceManager().isInSystemHeader(
        Ctx.getSourceManager().getExpansionLoc(D->getBeginLoc()));
  }

  // A scalar argument's Value, or the Size of a buffer or __local one.
  void noteArg(const CallExpr *Call, const Expr *Kernel, const Expr *Index, const Expr *Value,
               std::optional<ArgSize> Size = std::nullopt) {
    noteArg(Call, Objects.resolve(Kernel).Name, integer(Index), Value, Size);
  }
  void noteArg(const CallExpr *Call, const std::string &Kernel, std::optional<int64_t> Index,
               const Expr *Value, std::optional<ArgSize> Size = std::nullopt) {
    if (Kernel.empty() || !Index || *Index < 0 || *Index > 255)
      return;
    HostArg A;
    A.Kernel = Kernel;
    A.Index = unsigned(*Index);
    if (Size) {
      A.K = Size->K;
      A.Value = Size->Bytes;
    } else {
      A.Value = integer(Value);
    }
    A.Where = Loc.tokenRange(Call->getBeginLoc());
    Args.push_back(std::move(A));
  }

  // A call that hands a kernel object the file traces to a function of the host code (a
  // launch wrapper, maybe in another file): what each argument evaluates to.
  void noteWrappedCall(const CallExpr *Call) {
    for (const Expr *A : Call->arguments()) {
      if (!isKernelTyped(A->IgnoreParenImpCasts()))
        continue;
      // Recorded even when untraced: if the callee is a wrapper, its launch may run anything.
      WrappedCall W;
      W.Callee = Call->getDirectCallee()->getNameAsString();
      W.Launch = launchAt(Call);
      setKernel(W.Launch, A);
      for (const Expr *Arg : Call->arguments()) {
        CallArgValue V;
        V.Integer = integer(Arg);
        for (unsigned D = 1; D <= 3; ++D)
          V.Sizes[D - 1] = hostSizes(Arg, D, &V.Null, Values);
        W.Args.push_back(std::move(V));
      }
      WrappedCalls.push_back(std::move(W));
      return;
    }
  }

  HostLaunch launchAt(const CallExpr *Call) {
    HostLaunch L;
    L.Where = Loc.tokenRange(Call->getBeginLoc());
    return L;
  }

  // The kernel a launch runs: one, or one of several candidates (then Kernel stays empty).
  void setKernel(HostLaunch &L, const Expr *Handle) {
    KernelRef R = Objects.resolve(Handle);
    L.Kernel = R.Name;
    L.Candidates = R.Candidates;
    L.WhyUnknown = R.Why;
    L.UnsetObjects = R.Unset;
  }

  std::optional<int64_t> integer(const Expr *E) const { return Values.integer(E); }
};

} // namespace

namespace {

HostFile parseAs(const std::string &Path, const std::vector<std::string> &ExtraArgs, HostFile Out,
                 bool Cxx);

} // namespace

HostFile findHostLaunches(const std::string &Path, const std::vector<std::string> &ExtraArgs,
                          unsigned long long MaxFileBytes) {
  HostFile Out;
  Out.Path = Path;
  std::string Error;
  if (!readSourceFile(Path, MaxFileBytes, Out.Content, Error)) {
    Out.InputErrors.push_back(Error);
    return Out;
  }
  HostFile First = parseAs(Path, ExtraArgs, Out, isCxx(Path));
  // Many projects build .c host files with a C++ compiler (`#include <iostream>`).
  if (!First.ParseErrors.empty() && !isCxx(Path)) {
    HostFile AsCxx = parseAs(Path, ExtraArgs, Out, true);
    if (AsCxx.ParseErrors.size() < First.ParseErrors.size() ||
        (AsCxx.ParseErrors.size() == First.ParseErrors.size() &&
         AsCxx.Launches.size() > First.Launches.size()))
      return AsCxx;
  }
  return First;
}

namespace {

HostFile parseAs(const std::string &Path, const std::vector<std::string> &ExtraArgs, HostFile Out,
                 bool Cxx) {
  std::vector<std::string> Args = {Cxx ? "-xc++" : "-xc", "-fsyntax-only", "-Wno-everything",
                                   "-ferror-limit=0",
                                   // A misspelt or missing name must stay unknown: typo
                                   // correction would read `local` as the `global` beside it.
                                   "-fno-spell-checking", "-DCL_TARGET_OPENCL_VERSION=300",
                                   "-DCL_HPP_TARGET_OPENCL_VERSION=300"};
  if (Cxx)
    Args.push_back("-std=c++17");
  // Keeps the ranges of skipped `#if` branches (PreprocessingRecord::getSkippedRanges).
  Args.insert(Args.end(), {"-Xclang", "-detailed-preprocessing-record"});
  std::string Resource = findClangResourceDir();
  if (!Resource.empty())
    Args.push_back("-resource-dir=" + Resource);
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  ErrorCollector Errors(Out.ParseErrors);
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Out.Content, Args, Path, "cllint-host", std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(), tooling::FileContentMappings(), &Errors);
  if (!AST) {
    Out.ParseErrors.push_back("Clang could not parse the file");
    return Out;
  }
  ASTContext &Ctx = AST->getASTContext();
  LocationResolver Loc(Ctx.getSourceManager(), Ctx.getLangOpts(), Path);
  LaunchFinder F(Ctx, Loc);
  // Kernel objects are usually created before they are enqueued; two passes make the order
  // in the file irrelevant.
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  F.Collecting = false;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  Out.Launches = std::move(F.Launches);
  Out.Args = std::move(F.Args);
  Out.Wrappers = std::move(F.Wrappers);
  Out.WrappedCalls = std::move(F.WrappedCalls);
  Out.Builds = F.builds(llvm::sys::path::filename(Path).str());
  Out.KernelObjectsSet = F.setObjectNames();
  placeLaunches(Ctx, Out);
  Out.Transfers = findBlockingTransfers(Ctx, Loc, F.values());
  Out.Dependencies = userHeadersRead(*AST, Path);
  Out.InactiveRanges = skippedRanges(*AST);
  return Out;
}

} // namespace

} // namespace cllint
