#include "Host/LaunchWrappers.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>

namespace cllint {

using namespace clang;

std::string apiCallName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getNameAsString();
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Callee); U && U->getOpcode() == UO_Deref)
    Callee = U->getSubExpr()->IgnoreParenImpCasts();
  std::string Name;
  if (const auto *M = dyn_cast<MemberExpr>(Callee))
    Name = M->getMemberDecl()->getNameAsString();
  else if (const auto *DR = dyn_cast<DeclRefExpr>(Callee))
    Name = DR->getDecl()->getNameAsString();
  // A pointer named after the API, alone or behind a library's prefix (`gegl_cl...`).
  size_t At = Name.rfind("cl");
  while (At != std::string::npos && At > 0 && Name[At - 1] != '_')
    At = At ? Name.rfind("cl", At - 1) : std::string::npos;
  return At == std::string::npos ? "" : Name.substr(At);
}

namespace {

// The index of the parameter of Fn that E names, or -1.
int parameterIndex(const Expr *E, const FunctionDecl *Fn) {
  E = E->IgnoreParenCasts();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl()))
      for (unsigned I = 0; I < Fn->getNumParams(); ++I)
        if (Fn->getParamDecl(I) == P)
          return int(I);
  return -1;
}

} // namespace

std::optional<LaunchWrapper> launchWrapperOf(const CallExpr *Enqueue, const FunctionDecl *Fn,
                                             std::optional<int64_t> FixedDims) {
  if (!Fn || Enqueue->getNumArgs() < 6)
    return std::nullopt;
  LaunchWrapper W;
  W.Name = Fn->getNameAsString();
  W.KernelParam = parameterIndex(Enqueue->getArg(1), Fn);
  if (W.KernelParam < 0 || W.Name.empty())
    return std::nullopt;
  W.DimsParam = parameterIndex(Enqueue->getArg(2), Fn);
  if (FixedDims && *FixedDims >= 1 && *FixedDims <= 3)
    W.Dims = unsigned(*FixedDims);
  W.GlobalParam = parameterIndex(Enqueue->getArg(4), Fn);
  W.LocalParam = parameterIndex(Enqueue->getArg(5), Fn);
  W.LocalNull = Enqueue->getArg(5)->IgnoreParenCasts()->isNullPointerConstant(
      Fn->getASTContext(), Expr::NPC_ValueDependentIsNotNull);
  return W;
}

void resolveWrappedLaunches(std::vector<HostFile> &Files) {
  std::map<std::string, const LaunchWrapper *> ByName;
  for (const HostFile &F : Files)
    for (const LaunchWrapper &W : F.Wrappers)
      ByName.emplace(W.Name, &W);
  if (ByName.empty())
    return;
  for (HostFile &F : Files)
    for (const WrappedCall &C : F.WrappedCalls) {
      auto It = ByName.find(C.Callee);
      if (It == ByName.end())
        continue;
      const LaunchWrapper &W = *It->second;
      auto arg = [&](int I) -> const CallArgValue * {
        return I >= 0 && size_t(I) < C.Args.size() ? &C.Args[I] : nullptr;
      };
      HostLaunch L = C.Launch;
      L.Dims = W.Dims;
      if (const CallArgValue *D = arg(W.DimsParam);
          D && D->Integer && *D->Integer >= 1 && *D->Integer <= 3)
        L.Dims = unsigned(*D->Integer);
      unsigned Read = L.Dims ? L.Dims : 3;
      if (const CallArgValue *G = arg(W.GlobalParam))
        L.Global = G->Sizes[Read - 1];
      if (const CallArgValue *Lo = arg(W.LocalParam)) {
        L.Local = Lo->Sizes[Read - 1];
        L.LocalNull = Lo->Null;
      } else {
        L.LocalNull = W.LocalNull;
      }
      L.explainUnknownLocal();
      F.Launches.push_back(std::move(L));
    }
}

} // namespace cllint
