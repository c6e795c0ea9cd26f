#include "Verify/Plan/KernelSetup.h"

#include "Analysis/AccessQueries.h"
#include "Analysis/Surroundings.h"
#include "Verify/Plan/Footprint.h"
#include "Verify/Plan/GuessedArguments.h"
#include "Verify/Plan/HostArguments.h"
#include "Verify/Plan/KernelTypes.h"
#include "Verify/Plan/LaunchFit.h"
#include "cllint/Verify/Runner/ElementType.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>

namespace cllint::verify {

using namespace analysis;

namespace {

struct Extent {
  int64_t EndByte = 0; // one past the last byte reached
  bool Read = false, Write = false, Seen = false;
  std::string Undecided; // why an access cannot be bounded
};

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
    Surroundings Around = enclosingConditions(F, A);
    auto IR = indexRange(A, R, Args, &Why, &Around.LoopConditions);
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

const KernelInfo *findKernel(const TUAnalysis &A, const std::string &Name) {
  for (const KernelInfo &K : A.kernels().kernels())
    if (K.Decl->getName() == Name)
      return &K;
  return nullptr;
}

} // namespace

std::optional<KernelSetup> planKernelSetup(const TUAnalysis &A, const KernelInfo &K,
                                           const SetupRequest &Request, std::string &WhyNot) {
  KernelSetup S;
  S.Kernel = K.Decl->getNameAsString();
  if (K.Required)
    S.Required = K.Required->Size;
  const KernelSpec *Spec = Request.Spec;

  // NDRange. A kernels: entry of the config stands in for what a spec does not say.
  S.Dims = usedDimensions(K);
  auto ConfigGlobal = A.configuredGlobal(K);
  std::map<std::string, int64_t> ConfigArgs = A.knownArgs(K);
  if (ConfigGlobal && !(Spec && Spec->Global))
    for (unsigned D = 0; D < 3; ++D)
      if (ConfigGlobal->first[D] > 1)
        S.Dims = std::max(S.Dims, D + 1);
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
    // The lint's shape: host launch, config, inference, or the profile's default spread over
    // the kernel's dimensions (16x16 for 2-D, 8x8x4 for 3-D).
    WorkGroupShape Shape = A.workGroupShape(K);
    for (unsigned D = 0; D < 3; ++D)
      S.Local[D] = D < S.Dims ? Shape.Size[D] : 1;
    S.Assumptions.push_back("local size " + dimsText(S.Local, S.Dims) + " (" + Shape.Source + ")");
  }
  if (Spec && Spec->Global) {
    for (unsigned D = 0; D < S.Dims; ++D)
      S.Global[D] = (*Spec->Global)[D];
  } else if (ConfigGlobal) {
    for (unsigned D = 0; D < S.Dims; ++D)
      S.Global[D] = ConfigGlobal->first[D];
    S.Assumptions.push_back("global size " + dimsText(S.Global, S.Dims) + " (" +
                            ConfigGlobal->second + ")");
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
      } else if (auto Known = ConfigArgs.find(Arg.Name); Known != ConfigArgs.end()) {
        Arg.Value = double(Known->second);
        Arg.Assumed = true;
        S.Assumptions.push_back(Arg.Name + " = " + std::to_string(Known->second) + " (" +
                                knownArgumentSource(A, K, Arg.Name) + ")");
      } else if (!Arg.Integer) {
        Arg.Value = 1.5;
        S.Assumptions.push_back(Arg.Name + " = 1.5 (floating default)");
      } else {
        GuessedValue G = guessIntegerArgument(Arg.Name, S, Total);
        Arg.Value = G.Value;
        Arg.Assumed = true;
        S.Assumptions.push_back(Arg.Name + " = " + std::to_string(int64_t(Arg.Value)) + " (" +
                                G.Why + ")");
      }
    }
    S.Args.push_back(std::move(Arg));
  }

  // Buffers: large enough for every access over the NDRange, once it fits the data.
  const KernelFacts &Facts = A.facts(K);
  if (!(Spec && Spec->Global) && !ConfigGlobal)
    fitNDRangeToWrites(Facts, S);
  NDRange Range = toRange(S);
  SymbolValues Bindings = scalarBindings(S);
  auto Ext = extents(Facts, Range, Bindings);
  std::map<std::string, const clang::ParmVarDecl *> ByName;
  for (const clang::ParmVarDecl *P : K.Decl->parameters())
    ByName[P->getNameAsString()] = P;
  std::map<std::string, int64_t> HostBytes = hostArgumentBytes(A, K);
  for (ArgPlan &Arg : S.Args) {
    if (Arg.K == ArgPlan::Scalar)
      continue;
    auto Host = HostBytes.find(Arg.Name);
    std::optional<uint64_t> HostElements;
    if (Host != HostBytes.end() && uint64_t(Host->second) >= Arg.TypeBytes)
      HostElements = uint64_t(Host->second) / Arg.TypeBytes;
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
      } else if (Host != HostBytes.end()) {
        Bytes = uint64_t(Host->second);
        S.Assumptions.push_back("__local " + Arg.Name + ": " + std::to_string(Bytes) +
                                " bytes (host code)");
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
    } else if ((!E || !E->Undecided.empty()) && HostElements) {
      // The host's size: accesses the analysis cannot bound stay inside what the host made.
      Arg.Elements = *HostElements;
      Arg.SizeFromSpec = true;
      S.Assumptions.push_back("buffer " + Arg.Name + ": " + std::to_string(*HostElements) +
                              " elements (the host creates it with " +
                              std::to_string(Host->second) + " bytes)");
      if (!E)
        Arg.Output = Arg.Output && ByName[Arg.Name]->isReferenced();
    } else if (!E) {
      if (Arg.Output && ByName[Arg.Name]->isReferenced()) {
        WhyNot = "buffer '" + Arg.Name +
                 "' is writable but the analysis sees no access to it (passed on, or used by an "
                 "atomic?); give its size in a spec (args: {" +
                 Arg.Name + ": {elements: N}})";
        return std::nullopt;
      }
      Arg.Output = false;
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

  // A set-up that would allocate more than a device can hold comes from a guessed argument
  // (`N` taken as the number of work-items in a 2-D kernel): refused, naming what to set.
  if (std::optional<std::string> Why = oversizedBuffer(S)) {
    WhyNot = *Why;
    return std::nullopt;
  }

  Footprint FP = footprint(Facts, S, ByName, /*AllowWhole=*/true);
  S.BytesMoved = FP.Exact ? FP.Moved : 0;
  S.BytesNote =
      FP.Exact ? FP.Note : "not counted: an access could not be enumerated (" + FP.Why + ")";
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
