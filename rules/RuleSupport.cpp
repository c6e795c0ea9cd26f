#include "RuleSupport.h"

#include "clang/Lex/Lexer.h"

#include <cmath>
#include <cstdio>

namespace cllint {

std::string warpWord(const DeviceProfile &P) { return P.WarpSize == 64 ? "wavefront" : "warp"; }

std::string transactionWord(const DeviceProfile &P) {
  if (P.SectorBytes < P.CacheLineBytes)
    return std::to_string(P.SectorBytes) + "-B sectors";
  return std::to_string(P.SectorBytes) + "-B cache lines";
}

std::string shapeText(const std::array<unsigned, 3> &S) { return analysis::shapeString(S); }

std::string percentText(double Part, double Whole) {
  if (Whole <= 0)
    return "0%";
  return std::to_string(static_cast<long>(std::floor(Part * 100 / Whole + 0.5))) + "%";
}

std::string numberText(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.1f", V);
  std::string S = Buf;
  if (S.size() > 2 && S.substr(S.size() - 2) == ".0")
    S.resize(S.size() - 2);
  return S;
}

std::string shapeCaveatText(const analysis::WorkGroupShape &S) {
  if (!S.Assumed) {
    if (S.Others.empty())
      return "";
    std::string Also;
    for (const std::string &O : S.Others)
      Also += (Also.empty() ? "" : ", ") + O;
    return "; with the " + shapeText(S.Size) + " work-group of the " + S.Source +
           " (the kernel is also launched as " + Also + ")";
  }
  std::string Why;
  if (S.Source.rfind("inferred", 0) == 0)
    Why = ", " + S.Source;
  else if (S.Source.rfind("profile default of ", 0) == 0)
    Why = ": no launch found, " + S.Source.substr(19);
  else
    Why = ": no launch found";
  return "; assuming a " + shapeText(S.Size) + " work-group" + Why +
         " (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host "
         "code with it)";
}

} // namespace cllint
