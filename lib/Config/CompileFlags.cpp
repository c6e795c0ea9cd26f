#include "Config/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <set>

namespace cllint {

namespace {

// The macro the -D or -U at Args[I] names (`-DN=4`, `-UN`, or `-D` `N=4` over two arguments),
// with how many arguments it takes; empty when Args[I] is neither.
std::string macroAt(const std::vector<std::string> &Args, size_t I, size_t &Width) {
  llvm::StringRef A = Args[I];
  Width = 1;
  if (!A.consume_front("-D") && !A.consume_front("-U"))
    return "";
  if (A.empty() && I + 1 < Args.size()) {
    A = Args[I + 1];
    Width = 2;
  }
  return A.take_until([](char C) { return C == '='; }).str();
}

} // namespace

void CompileFlags::mergeFrom(const CompileFlags &Later) {
  if (!Later.Std.empty())
    Std = Later.Std;
  if (!Later.Vendor.empty())
    Vendor = Later.Vendor;
  // A macro the later flags define or undefine replaces the earlier value (a host's
  // `-DN=0` under the command line's `-D N=1`), instead of redefining it.
  std::set<std::string> Redefined;
  for (size_t I = 0, Width = 1; I < Later.Args.size(); I += Width)
    if (std::string Name = macroAt(Later.Args, I, Width); !Name.empty())
      Redefined.insert(Name);
  std::vector<std::string> Kept;
  for (size_t I = 0, Width = 1; I < Args.size(); I += Width) {
    std::string Name = macroAt(Args, I, Width);
    if (!Name.empty() && Redefined.count(Name))
      continue;
    Kept.insert(Kept.end(), Args.begin() + I, Args.begin() + std::min(Args.size(), I + Width));
  }
  Args = std::move(Kept);
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
