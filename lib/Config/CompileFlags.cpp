#include "Config/CompileFlags.h"

#include "llvm/ADT/StringRef.h"

namespace cllint {

void CompileFlags::mergeFrom(const CompileFlags &Later) {
  if (!Later.Std.empty())
    Std = Later.Std;
  Args.insert(Args.end(), Later.Args.begin(), Later.Args.end());
}

std::string normalizeClStd(const std::string &Text) {
  llvm::StringRef S = llvm::StringRef(Text).trim();
  S.consume_front("-cl-std=");
  if (S.starts_with_insensitive("cl"))
    S = S.drop_front(2);
  if (S == "1.0" || S == "1.1" || S == "1.2" || S == "2.0" || S == "3.0")
    return ("CL" + S).str();
  return "";
}

} // namespace cllint
