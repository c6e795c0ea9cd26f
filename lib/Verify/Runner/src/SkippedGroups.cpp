#include "SkippedGroups.h"

#include <algorithm>

namespace cllint::runner {

std::vector<SkippedGroup> groupSkipped(const std::vector<SkippedFinding> &skipped) {
  std::vector<SkippedGroup> groups;
  for (const SkippedFinding &s : skipped) {
    auto group = std::find_if(groups.begin(), groups.end(), [&](const SkippedGroup &g) {
      return g.file == s.file && g.kernel == s.kernel && g.reason == s.reason;
    });
    if (group == groups.end())
      group = groups.insert(groups.end(), SkippedGroup{s.file, s.kernel, s.reason, {}, 0});
    auto rule = std::find_if(group->rules.begin(), group->rules.end(),
                             [&](const auto &r) { return r.first == s.rule; });
    if (rule == group->rules.end())
      rule = group->rules.insert(group->rules.end(), {s.rule, {}});
    // The same line twice is one finding reported twice (e.g. two launch shapes).
    if (std::find(rule->second.begin(), rule->second.end(), s.line) == rule->second.end()) {
      rule->second.push_back(s.line);
      ++group->findings;
    }
  }
  return groups;
}

std::string rulesAndLines(const SkippedGroup &group) {
  std::string text;
  for (const auto &[rule, lines] : group.rules) {
    text += (text.empty() ? "" : "; ") + (rule.empty() ? std::string("finding") : rule) +
            (lines.size() > 1 ? " at lines " : " at line ");
    for (std::size_t i = 0; i < lines.size(); ++i)
      text += (i ? ", " : "") + std::to_string(lines[i]);
  }
  return text;
}

std::string describeSkipped(const SkippedGroup &group) {
  return (group.file.empty() ? std::string("(no file)") : group.file) +
         (group.kernel.empty() ? "" : ": kernel '" + group.kernel + "'") + ", " +
         std::to_string(group.findings) + (group.findings == 1 ? " finding (" : " findings (") +
         rulesAndLines(group) + "): " + group.reason;
}

} // namespace cllint::runner
