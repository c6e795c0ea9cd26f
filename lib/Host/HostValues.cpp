#include "Host/HostValues.h"

#include "Frontend/ReturnStatements.h"
#include "Host/HostExprs.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

#include <cmath>

namespace cllint {

using namespace clang;

namespace {

constexpr unsigned MaxDepth = 16;

const Decl *named(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    return DR->getDecl()->getCanonicalDecl();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->getMemberDecl()->getCanonicalDecl();
  return nullptr;
}

// Looks through the wrappers C++ puts around a std::string value.
const Expr *unwrapped(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(C->getArg(0)))
      E = C->getArg(0);
    else
      return E;
  }
}

} // namespace

void HostValues::assign(const Decl *D, const Expr *Value) {
  Assigned[D->getCanonicalDecl()].push_back(Value);
}

void HostValues::element(const Decl *D, int64_t Index, const Expr *Value) {
  Elements[{D, Index}].push_back(Value);
}

void HostValues::write(const Decl *Buffer, const CallExpr *Call) {
  Writes[Buffer->getCanonicalDecl()].push_back(Call);
}

void HostValues::append(const Decl *D, const Expr *Value) {
  Appends[D->getCanonicalDecl()].push_back(Value);
}

std::optional<std::string> HostValues::textAt(const Expr *E, const Stmt *At) const {
  Use = At;
  UseAncestors.clear();
  for (DynTypedNodeList Parents = Ctx.getParents(*At); !Parents.empty();
       Parents = Ctx.getParents(Parents[0]))
    if (const auto *S = Parents[0].get<Stmt>())
      UseAncestors.insert(S);
  std::optional<std::string> Out = text(E);
  Use = nullptr;
  return Out;
}

bool HostValues::reachesUse(const Expr *Append) const {
  if (!Use)
    return true;
  // In the function of the use, an append counts when it comes first, in a block that holds the
  // use too (the same branch, or around it); one in another function (a helper that builds the
  // text) always counts.
  const CompoundStmt *Block = nullptr;
  for (DynTypedNodeList Parents = Ctx.getParents(*Append); !Parents.empty();
       Parents = Ctx.getParents(Parents[0])) {
    if (const auto *B = Parents[0].get<CompoundStmt>(); B && !Block)
      Block = B;
    if (const auto *F = Parents[0].get<FunctionDecl>()) {
      if (!F->getBody() || !UseAncestors.count(F->getBody()))
        return true;
      return Ctx.getSourceManager().isBeforeInTranslationUnit(Append->getBeginLoc(),
                                                              Use->getBeginLoc()) &&
             (!Block || UseAncestors.count(Block) > 0);
    }
  }
  return true;
}

const std::vector<const Expr *> *HostValues::elements(const Decl *D, int64_t Index) const {
  auto It = Elements.find({D, Index});
  return It == Elements.end() ? nullptr : &It->second;
}

