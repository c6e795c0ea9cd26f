#include "Fix/UnifiedDiff.h"

#include <dtl/dtl.hpp>
#include <sstream>
#include <vector>

namespace cllint {
namespace {

std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> Out;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);)
    Out.push_back(L);
  return Out;
}

} // namespace

std::string unifiedDiff(const std::string &Path, const std::string &Before,
                        const std::string &After) {
  if (Before == After)
    return "";
  std::vector<std::string> A = lines(Before), B = lines(After);
  dtl::Diff<std::string, std::vector<std::string>> D(A, B);
  D.onHuge(); // bounded memory on large files
  D.compose();
  D.composeUnifiedHunks();
  std::ostringstream Out;
  std::string Rel = Path.rfind("./", 0) == 0 ? Path.substr(2) : Path;
  bool Absolute = !Rel.empty() && Rel[0] == '/';
  Out << "--- " << (Absolute ? "" : "a/") << Rel << "\n+++ " << (Absolute ? "" : "b/") << Rel
      << "\n";
  D.printUnifiedFormat(Out);
  return Out.str();
}

std::vector<unsigned> unchangedLines(const std::string &Before, const std::string &After) {
  std::vector<std::string> A = lines(Before), B = lines(After);
  std::vector<unsigned> Map(A.size() + 1, 0);
  dtl::Diff<std::string, std::vector<std::string>> D(A, B);
  D.onHuge();
  D.compose();
  for (const auto &[Line, Info] : D.getSes().getSequence())
    if (Info.type == dtl::SES_COMMON && Info.beforeIdx >= 1 && size_t(Info.beforeIdx) < Map.size())
      Map[Info.beforeIdx] = unsigned(Info.afterIdx);
  return Map;
}

} // namespace cllint
