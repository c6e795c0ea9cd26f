#include "Verify/Plan/KernelSetup.h"

#include "Analysis/AccessQueries.h"
#include "cllint/Verify/Runner/ElementType.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>

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

std::string lower(std::string S) {
  for (char &C : S)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return S;
}

bool oneOf(const std::string &S, std::initializer_list<const char *> Names) {
  for (const char *N : Names)
    if (S == N)
      return true;
  return false;
}

// The element or scalar type in the runner's spelling, with its size in bytes.
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

std::string dimsText(const std::array<uint64_t, 3> &V, unsigned Dims) {
  std::string S;
  for (unsigned D = 0; D < Dims; ++D)
    S += (D ? "x" : "") + std::to_string(V[D]);
  return S;
}

std::string bytesText(uint64_t B) {
  char Buf[64];
  if (B >= (1ull << 20))
    std::snprintf(Buf, sizeof Buf, "%.4g MiB", static_cast<double>(B) / (1 << 20));
  else if (B >= 1024)
    std::snprintf(Buf, sizeof Buf, "%.4g KiB", static_cast<double>(B) / 1024);
  else
    std::snprintf(Buf, sizeof Buf, "%llu B", static_cast<unsigned long long>(B));
  return Buf;
}

struct Extent {
  int64_t EndByte = 0; // one past the last byte reached
  bool Read = false, Write = false, Seen = false;
  std::string Undecided; // why an access cannot be bounded
};

NDRange toRange(const KernelSetup &S) {
  NDRange R;
  R.Dims = S.Dims;
  for (unsigned D = 0; D < 3; ++D) {
    R.Global[D] = D < S.Dims ? S.Global[D] : 1;
    R.Local[D] = D < S.Dims ? S.Local[D] : 1;
  }
  return R;
}

SymbolValues scalarBindings(const KernelSetup &S) {
  SymbolValues V;
  for (const ArgPlan &A : S.Args)
    if (A.K == ArgPlan::Scalar && A.Integer)
      V[A.Name] = static_cast<int64_t>(A.Value);
  return V;
}

const clang::ParmVarDecl *paramOf(const MemoryAccess &A) {
  return llvm::dyn_cast_or_null<clang::ParmVarDecl>(A.Base);
}

std::map<const clang::ParmVarDecl *, Extent> extents(const KernelFacts &F, const NDRange &R,
                                                     const SymbolValues &Args) {
  std::map<const clang::ParmVarDecl *, Extent> Out;
  for (const MemoryAccess &A : F.accesses()) {
    const clang::ParmVarDecl *P = paramOf(A);
    if (!P)
      continue;
    Extent &E = Out[P];
    E.Seen = true;
    E.Read |= A.Read;
    E.Write |= A.Write;
    std::string Why;
    auto IR = indexRange(A, R, Args, &Why);
    if (!IR) {
      if (E.Undecided.empty())
        E.Undecided = Why;
      continue;
    }
    if (IR->Min < 0) {
      if (E.Undecided.empty())
        E.Undecided = "an access reaches element " + std::to_string(IR->Min) + ", before the start";
      continue;
    }
    int64_t EB = std::max<int64_t>(1, A.ElementBytes);
    E.EndByte = std::max<int64_t>(E.EndByte, (IR->Max + 1) * EB);
  }
  return Out;
}

// Most offsets one access may be enumerated over (work-items times loop iterations); beyond
// it the access counts as not enumerable.
constexpr uint64_t MaxOffsets = uint64_t(1) << 26;

// A loop counter in an address (the analysis's `k_NAME` symbol: the iteration number of the
// loop that steps NAME) with the number of iterations its loop runs.
struct LoopCounter {
  std::string Sym;
  int64_t Trips = 0;
};

