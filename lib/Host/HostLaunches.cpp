#include "Host/HostLaunches.h"

#include "Diagnostics/ClangLocations.h"
#include "Frontend/ResourceDir.h"
#include "Host/HostBuilds.h"
#include "Host/HostCalls.h"
#include "Host/HostDependencies.h"
#include "Host/HostExprs.h"
#include "Host/HostSizes.h"
#include "Host/HostValues.h"
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
  LaunchFinder(ASTContext &Ctx, const LocationResolver &Loc) : Ctx(Ctx), Loc(Loc), Values(Ctx) {}

  std::vector<HostLaunch> Launches;
  std::vector<HostArg> Args;
  std::vector<LaunchWrapper> Wrappers;
  std::vector<WrappedCall> WrappedCalls;
  bool Collecting = true; // first pass: kernel objects and assigned values; second: launches

  bool VisitVarDecl(VarDecl *V) {
    if (!Collecting)
      return true;
    if (const Expr *Init = V->getInit()) {
      noteKernel(HandleKey{V->getCanonicalDecl(), -1}, Init);
      // `cl::Kernel &k = ctx.m_merge_kernel;`: another name for a kernel object made elsewhere.
      if (auto Of = handleOf(Init, Ctx); Of && Of->D != V->getCanonicalDecl())
        Aliases[HandleKey{V->getCanonicalDecl(), -1}] = *Of;
    }
    if (V->getInit())
      Values.assign(V, V->getInit());
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (Collecting && U->isIncrementDecrementOp())
      if (const Decl *D = assignedDecl(U->getSubExpr()))
        Values.modify(D);
    return true;
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
      noteKernel(*K, B->getRHS());
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
    const auto *Target = dyn_cast<DeclRefExpr>(C->getArg(0)->IgnoreParenImpCasts());
    if (C->getOperator() == OO_PlusEqual && Target)
      Values.append(Target->getDecl(), C->getArg(1));
    if (C->getOperator() != OO_Equal)
      return true;
    if (Target)
      Values.assign(Target->getDecl(), C->getArg(1));
    if (auto K = handleOf(C->getArg(0), Ctx))
      noteKernel(*K, C->getArg(1));
    return true;
  }

  bool VisitCXXConstructorDecl(CXXConstructorDecl *C) {
    if (!Collecting)
      return true;
    for (const CXXCtorInitializer *I : C->inits())
      if (I->isMemberInitializer() && I->isWritten())
        Values.assign(I->getMember(), I->getInit());
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (inSystemHeader(Call))
      return true;
    std::string Name = apiCallName(Call);
    if (Collecting) {
      // A char buffer the build options are written into.
      static const char *Writers[] = {"sprintf", "snprintf", "strcpy",
                                      "strcat",  "strncpy",  "strncat"};
      if (Call->getNumArgs() >= 2 && llvm::is_contained(Writers, Name)) {
        if (const auto *B = dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts()))
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
      return true;
    }
    if (Name == "clEnqueueNDRangeKernel" && Call->getNumArgs() >= 6) {
      HostLaunch L = launchAt(Call);
      L.Kernel = kernelName(Call->getArg(1), L.WhyUnknown);
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
    if (M->getName() == "setArg" && Call->getNumArgs() == 2 &&
        Call->getArg(1)->IgnoreParenImpCasts()->getType()->isIntegerType()) {
      noteArg(Call, Call->getImplicitObjectArgument(), Call->getArg(0), Call->getArg(1));
      return true;
    }
    if (M->getName() != "enqueueNDRangeKernel" || Call->getNumArgs() < 3)
      return true;
    HostLaunch L = launchAt(Call);
    L.Kernel = kernelName(Call->getArg(0), L.WhyUnknown);
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
    L.Kernel = kernelName(Call->getArg(0), L.WhyUnknown);
    if (!enqueueArgsSizes(Call->getArg(1), L, Values))
      return true;
    for (unsigned I = 2; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I)->IgnoreParenImpCasts()->getType()->isIntegerType())
        noteArg(Call, L.Kernel, int64_t(I - 2), Call->getArg(I));
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
      Pairing.path(S->getString().str());
    return true;
  }

  std::vector<HostBuild> builds() { return Pairing.finish(); }

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
    std::optional<std::string> Text = Values.text(Options);
    Pairing.build(Text ? *Text : "?", Loc.tokenRange(Call->getBeginLoc()));
  }

  ASTContext &Ctx;
  const LocationResolver &Loc;
  std::map<HandleKey, std::vector<std::string>> KernelNames;
  std::map<HandleKey, HandleKey> Aliases;      // a variable initialised from another kernel object
  std::vector<const FunctionDecl *> Functions; // the functions being walked, innermost last
  HostValues Values;

  bool inSystemHeader(const Stmt *S) const {
    return Ctx.getSourceManager().isInSystemHeader(
        Ctx.getSourceManager().getExpansionLoc(S->getBeginLoc()));
  }

  void noteArg(const CallExpr *Call, const Expr *Kernel, const Expr *Index, const Expr *Value) {
    std::string Why;
    noteArg(Call, kernelName(Kernel, Why), integer(Index), Value);
  }
  void noteArg(const CallExpr *Call, const std::string &Kernel, std::optional<int64_t> Index,
               const Expr *Value) {
    if (Kernel.empty() || !Index || *Index < 0 || *Index > 255)
      return;
    HostArg A;
    A.Kernel = Kernel;
    A.Index = unsigned(*Index);
    A.Value = integer(Value);
    A.Where = Loc.tokenRange(Call->getBeginLoc());
    Args.push_back(std::move(A));
  }

  // A call that hands a kernel object the file traces to a function of the host code (a
  // launch wrapper, maybe in another file): what each argument evaluates to.
  void noteWrappedCall(const CallExpr *Call) {
    for (const Expr *A : Call->arguments()) {
      std::string Type = A->IgnoreParenImpCasts()->getType().getAsString();
      if (Type.find("cl_kernel") == std::string::npos && Type.find("Kernel") == std::string::npos)
        continue;
      std::string Why;
      std::string Kernel = kernelName(A, Why);
      if (Kernel.empty())
        continue;
      WrappedCall W;
      W.Callee = Call->getDirectCallee()->getNameAsString();
      W.Launch = launchAt(Call);
      W.Launch.Kernel = Kernel;
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

  // `clCreateKernel(program, "name", &err)`, `cl::Kernel(program, "name")`.
  std::optional<std::string> createdKernel(const Expr *E, bool &Computed) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      return createdKernel(M->getSubExpr(), Computed);
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = C->getDirectCallee();
      if (FD && FD->getName() == "clCreateKernel" && C->getNumArgs() >= 2) {
        auto S = Values.constantString(C->getArg(1));
        Computed = !S;
        return S;
      }
      // A factory of the host code that returns a cl_kernel for a name
      // (`AcquireOpenCLKernel(device, "BlurRow")`): its one constant string is the name.
      if (FD && C->getType().getAsString().find("cl_kernel") != std::string::npos) {
        std::optional<std::string> Named;
        for (const Expr *A : C->arguments())
          if (auto S = Values.constantString(A)) {
            if (Named)
              return std::nullopt;
            Named = S;
          }
        return Named;
      }
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      const CXXRecordDecl *R = C->getConstructor()->getParent();
      // `cl::Kernel(program, "name")`, `cl::KernelFunctor<...>(program, "name")`.
      if (R && (R->getName() == "Kernel" || R->getName() == "KernelFunctor") &&
          C->getNumArgs() >= 2) {
        auto S = Values.constantString(C->getArg(1));
        Computed = !S;
        return S;
      }
      if (C->getNumArgs() == 1)
        return createdKernel(C->getArg(0), Computed);
    }
    return std::nullopt;
  }

  void noteKernel(HandleKey K, const Expr *Value) {
    bool Computed = false;
    if (auto Name = createdKernel(Value, Computed))
      KernelNames[K].push_back(*Name);
    else if (Computed)
      KernelNames[K].push_back("");
  }

  std::string kernelName(const Expr *Handle, std::string &Why) {
    auto K = handleOf(Handle, Ctx);
    bool Computed = false;
    if (auto Direct = createdKernel(Handle, Computed))
      return *Direct;
    if (!K) {
      Why = "the kernel object cannot be traced";
      return "";
    }
    auto It = KernelNames.find(*K);
    if (It == KernelNames.end() && K->Index >= 0)
      It = KernelNames.find(HandleKey{K->D, -1});
    // Through the names it was copied or referred to from (a few steps: no cycle can hold us).
    for (int Step = 0; It == KernelNames.end() && Step < 4; ++Step) {
      auto A = Aliases.find(*K);
      if (A == Aliases.end())
        break;
      K = A->second;
      It = KernelNames.find(*K);
    }
    if (It == KernelNames.end()) {
      Why = "no clCreateKernel / cl::Kernel for this kernel object in the file";
      return "";
    }
    const std::vector<std::string> &Names = It->second;
    for (const std::string &N : Names)
      if (N != Names.front() || N.empty()) {
        Why = N.empty() ? "the kernel is created by a computed name"
                        : "the kernel object holds several kernels";
        return "";
      }
    return Names.front();
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
  std::vector<std::string> Args = {Cxx ? "-xc++" : "-xc",
                                   "-fsyntax-only",
                                   "-Wno-everything",
                                   "-ferror-limit=0",
                                   "-DCL_TARGET_OPENCL_VERSION=300",
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
  Out.Builds = F.builds();
  placeLaunches(Ctx, Out);
  Out.Dependencies = userHeadersRead(*AST, Path);
  Out.InactiveRanges = skippedRanges(*AST);
  return Out;
}

} // namespace

} // namespace cllint
