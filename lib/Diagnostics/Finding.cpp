#include "Diagnostics/Finding.h"

#include <cmath>
#include <cstdio>

namespace cllint {

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

std::optional<Severity> parseSeverity(const std::string &Name) {
  if (Name == "note" || Name == "info")
    return Severity::Note;
  if (Name == "warning")
    return Severity::Warning;
  if (Name == "error")
    return Severity::Error;
  return std::nullopt;
}

std::string percent(double Share) {
  double P = Share * 100;
  char Buf[32];
  if (P >= 9.95)
    std::snprintf(Buf, sizeof Buf, "%.0f%%", P);
  else
    std::snprintf(Buf, sizeof Buf, "%.1f%%", P);
  return Buf;
}

namespace {

std::string runs(double PerItem) {
  if (PerItem <= 0)
    return "";
  if (std::fabs(PerItem - 1) < 0.005)
    return "once per work-item";
  if (PerItem < 1)
    return "run by " + percent(PerItem) + " of the work-items";
  char Buf[48];
  std::snprintf(Buf, sizeof Buf, "%.0f runs per work-item", PerItem);
  return Buf;
}

} // namespace

std::string impactClause(const Impact &I) {
  std::string Out = I.Share < 0.01 ? "under 1%" : "~" + percent(I.Share);
  Out += " of kernel '" + I.Kernel + "'";
  std::string Detail = runs(I.PerItem);
  if (!I.Assumptions.empty()) {
    Detail += Detail.empty() ? "assumes " : "; assumes ";
    for (size_t K = 0; K < I.Assumptions.size(); ++K)
      Detail += (K ? ", " : "") + I.Assumptions[K];
  }
  if (!Detail.empty())
    Out += " (" + Detail + ")";
  return Out;
}

std::string mechanismText(const Finding &F) {
  if (!F.Weight)
    return F.Message;
  std::string Clause = impactClause(*F.Weight) + ": ";
  if (F.Message.compare(0, Clause.size(), Clause) == 0)
    return F.Message.substr(Clause.size());
  return F.Message;
}

} // namespace cllint
