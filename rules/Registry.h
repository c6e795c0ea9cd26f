// Every rule, from the one table in Rules.def.
#pragma once

#include "Diagnostics/Finding.h"
#include "Rule.h"

#include <memory>
#include <string>
#include <vector>

namespace cllint {

struct RuleInfo {
  std::string Id;
  std::string Category;
  Severity DefaultSeverity;
  std::string Summary;
  std::string Doc; // the rule's doc.md, embedded at build time
  std::unique_ptr<Rule> (*Create)();
};

const std::vector<RuleInfo> &allRules();
const RuleInfo *findRule(const std::string &Id);
// Where a rule's documentation is published (SARIF helpUri, LSP codeDescription).
std::string ruleDocUrl(const std::string &Id);

} // namespace cllint
