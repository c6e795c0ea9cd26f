#include "Host/HostExprs.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

namespace cllint {

using namespace clang;

std::optional<HandleKey> handleOf(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
    return handleOf(C->getArg(0), Ctx); // a copy of the kernel object
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return handleOf(M->getSubExpr(), Ctx);
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    return HandleKey{DR->getDecl()->getCanonicalDecl(), -1};
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return HandleKey{M->getMemberDecl()->getCanonicalDecl(), -1};
  // An element: at a constant index its own object, at one chosen at run time any of them
  // (Index -1); the same for a container's `m[key]` and `m.at(key)`.
  auto element = [&](const Expr *Base, const Expr *Index) -> std::optional<HandleKey> {
    auto Of = handleOf(Base, Ctx);
    if (!Of)
      return std::nullopt;
    Expr::EvalResult R;
    if (!Index->isValueDependent() && Index->EvaluateAsInt(R, Ctx))
      return HandleKey{Of->D, R.Val.getInt().getExtValue()};
    return HandleKey{Of->D, -1};
  };
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return element(AS->getBase(), AS->getIdx());
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E);
      O && O->getOperator() == OO_Subscript && O->getNumArgs() == 2)
    return element(O->getArg(0), O->getArg(1));
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(E);
      M && M->getMethodDecl() && M->getMethodDecl()->getName() == "at" && M->getNumArgs() == 1)
    return element(M->getImplicitObjectArgument(), M->getArg(0));
  return std::nullopt;
}

std::optional<std::string> literalString(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<StringLiteral>(E))
    return S->getString().str();
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() >= 1)
    return literalString(C->getArg(0)); // std::string("name"), cl::string
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return literalString(B->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return literalString(M->getSubExpr());
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl());
        V && V->getInit() && V->getType().isConstQualified())
      return literalString(V->getInit());
  return std::nullopt;
}

void ErrorCollector::HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (Level < DiagnosticsEngine::Error || Out.size() >= 3)
    return;
  llvm::SmallString<128> Text;
  Info.FormatDiagnostic(Text);
  std::string Where;
  if (Info.getLocation().isValid() && Info.hasSourceManager()) {
    PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation());
    if (P.isValid())
      Where = std::string(llvm::sys::path::filename(P.getFilename())) + ":" +
              std::to_string(P.getLine()) + ": ";
  }
  Out.push_back(Where + Text.str().str());
}

const clang::Decl *assignedDecl(const clang::Expr *L) {
  L = L->IgnoreParenImpCasts();
  if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(L))
    L = AS->getBase()->IgnoreParenImpCasts();
  if (const auto *DR = llvm::dyn_cast<clang::DeclRefExpr>(L))
    return DR->getDecl();
  if (const auto *M = llvm::dyn_cast<clang::MemberExpr>(L))
    return M->getMemberDecl();
  return nullptr;
}

} // namespace cllint
