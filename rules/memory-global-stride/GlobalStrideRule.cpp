// memory-global-stride: a global access whose address jumps by more than one
// element between consecutive work-items, so each warp fetches many partly used sectors.
#include "Analysis/AccessQueries.h"
#include "Analysis/StepNames.h"
#include "CountedWalk.h"
#include "RecordUse.h"
#include "RecordWalk.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

namespace cllint {
namespace {

using namespace analysis;

// A polynomial divided by K when every coefficient is a multiple of it.
std::optional<Poly> divided(const Poly &P, int64_t K) {
  Poly R;
  for (const auto &[M, C] : P.terms()) {
    if (C % K)
      return std::nullopt;
    Poly T = Poly::constant(C / K);
    for (const std::string &S : M)
      T = T * Poly::symbol(S);
    R = R + T;
  }
  return R;
}

// A symbolic stride as a message shows it: terms named by long opaque expressions (a `?:`
// alignment computation) become "(...)", so that `stride = W*H + (...) + 2` stays readable;
// a note gives it in full.
std::string abbreviated(std::string Text, const std::vector<std::string> &Symbols) {
  constexpr size_t Readable = 40, LongName = 24;
  if (Text.size() <= Readable)
    return Text;
  std::vector<std::string> Long;
  for (const std::string &Sym : Symbols)
    if (Sym.size() > LongName || Sym.find(' ') != std::string::npos)
      Long.push_back(Sym);
  std::sort(Long.begin(), Long.end(), [](auto &A, auto &B) { return A.size() > B.size(); });
  for (const std::string &Sym : Long)
    for (size_t At; (At = Text.find(Sym)) != std::string::npos;)
      Text.replace(At, Sym.size(), "(...)");
  return Text;
}

// Under an assumed shape, a kernel whose accesses are consecutive along another dimension than
// 0 is likely launched with its work-items along that one: the verdict rests on the shape.
void rowsAlongOtherDimension(FindingBuilder &B, const KernelFacts &F, const WorkGroupShape &S) {
  if (!S.Assumed)
    return;
  if (std::optional<unsigned> D = consecutiveAlongOtherDimension(F))
    B.conditional("work-items along dimension 0, though the kernel's global accesses are "
                  "consecutive along dimension " +
                  std::to_string(*D) + " only (launched with a local size of 1 in dimension 0, " +
                  "this access is not strided)");
}

// What the transactions do with the bytes: a store writes them, it fetches nothing.
std::string movedWord(bool Read, bool Write) {
  return Read && Write ? "moved" : (Write ? "written" : "fetched");
}

// What the sectors beyond the minimum cost the kernel, each time the access runs.
std::optional<ImpactEstimate> wasted(RuleContext &Ctx, const KernelFacts &F, const MemoryAccess &A,
                                     double Sectors) {
  Excess E;
  E.Sectors = Sectors;
  return Ctx.analysis().impact(A.Function, A.E, E, &F.kernel());
}

// Every fetched sector used by the siblings together, or nearly (at most 1.25x the minimum
// traffic: records read all but a field).
bool usesNearlyAll(const WarpTraffic &T, int64_t Unit) {
  return T.Touched <= T.Minimum || T.Useful * 5 >= T.Touched * Unit * 4;
}

class GlobalStrideRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    // Siblings (fields of one record, p[3*i+0..2]) are fetched together: one verdict each.
    std::set<const clang::Expr *> Reported;
    for (const KernelInfo &K : Ctx.analysis().kernels().kernels()) {
      const KernelFacts &F = Ctx.analysis().facts(K);
      for (const WorkGroupShape &Shape : Ctx.analysis().workGroupShapes(K))
        checkKernel(Ctx, F, Shape, Reported);
    }
  }

private:
  void checkKernel(RuleContext &Ctx, const KernelFacts &F, const WorkGroupShape &Shape,
                   std::set<const clang::Expr *> &Reported) {
    std::vector<const MemoryAccess *> Global;
    // __constant loads are judged by memory-constant-divergent: the constant cache serialises
    // per address, whatever the sectors.
    // Under a guard that leaves one lane per warp, an access fetches one address: nothing
    // to coalesce.
    for (const MemoryAccess &A : F.accesses())
      if (A.AddressSpace == clang::LangAS::opencl_global && !Reported.count(A.E) &&
          !singleLaneAccess(F, A, Shape.Size, Ctx.profile().WarpSize))
        Global.push_back(&A);
    for (const SiblingGroup &G : siblingGroups(F, Global, Shape.Size)) {
      int64_t Widest = 0, Narrowest = INT64_MAX;
      for (const MemoryAccess *A : G.Members) {
        Widest = std::max(Widest, A->AccessBytes);
        Narrowest = std::min(Narrowest, A->AccessBytes);
      }
      // One access that a counted loop moves through the record; or parts of an element read
      // beside the whole one (`p[i].x`, `.y` and `p[i] = v` on a uchar4).
      bool Looped = loopOffsets(F, *G.Members.front()).size() > 1;
      bool Parts = G.Members.size() > 1 && Narrowest < std::abs(G.StrideBytes);
      if ((G.Members.size() > 1 || Looped) &&
          (std::abs(G.StrideBytes) > Widest || (Parts && G.StrideBytes))) {
        if (checkGroup(Ctx, F, G, Shape) || reportRecordWalk(Ctx, F, G, Shape))
          for (const MemoryAccess *A : G.Members)
            Reported.insert(A->E);
        continue;
      }
      // Siblings evaluated lane by lane that together use what they fetch, over the iterations
      // of the counted loops that move them (a work-item reading its 6 floats of an
      // overlapping tile in an unrolled loop): nothing to report.
      if (!G.Members.front()->Bytes.isAffine()) {
        if (auto T =
                groupTraffic(F, G, Shape.Size, Ctx.profile().WarpSize, Ctx.profile().SectorBytes);
            T && T->Touched && usesNearlyAll(*T, Ctx.profile().SectorBytes))
          continue;
        // Or that the work-group's warps use together, each sector once from L1 (FAST's
        // histopyramid: 8 bytes of a Morton-ordered 2x2x2 block per work-item, the block's
        // neighbours in the group's other warps).
        if (G.Members.size() > 1 && sectorsSharedByGroup(G.Members, Shape.Size, Ctx.profile()))
          continue;
      }
      // Unit strides (`a[i]`, `a[i + 1]`) and lone accesses are judged one by one; a part of
      // an element that a whole-element access of the same work-item also reads (`p[i].w`
      // beside `p[i]`) is fetched by that access.
      for (const MemoryAccess *A : G.Members)
        if (!readWholeElsewhere(*A, Global) && checkAccess(Ctx, F, *A, G, Shape))
          Reported.insert(A->E);
    }
  }

