#include "Rule.h"

namespace cllint {

FindingBuilder RuleContext::report(clang::SourceLocation Loc, std::string Message) {
  Finding F;
  F.RuleId = RuleId;
  F.Level = DefaultSeverity;
  F.Message = std::move(Message);
  F.Where = Locations.tokenRange(Loc);
  F.LineText = Locations.lineText(Locations.sourceManager().getFileLoc(Loc));
  F.Notes = Locations.macroNotes(Loc);
  F.Price = std::nullopt;
  Out.push_back(std::move(F));
  return FindingBuilder(Locations, Out.back(), A.profile().Name);
}

FindingBuilder &FindingBuilder::range(clang::SourceRange R) {
  Range Rg = Locations.range(R);
  if (Rg.isValid() && Rg.File == F.Where.File)
    F.Where = Rg;
  return *this;
}

FindingBuilder &FindingBuilder::note(clang::SourceLocation Loc, std::string Message) {
  F.Notes.push_back({Locations.tokenRange(Loc), std::move(Message)});
  return *this;
}

FindingBuilder &FindingBuilder::note(clang::SourceRange R, std::string Message) {
  F.Notes.push_back({Locations.range(R), std::move(Message)});
  return *this;
}

FindingBuilder &
FindingBuilder::fix(std::string Description, FixSafety Safety,
                    std::vector<std::pair<clang::CharSourceRange, std::string>> Edits) {
  Fix Fx;
  Fx.Description = std::move(Description);
  Fx.Safety = Safety;
  for (auto &[R, Text] : Edits) {
    auto E = Locations.edit(R, Text);
    if (!E)
      return *this;
    Fx.Edits.push_back(std::move(*E));
  }
  if (!Fx.Edits.empty())
    F.Fixes.push_back(std::move(Fx));
  return *this;
}

FindingBuilder &FindingBuilder::conditional(std::string Assumption) {
  if (F.Weight) {
    F.Weight->Conditional = true;
    F.Weight->Assumptions.push_back(std::move(Assumption));
  }
  return *this;
}

FindingBuilder &FindingBuilder::shape(const analysis::WorkGroupShape &S) {
  if (!F.Price)
    F.Price = Cost{ProfileName, "", 0, ""};
  F.Price->WorkGroup = analysis::shapeString(S.Size);
  F.Price->WorkGroupSource = S.Source;
  F.Price->WorkGroupAssumed = S.Assumed;
  return *this;
}

FindingBuilder &FindingBuilder::impact(const std::optional<analysis::ImpactEstimate> &E) {
  if (!E)
    return *this;
  Impact I;
  I.Kernel = E->Kernel;
  I.Share = E->Share;
  I.Resource = E->Resource;
  I.ResourceShare = E->ResourceShare;
  I.PerItem = E->PerItem;
  I.Assumptions = E->Assumptions;
  I.Conditional = E->Conditional;
  F.Weight = std::move(I);
  return *this;
}

FindingBuilder &FindingBuilder::cost(std::string Metric, double Value, std::string Summary) {
  Cost C;
  C.Profile = ProfileName;
  C.Metric = std::move(Metric);
  C.Value = Value;
  C.Summary = std::move(Summary);
  if (F.Price) { // shape() came first
    C.WorkGroup = F.Price->WorkGroup;
    C.WorkGroupSource = F.Price->WorkGroupSource;
    C.WorkGroupAssumed = F.Price->WorkGroupAssumed;
  }
  F.Price = std::move(C);
  return *this;
}

} // namespace cllint
