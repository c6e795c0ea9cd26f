#include "Registry.h"

#include "llvm/ADT/StringRef.h"

#include <map>

namespace cllint {

#define CLLINT_RULE(ID, CLASS, CATEGORY, SEVERITY, SUMMARY) std::unique_ptr<Rule> create##CLASS();
#include "Rules.def"
#undef CLLINT_RULE

namespace {
const std::map<std::string, const char *> &embeddedDocs() {
  static const std::map<std::string, const char *> Docs = {
#include "RuleDocs.inc"
  };
  return Docs;
}
} // namespace

const std::vector<RuleInfo> &allRules() {
  static const std::vector<RuleInfo> Rules = [] {
    std::vector<RuleInfo> R;
    auto doc = [](const char *Id) {
      auto It = embeddedDocs().find(Id);
      return It == embeddedDocs().end() ? std::string() : std::string(It->second);
    };
#define CLLINT_RULE(ID, CLASS, CATEGORY, SEVERITY, SUMMARY)                                        \
  R.push_back({ID, CATEGORY, Severity::SEVERITY, SUMMARY, doc(ID), &create##CLASS});
#include "Rules.def"
#undef CLLINT_RULE
    return R;
  }();
  return Rules;
}

const RuleInfo *findRule(const std::string &Id) {
  for (const RuleInfo &R : allRules())
    if (R.Id == Id)
      return &R;
  return nullptr;
}

std::string ruleDocUrl(const std::string &Id) {
  // Clang's warnings are documented by flag in clang's diagnostics reference (-Wunused-variable
  // at #wunused-variable); errors and flagless warnings have no entry of their own.
  llvm::StringRef Flag(Id);
  if (Flag.consume_front("clang-diagnostic-")) {
    std::string Reference = "https://clang.llvm.org/docs/DiagnosticsReference.html";
    if (Flag == "error" || Flag == "warning")
      return Reference;
    return Reference + "#w" + Flag.lower();
  }
  return "https://github.com/cllint/cllint/blob/main/rules/" + Id + "/doc.md";
}

} // namespace cllint
