// launch-local-memory: the __local memory one work-group of a kernel needs, against what the
// device gives a work-group (over it, the kernel cannot launch) and against what a compute unit
// holds at once (few resident work-groups: low occupancy, latency no longer hidden).
#include "Analysis/LaunchTable.h"
#include "Rule.h"
#include "RuleSupport.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cllint {
namespace {

using namespace analysis;

struct LocalArray {
  const clang::VarDecl *Decl = nullptr;
  uint64_t Bytes = 0;
  bool FromHost = false; // a __local pointer argument the host sizes
};

// __local variables declared in the bodies of a kernel and the helpers it calls.
std::vector<LocalArray> localArrays(clang::ASTContext &Ctx, const KernelInfo &K) {
  struct Visitor : clang::RecursiveASTVisitor<Visitor> {
    clang::ASTContext &Ctx;
    std::vector<LocalArray> Out;
    explicit Visitor(clang::ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitVarDecl(clang::VarDecl *V) {
      clang::QualType T = V->getType();
      if (T.getAddressSpace() != clang::LangAS::opencl_local || T->isIncompleteType() ||
          T->isDependentType() || V->isInvalidDecl())
        return true;
      Out.push_back({V, uint64_t(Ctx.getTypeSizeInChars(T).getQuantity())});
      return true;
    }
  } V(Ctx);
  std::vector<const clang::FunctionDecl *> Fns = {K.Decl};
  Fns.insert(Fns.end(), K.Reaches.begin(), K.Reaches.end());
  for (const clang::FunctionDecl *F : Fns)
    if (F->getBody())
      V.TraverseStmt(const_cast<clang::Stmt *>(F->getBody()));
  return V.Out;
}

std::string kib(uint64_t Bytes) {
  if (Bytes % 1024 == 0)
    return std::to_string(Bytes / 1024) + " KiB";
  return numberText(double(Bytes) / 1024.0) + " KiB";
}

// __local pointer arguments: their size is the host's (clSetKernelArg(k, i, bytes, NULL)). Those
// the host code read sizes alike at every call join Arrays; the count of the others is returned.
unsigned localPointerArgs(const TUAnalysis &A, const KernelInfo &K,
                          std::vector<LocalArray> &Arrays) {
  std::map<unsigned, int64_t> Host;
  if (A.launches())
    Host = A.launches()->fixedArgBytes(K.Decl->getNameAsString());
  unsigned N = 0;
  for (unsigned I = 0; I < K.Decl->getNumParams(); ++I) {
    const clang::ParmVarDecl *P = K.Decl->getParamDecl(I);
    if (!P->getType()->isPointerType() ||
        P->getType()->getPointeeType().getAddressSpace() != clang::LangAS::opencl_local)
      continue;
    if (auto It = Host.find(I); It != Host.end() && It->second > 0)
      Arrays.push_back({P, uint64_t(It->second), true});
    else
      ++N;
  }
  return N;
}

class LocalMemoryRule : public Rule {
public:
  void check(RuleContext &Ctx) override {
    const DeviceProfile &P = Ctx.profile();
    for (const KernelInfo &K : Ctx.analysis().kernels().kernels()) {
      std::vector<LocalArray> Arrays = localArrays(Ctx.ast(), K);
      unsigned Pointers = localPointerArgs(Ctx.analysis(), K, Arrays);
      uint64_t Total = 0;
      for (const LocalArray &A : Arrays)
        Total += A.Bytes;
      if (!Total)
        continue;
      std::sort(Arrays.begin(), Arrays.end(),
                [](const LocalArray &A, const LocalArray &B) { return A.Bytes > B.Bytes; });
      std::string Parts;
      for (size_t I = 0; I < Arrays.size() && I < 3; ++I)
        Parts += (I ? ", '" : "'") + Arrays[I].Decl->getNameAsString() + "' " +
                 kib(Arrays[I].Bytes) + (Arrays[I].FromHost ? " from the host" : "");
      if (Arrays.size() > 3)
        Parts += " and " + std::to_string(Arrays.size() - 3) + " more";
      std::string Plus = Pointers ? " plus what the host gives its " + std::to_string(Pointers) +
                                        " __local pointer argument" + (Pointers > 1 ? "s" : "")
                                  : "";
      std::string Name = K.Decl->getNameAsString();
      if (Total > P.LocalMemBytes) {
        FindingBuilder B = Ctx.report(
            Arrays.front().Decl->getLocation(),
            "kernel '" + Name + "' needs " + kib(Total) + " of __local memory per work-group (" +
                Parts + ")" + Plus + ", over the " + kib(P.LocalMemBytes) +
                " a work-group gets on " + P.Name +
                ": the kernel cannot be launched (CL_OUT_OF_RESOURCES); shrink the tiles "
                "or split the work");
        B.cost("local-memory-bytes", double(Total),
               kib(Total) + " of __local memory per work-group");
        continue;
      }
      occupancy(Ctx, K, Arrays.front(), Total, Parts + ")" + Plus);
    }
  }

private:
  // How many work-groups a compute unit holds at once, and the share of its work-item slots
  // they fill; a note when __local memory is what keeps it at half or less. What names the
  // arrays: "'a' 16 KiB, ...) plus ...".
  void occupancy(RuleContext &Ctx, const KernelInfo &K, const LocalArray &Largest, uint64_t Total,
                 const std::string &Parts) {
    const DeviceProfile &P = Ctx.profile();
    std::vector<WorkGroupShape> Shapes = Ctx.analysis().workGroupShapes(K);
    if (Shapes.empty())
      return;
    const WorkGroupShape &Shape = Shapes.front();
    uint64_t Items = workGroupItems(Shape.Size);
    if (!Items || Items > P.WorkItemsPerComputeUnit)
      return;
    auto ByLocal = uint64_t(P.LocalMemPerComputeUnit / double(Total));
    auto ByItems = uint64_t(P.WorkItemsPerComputeUnit / double(Items));
    auto ByGroups = uint64_t(P.GroupsPerComputeUnit);
    uint64_t Groups = std::min({ByLocal, ByItems, ByGroups});
    double Occupancy = double(Groups * Items) / P.WorkItemsPerComputeUnit;
    if (ByLocal > std::min(ByItems, ByGroups) || Occupancy > 0.5)
      return;
    std::string Unit = P.WarpSize == 64 ? "wavefront" : "warp";
    FindingBuilder B = Ctx.report(
        Largest.Decl->getLocation(),
        "kernel '" + K.Decl->getNameAsString() + "' uses " + kib(Total) +
            " of __local memory per work-group (" + Parts + ": a compute unit's " +
            kib(uint64_t(P.LocalMemPerComputeUnit)) + " hold " + std::to_string(Groups) +
            " work-group" + (Groups == 1 ? "" : "s") + " of " + std::to_string(Items) +
            " work-items at once, " + std::to_string(Groups * Items) + " of its " +
            std::to_string(uint64_t(P.WorkItemsPerComputeUnit)) + " work-item slots (" +
            percentText(Occupancy, 1) + " occupancy) on " + P.Name + "; fewer resident " + Unit +
            "s hide less memory latency, so a memory-bound "
            "kernel slows down: smaller tiles, or more work per work-item with the same tile, "
            "raise it" +
            shapeCaveatText(Shape));
    B.severity(Severity::Note);
    B.shape(Shape);
    B.cost("occupancy", Occupancy,
           percentText(Occupancy, 1) + " occupancy, limited by __local memory");
  }
};

} // namespace

std::unique_ptr<Rule> createLocalMemoryRule() { return std::make_unique<LocalMemoryRule>(); }

} // namespace cllint
