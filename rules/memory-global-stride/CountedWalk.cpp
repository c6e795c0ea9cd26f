#include "CountedWalk.h"

#include "Analysis/WalkTraffic.h"
#include "RuleSupport.h"

namespace cllint {

using namespace analysis;

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
  FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
  B.range(A.E->getSourceRange());
  B.impact(Ctx.analysis().impact(A.Function, A.E, E, &F.kernel()));
  B.group("memory-global-stride:" + F.kernel().Decl->getNameAsString() + ":" +
          A.Base->getNameAsString());
  B.shape(Shape);
  B.cost(Write ? "sectors-per-" + Warp : "l1-cycles-per-" + Warp,
         double(Write ? R->StoreSectors : R->Wavefronts),
         Write ? std::to_string(R->StoreSectors) + " " + Unit + " per store of a " + Warp +
                     " instead of " + std::to_string(R->MinimumStoreSectors)
               : std::to_string(R->Wavefronts) + " L1 cycles per load of a " + Warp +
                     " instead of " + std::to_string(R->MinimumWavefronts));
  return true;
}

} // namespace cllint
