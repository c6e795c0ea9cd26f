// memory-local-bank-conflict: lanes of one warp hitting the same __local bank at different
// addresses, which serialises the access.
#include "Analysis/BankDegree.h"
#include "BankPadding.h"
#include "Rule.h"
#include "RuleSupport.h"

#include <map>
#include <numeric>

namespace cllint {
namespace {

using namespace analysis;

class BankConflictRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    std::map<const clang::ValueDecl *, std::optional<PaddingPlan>> Plans;
    Ctx.analysis().forEachAccess(
        {clang::LangAS::opencl_local},
        [&](const KernelInfo &K, const KernelFacts &F, const MemoryAccess &A,
            const WorkGroupShape &Shape) { return checkAccess(Ctx, K, F, A, Shape, Plans); });
  }

private:
  bool checkAccess(RuleContext &Ctx, const KernelInfo &K, const KernelFacts &F,
                   const MemoryAccess &A, const WorkGroupShape &Shape,
                   std::map<const clang::ValueDecl *, std::optional<PaddingPlan>> &Plans) {
    const DeviceProfile &P = Ctx.profile();
    std::optional<BankDegree> D = bankDegree(F, A, Shape, P);
    if (!D || D->Degree == 0)
      return false;
    std::string What = A.Read && A.Write ? "load and store" : (A.Write ? "store" : "load");
    std::string Name = A.Base->getNameAsString();
    std::string N = std::to_string(D->Degree);
    std::string Msg = "__local " + What + " of '" + Name + "' has a " + N +
                      "-way bank conflict: lanes of one " + warpWord(P) + " hit the same bank at " +
                      N + " different addresses" + collisionText(A, *D, Shape, P) +
                      ", so the access is replayed " + N + " times";
    if (!D->Symbol.empty())
      Msg += " (" + D->Symbol + " = " + std::to_string(D->SymbolValue) + "; " +
             std::to_string(D->ValuesConflict) + " of " + std::to_string(D->ValuesTotal) +
             " values of '" + D->Symbol + "' conflict)";
    auto [It, New] = Plans.try_emplace(A.Base);
    if (New)
      It->second = bestPadding(Ctx, K, F, A, Shape);
    const std::optional<PaddingPlan> &Plan = It->second;
    if (Plan)
      Msg += "; " + paddingText(Ctx, A, *Plan, Shape);
    else if (A.ArrayDims.size() < 2)
      Msg += "; change the indexing so consecutive work-items use consecutive words";
    Msg += shapeCaveatText(Shape);
    FindingBuilder B = Ctx.report(A.E->getBeginLoc(), std::move(Msg));
    B.shape(Shape);
    Excess Replays;
    Replays.Wavefronts = D->MeanReplays;
    B.impact(Ctx.analysis().impact(A.Function, A.E, Replays, &K));
    B.group("memory-local-bank-conflict:" + K.Decl->getNameAsString() + ":" + Name);
    B.range(A.E->getSourceRange());
    if (Shape.Size[0] < P.WarpSize || Shape.Source != "reqd_work_group_size")
      B.note(A.E->getBeginLoc(),
             "work-group shape " + shapeText(Shape.Size) + " (" + Shape.Source + ")");
    if (Plan) {
      B.note(A.Base->getLocation(), "'" + Name + "' is declared here");
      B.fix("pad the innermost dimension of '" + Name + "' to " + Plan->Declared, FixSafety::Safe,
            {Plan->Edit});
    }
    B.cost("bank-conflict-degree", D->Degree,
           N + "-way conflict: " + N + " serialised passes through the banks instead of 1");
    return true;
  }

  // " (lanes 0 and 16 use bank 0, at words 0 and 512: rows of 'tile' are 32 words apart)".
  static std::string collisionText(const MemoryAccess &A, const BankDegree &D,
                                   const WorkGroupShape &Shape, const DeviceProfile &P) {
    if (!D.Example)
      return "";
    const BankCollision &C = *D.Example;
    auto item = [&](unsigned Lane) {
      if (Shape.Size[1] <= 1 && Shape.Size[2] <= 1)
        return std::to_string(Lane);
      auto Id = laneIds(Lane, Shape.Size);
      return "(" + std::to_string(Id[0]) + "," + std::to_string(Id[1]) +
             (Shape.Size[2] > 1 ? "," + std::to_string(Id[2]) : "") + ")";
    };
    std::string Out = " (work-items " + item(C.LaneA) + " and " + item(C.LaneB) +
                      " both use bank " + std::to_string(C.Bank) + ", at words " +
                      std::to_string(C.WordA) + " and " + std::to_string(C.WordB);
    // Why: the row pitch when the two lanes are on different rows of a 2-D tile, else the
    // stride between neighbouring work-items.
    int64_t RowWords = 0;
    if (A.ArrayDims.size() >= 2 && A.ElementBytes > 0 && !A.Indices.empty()) {
      SymbolValues Env = firstGroupBindings(Shape.Size);
      if (!D.Symbol.empty())
        Env[D.Symbol] = D.SymbolValue;
      auto RowA = evaluate(A.Indices.front(), laneIds(C.LaneA, Shape.Size), Env);
      auto RowB = evaluate(A.Indices.front(), laneIds(C.LaneB, Shape.Size), Env);
      if (RowA && RowB && *RowA != *RowB)
        RowWords = A.ArrayDims.back() * A.ElementBytes / P.BankWidth;
    }
    int64_t Banks = P.Banks;
    if (RowWords > 0) {
      Out += ": a row of '" + A.Base->getNameAsString() + "' is " + std::to_string(RowWords) +
             " words, ";
      int64_t G = std::gcd(RowWords, Banks);
      Out += G == Banks ? "a multiple of the " + std::to_string(Banks) + " banks"
                        : "so rows repeat the banks every " + std::to_string(Banks / G) + " rows";
    } else if (int64_t Step = (C.WordB - C.WordA) / std::max<int64_t>(1, C.LaneB - C.LaneA);
               Step && (C.WordB - C.WordA) % std::max<int64_t>(1, C.LaneB - C.LaneA) == 0) {
      Out += ": neighbouring work-items are " + std::to_string(Step) + " words apart";
    }
    return Out + ")";
  }

  // What the chosen padding does to every access of the array.
  static std::string paddingText(RuleContext &Ctx, const MemoryAccess &A, const PaddingPlan &Plan,
                                 const WorkGroupShape &Shape) {
    std::string Name = A.Base->getNameAsString();
    std::string Elements = Plan.Pad == 1 ? "one element" : std::to_string(Plan.Pad) + " elements";
    if (Plan.removesAll())
      return "pad the innermost dimension by " + Elements + " (" + Plan.Declared +
             "): every access of '" + Name + "' is then conflict-free";
    std::string Left;
    for (const PaddingPlan::Site &S : Plan.Sites)
      if (S.After > 1) {
        if (!Left.empty())
          Left += ", ";
        Left += "'" + sourceText(Ctx.ast(), S.Access->E) + "' " + std::to_string(S.After) + "-way";
      }
    return "pad the innermost dimension by " + Elements + " (" + Plan.Declared +
           "), the fewest conflicts over every access of '" + Name +
           "'; no padding removes them all with a work-group of " + shapeText(Shape.Size) +
           " (left: " + Left + ")";
  }
};

} // namespace

std::unique_ptr<Rule> createBankConflictRule() { return std::make_unique<BankConflictRule>(); }

} // namespace cllint
