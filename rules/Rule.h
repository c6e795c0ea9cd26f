// A rule reads the shared analysis of one translation unit and reports findings. No I/O, no
// formatting, no state across translation units.
#pragma once

#include "Analysis/TUAnalysis.h"
#include "Diagnostics/ClangLocations.h"
#include "Diagnostics/Finding.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace cllint {

class RuleContext;

// Builds one finding fluently: report(loc, msg).note(...).fix(...).cost(...).
class FindingBuilder {
public:
  FindingBuilder(const LocationResolver &Locations, Finding &F, std::string ProfileName)
      : Locations(Locations), F(F), ProfileName(std::move(ProfileName)) {}
  FindingBuilder &range(clang::SourceRange R);
  FindingBuilder &note(clang::SourceLocation Loc, std::string Message);
  FindingBuilder &note(clang::SourceRange R, std::string Message);
  // Drops the fix when any edit lands inside a macro expansion (not exact for every use).
  FindingBuilder &fix(std::string Description, FixSafety Safety,
                      std::vector<std::pair<clang::CharSourceRange, std::string>> Edits);
  FindingBuilder &cost(std::string Metric, double Value, std::string Summary);
  // Findings with the same key and message in one file are one problem (see Finding::GroupKey).
  FindingBuilder &group(std::string Key) {
    F.GroupKey = std::move(Key);
    return *this;
  }
  // What the finding costs its kernel (TUAnalysis::impact); severity follows it.
  FindingBuilder &impact(const std::optional<analysis::ImpactEstimate> &E);
  // The verdict holds only for a value the analysis sampled (Assumption names it): the impact
  // says so, and the finding stays a note until the real value is known.
  FindingBuilder &conditional(std::string Assumption);
  // A level other than the rule's default (a correctness rule that cannot prove its case).
  FindingBuilder &severity(Severity Level) {
    F.Level = Level;
    return *this;
  }
  // Records, with the cost, the work-group shape the verdict was computed for.
  FindingBuilder &shape(const analysis::WorkGroupShape &S);

private:
  const LocationResolver &Locations;
  Finding &F;
  std::string ProfileName;
};

class RuleContext {
public:
  RuleContext(const analysis::TUAnalysis &A, const LocationResolver &Locations,
              std::vector<Finding> &Out)
      : A(A), Locations(Locations), Out(Out) {}

  const analysis::TUAnalysis &analysis() const { return A; }
  clang::ASTContext &ast() const { return A.context(); }
  const DeviceProfile &profile() const { return A.profile(); }
  const LocationResolver &locations() const { return Locations; }

  // Reports at Loc's file location (the macro use when Loc comes through a macro, with notes
  // pointing at each macro definition).
  FindingBuilder report(clang::SourceLocation Loc, std::string Message);

  void setCurrentRule(const std::string &Id, Severity Default) {
    RuleId = Id;
    DefaultSeverity = Default;
  }

private:
  const analysis::TUAnalysis &A;
  const LocationResolver &Locations;
  std::vector<Finding> &Out;
  std::string RuleId;
  Severity DefaultSeverity = Severity::Warning;
};

class Rule {
public:
  virtual ~Rule() = default;
  virtual void check(RuleContext &Ctx) = 0;
};

} // namespace cllint