SymbolValues sizeBindings(const NDRange &R, const SymbolValues &Args) {
  SymbolValues Env = Args;
  for (unsigned D = 0; D < 3; ++D) {
    Env[localSizeSym(D)] = static_cast<int64_t>(R.Local[D]);
    Env[globalSizeSym(D)] = static_cast<int64_t>(R.Global[D]);
    Env[numGroupsSym(D)] = static_cast<int64_t>((R.Global[D] + R.Local[D] - 1) / R.Local[D]);
    Env["get_global_offset(" + std::to_string(D) + ")"] = 0;
  }
  return Env;
}

// The loop counters A's address depends on, each with the trip count of the innermost loop
// around A whose condition is on it. Nullopt, with Why, when a symbol is not such a counter
// or its loop's bounds are not constant over the NDRange (they depend on the work-item, the
// work-group or another counter).
std::optional<std::vector<LoopCounter>> loopCounters(const MemoryAccess &A, const KernelFacts &F,
                                                     const SymbolValues &Env, int64_t MaxTrips,
                                                     std::string &Why) {
  std::vector<std::string> Unbound;
  auto collect = [&](const Poly &P) {
    for (const std::string &S : P.symbols())
      if (!Env.count(S) && S.rfind("get_group_id(", 0) != 0 &&
          std::find(Unbound.begin(), Unbound.end(), S) == Unbound.end())
        Unbound.push_back(S);
  };
  collect(A.Bytes.Constant);
  for (const Poly &P : A.Bytes.Lane)
    collect(P);
  std::vector<LoopCounter> Out;
  if (Unbound.empty())
    return Out;
  if (!A.E || !A.Function) {
    Why = "the access has no source location";
    return std::nullopt;
  }
  const clang::SourceManager &SM = A.Function->getASTContext().getSourceManager();
  clang::SourceLocation At = SM.getExpansionLoc(A.E->getBeginLoc());
  for (const std::string &Sym : Unbound) {
    if (Sym.rfind("k_", 0) != 0) {
      Why = "the address depends on '" + Sym + "', which is not a loop counter";
      return std::nullopt;
    }
    const BranchCondition *Best = nullptr;
    clang::SourceRange BestRange;
    for (const BranchCondition &C : F.conditions()) {
      if (C.Function != A.Function || !C.Owner || !C.Value ||
          !llvm::isa<clang::ForStmt, clang::WhileStmt>(C.Owner))
        continue;
      std::vector<const VNode *> Syms;
      collectSymbols(C.Value, Syms);
      bool Mentions = false;
      for (const VNode *N : Syms)
        Mentions |= N->Name == Sym;
      if (!Mentions)
        continue;
      clang::SourceRange R(SM.getExpansionLoc(C.Owner->getBeginLoc()),
                           SM.getExpansionLoc(C.Owner->getEndLoc()));
      if (!SM.isPointWithin(At, R.getBegin(), R.getEnd()))
        continue;
      if (!Best || SM.isBeforeInTranslationUnit(BestRange.getBegin(), R.getBegin())) {
        Best = &C;
        BestRange = R;
      }
    }
    if (!Best) {
      Why = "no loop around the access has a condition on '" + Sym.substr(2) + "'";
      return std::nullopt;
    }
    if (dependsOnLanes(Best->Value)) {
      Why = "the bounds of the loop on '" + Sym.substr(2) + "' differ between work-items";
      return std::nullopt;
    }
    SymbolValues E2 = Env;
    int64_t Trips = -1;
    for (int64_t K = 0; K <= MaxTrips; ++K) {
      E2[Sym] = K;
      auto V = evaluate(Best->Value, {0, 0, 0}, E2);
      if (!V) {
        Why = "the condition of the loop on '" + Sym.substr(2) + "' is not constant";
        return std::nullopt;
      }
      if (!*V) {
        Trips = K;
        break;
      }
    }
    if (Trips < 0) {
      Why = "the loop on '" + Sym.substr(2) + "' runs too many iterations to enumerate";
      return std::nullopt;
    }
    Out.push_back({Sym, Trips});
  }
  return Out;
}

