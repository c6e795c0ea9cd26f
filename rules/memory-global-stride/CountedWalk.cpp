#include "CountedWalk.h"

#include "Analysis/WalkTraffic.h"
#include "RuleSupport.h"

namespace cllint {

using namespace analysis;

namespace {

// The finding of a walk at A, grouped with the kernel's other findings on the same buffer.
void reportWalk(RuleContext &Ctx, const KernelFacts &F, const MemoryAccess &A, std::string Msg,
                const Excess &E, const WorkGroupShape &Shape, const std::string &Metric,
                double Value, const std::string &Summary) {
  FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
  B.range(A.E->getSourceRange());
  B.impact(Ctx.analysis().impact(A.Function, A.E, E, &F.kernel()));
  B.group("memory-global-stride:" + F.kernel().Decl->getNameAsString() + ":" +
          A.Base->getNameAsString());
  B.shape(Shape);
  B.cost(Metric, Value, Summary);
}

} // namespace

bool reportCountedWalk(RuleContext &Ctx, const KernelFacts &F, const SiblingGroup &G,
                       const WorkGroupShape &Shape) {
  const DeviceProfile &P = Ctx.profile();
  std::optional<RunTraffic> R = walkRunTraffic(F, G, Shape.Size, P);
  if (!R)
    return false;
  const MemoryAccess &A = *G.Members.front();
  bool Write = R->Stores > 0;
  std::string Warp = warpWord(P), Unit = transactionWord(P);
  auto count = [](int64_t N, const char *One, const char *Many) {
    return N == 1 ? std::string(One) : std::to_string(N) + " " + Many;
  };
  std::string Sites = R->Stores && R->Loads
                          ? count(R->Loads, "a global load", "global loads") + " and " +
                                count(R->Stores, "a store", "stores")
                          : (Write ? count(R->Stores, "a global store", "global stores")
                                   : count(R->Loads, "a global load", "global loads"));
  std::string Msg = "each work-item walks its own " + std::to_string(R->RecordBytes) +
                    "-B record of '" + A.Base->getNameAsString() + "' in a counted loop (" + Sites +
                    ") while consecutive work-items are " +
                    std::to_string(std::abs(G.StrideBytes)) + " B apart: ";
  Excess E;
  if (Write) {
    Msg +=
        (R->Stores == 1 ? "each store of a " + Warp + " writes "
                        : "the " + std::to_string(R->Stores) + " stores of a " + Warp + " write ") +
        std::to_string(R->StoreSectors) + " " + Unit + " (minimum " +
        std::to_string(R->MinimumStoreSectors) +
        "), each in part, and the cache does not combine them across iterations (measured "
        "1.6-15x the time of the transposed layout on an NVIDIA H200 for 8- to 144-B "
        "records)";
    E.Sectors = double(R->StoreSectors - R->MinimumStoreSectors);
  } else {
    Msg += "memory serves each sector once, but " +
           (R->Loads == 1 ? "each load of a " + Warp + " reads "
                          : "the " + std::to_string(R->Loads) + " loads of a " + Warp + " read ") +
           std::to_string(R->LoadSectors) + " " + Unit + " from L1 in " +
           std::to_string(R->Wavefronts) + " cycles instead of " +
           std::to_string(R->MinimumWavefronts) +
           " (measured 1.05x the time of the transposed layout on an NVIDIA H200 for 32- and "
           "36-B records, 1.8-2x for 64-B and 4x for 128-B records)";
  }
  // Loads beside the stores take their L1 cycles too.
  E.Wavefronts = double(R->Wavefronts - R->MinimumWavefronts);
  Msg += "; store the records transposed (element i of work-item g at i * n + g) so that "
         "consecutive work-items access consecutive words, or stage them through __local memory";
  if (Write)
    reportWalk(Ctx, F, A, std::move(Msg), E, Shape, "sectors-per-" + Warp, double(R->StoreSectors),
               std::to_string(R->StoreSectors) + " " + Unit + " per store of a " + Warp +
                   " instead of " + std::to_string(R->MinimumStoreSectors));
  else
    reportWalk(Ctx, F, A, std::move(Msg), E, Shape, "l1-cycles-per-" + Warp, double(R->Wavefronts),
               std::to_string(R->Wavefronts) + " L1 cycles per load of a " + Warp + " instead of " +
                   std::to_string(R->MinimumWavefronts));
  return true;
}

bool reportCachedWalk(RuleContext &Ctx, const KernelFacts &F, const MemoryAccess &A,
                      const WorkGroupShape &Shape) {
  const DeviceProfile &P = Ctx.profile();
  uint64_t Items = uint64_t(Shape.Size[0]) * Shape.Size[1] * Shape.Size[2];
  unsigned W = unsigned(std::min<uint64_t>(Items, std::max(1u, P.WarpSize)));
  std::vector<int64_t> Addrs = warpAddresses(A, Shape.Size, W);
  std::optional<int64_t> Step = unboundedWalkStep(F, A);
  if (Addrs.empty() || !Step)
    return false;
  int64_t Wavefronts = l1Wavefronts(Addrs, A.AccessBytes, P);
  int64_t Line = std::max(1u, P.CacheLineBytes);
  int64_t Minimum = (int64_t(W) * A.AccessBytes + Line - 1) / Line;
  if (Wavefronts * 4 <= Minimum * 5)
    return false;
  std::string Warp = warpWord(P);
  std::string Msg =
      "each work-item walks its own run of '" + A.Base->getNameAsString() + "' in a loop (" +
      std::to_string(*Step) + " B per iteration) while consecutive work-items are " +
      std::to_string(std::abs(Addrs.size() > 1 ? Addrs[1] - Addrs[0] : 0)) +
      " B apart: the launch is small enough that L1 keeps each work-item's line between "
      "iterations, so memory serves each sector once, but each load of a " +
      Warp + " reads " + std::to_string(Wavefronts) + " sectors from L1 in " +
      std::to_string(Wavefronts) + " cycles instead of " + std::to_string(Minimum) +
      " (PolyBench's row-per-work-item kernels at 4,096 work-items measured 1.5-3.9x the time "
      "of consecutive accesses on an NVIDIA H200); let consecutive work-items take consecutive "
      "elements of the walked "
      "dimension (swap the loop and the work-item index, or transpose the layout)";
  Excess E;
  E.Wavefronts = double(Wavefronts - Minimum);
  reportWalk(Ctx, F, A, std::move(Msg), E, Shape, "l1-cycles-per-" + Warp, double(Wavefronts),
             std::to_string(Wavefronts) + " L1 cycles per load of a " + Warp + " instead of " +
                 std::to_string(Minimum));
  return true;
}

} // namespace cllint
