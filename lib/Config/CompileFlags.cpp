#include "Config/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

namespace cllint {

void CompileFlags::mergeFrom(const CompileFlags &Later) {
  if (!Later.Std.empty())
    Std = Later.Std;
  if (!Later.Vendor.empty())
    Vendor = Later.Vendor;
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

CompileFlags buildOptionFlags(const std::string &Options, const std::string &BaseDir) {
  llvm::SmallVector<llvm::StringRef, 16> Words;
  llvm::StringRef(Options).split(Words, ' ', -1, false);
  auto path = [&](llvm::StringRef P) {
    if (P.empty() || llvm::sys::path::is_absolute(P) || BaseDir.empty())
      return P.str();
    llvm::SmallString<256> Abs(BaseDir);
    llvm::sys::path::append(Abs, P);
    return Abs.str().str();
  };
  CompileFlags Out;
  for (size_t I = 0; I < Words.size(); ++I) {
    llvm::StringRef W = Words[I].trim();
    // "-D NAME" and "-I dir" as two words.
    llvm::StringRef Next = I + 1 < Words.size() ? Words[I + 1].trim() : "";
    bool Joined = (W == "-D" || W == "-U" || W == "-I" || W == "-include") && !Next.empty();
    llvm::StringRef Value = Joined ? Next : (W.size() > 2 ? W.drop_front(2) : "");
    if (Joined)
      ++I;
    if (W.contains('?') || Value.contains('?'))
      continue; // computed at run time: left out rather than guessed
    if (W.starts_with("-cl-std="))
      Out.Std = normalizeClStd(W.str());
    else if (W.starts_with("-D") || W.starts_with("-U"))
      Out.Args.push_back(W.take_front(2).str() + Value.str());
    else if (W == "-include" && Joined)
      Out.Args.insert(Out.Args.end(), {"-include", path(Value)});
    else if (W.starts_with("-I"))
      Out.Args.push_back("-I" + path(Value));
  }
  return Out;
}

} // namespace cllint
