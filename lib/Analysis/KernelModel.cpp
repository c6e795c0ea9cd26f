#include "Analysis/KernelModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

namespace cllint::analysis {
namespace {

class CallCollector : public clang::RecursiveASTVisitor<CallCollector> {
public:
  std::vector<const clang::FunctionDecl *> Callees;
  std::string IntelBuiltin; // the first intel_* built-in called
  bool VisitCallExpr(clang::CallExpr *Call) {
    if (const clang::FunctionDecl *FD = calleeWithBody(Call))
      Callees.push_back(FD);
    else if (const clang::FunctionDecl *B = Call->getDirectCallee();
             B && IntelBuiltin.empty() && B->getIdentifier() && B->getName().starts_with("intel_"))
      IntelBuiltin = B->getName().str();
    return true;
  }
};

std::vector<const clang::FunctionDecl *> directCallees(const clang::FunctionDecl *FD,
                                                       std::string *IntelBuiltin = nullptr) {
  CallCollector C;
  C.TraverseStmt(FD->getBody());
  if (IntelBuiltin && IntelBuiltin->empty())
    *IntelBuiltin = C.IntelBuiltin;
  return C.Callees;
}

template <typename AttrT>
std::optional<WorkGroupAttr> workGroupAttr(const clang::FunctionDecl *FD) {
  const auto *A = FD->getAttr<AttrT>();
  if (!A)
    return std::nullopt;
  WorkGroupAttr W;
  W.Attr = A;
  W.Size = {static_cast<unsigned>(A->getXDim()), static_cast<unsigned>(A->getYDim()),
            static_cast<unsigned>(A->getZDim())};
  return W;
}

} // namespace

const clang::FunctionDecl *calleeWithBody(const clang::CallExpr *Call) {
  const clang::FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return nullptr;
  const clang::FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return nullptr;
  return Def;
}

KernelModel KernelModel::build(clang::ASTContext &Ctx) {
  KernelModel M;
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
    if (!FD || !FD->hasAttr<clang::OpenCLKernelAttr>() || !FD->doesThisDeclarationHaveABody())
      continue;
    KernelInfo K;
    K.Decl = FD;
    K.Required = workGroupAttr<clang::ReqdWorkGroupSizeAttr>(FD);
    K.Hint = workGroupAttr<clang::WorkGroupSizeHintAttr>(FD);
    if (FD->hasAttr<clang::OpenCLIntelReqdSubGroupSizeAttr>())
      K.IntelOnly = "intel_reqd_sub_group_size";
    // Breadth-first over the call graph; recursion is not allowed in OpenCL C but a seen-set
    // keeps broken input finite.
    std::set<const clang::FunctionDecl *> Seen = {FD};
    std::vector<const clang::FunctionDecl *> Work = {FD};
    while (!Work.empty()) {
      const clang::FunctionDecl *Cur = Work.back();
      Work.pop_back();
      for (const clang::FunctionDecl *Callee : directCallees(Cur, &K.IntelOnly))
        if (Seen.insert(Callee).second) {
          K.Reaches.push_back(Callee);
          Work.push_back(Callee);
        }
    }
    M.CodeSet.insert(FD);
    M.CodeSet.insert(K.Reaches.begin(), K.Reaches.end());
    M.Kernels.push_back(std::move(K));
  }
  M.Code.assign(M.CodeSet.begin(), M.CodeSet.end());
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::sort(M.Code.begin(), M.Code.end(), [&](const auto *A, const auto *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  return M;
}

bool KernelModel::isKernelCode(const clang::FunctionDecl *FD) const {
  return FD && CodeSet.count(FD->getDefinition() ? FD->getDefinition() : FD);
}

std::vector<const KernelInfo *> KernelModel::kernelsReaching(const clang::FunctionDecl *FD) const {
  std::vector<const KernelInfo *> Out;
  for (const KernelInfo &K : Kernels)
    if (K.Decl == FD || std::find(K.Reaches.begin(), K.Reaches.end(), FD) != K.Reaches.end())
      Out.push_back(&K);
  return Out;
}

const KernelInfo *KernelModel::kernelFor(const clang::FunctionDecl *FD) const {
  for (const KernelInfo &K : Kernels)
    if (K.Decl == FD)
      return &K;
  return nullptr;
}

} // namespace cllint::analysis
