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

} // namespace

MacroTable commandLineMacros(const std::vector<std::string> &Args) {
  MacroTable Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (auto D = macroFlag(Args, I, 'D')) {
      const std::string &Text = D->first;
      size_t End = Text.find_first_of("=(");
      std::string Name = Text.substr(0, End);
      Out[Name] = End == std::string::npos ? std::string("1") : Text.substr(End);
      I += D->second - 1;
    } else if (auto U = macroFlag(Args, I, 'U')) {
      Out[U->first] = std::nullopt;
      I += U->second - 1;
    }
  }
  return Out;
}

std::vector<std::pair<std::string, bool>> macroChanges(const MacroTable &Before,
                                                       const MacroTable &Now) {
  std::vector<std::pair<std::string, bool>> Out;
  auto stateIn = [](const MacroTable &T, const std::string &Name) {
    auto It = T.find(Name);
    return It == T.end() ? std::nullopt : It->second;
  };
  for (const auto &[Name, State] : Now)
    if (stateIn(Before, Name) != State) {
      if (!State)
        Out.emplace_back(Name, true);
      else if ((*State)[0] == '=' || (*State)[0] == '(')
        Out.emplace_back(Name + *State, false);
      else
        Out.emplace_back(Name + "=" + *State, false);
    }
  for (const auto &[Name, State] : Before)
    if (State && !Now.count(Name))
      Out.emplace_back(Name, true);
  return Out;
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