// Calls Visit with the byte offset of A for every work-item of the NDRange and, for an address
// that depends on loop counters with constant bounds, every iteration. False, with Why, when a
// coefficient cannot be evaluated, a counter cannot be enumerated, or there are more than
// MaxOffsets offsets.
bool forEachOffset(const MemoryAccess &A, const KernelFacts &F, const NDRange &R,
                   const SymbolValues &Args, const std::function<void(int64_t)> &Visit,
                   std::string &Why, bool &UsedLoops) {
  if (!A.Bytes.isAffine()) {
    Why = "an address is not affine in the work-item ids";
    return false;
  }
  SymbolValues Env = sizeBindings(R, Args);
  std::array<uint64_t, 3> Groups{};
  unsigned __int128 Work = 1;
  for (unsigned D = 0; D < 3; ++D) {
    Groups[D] = (R.Global[D] + R.Local[D] - 1) / R.Local[D];
    Work *= Groups[D] * R.Local[D];
  }
  int64_t MaxTrips = Work ? static_cast<int64_t>(MaxOffsets / std::max<uint64_t>(1, Work)) : 0;
  auto Counters = loopCounters(A, F, Env, MaxTrips, Why);
  if (!Counters)
    return false;
  UsedLoops = !Counters->empty();
  for (const LoopCounter &C : *Counters)
    Work *= static_cast<uint64_t>(C.Trips);
  if (!Counters->empty() && Work > MaxOffsets) {
    Why = "an access has more than 2^26 offsets over the NDRange and its loops";
    return false;
  }
  std::vector<int64_t> Iter(Counters->size(), 0);
  for (const LoopCounter &C : *Counters) {
    if (C.Trips == 0)
      return true; // the loop never runs
    Env[C.Sym] = 0;
  }
  while (true) {
    for (uint64_t G2 = 0; G2 < Groups[2]; ++G2)
      for (uint64_t G1 = 0; G1 < Groups[1]; ++G1)
        for (uint64_t G0 = 0; G0 < Groups[0]; ++G0) {
          Env[groupIdSym(0)] = static_cast<int64_t>(G0);
          Env[groupIdSym(1)] = static_cast<int64_t>(G1);
          Env[groupIdSym(2)] = static_cast<int64_t>(G2);
          auto C = A.Bytes.Constant.evaluate(Env);
          auto C0 = A.Bytes.Lane[0].evaluate(Env), C1 = A.Bytes.Lane[1].evaluate(Env),
               C2 = A.Bytes.Lane[2].evaluate(Env);
          if (!C || !C0 || !C1 || !C2) {
            Why = "a coefficient of an address cannot be evaluated";
            return false;
          }
          for (uint64_t L2 = 0; L2 < R.Local[2]; ++L2)
            for (uint64_t L1 = 0; L1 < R.Local[1]; ++L1)
              for (uint64_t L0 = 0; L0 < R.Local[0]; ++L0)
                Visit(*C + *C0 * static_cast<int64_t>(L0) + *C1 * static_cast<int64_t>(L1) +
                      *C2 * static_cast<int64_t>(L2));
        }
    // Next iteration of the counters, the last one fastest.
    size_t I = Iter.size();
    while (I > 0) {
      --I;
      if (++Iter[I] < (*Counters)[I].Trips) {
        Env[(*Counters)[I].Sym] = Iter[I];
        break;
      }
      Iter[I] = 0;
      Env[(*Counters)[I].Sym] = 0;
      if (I == 0)
        return true;
    }
    if (Iter.empty())
      return true;
  }
}

struct Footprint {
  bool Exact = true;          // every access enumerated (or counted whole, if allowed)
  bool WholeFromSpec = false; // a spec-sized buffer was counted whole
  bool Loops = false;         // an access was enumerated over loop iterations
  uint64_t Moved = 0;
  std::string Note, Why;
};