  // Several accesses to one record per work-item: the sectors of all of them count. A work-item
  // that reads its whole record wastes nothing (measured at full bandwidth); one that reads a
  // few fields of a larger record is reported once, at its first access.
  bool checkGroup(RuleContext &Ctx, const KernelFacts &F, const SiblingGroup &G,
                  const WorkGroupShape &Shape) {
    const DeviceProfile &P = Ctx.profile();
    int64_t TU = P.SectorBytes;
    std::optional<WarpTraffic> T = groupTraffic(F, G, Shape.Size, P.WarpSize, TU);
    if (!T || T->Touched == 0)
      return false;
    // A loop that uses what it fetches may still spread each of its runs over a sector per
    // lane: reported as such, or nothing.
    if (usesNearlyAll(*T, TU) || everyFieldUsed(Ctx.ast(), G) || xyzOfFourVectors(G)) {
      reportCountedWalk(Ctx, F, G, Shape);
      return true;
    }
    const MemoryAccess &A = *G.Members.front();
    bool Read = false, Write = false;
    for (const MemoryAccess *M : G.Members) {
      Read |= M->Read;
      Write |= M->Write;
    }
    std::string Kind = A.AddressSpace == clang::LangAS::opencl_constant ? "constant" : "global";
    std::string What = Read && Write ? "loads and stores" : (Write ? "stores" : "loads");
    int64_t PerLane = T->Useful / std::max<int64_t>(1, std::min<int64_t>(P.WarpSize, T->Useful));
    // Stores that fill three quarters of records no wider than a transaction (3 bytes of each 4-B
    // pixel) write every transaction of the span whatever they skip: writing the rest costs the
    // same (measured on an NVIDIA H100: 11.3 us against 11.6 us for a 1920x1080 frame).
    if (Write && !Read && std::abs(G.StrideBytes) <= TU &&
        4 * PerLane >= 3 * std::abs(G.StrideBytes))
      return true;
    std::string Warp = warpWord(P), Unit = transactionWord(P);
    std::string Sites = G.Members.size() == 1
                            ? Kind + " " +
                                  (Read && Write ? "load and store" : (Write ? "store" : "load")) +
                                  " of '" + A.Base->getNameAsString() + "' in a counted loop uses "
                            : std::to_string(G.Members.size()) + " " + Kind + " " + What + " of '" +
                                  A.Base->getNameAsString() + "' use ";
    // Over a loop's iterations a work-item may use more bytes than lie between two
    // work-items: then the share of the fetched bytes says it, not "N of every S B".
    std::string Spacing = PerLane <= std::abs(G.StrideBytes)
                              ? std::to_string(PerLane) + " of every " +
                                    std::to_string(G.StrideBytes) +
                                    " B between consecutive work-items"
                              : std::to_string(PerLane) + " B per work-item, work-items " +
                                    std::to_string(std::abs(G.StrideBytes)) + " B apart";
    std::string Msg = Sites + Spacing + ": each " + Warp + " touches " +
                      std::to_string(T->Touched) + " " + Unit + " for " +
                      std::to_string(T->Useful) + " useful bytes (minimum " +
                      std::to_string(T->Minimum) + "); " + percentText(T->Useful, T->Touched * TU) +
                      " of " + movedWord(Read, Write) + " bytes are used";
    bool Record = A.RecordBytes > 0;
    Msg += Record ? "; keep the fields used together in their own array (structure of arrays)"
                  : "; let consecutive work-items access consecutive elements, or stage the data "
                    "through __local memory";
    FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
    B.range(A.E->getSourceRange());
    // The sectors beyond the minimum, per run of the group (groupTraffic counts every offset a
    // counted loop moves the members through).
    double Offsets = double(std::max<size_t>(1, loopOffsets(F, A).size()));
    B.impact(wasted(Ctx, F, A, double(T->Touched - T->Minimum) / Offsets));
    B.group("memory-global-stride:" + F.kernel().Decl->getNameAsString() + ":" +
            A.Base->getNameAsString());
    if (G.Members.size() > 1) {
      // One note for the siblings: where each is, as line:column.
      const clang::SourceManager &SM = Ctx.ast().getSourceManager();
      std::string Sites;
      for (size_t I = 1; I < G.Members.size() && I <= 12; ++I) {
        clang::PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(G.Members[I]->E->getBeginLoc()));
        if (P.isValid())
          Sites += (Sites.empty() ? "" : ", ") + std::to_string(P.getLine()) + ":" +
                   std::to_string(P.getColumn());
      }
      if (G.Members.size() > 13)
        Sites += " and " + std::to_string(G.Members.size() - 13) + " more";
      B.note(G.Members[1]->E->getBeginLoc(), "accessed together with the accesses at " + Sites);
    }
    B.cost(std::string(TU < P.CacheLineBytes ? "sectors" : "cache-lines") + "-per-" + Warp,
           T->Touched,
           std::to_string(T->Touched) + " " + Unit + " per " + Warp + " instead of " +
               std::to_string(T->Minimum) + "; " + percentText(T->Useful, T->Touched * TU) +
               " of " + movedWord(Read, Write) + " bytes used" + aosCost(A.RecordBytes));
    return true;
  }

  // An address that is not affine in the lane ids (`(x + 1) % nx`, a choice between two
  // forms): judged on the first warp's addresses evaluated lane by lane, saying which values
  // were assumed for the uniform symbols.
  bool checkLaneByLane(RuleContext &Ctx, const KernelFacts &F, const MemoryAccess &A,
                       const SiblingGroup &G, const WorkGroupShape &Shape) {
    const DeviceProfile &P = Ctx.profile();
    std::string Assumed;
    std::vector<int64_t> Addrs = laneByLaneAddresses(A, Shape.Size, P.WarpSize, 0, {}, &Assumed);
    if (Addrs.size() < 2)
      return false;
    int64_t Usual = usualDistance(Addrs);
    int64_t Bytes = A.AccessBytes, TU = P.SectorBytes;
    if (std::abs(Usual) <= Bytes)
      return false; // mostly consecutive (or one address): nothing wasted beyond a seam
    // A's siblings in the same direction and block of code (the other components of the same
    // elements, accessed one by one) use the same sectors.
    int64_t Mine = G.Offsets[std::find(G.Members.begin(), G.Members.end(), &A) - G.Members.begin()];
    size_t Siblings = 0;
    TrafficTally Tally(TU);
    for (size_t I = 0; I < G.Members.size(); ++I) {
      const MemoryAccess &M = *G.Members[I];
      if (M.Node != A.Node || M.Read != A.Read || M.Write != A.Write ||
          std::abs(G.Offsets[I] - Mine) >= TU)
        continue;
      ++Siblings;
      for (int64_t Addr : Addrs)
        Tally.add(Addr + G.Offsets[I] - Mine, M.AccessBytes);
    }
    WarpTraffic T = Tally.result();
    if (T.Touched <= T.Minimum || sectorsSharedByGroup(A, Shape.Size, P))
      return false;
    std::string Kind = A.AddressSpace == clang::LangAS::opencl_constant ? "constant" : "global";
    std::string What = A.Read && A.Write ? " load and store" : (A.Write ? " store" : " load");
    if (Siblings > 1)
      What = " " + std::to_string(Siblings) + What + "s of parts of one element";
    std::string Warp = warpWord(P), Unit = transactionWord(P);
    std::string Msg = Kind + What +
                      " whose address is not linear in the work-item ids; evaluated lane by lane, "
                      "consecutive work-items are mostly " +
                      std::to_string(Usual) + " B apart: each " + Warp + " touches " +
                      std::to_string(T.Touched) + " " + Unit + " for " + std::to_string(T.Useful) +
                      " useful bytes (minimum " + std::to_string(T.Minimum) + "); " +
                      percentText(T.Useful, T.Touched * TU) + " of " + movedWord(A.Read, A.Write) +
                      " bytes are used; let consecutive work-items access consecutive elements, or "
                      "stage the data through __local memory" +
                      shapeCaveatText(Shape);
    FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
    B.shape(Shape);
    B.range(A.E->getSourceRange());
    B.impact(wasted(Ctx, F, A, double(T.Touched - T.Minimum) / double(Siblings)));
    // The components of one element written or read one by one: one problem.
    B.group("memory-global-stride:" + F.kernel().Decl->getNameAsString() + ":" +
            A.Base->getNameAsString());
    rowsAlongOtherDimension(B, F, Shape);
    if (std::vector<std::string> Sampled = distanceFollowsSamples(A, Shape.Size, P.WarpSize);
        !Sampled.empty())
      B.conditional(llvm::join(Sampled, ", ") + " = " + std::to_string(SampledSymbolValue) +
                    ", sampled; the distance between work-items follows it, so give the real "
                    "values in the config's kernels args or lint with the host code");
    B.note(A.E->getBeginLoc(), "evaluated over the first " + Warp + " of a work-group of shape " +
                                   shapeText(Shape.Size) + " (" + Shape.Source + ")" +
                                   (Assumed.empty() ? "" : ", with " + Assumed + " assumed"));
    B.cost(std::string(TU < P.CacheLineBytes ? "sectors" : "cache-lines") + "-per-" + Warp,
           T.Touched,
           std::to_string(T.Touched) + " " + Unit + " per " + Warp + " instead of " +
               std::to_string(T.Minimum) + "; " + percentText(T.Useful, T.Touched * TU) + " of " +
               movedWord(A.Read, A.Write) + " bytes used");
    return true;
  }

  bool checkAccess(RuleContext &Ctx, const KernelFacts &F, const MemoryAccess &A,
                   const SiblingGroup &G, const WorkGroupShape &Shape) {
    const DeviceProfile &P = Ctx.profile();
    auto Stride = laneStride(A, Shape.Size);
    if (!Stride && A.Bytes.K == IndexForm::UnknownVarying)
      return checkLaneByLane(Ctx, F, A, G, Shape);
    if (!Stride || Stride->Bytes.isZero())
      return false; // unknown address (stay silent) or broadcast
    // A work-item's own walk whose lines L1 keeps between iterations fetches what it uses; its
    // loads still read a sector per lane from L1, its stores write partial sectors.
    if (auto Resident = Ctx.analysis().residentItems(F.kernel()))
      if (loadWalkStaysInCache(F, A, *Resident, P))
        return reportCachedWalk(Ctx, F, A, Shape);
    if (Stride->Value && walksRecordInUnboundedLoop(F, A, *Stride->Value)) {
      SiblingGroup Alone;
      Alone.Members = {&A};
      Alone.Offsets = {0};
      Alone.StrideBytes = *Stride->Value;
      return reportRecordWalk(Ctx, F, Alone, Shape);
    }
    int64_t Bytes = A.AccessBytes;
    if (Stride->Value && (*Stride->Value == Bytes || *Stride->Value == -Bytes ||
                          (*Stride->Value > -Bytes && *Stride->Value < Bytes)))
      return false; // unit stride: consecutive lanes read consecutive elements
    bool ShapeMatters =
        Shape.Size[0] < P.WarpSize || Stride->Bytes.symbols().size() != (Stride->Value ? 0u : 1u);
    for (const std::string &S : Stride->Bytes.symbols())
      ShapeMatters |= S == localSizeSym(0) || S == localSizeSym(1) || S == localSizeSym(2);
    // Ids of several dimensions in the address: which one runs along the warp is the shape's.
    ShapeMatters |= int(!A.Bytes.Lane[0].isZero()) + int(!A.Bytes.Lane[1].isZero()) +
                        int(!A.Bytes.Lane[2].isZero()) >
                    1;

    std::string Kind = A.AddressSpace == clang::LangAS::opencl_constant ? "constant" : "global";
    std::string What = A.Read && A.Write ? " load and store" : (A.Write ? " store" : " load");
    std::string Warp = warpWord(P);
    std::string Unit = transactionWord(P);
    int64_t TU = P.SectorBytes;
    bool AoS =
        A.ElementBytes > A.AccessBytes && !A.ArrayDims.size() && A.ElementType->isRecordType();
    std::string Msg = Kind + What;
    WarpTraffic T;
    std::string Condition, FullStride, StrideShown;
    int64_t Threshold = 0;
    if (Stride->Value) {
      int64_t V = *Stride->Value;
      int64_t EB = std::max<int64_t>(1, A.ElementBytes);
      std::string Elements = V % EB == 0 ? std::to_string(V / EB) : numberText(double(V) / EB);
      if (AoS)
        Msg += " of a " + std::to_string(A.AccessBytes) + "-B field from an array of " +
               std::to_string(A.ElementBytes) + "-B structs: consecutive work-items are " +
               std::to_string(V) + " B apart";
      else if (A.AccessBytes < EB && V == EB)
        // One component of each vector element (`p[i].x` of a uchar4): the elements are
        // consecutive, the access uses a part of each.
        Msg += " of " + std::to_string(A.AccessBytes) + " B from each " + std::to_string(EB) +
               "-B element, consecutive work-items reading consecutive elements";
      else
        Msg += " with a stride of " + Elements + (Elements == "1" ? " element (" : " elements (") +
               std::to_string(V) + " B) between consecutive work-items";
      T = warpTraffic(warpAddresses(A, Shape.Size, P.WarpSize), Bytes, TU);
      if (T.Touched == 0)
        return false;
    } else {
      std::optional<Poly> InElements =
          divided(Stride->Bytes, std::max<int64_t>(1, AoS ? Bytes : A.ElementBytes));
      std::string S = InElements ? InElements->str() : Stride->Bytes.str() + " B";
      std::string Shown =
          abbreviated(S, InElements ? InElements->symbols() : Stride->Bytes.symbols());
      if (Shown != S)
        FullStride = S + (InElements ? " elements" : "");
      S = Shown;
      StrideShown = S;
      Msg += " with stride = " + S + (InElements ? " elements" : "") +
             " between consecutive work-items";
      // Once the stride reaches a transaction every lane needs its own, except lanes of a
      // warp that spans rows (16x16: two rows of 16) whose rows are a constant step apart.
      int64_t Lanes = P.WarpSize;
      T.Touched = Lanes * ((Bytes + TU - 1) / TU);
      if (Stride->Dim == 0 && Shape.Size[0] < P.WarpSize)
        if (std::optional<int64_t> Step = A.Bytes.Lane[1].constantValue()) {
          std::vector<int64_t> RowStarts; // one lane of each row of the warp
          for (unsigned R = 0; R < P.WarpSize / Shape.Size[0]; ++R)
            RowStarts.push_back(R * *Step);
          T.Touched = Shape.Size[0] * warpTraffic(RowStarts, Bytes, TU).Touched;
        }
      T.Useful = Lanes * Bytes;
      T.Minimum = (T.Useful + TU - 1) / TU;
      int64_t Unit1 = std::max<int64_t>(1, AoS ? Bytes : A.ElementBytes);
      Threshold = (TU + Unit1 - 1) / Unit1;
      if (InElements)
        Condition = "for " + (S.find(' ') != std::string::npos ? "(" + S + ")" : S) +
                    " >= " + std::to_string(Threshold) + " ";
    }
    if (T.Touched <= T.Minimum)
      return false;
    Msg += ": " + Condition + "each " + Warp + " touches " + std::to_string(T.Touched) + " " +
           Unit + " for " + std::to_string(T.Useful) + " useful bytes (minimum " +
           std::to_string(T.Minimum) + "); " + percentText(T.Useful, T.Touched * TU) + " of " +
           movedWord(A.Read, A.Write) + " bytes are used";
    Msg += AoS ? "; store the field in its own array (structure of arrays)"
               : "; let consecutive work-items access consecutive elements, or stage the data "
                 "through __local memory";
    if (ShapeMatters)
      Msg += shapeCaveatText(Shape);
    clang::SourceLocation Loc = A.E->getBeginLoc();
    FindingBuilder B = Ctx.report(Loc, std::move(Msg));
    B.range(A.E->getSourceRange());
    B.impact(wasted(Ctx, F, A, double(T.Touched - T.Minimum)));
    if (!Stride->Value)
      if (int64_t Run = contiguousLoopRun(F, A); Run > Bytes)
        // The loop reads exactly the work-item's share at the stride's smallest value: the
        // layout gives each work-item its own run (ITEMS_PER_WI values), wider only when the
        // host makes the symbol larger. (Overlapping windows read more than the share.)
        if (std::optional<int64_t> Least = smallestStride(Stride->Bytes); Least && *Least == Run)
          B.conditional(StrideShown + " >= " + std::to_string(Threshold) + ", though each " +
                        "work-item's counted loop reads its own " + std::to_string(Run) +
                        " consecutive bytes, every byte it fetches, when each symbol of the "
                        "stride is 1; give the real value in the config's kernels args or lint "
                        "with the host code");
    if (!Stride->Value)
      if (std::vector<std::string> Steps = elementStepSymbols(Stride->Bytes); !Steps.empty())
        B.conditional(StrideShown + " >= " + std::to_string(Threshold) + ", though '" +
                      llvm::join(Steps, "', '") +
                      "' reads as a step between elements, which usually holds 1 or a few; give "
                      "the real value in the config's kernels args or lint with the host code");
    B.group("memory-global-stride:" + F.kernel().Decl->getNameAsString() + ":" +
            A.Base->getNameAsString());
    if (const clang::Expr *Origin = strideOrigin(Ctx, F, A, Stride->Dim))
      B.note(Origin->getBeginLoc(),
             "the stride comes from '" + sourceText(Ctx.ast(), Origin) + "'");
    if (!FullStride.empty())
      B.note(A.E->getBeginLoc(), "the stride in full: " + FullStride);
    if (ShapeMatters) {
      B.note(Loc, "work-group shape " + shapeText(Shape.Size) + " (" + Shape.Source + ")");
      B.shape(Shape);
      rowsAlongOtherDimension(B, F, Shape);
    }
    B.cost(std::string(TU < P.CacheLineBytes ? "sectors" : "cache-lines") + "-per-" + Warp,
           T.Touched,
           std::to_string(T.Touched) + " " + Unit + " per " + Warp + " instead of " +
               std::to_string(T.Minimum) + "; " + percentText(T.Useful, T.Touched * TU) + " of " +
               movedWord(A.Read, A.Write) + " bytes used" + (AoS ? aosCost(A.RecordBytes) : ""));
    return true;
  }

  // The multiplication that makes the stride, in the access or in a variable's definition.
  const clang::Expr *strideOrigin(RuleContext &Ctx, const KernelFacts &F, const MemoryAccess &A,
                                  unsigned Dim) {
    std::set<const clang::Expr *> Visited;
    std::function<const clang::Expr *(const clang::Expr *)> Search =
        [&](const clang::Expr *E) -> const clang::Expr * {
      if (!E || !Visited.insert(E).second)
        return nullptr;
      E = E->IgnoreParenImpCasts();
      if (const auto *Bin = llvm::dyn_cast<clang::BinaryOperator>(E);
          Bin && (Bin->getOpcode() == clang::BO_Mul || Bin->getOpcode() == clang::BO_Shl) &&
          Bin->getType()->isIntegerType()) {
        IndexForm Fm = linearize(F.valueIn(*A.Context, Bin));
        if (Fm.isAffine() && !Fm.Lane[Dim].isZero() && !(Fm.Lane[Dim] == Poly::constant(1)))
          return Bin;
      }
      if (const auto *DR = llvm::dyn_cast<clang::DeclRefExpr>(E))
        if (const auto *V = llvm::dyn_cast<clang::VarDecl>(DR->getDecl());
            V && V->getType()->isIntegerType() && A.Context->Function == F.kernel().Decl) {
          if (const clang::Expr *Def = F.definitionReaching(*A.Context, DR))
            return Search(Def);
          return nullptr;
        }
      for (const clang::Stmt *C : E->children())
        if (const auto *CE = llvm::dyn_cast_or_null<clang::Expr>(C))
          if (const clang::Expr *R = Search(CE))
            return R;
      return nullptr;
    };
    (void)Ctx;
    return Search(A.E);
  }
};

} // namespace

std::unique_ptr<Rule> createGlobalStrideRule() { return std::make_unique<GlobalStrideRule>(); }

} // namespace cllint