std::optional<int64_t> HostValues::integer(const Expr *E, unsigned Depth) const {
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  // `(size_t)ceil((float)N / (float)BS) * BS`: a size rounded up through floating point.
  if (E->getType()->isRealFloatingType()) {
    std::optional<double> V = real(E, Depth + 1);
    if (!V || !std::isfinite(*V) || std::fabs(*V) > 9.0e18)
      return std::nullopt;
    return int64_t(*V);
  }
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E); C && C->getType()->isIntegerType())
    return integer(C->getSubExpr(), Depth + 1);
  if (const Decl *D = named(E)) {
    if (Modified.count(D))
      return std::nullopt;
    // One value wherever it is assigned (a field set to 4 in each constructor).
    auto It = Assigned.find(D);
    if (It == Assigned.end() || It->second.empty())
      return std::nullopt;
    std::optional<int64_t> Value = integer(It->second.front(), Depth + 1);
    for (const Expr *Other : It->second)
      if (!Value || integer(Other, Depth + 1) != Value)
        return std::nullopt;
    return Value;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto L = integer(B->getLHS(), Depth + 1), Rv = integer(B->getRHS(), Depth + 1);
  if (!L || !Rv)
    return std::nullopt;
  int64_t Out;
  switch (B->getOpcode()) {
  case BO_Add:
    return __builtin_add_overflow(*L, *Rv, &Out) ? std::nullopt : std::optional(Out);
  case BO_Sub:
    return __builtin_sub_overflow(*L, *Rv, &Out) ? std::nullopt : std::optional(Out);
  case BO_Mul:
    return __builtin_mul_overflow(*L, *Rv, &Out) ? std::nullopt : std::optional(Out);
  case BO_Div:
    return *Rv && !(*L == INT64_MIN && *Rv == -1) ? std::optional<int64_t>(*L / *Rv) : std::nullopt;
  case BO_Shl:
    return *Rv >= 0 && *Rv < 62 && *L >= 0 && *L < (int64_t(1) << (62 - *Rv))
               ? std::optional<int64_t>(*L << *Rv)
               : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<double> HostValues::real(const Expr *E, unsigned Depth) const {
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->getType()->isIntegerType())
    return integer(E, Depth + 1);
  if (const auto *C = dyn_cast<CastExpr>(E))
    return real(C->getSubExpr(), Depth + 1);
  llvm::APFloat F(0.0);
  if (!E->isValueDependent() && E->EvaluateAsFloat(F, Ctx)) {
    bool Lost = false;
    F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &Lost);
    return F.convertToDouble();
  }
  if (const auto *Call = dyn_cast<CallExpr>(E); Call && Call->getNumArgs() == 1) {
    const FunctionDecl *Fn = Call->getDirectCallee();
    std::string Name = Fn ? Fn->getName().str() : "";
    std::optional<double> A = real(Call->getArg(0), Depth + 1);
    if (!A)
      return std::nullopt;
    if (Name == "ceil" || Name == "ceilf" || Name == "__builtin_ceil" || Name == "__builtin_ceilf")
      return std::ceil(*A);
    if (Name == "floor" || Name == "floorf" || Name == "__builtin_floor" ||
        Name == "__builtin_floorf")
      return std::floor(*A);
    return std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto L = real(B->getLHS(), Depth + 1), Rv = real(B->getRHS(), Depth + 1);
  if (!L || !Rv)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add:
    return *L + *Rv;
  case BO_Sub:
    return *L - *Rv;
  case BO_Mul:
    return *L * *Rv;
  case BO_Div:
    return *Rv != 0 ? std::optional<double>(*L / *Rv) : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<std::string> HostValues::constantString(const Expr *E, unsigned Depth) const {
  if (auto S = literalString(E))
    return S;
  const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!DR || Depth > MaxDepth || Modified.count(DR->getDecl()->getCanonicalDecl()))
    return std::nullopt;
  auto It = Assigned.find(DR->getDecl()->getCanonicalDecl());
  if (It == Assigned.end() || It->second.size() != 1)
    return std::nullopt;
  return constantString(It->second.front(), Depth + 1);
}

std::optional<std::string> HostValues::formatted(const CallExpr *Call, unsigned FormatArg,
                                                 unsigned Depth) const {
  if (Call->getNumArgs() <= FormatArg)
    return std::nullopt;
  std::optional<std::string> Format = constantString(Call->getArg(FormatArg));
  if (!Format)
    return std::nullopt;
  std::string Out;
  unsigned Next = FormatArg + 1;
  for (size_t I = 0; I < Format->size(); ++I) {
    char C = (*Format)[I];
    if (C != '%') {
      Out += C;
      continue;
    }
    if (I + 1 < Format->size() && (*Format)[I + 1] == '%') {
      Out += '%';
      ++I;
      continue;
    }
    // Flags, width, precision and length, then the conversion.
    size_t J = I + 1;
    while (J < Format->size() &&
           std::string("-+ #0123456789.hlzjtL").find((*Format)[J]) != std::string::npos)
      ++J;
    if (J >= Format->size())
      return std::nullopt;
    char Conv = (*Format)[J];
    const Expr *Arg = Next < Call->getNumArgs() ? Call->getArg(Next++) : nullptr;
    if (Conv == 's') {
      std::optional<std::string> S = Arg ? text(Arg, Depth + 1) : std::nullopt;
      Out += S ? *S : "?";
    } else if (std::string("diuxX").find(Conv) != std::string::npos) {
      std::optional<int64_t> V = integer(Arg, Depth + 1);
      Out += V ? std::to_string(*V) : "?";
    } else {
      Out += "?"; // %f, %g, %c, ...: not traced
    }
    I = J;
  }
  return Out;
}

const DeclRefExpr *HostValues::writtenBuffer(const Expr *Target, bool *Appends) {
  Target = Target->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(Target); B && B->getOpcode() == BO_Add) {
    const auto *Buffer = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
    const auto *Length = dyn_cast<CallExpr>(B->getRHS()->IgnoreParenImpCasts());
    const FunctionDecl *F = Length ? Length->getDirectCallee() : nullptr;
    const auto *Of = F && F->getName() == "strlen" && Length->getNumArgs() == 1
                         ? dyn_cast<DeclRefExpr>(Length->getArg(0)->IgnoreParenImpCasts())
                         : nullptr;
    if (!Buffer || !Of || Of->getDecl() != Buffer->getDecl())
      return nullptr;
    if (Appends)
      *Appends = true;
    return Buffer;
  }
  return dyn_cast<DeclRefExpr>(Target);
}

