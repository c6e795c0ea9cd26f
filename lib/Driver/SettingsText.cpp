#include "Driver/SettingsText.h"

#include "Registry.h"

#include <yaml-cpp/yaml.h>

namespace cllint {

namespace {
// 0.05 -> "5%".
std::string percentText(double Share) {
  std::string S = std::to_string(Share * 100);
  S.erase(S.find_last_not_of('0') + 1);
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S + "%";
}
} // namespace

std::string settingsYaml(const FileSettings &S, const std::string &File) {
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
  for (const ProfileRate &R : profileRates())
    Y << YAML::Key << R.Key << YAML::Value << P.*R.Field;
  Y << YAML::Key << "work-group" << YAML::Value << YAML::Flow
    << std::vector<unsigned>(P.DefaultWorkGroup.begin(), P.DefaultWorkGroup.end());
  Y << YAML::EndMap;
  Y << YAML::Key << "std" << YAML::Value << (S.Flags.Std.empty() ? "CL1.2" : S.Flags.Std);
  Y << YAML::Key << "flags" << YAML::Value << YAML::Flow << S.Flags.Args;
  Y << YAML::Key << "flags-from" << YAML::Value << YAML::BeginSeq;
  for (const FileSettings::FlagSource &F : S.FlagSources)
    Y << YAML::BeginMap << YAML::Key << "from" << YAML::Value << F.From << YAML::Key << "flags"
      << YAML::Value << YAML::Flow << F.Args << YAML::EndMap;
  Y << YAML::EndSeq;
  if (S.WorkGroup)
    Y << YAML::Key << "work-group" << YAML::Value << YAML::Flow
      << std::vector<unsigned>(S.WorkGroup->begin(), S.WorkGroup->end());
  Y << YAML::Key << "fail-on" << YAML::Value << severityName(S.FailOn.value_or(Severity::Warning));
  Y << YAML::Key << "min-impact" << YAML::Value << percentText(S.MinImpact);
  Y << YAML::Key << "impact-floor" << YAML::Value << percentText(S.ImpactFloor);
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
  if (S.Config && S.Config->HeaderFilter)
    Y << YAML::Key << "header-filter" << YAML::Value << *S.Config->HeaderFilter;
  if (S.Config && !S.Config->Exclude.empty())
    Y << YAML::Key << "exclude" << YAML::Value << YAML::Flow << S.Config->Exclude;
  if (S.Config && !S.Config->HostGlobs.empty())
    Y << YAML::Key << "host" << YAML::Value << YAML::Flow << S.Config->HostGlobs;
  Y << YAML::EndMap;
  return Y.c_str();
}

} // namespace cllint
