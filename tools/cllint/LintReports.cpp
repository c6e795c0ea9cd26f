// What `cllint` prints besides the findings: the compile-failure line, --statistics and
// --dump-launches.
#include "LintReports.h"

#include "Analysis/TUAnalysis.h"
#include "Registry.h"
#include "Support/InputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <map>
#include <yaml-cpp/yaml.h>

namespace cllint {

// --statistics: findings per rule, like ruff --statistics.
void printStatistics(const std::vector<FileResult> &Results, llvm::raw_ostream &OS) {
  struct Row {
    unsigned Count = 0, Fixable = 0;
  };
  std::map<std::string, Row> Rows;
  for (const FileResult &R : Results)
    for (const Finding &F : R.Findings) {
      Row &Rw = Rows[F.RuleId];
      ++Rw.Count;
      Rw.Fixable += !F.Fixes.empty();
    }
  std::vector<std::pair<std::string, Row>> Sorted(Rows.begin(), Rows.end());
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const auto &A, const auto &B) { return A.second.Count > B.second.Count; });
  OS << llvm::formatv("{0,7}  {1,7}  {2}\n", "count", "fixable", "rule");
  for (const auto &[Rule, Rw] : Sorted)
    OS << llvm::formatv("{0,7}  {1,7}  {2}\n", Rw.Count, Rw.Fixable, Rule);
}

// --dump-launches: the host launches found, then every kernel with the shape it is analysed
// with and where that shape comes from.
int dumpLaunches(Linter &L, const HostRun &Hosts, const std::vector<std::string> &Files,
                 unsigned long long MaxFileSize, int Exit) {
  llvm::outs() << describeLaunches(Hosts);
  for (const std::string &File : Files) {
    std::string Content, Error;
    if (!readSourceFile(File, MaxFileSize, Content, Error)) {
      llvm::WithColor::error(llvm::errs(), "cllint") << File << ": " << Error << "\n";
      Exit = 2;
      continue;
    }
    bool Ok = L.withAnalysis(
        File, Content,
        [&](const analysis::TUAnalysis &A) {
          for (const analysis::KernelInfo &K : A.kernels().kernels()) {
            analysis::WorkGroupShape S = A.workGroupShape(K);
            llvm::outs() << File << ": kernel " << K.Decl->getName() << ": work-group "
                         << analysis::shapeString(S.Size) << " (" << S.Source
                         << (S.Assumed ? "; assumed" : "") << ")";
            for (const std::string &O : S.Others)
              llvm::outs() << "; also launched as " << O;
            llvm::outs() << "\n";
          }
        },
        Error);
    if (!Ok) {
      llvm::WithColor::error(llvm::errs(), "cllint") << File << ": " << Error << "\n";
      Exit = 2;
    }
  }
  return Exit;
}

int dumpConfig(const LintOptions &Options, const std::string &File) {
  Linter L(Options);
  FileSettings S;
  std::string Error;
  if (!L.settingsFor(File, S, Error)) {
    llvm::WithColor::error(llvm::errs(), "cllint") << Error << "\n";
    return 2;
  }
  YAML::Emitter Y;
  Y << YAML::BeginMap;
  Y << YAML::Key << "file" << YAML::Value << File;
  Y << YAML::Key << "config" << YAML::Value << (S.Config ? S.Config->Path : std::string("none"));
  Y << YAML::Key << "rules" << YAML::Value << YAML::BeginMap;
  for (const RuleInfo &R : allRules()) {
    if (!S.Rules.isEnabled(R.Id))
      continue;
    auto Over = S.SeverityOverrides.find(R.Id);
    Severity Level = Over == S.SeverityOverrides.end() ? R.DefaultSeverity : Over->second;
    Y << YAML::Key << R.Id << YAML::Value << severityName(Level);
  }
  Y << YAML::EndMap;
  const DeviceProfile &P = S.Profile;
  Y << YAML::Key << "profile" << YAML::Value << YAML::BeginMap;
  Y << YAML::Key << "name" << YAML::Value << P.Name;
  Y << YAML::Key << "warp" << YAML::Value << P.WarpSize;
  Y << YAML::Key << "banks" << YAML::Value << P.Banks;
  Y << YAML::Key << "bank-width" << YAML::Value << P.BankWidth;
  Y << YAML::Key << "sector" << YAML::Value << P.SectorBytes;
  Y << YAML::Key << "cache-line" << YAML::Value << P.CacheLineBytes;
  Y << YAML::Key << "local-memory" << YAML::Value << P.LocalMemBytes;
  Y << YAML::Key << "work-group" << YAML::Value << YAML::Flow
    << std::vector<unsigned>(P.DefaultWorkGroup.begin(), P.DefaultWorkGroup.end());
  Y << YAML::EndMap;
  Y << YAML::Key << "std" << YAML::Value << (S.Flags.Std.empty() ? "CL1.2" : S.Flags.Std);
  Y << YAML::Key << "flags" << YAML::Value << YAML::Flow << S.Flags.Args;
  if (S.WorkGroup)
    Y << YAML::Key << "work-group" << YAML::Value << YAML::Flow
      << std::vector<unsigned>(S.WorkGroup->begin(), S.WorkGroup->end());
  Y << YAML::Key << "fail-on" << YAML::Value << severityName(S.FailOn.value_or(Severity::Warning));
  if (!S.Kernels.empty()) {
    Y << YAML::Key << "kernels" << YAML::Value << YAML::BeginMap;
    for (const analysis::ConfiguredKernel &K : S.Kernels) {
      Y << YAML::Key << K.NameGlob << YAML::Value << YAML::BeginMap;
      if (K.WorkGroup)
        Y << YAML::Key << "work-group" << YAML::Value << YAML::Flow
          << std::vector<unsigned>(K.WorkGroup->begin(), K.WorkGroup->end());
      if (K.Global)
        Y << YAML::Key << "global" << YAML::Value << YAML::Flow
          << std::vector<uint64_t>(K.Global->begin(), K.Global->end());
      if (!K.Args.empty())
        Y << YAML::Key << "args" << YAML::Value << YAML::Flow << K.Args;
      Y << YAML::Key << "from" << YAML::Value << K.Source;
      Y << YAML::EndMap;
    }
    Y << YAML::EndMap;
  }
  if (S.Config && !S.Config->Exclude.empty())
    Y << YAML::Key << "exclude" << YAML::Value << YAML::Flow << S.Config->Exclude;
  if (S.Config && !S.Config->HostGlobs.empty())
    Y << YAML::Key << "host" << YAML::Value << YAML::Flow << S.Config->HostGlobs;
  Y << YAML::EndMap;
  llvm::outs() << Y.c_str() << "\n";
  return 0;
}

int printDiffs(const std::string &Diffs, unsigned Fixes, unsigned Files, int Exit, bool Quiet) {
  llvm::outs() << Diffs;
  llvm::outs().flush();
  if (!Quiet)
    llvm::errs() << "cllint: would apply " << Fixes << " fix(es) in " << Files << " file(s)\n";
  if (Exit == 0 && !Diffs.empty())
    return 1;
  return Exit;
}

} // namespace cllint