// Bytes moved: distinct elements each buffer has read and written over the NDRange. A buffer
// the spec sized whose accesses cannot be enumerated is counted whole when AllowWhole.
Footprint footprint(const KernelFacts &Facts, const KernelSetup &S,
                    const std::map<std::string, const clang::ParmVarDecl *> &ByName,
                    bool AllowWhole) {
  Footprint Out;
  NDRange Range = toRange(S);
  SymbolValues Bindings = scalarBindings(S);
  for (const ArgPlan &Arg : S.Args) {
    if (Arg.K != ArgPlan::Buffer)
      continue;
    auto PIt = ByName.find(Arg.Name);
    const clang::ParmVarDecl *P = PIt == ByName.end() ? nullptr : PIt->second;
    std::vector<bool> ReadBits(Arg.Elements), WriteBits(Arg.Elements);
    bool Any = false, Enumerated = true, AnyRead = false, AnyWrite = false;
    for (const MemoryAccess &Acc : Facts.accesses()) {
      if (!P || paramOf(Acc) != P)
        continue;
      Any = true;
      AnyRead |= Acc.Read;
      AnyWrite |= Acc.Write;
      int64_t Span = std::max<int64_t>(1, Acc.AccessBytes);
      std::string Why;
      bool UsedLoops = false;
      bool Ok = forEachOffset(
          Acc, Facts, Range, Bindings,
          [&](int64_t Off) {
            if (Off < 0)
              return;
            uint64_t First = uint64_t(Off) / Arg.TypeBytes,
                     Last = uint64_t(Off + Span - 1) / Arg.TypeBytes;
            for (uint64_t I = First; I <= Last && I < Arg.Elements; ++I) {
              if (Acc.Read)
                ReadBits[I] = true;
              if (Acc.Write)
                WriteBits[I] = true;
            }
          },
          Why, UsedLoops);
      Out.Loops |= Ok && UsedLoops;
      if (!Ok && Out.Why.empty())
        Out.Why = Arg.Name + ": " + Why;
      Enumerated &= Ok;
    }
    if (!Any)
      continue;
    if (!Enumerated && Arg.SizeFromSpec && AllowWhole) {
      // A buffer the spec sized is counted whole in each direction it is accessed, which is
      // what a kernel that sweeps it moves.
      std::fill(ReadBits.begin(), ReadBits.end(), AnyRead);
      std::fill(WriteBits.begin(), WriteBits.end(), AnyWrite);
      Out.WholeFromSpec = true;
    } else {
      Out.Exact &= Enumerated;
    }
    uint64_t R = std::count(ReadBits.begin(), ReadBits.end(), true) * Arg.TypeBytes;
    uint64_t W = std::count(WriteBits.begin(), WriteBits.end(), true) * Arg.TypeBytes;
    Out.Moved += R + W;
    auto add = [&](const char *Verb, uint64_t B) {
      if (!B)
        return;
      Out.Note += (Out.Note.empty() ? "" : ", ") + std::string(Verb) + " " + bytesText(B) + " of " +
                  Arg.Name;
    };
    add("reads", R);
    add("writes", W);
  }
  if (Out.Exact)
    Out.Note = (Out.Note.empty() ? std::string("no global memory traffic") : Out.Note) +
               " per launch (distinct elements per buffer and direction over " +
               dimsText(S.Global, S.Dims) + " work-items" +
               (Out.Loops ? " and the iterations of constant-bound loops" : "") +
               (Out.WholeFromSpec ? "; buffers sized by the spec with accesses that cannot be "
                                    "enumerated counted whole"
                                  : "") +
               ")";
  return Out;
}

const KernelInfo *findKernel(const TUAnalysis &A, const std::string &Name) {
  for (const KernelInfo &K : A.kernels().kernels())
    if (K.Decl->getName() == Name)
      return &K;
  return nullptr;
}

} // namespace

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