std::optional<std::string> HostValues::bufferText(const Decl *D, unsigned Depth) const {
  auto It = Writes.find(D);
  if (It == Writes.end())
    return std::nullopt;
  std::string Out;
  for (const CallExpr *Call : It->second) {
    const FunctionDecl *F = Call->getDirectCallee();
    llvm::StringRef Name = F ? F->getName() : "";
    std::optional<std::string> Part;
    bool Appends = Name == "strcat" || Name == "strncat";
    if (Name == "sprintf" || Name == "snprintf")
      writtenBuffer(Call->getArg(0), &Appends);
    if (Name == "sprintf")
      Part = formatted(Call, 1, Depth);
    else if (Name == "snprintf")
      Part = formatted(Call, 2, Depth);
    else if (Name.starts_with("str") && Call->getNumArgs() >= 2)
      Part = text(Call->getArg(1), Depth + 1); // strcpy, strcat, strncpy, strncat
    else if (!helperWrites(Call, D, Depth, Appends, Part))
      continue; // handed to a helper that only reads it
    std::string Piece = Part ? *Part : "?";
    if (Appends)
      Out += Piece;
    else
      Out = Piece;
  }
  return Out;
}

std::optional<std::string> HostValues::text(const Expr *E, unsigned Depth) const {
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  if (E->IgnoreParenImpCasts()->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return std::string();
  if (auto S = literalString(E))
    return S;
  E = unwrapped(E);
  if (auto S = literalString(E))
    return S;
  // A default-constructed std::string or string stream holds nothing yet.
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 0)
    return std::string();
  // A number written into a stream (`os << "-DN=" << n`), as the stream prints it.
  if (QualType T = E->getType();
      !T.isNull() && T->isArithmeticType() && !T->isAnyCharacterType() && !T->isBooleanType()) {
    if (T->isIntegerType()) {
      std::optional<int64_t> V = integer(E, Depth + 1);
      return V ? std::to_string(*V) : std::string("?");
    }
    llvm::APFloat F(0.0);
    if (!E->isValueDependent() && E->EvaluateAsFloat(F, Ctx)) {
      char Buffer[64];
      std::snprintf(Buffer, sizeof Buffer, "%g", F.convertToDouble());
      return std::string(Buffer);
    }
    return std::string("?");
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Plus && Op->getNumArgs() == 2) {
    auto L = text(Op->getArg(0), Depth + 1), R = text(Op->getArg(1), Depth + 1);
    return (L ? *L : "?") + (R ? *R : "?");
  }
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(E)) {
    if (const CXXMethodDecl *MD = M->getMethodDecl();
        MD && (MD->getName() == "c_str" || MD->getName() == "data" || MD->getName() == "str"))
      return text(M->getImplicitObjectArgument(), Depth + 1);
    return returnedText(M->getMethodDecl(), Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (const FunctionDecl *F = Call->getDirectCallee();
        F && F->getName() == "to_string" && Call->getNumArgs() == 1) {
      std::optional<int64_t> V = integer(Call->getArg(0), Depth + 1);
      return V ? std::to_string(*V) : std::string("?");
    }
    return returnedText(Call->getDirectCallee(), Depth + 1);
  }
  const Decl *D = named(E);
  if (!D)
    return std::nullopt;
  if (Modified.count(D))
    return std::string("?");
  if (auto B = bufferText(D, Depth))
    return B;
  // A variable: its one assigned value, then what `+=` added, in order.
  auto It = Assigned.find(D);
  std::optional<std::string> Base;
  if (It != Assigned.end() && It->second.size() == 1)
    Base = text(It->second.front(), Depth + 1);
  auto Ap = Appends.find(D);
  if (!Base && Ap == Appends.end())
    return std::nullopt;
  std::string Out = Base ? *Base : (It == Assigned.end() ? "" : "?");
  if (Ap != Appends.end())
    for (const Expr *A : Ap->second) {
      if (!reachesUse(A))
        continue;
      auto S = text(A, Depth + 1);
      Out += S ? *S : "?";
    }
  return Out;
}

