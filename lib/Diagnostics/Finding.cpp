#include "Diagnostics/Finding.h"

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

} // namespace cllint
