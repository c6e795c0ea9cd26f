#include "Lsp/FindingHover.h"

#include "Registry.h"

#include "llvm/ADT/StringRef.h"

namespace cllint::lsp {
namespace {

// Markdown would read `*`, `_` and friends in messages ("a[i*2]") as emphasis.
std::string escaped(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (llvm::StringRef("\\`*_[]<>#|").contains(C))
      Out += '\\';
    Out += C;
  }
  return Out;
}

void item(std::string &Out, const std::string &Label, const std::string &Text) {
  Out += "- **" + Label + ":** " + Text + "\n";
}

} // namespace

std::string findingMarkdown(const Finding &F) {
  std::string Out = "**" + escaped(F.RuleId) + "** (" + severityName(F.Level) + ")\n\n";
  Out += escaped(mechanismText(F)) + "\n\n";
  if (const std::optional<Impact> &I = F.Weight) {
    std::string Share = escaped(impactClause(*I));
    if (I->Conditional)
      Share += "; only for some values of an unknown, so at most a note";
    item(Out, "Impact", Share);
    if (!I->Resource.empty())
      item(Out, "Adds to",
           escaped(I->Resource) + (I->ResourceShare > 0
                                       ? " (" + percent(I->ResourceShare) + " of the kernel's)"
                                       : ""));
  }
  if (const std::optional<Cost> &C = F.Price) {
    if (!C->Summary.empty())
      item(Out, "Cost (" + escaped(C->Profile) + ")", escaped(C->Summary));
    if (!C->WorkGroup.empty())
      item(Out, "Work-group",
           escaped(C->WorkGroup) +
               (C->WorkGroupSource.empty() ? "" : ", " + escaped(C->WorkGroupSource)) +
               (C->WorkGroupAssumed ? " (assumed)" : ""));
  }
  for (const Fix &X : F.Fixes)
    item(Out, "Fix",
         escaped(X.Description) +
             (X.Safety == FixSafety::Unsafe ? " (unsafe: may change results)" : ""));
  // The rule's page is a click away, not the hover's bulk.
  if (const RuleInfo *Info = findRule(F.RuleId))
    Out += "\n[" + escaped(F.RuleId) + "](" + ruleDocUrl(F.RuleId) + "): " + escaped(Info->Summary);
  else if (llvm::StringRef(F.RuleId).starts_with("clang-diagnostic-"))
    Out += "\n[" + escaped(F.RuleId) + "](" + ruleDocUrl(F.RuleId) + ")";
  while (!Out.empty() && Out.back() == '\n')
    Out.pop_back();
  return Out;
}

} // namespace cllint::lsp
