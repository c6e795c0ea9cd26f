// Reports for CI systems other than GitHub: GitLab's code-quality JSON (merge-request widget
// and diff annotations) and JUnit XML (the test-report views of GitLab, Jenkins, Azure DevOps).
#include "Diagnostics/Fingerprint.h"
#include "Driver/RunResults.h"
#include "Output/Emitters.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace cllint {

namespace {

std::string utf8(const std::string &S) { return llvm::json::fixUTF8(S); }

// GitLab's scale: info, minor, major, critical, blocker.
const char *gitlabSeverity(Severity S) {
  switch (S) {
  case Severity::Error:
    return "critical";
  case Severity::Warning:
    return "major";
  case Severity::Note:
    return "info";
  }
  return "info";
}

// XML 1.0 text and attribute escaping; control characters XML cannot hold become spaces.
std::string xml(const std::string &Raw) {
  std::string S = utf8(Raw), Out;
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&apos;";
      break;
    default:
      Out += (static_cast<unsigned char>(C) < 0x20 && C != '\n' && C != '\t') ? ' ' : C;
    }
  }
  return Out;
}

std::string fileOf(const FileResult &R, const Finding &F, const EmitOptions &Opts) {
  return displayRelativePath(F.Where.File.empty() ? R.Path : F.Where.File, Opts.SourceRoot);
}

} // namespace

void emitGitlab(const std::vector<FileResult> &Results, const EmitOptions &Opts,
                llvm::raw_ostream &OS) {
  llvm::json::Array Issues;
  for (const FileResult &R : Results) {
    std::string Rel = displayRelativePath(R.Path, Opts.SourceRoot);
    std::vector<std::string> Prints =
        fingerprints(Rel, R.Findings, R.Path,
                     [&](const std::string &P) { return displayRelativePath(P, Opts.SourceRoot); });
    for (size_t I = 0; I < R.Findings.size(); ++I) {
      const Finding &F = R.Findings[I];
      Issues.push_back(llvm::json::Object{
          {"type", "issue"},
          {"check_name", F.RuleId},
          {"description", utf8(F.Message)},
          {"categories", llvm::json::Array{F.RuleId.starts_with("clang-") ? "Bug Risk"
                                           : F.Level == Severity::Error   ? "Bug Risk"
                                                                          : "Performance"}},
          {"severity", gitlabSeverity(F.Level)},
          {"fingerprint", Prints[I]},
          {"location", llvm::json::Object{
                           {"path", utf8(fileOf(R, F, Opts))},
                           {"lines", llvm::json::Object{{"begin", F.Where.Begin.Line},
                                                        {"end", std::max(F.Where.Begin.Line,
                                                                         F.Where.End.Line)}}}}}});
    }
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Issues))) << "\n";
}

void emitJunit(const std::vector<FileResult> &Results, const EmitOptions &Opts,
               llvm::raw_ostream &OS) {
  // One test suite per linted file; each finding at warning or error level is a failed test
  // case, a file that could not be analysed an errored one, a clean file one passing case.
  // Notes stay out: a test report has no level below failure.
  unsigned Tests = 0, Failures = 0, Errors = 0;
  std::string Suites;
  for (const FileResult &R : Results) {
    std::string Path = xml(displayRelativePath(R.Path, Opts.SourceRoot));
    std::string Cases;
    unsigned SuiteTests = 0, SuiteFailures = 0, SuiteErrors = 0;
    for (const std::string &E : fileErrors(R)) {
      ++SuiteTests, ++SuiteErrors;
      Cases += "    <testcase name=\"" + Path +
               "\" classname=\"cllint\">\n      <error message=\"" + xml(E) +
               "\"/>\n    </testcase>\n";
    }
    for (const Finding &F : R.Findings) {
      if (F.Level == Severity::Note)
        continue;
      ++SuiteTests, ++SuiteFailures;
      std::string Where = xml(fileOf(R, F, Opts)) + ":" + std::to_string(F.Where.Begin.Line) + ":" +
                          std::to_string(F.Where.Begin.Column);
      Cases += "    <testcase name=\"" + xml(F.RuleId) + " at " + Where + "\" classname=\"" + Path +
               "\" file=\"" + xml(fileOf(R, F, Opts)) + "\" line=\"" +
               std::to_string(F.Where.Begin.Line) + "\">\n      <failure type=\"" +
               severityName(F.Level) + "\" message=\"" + xml(F.Message) + "\">" + Where + ": " +
               severityName(F.Level) + ": " + xml(F.Message) + " [" + xml(F.RuleId) +
               "]</failure>\n    </testcase>\n";
    }
    if (SuiteTests == 0) {
      SuiteTests = 1;
      Cases += "    <testcase name=\"" + Path + "\" classname=\"cllint\"/>\n";
    }
    Suites += "  <testsuite name=\"" + Path + "\" tests=\"" + std::to_string(SuiteTests) +
              "\" failures=\"" + std::to_string(SuiteFailures) + "\" errors=\"" +
              std::to_string(SuiteErrors) + "\">\n" + Cases + "  </testsuite>\n";
    Tests += SuiteTests, Failures += SuiteFailures, Errors += SuiteErrors;
  }
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cllint\" tests=\"" << Tests
     << "\" failures=\"" << Failures << "\" errors=\"" << Errors << "\">\n"
     << Suites << "</testsuites>\n";
}

} // namespace cllint
