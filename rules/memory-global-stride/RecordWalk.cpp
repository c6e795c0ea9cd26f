#include "RecordWalk.h"

#include "RuleSupport.h"

#include <cstdint>

namespace cllint {

using namespace analysis;

bool reportRecordWalk(RuleContext &Ctx, const KernelFacts &F, const SiblingGroup &G,
                      const WorkGroupShape &Shape) {
  const MemoryAccess &A = *G.Members.front();
  const DeviceProfile &P = Ctx.profile();
  std::optional<LaneStride> Stride = laneStride(A, Shape.Size);
  if (!Stride || !Stride->Value || *Stride->Value == INT64_MIN ||
      !walksRecordInUnboundedLoop(F, A, *Stride->Value))
    return false;
  // One iteration of the loop: the members at their own offsets, every lane once.
  std::vector<int64_t> Lanes = warpAddresses(A, Shape.Size, P.WarpSize);
  if (Lanes.empty())
    return false;
  TrafficTally Tally(P.SectorBytes);
  for (size_t I = 0; I < G.Members.size(); ++I)
    for (int64_t L : Lanes)
      Tally.add(L + G.Offsets[I], G.Members[I]->AccessBytes);
  WarpTraffic T = Tally.result();
  int64_t Bytes = T.Useful / std::max<int64_t>(1, int64_t(Lanes.size()));
  if (T.Touched * 4 <= T.Minimum * 5)
    return false;
  bool Read = false, Write = false;
  for (const MemoryAccess *M : G.Members) {
    Read |= M->Read;
    Write |= M->Write;
  }
  std::string What = Read && Write ? "loads and stores" : (Write ? "stores" : "loads");
  std::string Sites = G.Members.size() == 1
                          ? std::string("a global ") +
                                (Read && Write ? "load and store" : (Write ? "store" : "load"))
                          : std::to_string(G.Members.size()) + " global " + What;
  std::string Msg =
      "each work-item walks its own part of '" + A.Base->getNameAsString() + "' in a loop (" +
      Sites + ", " + std::to_string(Bytes) + " B per iteration) while consecutive work-items are " +
      std::to_string(std::abs(*Stride->Value)) + " B apart: each iteration of a " + warpWord(P) +
      " touches " + std::to_string(T.Touched) + " " + transactionWord(P) + " for " +
      std::to_string(T.Useful) + " useful bytes (minimum " + std::to_string(T.Minimum) +
      "); let consecutive work-items take consecutive elements of the walked dimension (swap " +
      "the loop and the work-item index, or transpose the layout)";
  FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
  B.range(A.E->getSourceRange());
  Excess E;
  E.Sectors = double(T.Touched - T.Minimum);
  B.impact(Ctx.analysis().impact(A.Function, A.E, E, &F.kernel()));
  B.group("memory-global-stride:" + F.kernel().Decl->getNameAsString() + ":" +
          A.Base->getNameAsString());
  B.shape(Shape);
  B.cost("sectors-per-warp", double(T.Touched),
         std::to_string(T.Touched) + " " + transactionWord(P) + " per " + warpWord(P) +
             " and iteration instead of " + std::to_string(T.Minimum));
  return true;
}

} // namespace cllint
