#include "Host/HostArgSizes.h"

#include "Host/LaunchWrappers.h"

#include "clang/AST/ExprCXX.h"

namespace cllint {

using namespace clang;

namespace {

constexpr unsigned MaxDepth = 8;

// The bytes a buffer-creating expression allocates: clCreateBuffer's size, or the size a
// cl::Buffer constructor is given (the first integer argument after the flags).
std::optional<int64_t> createdBytes(const Expr *E, const HostValues &Values) {
  E = E->IgnoreParenCasts();
  if (const auto *C = dyn_cast<CallExpr>(E); C && apiCallName(C) == "clCreateBuffer")
    return C->getNumArgs() >= 3 ? Values.integer(C->getArg(2)) : std::nullopt;
  while (const auto *W = dyn_cast<CXXFunctionalCastExpr>(E))
    E = W->getSubExpr()->IgnoreParenCasts();
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    E = B->getSubExpr()->IgnoreParenCasts();
  const auto *Ctor = dyn_cast<CXXConstructExpr>(E);
  if (!Ctor || Ctor->getNumArgs() < 2)
    return std::nullopt;
  const CXXRecordDecl *Class = Ctor->getConstructor()->getParent();
  if (!Class || Class->getName() != "Buffer")
    return std::nullopt;
  // (context, flags, size, ...) or (flags, size, ...) with the default context.
  unsigned Flags = Ctor->getArg(0)->getType()->isIntegerType() ? 0 : 1;
  if (Flags + 1 >= Ctor->getNumArgs() || !Ctor->getArg(Flags)->getType()->isIntegerType() ||
      !Ctor->getArg(Flags + 1)->getType()->isIntegerType())
    return std::nullopt;
  return Values.integer(Ctor->getArg(Flags + 1));
}

// The bytes of the buffer a variable holds when every value assigned to it was created with
// the same size.
std::optional<int64_t> bufferBytes(const Expr *Object, const HostValues &Values,
                                   unsigned Depth = 0) {
  Object = Object->IgnoreParenImpCasts();
  if (Depth > MaxDepth)
    return std::nullopt;
  const Decl *D = nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(Object))
    D = DR->getDecl();
  else if (const auto *M = dyn_cast<MemberExpr>(Object))
    D = M->getMemberDecl();
  if (!D)
    return createdBytes(Object, Values);
  const std::vector<const Expr *> *Assigned = Values.assigned(D);
  if (!Assigned || Assigned->empty())
    return std::nullopt;
  std::optional<int64_t> Bytes;
  for (const Expr *V : *Assigned) {
    std::optional<int64_t> B = createdBytes(V, Values);
    if (!B) {
      // A copy of another buffer object (`cl_mem m = bufs[i]` is not traced).
      const Expr *Inner = V->IgnoreParenCasts();
      if (isa<DeclRefExpr>(Inner) || isa<MemberExpr>(Inner))
        B = bufferBytes(Inner, Values, Depth + 1);
    }
    if (!B || (Bytes && *Bytes != *B))
      return std::nullopt;
    Bytes = B;
  }
  return Bytes;
}

bool isBufferObject(QualType T) {
  std::string Name = T.getNonReferenceType().getUnqualifiedType().getAsString();
  return Name == "cl_mem" || Name.find("Buffer") != std::string::npos;
}

} // namespace

std::optional<ArgSize> clSetKernelArgSize(const Expr *Size, const Expr *Value,
                                          const HostValues &Values) {
  ASTContext &Ctx = Values.context();
  const Expr *P = Value->IgnoreParenCasts();
  if (P->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return ArgSize{HostArg::Local, Values.integer(Size)};
  const auto *U = dyn_cast<UnaryOperator>(P);
  if (!U || U->getOpcode() != UO_AddrOf || U->getSubExpr()->getType()->isIntegerType() ||
      !isBufferObject(U->getSubExpr()->getType()))
    return std::nullopt;
  return ArgSize{HostArg::Buffer, bufferBytes(U->getSubExpr(), Values)};
}

std::optional<ArgSize> setArgSize(const Expr *Value, const HostValues &Values) {
  const Expr *V = Value->IgnoreParenImpCasts();
  // cl::Local(bytes) (cl::__local in older headers) makes a LocalSpaceArg.
  if (const auto *C = dyn_cast<CallExpr>(V->IgnoreParenCasts()))
    if (const FunctionDecl *F = C->getDirectCallee();
        F && (F->getName() == "Local" || F->getName() == "__local") && C->getNumArgs() == 1)
      return ArgSize{HostArg::Local, Values.integer(C->getArg(0))};
  if (V->getType()->isIntegerType() || !isBufferObject(V->getType()))
    return std::nullopt;
  return ArgSize{HostArg::Buffer, bufferBytes(V, Values)};
}

} // namespace cllint
