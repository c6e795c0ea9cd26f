// Names of the uniform symbols the analysis builds, and the kind each name stands for.
#include "Analysis/IndexForm.h"

namespace cllint::analysis {

std::string localSizeSym(unsigned D) { return "get_local_size(" + std::to_string(D) + ")"; }
std::string groupIdSym(unsigned D) { return "get_group_id(" + std::to_string(D) + ")"; }
std::string globalSizeSym(unsigned D) { return "get_global_size(" + std::to_string(D) + ")"; }
std::string numGroupsSym(unsigned D) { return "get_num_groups(" + std::to_string(D) + ")"; }
std::string tripCounterSym(const std::string &Var) { return "iter(" + Var + ")"; }

std::string tripCounterVariable(const std::string &Sym) {
  if (symbolKind(Sym) != SymbolKind::TripCounter)
    return Sym;
  std::string Var = Sym.substr(5, Sym.size() - 6);
  return Var.substr(0, Var.find('#'));
}

SymbolKind symbolKind(const std::string &Name) {
  if (Name.find('(') == std::string::npos)
    return SymbolKind::Variable;
  if (Name.rfind("iter(", 0) == 0)
    return SymbolKind::TripCounter;
  if (Name.rfind("get_group_id(", 0) == 0)
    return SymbolKind::GroupId;
  return SymbolKind::WorkItem;
}

} // namespace cllint::analysis
