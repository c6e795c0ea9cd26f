#include "Verify/Plan/WhatIf.h"

#include "Analysis/KernelFacts.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

namespace cllint::verify {

using namespace analysis;

namespace {

std::optional<unsigned> fileOffset(const clang::SourceManager &SM, clang::SourceLocation L) {
  if (L.isInvalid())
    return std::nullopt;
  L = SM.getFileLoc(L);
  if (SM.getFileID(L) != SM.getMainFileID())
    return std::nullopt;
  return SM.getFileOffset(L);
}

// `get_local_size(0)` and the other uniform work-item functions the analysis names symbols by.
bool isWorkItemFunctionSymbol(llvm::StringRef Sym) {
  for (const char *Fn : {"get_local_size(", "get_global_size(", "get_num_groups(", "get_group_id(",
                         "get_global_offset("})
    if (Sym.consume_front(Fn))
      return Sym.size() == 2 && Sym[0] >= '0' && Sym[0] <= '2' && Sym[1] == ')';
  return false;
}

// Coefficient text of P / Unit: "(long)stride", "4", "(long)get_local_size(0)*(long)n".
std::optional<std::string> coefficientText(const Poly &P, int64_t Unit,
                                           const clang::FunctionDecl *Kernel, std::string &WhyNot) {
  std::string Out;
  for (const auto &[Mono, C] : P.terms()) {
    if (C % Unit) {
      WhyNot = "the lane stride " + P.str() + " bytes is not a whole number of elements";
      return std::nullopt;
    }
    int64_t K = C / Unit;
    std::string Term = std::to_string(K);
    for (const std::string &Sym : Mono) {
      bool Ok = isWorkItemFunctionSymbol(Sym);
      if (!Ok)
        for (const clang::ParmVarDecl *Param : Kernel->parameters())
          if (Param->getNameAsString() == Sym && Param->getType()->isIntegerType())
            Ok = true;
      if (!Ok) {
        WhyNot = "the lane stride depends on '" + Sym +
                 "', which is not a kernel argument or a work-item function";
        return std::nullopt;
      }
      Term += "*(long)" + Sym;
    }
    Out += (Out.empty() ? "" : " + ") + Term;
  }
  return Out.empty() ? std::nullopt : std::optional<std::string>("(" + Out + ")");
}

const clang::DeclRefExpr *refTo(const clang::Expr *E, const clang::ValueDecl *D) {
  const auto *R = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
  return R && R->getDecl() == D ? R : nullptr;
}

// [Begin, End) of an index's text in the main file. An index written as a macro's argument
// (CLBlast's `MultiplyAdd(ygm[id*y_inc + ...], ...)`) is spelled in the file and rewritten
// there; one in a macro's own text is not.
std::optional<std::pair<unsigned, unsigned>>
indexSpan(const clang::ASTContext &Ctx, clang::SourceLocation First, clang::SourceLocation Last,
          const std::string &Content, std::string &WhyNot) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  if (First.isMacroID() && Last.isMacroID() && SM.isMacroArgExpansion(First) &&
      SM.isMacroArgExpansion(Last)) {
    First = SM.getSpellingLoc(First);
    Last = SM.getSpellingLoc(Last);
  }
  if (First.isMacroID() || Last.isMacroID() || SM.getFileID(First) != SM.getFileID(Last)) {
    WhyNot = "the index is written in a macro";
    return std::nullopt;
  }
  auto Begin = fileOffset(SM, First);
  auto End = fileOffset(SM, clang::Lexer::getLocForEndOfToken(Last, 0, SM, Ctx.getLangOpts()));
  if (!Begin || !End || *End <= *Begin || *End > Content.size()) {
    WhyNot = "the index is not in the main file";
    return std::nullopt;
  }
  return std::make_pair(*Begin, *End);
}

} // namespace