std::optional<std::string> HostValues::returnedText(const FunctionDecl *F, unsigned Depth) const {
  if (!F || !F->hasBody() || Depth > MaxDepth ||
      Ctx.getSourceManager().isInSystemHeader(F->getLocation()))
    return std::nullopt;
  // The options a helper of the host code builds and returns (`std::string options() { ...
  // return o; }`): the text of its returns, when they all agree. Its parameters stay unknown.
  std::optional<std::string> Out;
  for (const ReturnStmt *R : returnStatements(F->getBody())) {
    std::optional<std::string> T = text(R->getRetValue(), Depth + 1);
    if (!T || (Out && *Out != *T))
      return std::nullopt;
    Out = T;
  }
  return Out;
}

bool HostValues::helperWrites(const CallExpr *Call, const Decl *Buffer, unsigned Depth,
                              bool &Appends, std::optional<std::string> &Text) const {
  const FunctionDecl *F = Call->getDirectCallee();
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || Depth > MaxDepth)
    return false;
  for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I) {
    const auto *B = dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
    if (!B || B->getDecl()->getCanonicalDecl() != Buffer)
      continue;
    const ParmVarDecl *P = Def->getParamDecl(I);
    auto It = Writes.find(P->getCanonicalDecl());
    if (It == Writes.end() || It->second.empty())
      return false;
    // A helper that starts with strcat adds to what the buffer held.
    const FunctionDecl *First = It->second.front()->getDirectCallee();
    Appends = First && (First->getName() == "strcat" || First->getName() == "strncat");
    Text = bufferText(P, Depth + 1);
    return true;
  }
  return false;
}

bool isCharBuffer(const Decl *D) {
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V)
    return false;
  QualType T = V->getType();
  if (const ArrayType *A = T->getAsArrayTypeUnsafe())
    return A->getElementType()->isCharType();
  return T->isPointerType() && T->getPointeeType()->isCharType() &&
         !T->getPointeeType().isConstQualified();
}

} // namespace cllint
