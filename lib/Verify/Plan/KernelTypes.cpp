#include "Verify/Plan/KernelTypes.h"

#include "Verify/Plan/KernelSetup.h"
#include "cllint/Verify/Runner/ElementType.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

namespace cllint::verify {

using namespace analysis;

namespace {

class DimensionFinder : public clang::RecursiveASTVisitor<DimensionFinder> {
public:
  explicit DimensionFinder(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitCallExpr(clang::CallExpr *Call) {
    const clang::FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || Call->getNumArgs() != 1 || !FD->getIdentifier())
      return true;
    llvm::StringRef Name = FD->getName();
    if (Name != "get_global_id" && Name != "get_local_id" && Name != "get_group_id" &&
        Name != "get_global_size" && Name != "get_local_size" && Name != "get_num_groups" &&
        Name != "get_global_offset")
      return true;
    clang::Expr::EvalResult R;
    if (Call->getArg(0)->EvaluateAsInt(R, Ctx)) {
      int64_t D = R.Val.getInt().getExtValue();
      if (D >= 0 && D < 3)
        Dims = std::max<unsigned>(Dims, static_cast<unsigned>(D) + 1);
    }
    return true;
  }
  clang::ASTContext &Ctx;
  unsigned Dims = 1;
};

} // namespace

std::optional<std::pair<std::string, uint64_t>> runnerType(clang::QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  unsigned Width = 1;
  if (const auto *V = T->getAs<clang::ExtVectorType>()) {
    Width = V->getNumElements();
    T = V->getElementType().getCanonicalType();
  }
  const auto *B = T->getAs<clang::BuiltinType>();
  if (!B)
    return std::nullopt;
  std::string Name;
  switch (B->getKind()) {
  case clang::BuiltinType::Char_S:
  case clang::BuiltinType::SChar:
    Name = "char";
    break;
  case clang::BuiltinType::Char_U:
  case clang::BuiltinType::UChar:
    Name = "uchar";
    break;
  case clang::BuiltinType::Short:
    Name = "short";
    break;
  case clang::BuiltinType::UShort:
    Name = "ushort";
    break;
  case clang::BuiltinType::Int:
    Name = "int";
    break;
  case clang::BuiltinType::UInt:
    Name = "uint";
    break;
  case clang::BuiltinType::Long:
    Name = "long";
    break;
  case clang::BuiltinType::ULong:
    Name = "ulong";
    break;
  case clang::BuiltinType::Half:
    Name = "half";
    break;
  case clang::BuiltinType::Float:
    Name = "float";
    break;
  case clang::BuiltinType::Double:
    Name = "double";
    break;
  default:
    return std::nullopt;
  }
  if (Width > 1)
    Name += std::to_string(Width);
  auto E = runner::parseElementType(Name);
  if (!E)
    return std::nullopt;
  return std::make_pair(Name, static_cast<uint64_t>(E->size()));
}

unsigned usedDimensions(const KernelInfo &K) {
  DimensionFinder F(K.Decl->getASTContext());
  F.TraverseDecl(const_cast<clang::FunctionDecl *>(K.Decl));
  for (const clang::FunctionDecl *H : K.Reaches)
    F.TraverseDecl(const_cast<clang::FunctionDecl *>(H));
  unsigned Dims = F.Dims;
  if (K.Required) {
    if (K.Required->Size[2] > 1)
      Dims = 3;
    else if (K.Required->Size[1] > 1)
      Dims = std::max(Dims, 2u);
  }
  return Dims;
}

} // namespace cllint::verify