std::optional<std::string> unitStrideWhatIf(const TUAnalysis &A, const KernelInfo &K,
                                            unsigned Offset, const std::string &Content,
                                            unsigned Dims, std::string &Description,
                                            std::string &WhyNot) {
  const clang::SourceManager &SM = A.context().getSourceManager();
  const KernelFacts &Facts = A.facts(K);
  const MemoryAccess *Hit = nullptr;
  for (int Pass = 0; Pass < 2 && !Hit; ++Pass)
    for (const MemoryAccess &Acc : Facts.accesses()) {
      auto B = fileOffset(SM, Acc.E->getBeginLoc()), E = fileOffset(SM, Acc.E->getEndLoc());
      if (!B || !E)
        continue;
      if (Pass == 0 ? *B == Offset : (*B <= Offset && Offset <= *E)) {
        Hit = &Acc;
        break;
      }
    }
  if (!Hit) {
    WhyNot = "no memory access of the kernel at the finding's location";
    return std::nullopt;
  }
  const MemoryAccess &Acc = *Hit;
  if (Acc.Function != K.Decl) {
    WhyNot = "the access is in helper '" + Acc.Function->getNameAsString() +
             "'; the what-if rewrites accesses in the kernel body only";
    return std::nullopt;
  }
  if (!llvm::isa_and_nonnull<clang::ParmVarDecl>(Acc.Base) || !Acc.Bytes.isAffine()) {
    WhyNot = "the access is not an affine index into a buffer argument";
    return std::nullopt;
  }
  // The index expression and the bytes one step of it moves.
  const clang::Expr *Idx = nullptr;
  clang::SourceLocation IdxEndOverride; // where the index text ends, when not at Idx's end
  int64_t Unit = Acc.ElementBytes;
  const clang::Expr *E = Acc.E->IgnoreParenImpCasts();
  if (const auto *ASE = llvm::dyn_cast<clang::ArraySubscriptExpr>(E)) {
    if (refTo(ASE->getBase(), Acc.Base))
      Idx = ASE->getIdx();
  } else if (const auto *Deref = llvm::dyn_cast<clang::UnaryOperator>(E);
             Deref && Deref->getOpcode() == clang::UO_Deref) {
    // `*(p + i)` and `*(p + a + b)`, as rodinia's gaussian writes it: the same access as p[i],
    // its index the text after `p +`.
    const clang::Expr *Sum = Deref->getSubExpr()->IgnoreParens();
    const auto *Add = llvm::dyn_cast<clang::BinaryOperator>(Sum);
    if (Add && Add->getOpcode() == clang::BO_Add && refTo(Add->getRHS(), Acc.Base)) {
      Idx = Add->getLHS();
    } else {
      for (; Add && Add->getOpcode() == clang::BO_Add;
           Add = llvm::dyn_cast<clang::BinaryOperator>(Add->getLHS()->IgnoreParens()))
        if (refTo(Add->getLHS(), Acc.Base)) {
          Idx = Add->getRHS();
          IdxEndOverride = Sum->getEndLoc();
          break;
        }
    }
  } else if (const auto *Call = llvm::dyn_cast<clang::CallExpr>(E)) {
    const clang::FunctionDecl *FD = Call->getDirectCallee();
    llvm::StringRef Name = FD && FD->getIdentifier() ? FD->getName() : "";
    unsigned N = 0;
    if (Name.consume_front("vload") && !Name.getAsInteger(10, N) && Call->getNumArgs() == 2 &&
        refTo(Call->getArg(1), Acc.Base))
      Idx = Call->getArg(0);
    else if (Name.consume_front("vstore") && !Name.getAsInteger(10, N) && Call->getNumArgs() == 3 &&
             refTo(Call->getArg(2), Acc.Base))
      Idx = Call->getArg(1);
    Unit = Acc.ElementBytes * std::max(1u, N);
  }
  if (!Idx) {
    WhyNot = "the access is not 'p[i]', '*(p + i)', vloadN or vstoreN on a buffer argument (a "
             "member of a "
             "struct element needs a layout change, not a new index)";
    return std::nullopt;
  }
  if (Acc.AccessBytes != Unit) {
    WhyNot = "the access reads part of an element; unit stride needs a layout change";
    return std::nullopt;
  }
  auto Span =
      indexSpan(A.context(), Idx->getBeginLoc(),
                IdxEndOverride.isValid() ? IdxEndOverride : Idx->getEndLoc(), Content, WhyNot);
  if (!Span)
    return std::nullopt;
  auto [Begin, End] = *Span;
  std::string Original = Content.substr(Begin, End - Begin);
  std::string Lane[3] = {"(long)get_local_id(0)", "(long)get_local_id(1)", "(long)get_local_id(2)"};
  std::string NewIdx = "(long)(" + Original + ")";
  bool AnyLane = false;
  for (unsigned D = 0; D < 3; ++D) {
    if (Acc.Bytes.Lane[D].isZero())
      continue;
    auto C = coefficientText(Acc.Bytes.Lane[D], Unit, K.Decl, WhyNot);
    if (!C)
      return std::nullopt;
    NewIdx += " - " + *C + "*" + Lane[D];
    AnyLane = true;
  }
  if (!AnyLane) {
    WhyNot = "the access does not depend on the lane";
    return std::nullopt;
  }
  std::string Linear = Lane[0];
  if (Dims > 1)
    Linear += " + (long)get_local_size(0)*" + Lane[1];
  if (Dims > 2)
    Linear += " + (long)get_local_size(0)*(long)get_local_size(1)*" + Lane[2];
  NewIdx = "(" + NewIdx + " + " + Linear + ")";
  // The same element of the same buffer read or written elsewhere in the kernel (`t =
  // x[i*inc]; x[i*inc] = y[...]`, harris's three reads of ixx_in[idx]) moves with it: left
  // behind, it would be a second, still strided access where the kernel had one.
  std::vector<std::pair<unsigned, unsigned>> Spans = {{Begin, End}};
  for (const MemoryAccess &Other : Facts.accesses()) {
    const auto *OtherASE =
        llvm::dyn_cast<clang::ArraySubscriptExpr>(Other.E->IgnoreParenImpCasts());
    if (&Other == &Acc || Other.Base != Acc.Base || Other.Function != K.Decl || !OtherASE)
      continue;
    std::string Ignored;
    auto OtherSpan = indexSpan(A.context(), OtherASE->getIdx()->getBeginLoc(),
                               OtherASE->getIdx()->getEndLoc(), Content, Ignored);
    if (OtherSpan &&
        Content.compare(OtherSpan->first, OtherSpan->second - OtherSpan->first, Original) == 0 &&
        std::find(Spans.begin(), Spans.end(), *OtherSpan) == Spans.end())
      Spans.push_back(*OtherSpan);
  }
  std::sort(Spans.begin(), Spans.end(),
            [](const auto &X, const auto &Y) { return X.first > Y.first; });
  std::string After = Content;
  for (const auto &[B, En] : Spans)
    After.replace(B, En - B, NewIdx);
  Description = "what-if: index '" + Original +
                "' with its lane-dependent part replaced by the lane's linear id in the "
                "work-group (consecutive lanes, consecutive elements; the group's offset is kept)";
  if (Spans.size() > 1)
    Description += "; the " + std::to_string(Spans.size() - 1) +
                   " other access(es) of the same element are rewritten with it";
  return After;
}

} // namespace cllint::verify
