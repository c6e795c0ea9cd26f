#include "Verify/Plan/LaunchFit.h"

#include "Verify/Plan/Footprint.h"

namespace cllint::verify {

bool fitNDRangeToWrites(const analysis::KernelFacts &Facts, KernelSetup &S) {
  std::optional<bool> Overlap = writesOverlap(Facts, S);
  if (!Overlap || !*Overlap)
    return true;
  for (uint64_t Factor = 2; Factor <= 64; Factor *= 2)
    for (unsigned D = 0; D < S.Dims; ++D) {
      if (S.Global[D] % (Factor * S.Local[D]))
        continue; // the smaller size must stay a multiple of the local size
      KernelSetup Trial = S;
      Trial.Global[D] = S.Global[D] / Factor;
      std::optional<bool> Still = writesOverlap(Facts, Trial);
      if (!Still || *Still)
        continue;
      S.Assumptions.push_back(
          "global size " + dimsText(Trial.Global, S.Dims) + ", not " + dimsText(S.Global, S.Dims) +
          ": over the larger NDRange work-items write the same elements (each covers " +
          std::to_string(Factor) + " elements along dimension " + std::to_string(D) + ")");
      S.Global = Trial.Global;
      return true;
    }
  S.Assumptions.push_back("work-items of the " + dimsText(S.Global, S.Dims) +
                          " NDRange write the same elements, and no smaller NDRange keeps each "
                          "write to one work-item: outputs may depend on the order of the "
                          "work-groups (give the launch in a spec: global, local)");
  return false;
}

} // namespace cllint::verify
