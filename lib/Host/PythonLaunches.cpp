#include "Host/PythonLaunches.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <map>
#include <set>

namespace cllint {
namespace {

bool identChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

// `NAME = 123` at the start of a line (module or function level): names assigned one integer
// literal everywhere they are assigned.
std::map<std::string, uint64_t> integerNames(llvm::StringRef S) {
  std::map<std::string, uint64_t> Values;
  std::set<std::string> Conflicting;
  llvm::SmallVector<llvm::StringRef> Lines;
  S.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    size_t Eq = L.find('=');
    if (Eq == llvm::StringRef::npos || Eq == 0 || (Eq + 1 < L.size() && L[Eq + 1] == '='))
      continue;
    llvm::StringRef Name = L.take_front(Eq).trim(), Value = L.drop_front(Eq + 1).trim();
    if (Name.empty() || !llvm::all_of(Name, identChar) ||
        std::isdigit(static_cast<unsigned char>(Name[0])) ||
        llvm::StringRef("!<>+-*/%&|^").contains(L[Eq - 1]))
      continue;
    uint64_t V = 0;
    std::string Key = Name.str();
    if (Value.getAsInteger(10, V)) {
      Conflicting.insert(Key);
      continue;
    }
    auto [It, New] = Values.try_emplace(Key, V);
    if (!New && It->second != V)
      Conflicting.insert(Key);
  }
  for (const std::string &C : Conflicting)
    Values.erase(C);
  return Values;
}

// `A = prg.NAME` or `A = program.NAME`: A calls kernel NAME.
std::map<std::string, std::string> kernelAliases(llvm::StringRef S) {
  std::map<std::string, std::string> Out;
  llvm::SmallVector<llvm::StringRef> Lines;
  S.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    size_t Eq = L.find('=');
    if (Eq == llvm::StringRef::npos)
      continue;
    llvm::StringRef Name = L.take_front(Eq).trim(), Value = L.drop_front(Eq + 1).trim();
    size_t Dot = Value.find('.');
    if (Dot == llvm::StringRef::npos || Name.empty() || !llvm::all_of(Name, identChar))
      continue;
    llvm::StringRef Obj = Value.take_front(Dot), Member = Value.drop_front(Dot + 1);
    if (!Obj.empty() && llvm::all_of(Obj, identChar) && !Member.empty() &&
        llvm::all_of(Member, identChar))
      Out[Name.str()] = Member.str();
  }
  return Out;
}

// A tuple `(a, b)` / `(a,)` of integers or integer names; nullopt otherwise.
std::optional<std::array<uint64_t, 3>> sizes(llvm::StringRef T,
                                             const std::map<std::string, uint64_t> &Ints) {
  T = T.trim();
  if (!T.consume_front("(") || !T.consume_back(")"))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> Parts;
  T.split(Parts, ',');
  std::array<uint64_t, 3> Out = {1, 1, 1};
  unsigned D = 0;
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P.empty())
      continue;
    if (D == 3)
      return std::nullopt;
    uint64_t V = 0;
    if (P.getAsInteger(10, V)) {
      auto It = Ints.find(P.str());
      if (It == Ints.end())
        return std::nullopt;
      V = It->second;
    }
    if (V == 0)
      return std::nullopt;
    Out[D++] = V;
  }
  if (!D)
    return std::nullopt;
  return Out;
}

// The next call argument from I: up to the comma at depth 0 (parentheses balanced), at most
// MaxArgument characters (a launch's sizes are short; nested calls in a long file would make
// the scan quadratic).
constexpr size_t MaxArgument = 512;
llvm::StringRef argument(llvm::StringRef S, size_t &I) {
  size_t Begin = I;
  int Depth = 0;
  for (; I < S.size(); ++I) {
    if (I - Begin > MaxArgument) {
      I = S.size();
      return {};
    }
    char C = S[I];
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']') {
      if (Depth == 0)
        break;
      --Depth;
    } else if (C == ',' && Depth == 0)
      break;
  }
  return S.slice(Begin, I);
}

} // namespace

std::vector<PythonLaunch> findPythonLaunches(const std::string &Script) {
  llvm::StringRef S(Script);
  std::map<std::string, uint64_t> Ints = integerNames(S);
  std::map<std::string, std::string> Aliases = kernelAliases(S);
  std::vector<PythonLaunch> Out;
  for (size_t Paren = S.find('('); Paren != llvm::StringRef::npos; Paren = S.find('(', Paren + 1)) {
    size_t NameEnd = Paren, NameBegin = Paren;
    while (NameBegin > 0 && identChar(S[NameBegin - 1]))
      --NameBegin;
    if (NameBegin == NameEnd)
      continue;
    std::string Name = S.slice(NameBegin, NameEnd).str();
    bool Member = NameBegin > 0 && S[NameBegin - 1] == '.';
    std::string Kernel;
    if (Member)
      Kernel = Name; // prg.NAME(...)
    else if (auto It = Aliases.find(Name); It != Aliases.end())
      Kernel = It->second;
    else
      continue;
    size_t I = Paren + 1;
    llvm::StringRef Queue = argument(S, I).trim();
    if (I >= S.size() || S[I] != ',' || Queue.empty() || !llvm::all_of(Queue, identChar))
      continue;
    ++I;
    llvm::StringRef Global = argument(S, I);
    if (I >= S.size() || S[I] != ',')
      continue;
    ++I;
    llvm::StringRef Local = argument(S, I);
    std::optional<std::array<uint64_t, 3>> L = sizes(Local, Ints);
    if (!L)
      continue;
    PythonLaunch P;
    P.Kernel = Kernel;
    P.Local = *L;
    P.Global = sizes(Global, Ints);
    P.Line = unsigned(S.take_front(Paren).count('\n') + 1);
    Out.push_back(std::move(P));
  }
  return Out;
}

} // namespace cllint
