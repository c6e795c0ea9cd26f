// memory-constant-divergent: a __constant load whose address differs between the lanes of a
// warp. The constant cache serves one address per warp at a time, so N addresses serialise the
// load N times; __constant memory is for values the whole warp reads at once (broadcast).
#include "Analysis/AccessQueries.h"
#include "Rule.h"
#include "RuleSupport.h"

#include <set>

namespace cllint {
namespace {

using namespace analysis;

class ConstantDivergentRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    const DeviceProfile &P = Ctx.profile();
    std::set<const clang::Expr *> Reported;
    for (const KernelInfo &K : Ctx.analysis().kernels().kernels()) {
      const KernelFacts &F = Ctx.analysis().facts(K);
      for (const WorkGroupShape &Shape : Ctx.analysis().workGroupShapes(K))
        for (const MemoryAccess &A : F.accesses()) {
          if (A.AddressSpace != clang::LangAS::opencl_constant || !A.Read || Reported.count(A.E))
            continue;
          std::string Assumed;
          std::vector<int64_t> Xs = warpAddresses(A, Shape.Size, P.WarpSize, 0, {}, &Assumed);
          if (Xs.size() < 2)
            continue;
          // Addresses the cache tells apart: one per word (or per vector, for wide loads).
          int64_t Unit = std::max<int64_t>(4, A.AccessBytes);
          std::set<int64_t> Distinct;
          for (int64_t X : Xs)
            Distinct.insert(X >= 0 ? X / Unit : -((-X + Unit - 1) / Unit));
          if (Distinct.size() < 2)
            continue;
          Reported.insert(A.E);
          report(Ctx, K, A, unsigned(Distinct.size()), unsigned(Xs.size()), Assumed, Shape);
        }
    }
  }

private:
  void report(RuleContext &Ctx, const KernelInfo &K, const MemoryAccess &A, unsigned N,
              unsigned Lanes, const std::string &Assumed, const WorkGroupShape &Shape) {
    std::string Warp = warpWord(Ctx.profile());
    std::string Name = A.Base ? A.Base->getNameAsString() : "the table";
    std::string Msg = "__constant load of '" + Name + "' reads " + std::to_string(N) +
                      " different addresses in each " + Warp + " of " + std::to_string(Lanes) +
                      " lanes: the constant cache serves one address per " + Warp +
                      " at a time, so the load is replayed " + std::to_string(N) +
                      " times; a table indexed per work-item belongs in '__global const' memory "
                      "(cached, and coalesced when neighbours read neighbours) or in __local "
                      "memory; __constant is for values a whole " +
                      Warp + " reads at once";
    if (!Assumed.empty())
      Msg += " (assuming " + Assumed + ")";
    Msg += shapeCaveatText(Shape);
    FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
    B.range(A.E->getSourceRange());
    B.shape(Shape);
    // Each extra address is one more pass through the constant cache, like a __local replay.
    Excess Replays;
    Replays.Wavefronts = N - 1;
    B.impact(Ctx.analysis().impact(A.Function, A.E, Replays, &K));
    if (!Assumed.empty())
      B.conditional(Assumed);
    B.cost("constant-addresses-per-warp", N,
           std::to_string(N) + " addresses per " + Warp + ": " + std::to_string(N) +
               " serialised constant-cache passes instead of 1");
  }
};

} // namespace

std::unique_ptr<Rule> createConstantDivergentRule() {
  return std::make_unique<ConstantDivergentRule>();
}

} // namespace cllint