std::optional<KernelSetup> planKernelSetup(const TUAnalysis &A, const KernelInfo &K,
                                           const SetupRequest &Request, std::string &WhyNot) {
  KernelSetup S;
  S.Kernel = K.Decl->getNameAsString();
  if (K.Required)
    S.Required = K.Required->Size;
  const KernelSpec *Spec = Request.Spec;

  // NDRange.
  S.Dims = usedDimensions(K);
  if (Spec && Spec->Global)
    S.Dims = static_cast<unsigned>(Spec->Global->size());
  else if (Spec && Spec->Local)
    S.Dims = static_cast<unsigned>(Spec->Local->size());
  if (Spec && Spec->Local) {
    for (unsigned D = 0; D < S.Dims; ++D)
      S.Local[D] = (*Spec->Local)[D];
  } else if (K.Required) {
    for (unsigned D = 0; D < 3; ++D)
      S.Local[D] = K.Required->Size[D];
    for (unsigned D = S.Dims; D < 3; ++D)
      if (S.Local[D] != 1) {
        WhyNot = "reqd_work_group_size uses more dimensions than the spec's global size";
        return std::nullopt;
      }
  } else {
    WorkGroupShape Shape = A.workGroupShape(K);
    bool ProfileDefault = Shape.Source == "profile default";
    if (ProfileDefault && S.Dims == 2)
      S.Local = {16, 16, 1};
    else if (ProfileDefault && S.Dims == 3)
      S.Local = {8, 8, 4};
    else
      for (unsigned D = 0; D < 3; ++D)
        S.Local[D] = D < S.Dims ? Shape.Size[D] : 1;
    S.Assumptions.push_back("local size " + dimsText(S.Local, S.Dims) + " (" +
                            (ProfileDefault ? "profile default" : Shape.Source) + ")");
  }
  if (Spec && Spec->Global) {
    for (unsigned D = 0; D < S.Dims; ++D)
      S.Global[D] = (*Spec->Global)[D];
  } else {
    std::vector<uint64_t> G;
    if (Request.Global && Request.Global->size() == S.Dims) {
      G = *Request.Global;
    } else {
      uint64_t Total = Request.Global ? (*Request.Global)[0] : (1ull << 20);
      if (Request.Global && Request.Global->size() != 1) {
        WhyNot = "--global gives " + std::to_string(Request.Global->size()) +
                 " dimensions but the kernel uses " + std::to_string(S.Dims);
        return std::nullopt;
      }
      // Split the work-items evenly over the dimensions.
      uint64_t Side = static_cast<uint64_t>(std::llround(std::pow(double(Total), 1.0 / S.Dims)));
      G.assign(S.Dims, std::max<uint64_t>(1, Side));
      if (S.Dims == 1)
        G[0] = Total;
    }
    for (unsigned D = 0; D < S.Dims; ++D)
      S.Global[D] = G[D];
  }
  for (unsigned D = 0; D < S.Dims; ++D) {
    uint64_t L = S.Local[D];
    if (S.Global[D] % L) {
      uint64_t Rounded = (S.Global[D] + L - 1) / L * L;
      S.Assumptions.push_back("global size " + std::to_string(S.Global[D]) + " rounded up to " +
                              std::to_string(Rounded) + " (a multiple of the local size)");
      S.Global[D] = Rounded;
    }
  }
  uint64_t Total = S.Global[0] * S.Global[1] * S.Global[2];

  // Arguments.
  for (const clang::ParmVarDecl *P : K.Decl->parameters()) {
    ArgPlan Arg;
    Arg.Name = P->getNameAsString();
    const ArgSpec *AS = nullptr;
    if (Spec) {
      auto It = Spec->Args.find(Arg.Name);
      if (It != Spec->Args.end())
        AS = &It->second;
    }
    clang::QualType T = P->getType().getCanonicalType();
    if (Arg.Name.empty()) {
      WhyNot = "a parameter has no name";
      return std::nullopt;
    }
    if (const auto *PT = T->getAs<clang::PointerType>()) {
      clang::QualType Pointee = PT->getPointeeType();
      auto Ty = runnerType(Pointee);
      if (!Ty) {
        WhyNot = "parameter '" + Arg.Name + "' points to '" + Pointee.getAsString() +
                 "', which a plan cannot describe (only scalar and vector element types)";
        return std::nullopt;
      }
      Arg.Type = Ty->first;
      Arg.TypeBytes = Ty->second;
      clang::LangAS AS2 = Pointee.getAddressSpace();
      if (AS2 == clang::LangAS::opencl_local) {
        Arg.K = ArgPlan::Local;
      } else if (AS2 == clang::LangAS::opencl_global || AS2 == clang::LangAS::opencl_constant) {
        Arg.K = ArgPlan::Buffer;
        Arg.Output = !Pointee.isConstQualified(); // refined below from the accesses
      } else {
        WhyNot = "parameter '" + Arg.Name +
                 "' is a pointer to neither __global, __constant nor "
                 "__local memory";
        return std::nullopt;
      }
    } else if (T->isImageType() || T->isSamplerT() || T->isPipeType() || T->isEventT()) {
      WhyNot = "parameter '" + Arg.Name + "' is an image, sampler, pipe or event";
      return std::nullopt;
    } else {
      auto Ty = runnerType(T);
      if (!Ty) {
        WhyNot = "parameter '" + Arg.Name + "' has type '" + T.getAsString() +
                 "', which a plan cannot describe";
        return std::nullopt;
      }
      Arg.K = ArgPlan::Scalar;
      Arg.Type = Ty->first;
      Arg.TypeBytes = Ty->second;
      auto Elem = runner::parseElementType(Arg.Type);
      Arg.Integer = Elem && !Elem->isFloating();
      if (Elem && Elem->width != 1 && !(AS && AS->Value)) {
        WhyNot = "vector parameter '" + Arg.Name + "' needs a value in a spec";
        return std::nullopt;
      }
      if (AS && AS->Value) {
        Arg.Value = *AS->Value;
        if (Arg.Integer && Arg.Value != std::floor(Arg.Value)) {
          WhyNot = "spec value of integer parameter '" + Arg.Name + "' is not an integer";
          return std::nullopt;
        }
      } else if (!Arg.Integer) {
        Arg.Value = 1.5;
        S.Assumptions.push_back(Arg.Name + " = 1.5 (floating default)");
      } else {
        std::string N = lower(Arg.Name);
        std::string Why;
        if (oneOf(N, {"n", "count", "size", "len", "length", "num", "total", "elements", "numel",
                      "nelems", "n_elements", "num_elements", "nelements"})) {
          Arg.Value = double(Total);
          Why = "the number of work-items";
        } else if (oneOf(N, {"width", "w", "cols", "ncols", "num_cols", "columns", "nx", "pitch",
                             "ld", "lda", "ldb", "ldc"})) {
          Arg.Value = double(S.Global[0]);
          Why = "global size 0";
        } else if (oneOf(N, {"height", "h", "rows", "nrows", "num_rows", "ny"})) {
          Arg.Value = double(S.Global[1]);
          Why = "global size 1";
        } else if (oneOf(N, {"depth", "nz"})) {
          Arg.Value = double(S.Global[2]);
          Why = "global size 2";
        } else if (N == "stride") {
          Arg.Value = 32;
          Why = "default stride";
        } else if (oneOf(N, {"offset", "shift"})) {
          Arg.Value = 1;
          Why = "default offset";
        } else {
          Arg.Value = 1;
          Why = "no rule for this name; set it in a spec";
        }
        S.Assumptions.push_back(Arg.Name + " = " + std::to_string(int64_t(Arg.Value)) + " (" + Why +
                                ")");
      }
    }
    S.Args.push_back(std::move(Arg));
  }

  // Buffers: large enough for every access over the NDRange.
  NDRange Range = toRange(S);
  SymbolValues Bindings = scalarBindings(S);
  const KernelFacts &Facts = A.facts(K);
  auto Ext = extents(Facts, Range, Bindings);
  std::map<std::string, const clang::ParmVarDecl *> ByName;
  for (const clang::ParmVarDecl *P : K.Decl->parameters())
    ByName[P->getNameAsString()] = P;
  for (ArgPlan &Arg : S.Args) {
    if (Arg.K == ArgPlan::Scalar)
      continue;
    const ArgSpec *AS = nullptr;
    if (Spec) {
      auto It = Spec->Args.find(Arg.Name);
      if (It != Spec->Args.end())
        AS = &It->second;
    }
    auto EIt = Ext.find(ByName[Arg.Name]);
    const Extent *E = EIt == Ext.end() ? nullptr : &EIt->second;
    uint64_t Needed = E && E->Undecided.empty()
                          ? (static_cast<uint64_t>(E->EndByte) + Arg.TypeBytes - 1) / Arg.TypeBytes
                          : 0;
    if (Arg.K == ArgPlan::Local) {
      uint64_t Bytes = 0;
      if (AS && (AS->Bytes || AS->Elements)) {
        Bytes = AS->Bytes ? *AS->Bytes : *AS->Elements * Arg.TypeBytes;
      } else if (K.Required) {
        Bytes = uint64_t(K.Required->Size[0]) * K.Required->Size[1] * K.Required->Size[2] *
                Arg.TypeBytes;
        S.Assumptions.push_back("__local " + Arg.Name + ": " + std::to_string(Bytes) +
                                " bytes (one " + Arg.Type + " per work-item of the group)");
      } else {
        WhyNot = "__local parameter '" + Arg.Name +
                 "' has no size: the kernel has no reqd_work_group_size and no spec gives one";
        return std::nullopt;
      }
      if (E && !E->Undecided.empty()) {
        WhyNot = "cannot bound the accesses to __local '" + Arg.Name + "': " + E->Undecided;
        return std::nullopt;
      }
      if (Needed * Arg.TypeBytes > Bytes) {
        WhyNot = "__local '" + Arg.Name + "' gets " + std::to_string(Bytes) +
                 " bytes but the kernel reaches " + std::to_string(Needed * Arg.TypeBytes);
        return std::nullopt;
      }
      Arg.LocalBytes = Bytes;
      continue;
    }
    bool Read = E ? E->Read : false, Write = E ? E->Write : false;
    if (AS && AS->Elements) {
      if (E && E->Undecided.empty() && Needed > *AS->Elements) {
        WhyNot = "the spec gives '" + Arg.Name + "' " + std::to_string(*AS->Elements) +
                 " elements but the kernel reaches element " + std::to_string(Needed - 1);
        return std::nullopt;
      }
      Arg.Elements = *AS->Elements;
      Arg.SizeFromSpec = true;
    } else if (!E) {
      if (Arg.Output) {
        WhyNot = "buffer '" + Arg.Name +
                 "' is writable but the analysis sees no access to it (passed on, or used by an "
                 "atomic?); give its size in a spec";
        return std::nullopt;
      }
      Arg.Elements = 1;
      S.Assumptions.push_back("buffer " + Arg.Name + " is never accessed: 1 element");
    } else if (!E->Undecided.empty()) {
      WhyNot = "cannot size buffer '" + Arg.Name + "': " + E->Undecided +
               "; give its size in a spec (args: {" + Arg.Name + ": {elements: N}})";
      return std::nullopt;
    } else {
      Arg.Elements = std::max<uint64_t>(1, Needed);
    }
    if (E)
      Arg.Output = Write;
    if (AS && AS->Output)
      Arg.Output = *AS->Output;
    if (AS && AS->Fill)
      Arg.Fill = *AS->Fill;
    else
      Arg.Fill = Write && !Read ? "zero" : "random";
  }

  Footprint FP = footprint(Facts, S, ByName, /*AllowWhole=*/true);
  if (!FP.Exact) {
    S.BytesMoved = 0;
    S.BytesNote = "not counted: an access could not be enumerated (" + FP.Why + ")";
  } else {
    S.BytesMoved = FP.Moved;
    S.BytesNote = FP.Note;
  }
  return S;
}

