#include "Frontend/CommandLineMacros.h"

namespace cllint {

namespace {

// For -D/-U (joined or separate), the macro text and how many arguments the flag took.
std::optional<std::pair<std::string, size_t>> macroFlag(const std::vector<std::string> &Args,
                                                        size_t I, char Letter) {
  const std::string &A = Args[I];
  if (A.size() < 2 || A[0] != '-' || A[1] != Letter)
    return std::nullopt;
  if (A.size() > 2)
    return std::make_pair(A.substr(2), size_t(1));
  if (I + 1 < Args.size())
    return std::make_pair(Args[I + 1], size_t(2));
  return std::nullopt;
}

// The name a definition's text starts with ("F" of "F(x)=#x").
std::string macroName(const std::string &Definition) {
  return Definition.substr(0, Definition.find_first_of("=("));
}

} // namespace

MacroTable commandLineMacros(const std::vector<std::string> &Args) {
  MacroTable Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (auto D = macroFlag(Args, I, 'D')) {
      std::string Name = macroName(D->first);
      Out[Name] = Name.size() == D->first.size() ? std::string("=1") : D->first.substr(Name.size());
      I += D->second - 1;
    } else if (auto U = macroFlag(Args, I, 'U')) {
      Out[U->first] = std::nullopt;
      I += U->second - 1;
    }
  }
  return Out;
}

std::optional<std::string> macroState(const MacroTable &Macros, const std::string &Name) {
  auto It = Macros.find(Name);
  return It == Macros.end() ? std::nullopt : It->second;
}

void keepOnlyMacroChanges(std::vector<std::pair<std::string, bool>> &InvocationMacros,
                          const MacroTable &Before, const MacroTable &Now) {
  std::erase_if(InvocationMacros, [&](const std::pair<std::string, bool> &M) {
    std::string Name = macroName(M.first);
    return Now.count(Name) || Before.count(Name);
  });
  for (const auto &[Name, State] : Now)
    if (macroState(Before, Name) != State)
      InvocationMacros.emplace_back(State ? Name + *State : Name, !State);
  for (const auto &[Name, State] : Before)
    if (State && !Now.count(Name))
      InvocationMacros.emplace_back(Name, true);
}

std::string commandLineWithoutMacros(const std::vector<std::string> &Args) {
  std::string Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    auto D = macroFlag(Args, I, 'D');
    auto U = D ? D : macroFlag(Args, I, 'U');
    if (U) {
      I += U->second - 1;
      continue;
    }
    Out += Args[I];
    Out += '\0';
  }
  return Out;
}

} // namespace cllint
