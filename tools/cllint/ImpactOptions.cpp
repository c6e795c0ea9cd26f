#include "ImpactOptions.h"

#include "Analysis/TUAnalysis.h"
#include "Support/InputFiles.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"

namespace cl = llvm::cl;

namespace cllint {

cl::OptionCategory &lintCategory() {
  static cl::OptionCategory Category("cllint options");
  return Category;
}

namespace {

cl::opt<std::string>
    MinImpact("min-impact",
              cl::desc("A performance finding is a warning from this share of its kernel's "
                       "estimated time, a note below it (percent; default 5, or the config's "
                       "min-impact:)"),
              cl::value_desc("PERCENT"), cl::cat(lintCategory()));
cl::opt<std::string>
    ImpactFloor("impact-floor",
                cl::desc("Performance findings under this share of their kernel's estimated "
                         "time are not reported (percent; default 0.5, or the config's "
                         "impact-floor:)"),
                cl::value_desc("PERCENT"), cl::cat(lintCategory()));
cl::opt<bool> All("all", cl::desc("Report every finding, also those under the impact floor"),
                  cl::cat(lintCategory()));
cl::opt<std::string> DumpCosts("dump-costs",
                               cl::desc("Print each kernel's estimated time and its largest "
                                        "parts for FILE, then exit"),
                               cl::value_desc("FILE"), cl::cat(lintCategory()));

std::optional<double> percentage(const std::string &Text) {
  llvm::StringRef T = llvm::StringRef(Text).trim();
  T.consume_back("%");
  double V = 0;
  if (T.getAsDouble(V) || !(V >= 0 && V <= 100))
    return std::nullopt;
  return V / 100;
}

std::string lineOf(const clang::ASTContext &Ctx, const clang::Stmt *S) {
  if (!S)
    return "-";
  const clang::SourceManager &SM = Ctx.getSourceManager();
  return std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(S->getBeginLoc())));
}

void printKernel(const analysis::TUAnalysis &A, const analysis::KernelInfo &K,
                 llvm::raw_ostream &OS) {
  const analysis::KernelCost &C = A.cost(K);
  const analysis::CostParts &P = C.parts();
  const DeviceProfile &Prof = A.profile();
  analysis::WorkGroupShape Shape = A.workGroupShape(K);
  double T = P.time();
  const char *Bound = P.Memory >= P.Instructions && P.Memory >= P.Local ? "memory"
                      : P.Local >= P.Instructions                       ? "__local memory"
                                                                        : "instruction";
  OS << "kernel '" << K.Decl->getNameAsString() << "' (work-group "
     << analysis::shapeString(Shape.Size) << ", " << Shape.Source << "; profile " << Prof.Name
     << ")\n";
  OS << llvm::formatv("  estimated time   {0,10:f1} cycles per {1} ({2}-bound)\n", T,
                      Prof.WarpSize == 64 ? "wavefront" : "warp", Bound);
  auto part = [&](const char *Name, double V) {
    OS << llvm::formatv("  {0,-15}  {1,10:f1} cycles ({2,3:f0}%)\n", Name, V,
                        T > 0 ? 100 * V / T : 0.0);
  };
  part("global memory", P.Memory);
  part("__local memory", P.Local);
  part("instructions", P.Instructions);
  for (const std::string &Assumed : C.assumptions())
    OS << "  assumes " << Assumed << "\n";
  OS << "  largest parts:\n";
  size_t Shown = 0;
  for (const analysis::CostSite &S : C.sites()) {
    if (Shown++ == 8 || S.Cycles <= 0)
      break;
    OS << llvm::formatv("    line {0,-5} {1,-28} {2,-12} {3,10:f1} cycles {4,3:f0}%  "
                        "{5:f1} runs per work-item, {6:f1} {7} per run\n",
                        lineOf(A.context(), S.Where), S.What, S.Resource, S.Cycles,
                        T > 0 ? 100 * S.Cycles / T : 0.0, S.PerItem, S.PerRun,
                        S.Resource == "memory"  ? "sectors"
                        : S.Resource == "local" ? "wavefronts"
                                                : "cycles");
  }
}

} // namespace

std::optional<std::string> readImpactOptions(LintOptions &Options) {
  if (MinImpact.getNumOccurrences()) {
    Options.MinImpact = percentage(MinImpact);
    if (!Options.MinImpact)
      return "--min-impact: expected a percentage from 0 to 100, got '" + MinImpact + "'";
  }
  if (ImpactFloor.getNumOccurrences()) {
    Options.ImpactFloor = percentage(ImpactFloor);
    if (!Options.ImpactFloor)
      return "--impact-floor: expected a percentage from 0 to 100, got '" + ImpactFloor + "'";
  }
  Options.AllFindings = All;
  return std::nullopt;
}

std::string costDumpFile() { return DumpCosts; }

int dumpCosts(Linter &L, const std::string &File, unsigned long long MaxFileBytes,
              llvm::raw_ostream &OS) {
  std::string Content, Error;
  if (!readSourceFile(File, MaxFileBytes, Content, Error)) {
    llvm::WithColor::error(llvm::errs(), "cllint") << Error << "\n";
    return 2;
  }
  bool Ok = L.withAnalysis(
      File, Content,
      [&](const analysis::TUAnalysis &A) {
        for (const analysis::KernelInfo &K : A.kernels().kernels())
          printKernel(A, K, OS);
      },
      Error);
  if (!Ok) {
    llvm::WithColor::error(llvm::errs(), "cllint") << Error << "\n";
    return 2;
  }
  return 0;
}

} // namespace cllint