bool extendForAfter(const TUAnalysis &After, KernelSetup &S, std::string &WhyNot, bool WhatIf) {
  const KernelInfo *K = findKernel(After, S.Kernel);
  if (!K) {
    WhyNot = "the changed source has no kernel '" + S.Kernel + "'";
    return false;
  }
  std::optional<std::array<unsigned, 3>> Req;
  if (K->Required)
    Req = K->Required->Size;
  if (Req != S.Required) {
    WhyNot = "the change alters reqd_work_group_size; a plan launches both versions with one "
             "NDRange";
    return false;
  }
  if (K->Decl->getNumParams() != S.Args.size()) {
    WhyNot = "the change alters the kernel's parameters";
    return false;
  }
  std::map<const clang::ParmVarDecl *, ArgPlan *> ByParam;
  for (unsigned I = 0; I < S.Args.size(); ++I) {
    const clang::ParmVarDecl *P = K->Decl->getParamDecl(I);
    if (P->getNameAsString() != S.Args[I].Name) {
      WhyNot = "the change alters the kernel's parameters";
      return false;
    }
    ByParam[P] = &S.Args[I];
  }
  auto Ext = extents(After.facts(*K), toRange(S), scalarBindings(S));
  for (auto &[P, E] : Ext) {
    auto It = ByParam.find(P);
    if (It == ByParam.end() || It->second->K == ArgPlan::Scalar)
      continue;
    ArgPlan &Arg = *It->second;
    if (!E.Undecided.empty() && Arg.SizeFromSpec)
      continue; // the spec answers for it, as for the original
    if (!E.Undecided.empty()) {
      WhyNot =
          "in the changed source, cannot bound the accesses to '" + Arg.Name + "': " + E.Undecided;
      return false;
    }
    uint64_t Needed = (static_cast<uint64_t>(E.EndByte) + Arg.TypeBytes - 1) / Arg.TypeBytes;
    if (Arg.K == ArgPlan::Local) {
      if (Needed * Arg.TypeBytes > Arg.LocalBytes) {
        WhyNot = "the changed source reaches " + std::to_string(Needed * Arg.TypeBytes) +
                 " bytes of __local '" + Arg.Name + "', more than it gets";
        return false;
      }
    } else {
      Arg.Elements = std::max(Arg.Elements, Needed);
    }
  }

  // The changed kernel's own footprint.
  std::map<std::string, const clang::ParmVarDecl *> ByName;
  for (const clang::ParmVarDecl *P : K->Decl->parameters())
    ByName[P->getNameAsString()] = P;
  Footprint FP = footprint(After.facts(*K), S, ByName, /*AllowWhole=*/!WhatIf);
  S.BytesMovedAfter.reset();
  S.BytesNoteAfter.clear();
  S.AfterBytesUnknown = false;
  if (!FP.Exact) {
    if (S.BytesMoved) {
      S.AfterBytesUnknown = true;
      S.BytesNoteAfter =
          "the changed kernel's bytes are not counted: " +
          (FP.Why.empty() ? std::string("an access could not be enumerated") : FP.Why);
    }
  } else if (FP.Moved != S.BytesMoved) {
    S.BytesMovedAfter = FP.Moved;
    S.BytesNoteAfter = FP.Note;
  }
  return true;
}

} // namespace cllint::verify
