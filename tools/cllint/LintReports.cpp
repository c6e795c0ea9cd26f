// What `cllint` prints besides the findings: the compile-failure line, --statistics and
// --dump-launches.
#include "LintReports.h"

#include "Analysis/TUAnalysis.h"
#include "Support/InputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <map>

namespace cllint {

// "does not compile: 3:7: unknown type name 'DECLSPEC' (is a -D or -include flag missing? ...)".
std::string compileFailure(const FileResult &R) {
  const Finding *First = nullptr;
  for (const Finding &F : R.Findings)
    if (F.RuleId == "clang-diagnostic-error" &&
        !llvm::StringRef(F.Message).starts_with("too many errors")) {
      First = &F;
      break;
    }
  if (!First)
    return "does not compile";
  std::string Out = "does not compile: " + std::to_string(First->Where.Begin.Line) + ":" +
                    std::to_string(First->Where.Begin.Column) + ": " + First->Message;
  // A name the project defines through its build: a macro the host passes with -D, or a
  // header it includes with -I / -include.
  llvm::StringRef M(First->Message);
  size_t Q = M.find('\'');
  llvm::StringRef Name = Q == llvm::StringRef::npos
                             ? ""
                             : M.drop_front(Q + 1).take_until([](char C) { return C == '\''; });
  bool Upper = !Name.empty() && llvm::all_of(Name, [](char C) {
    return (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
  });
  if (M.contains("file not found"))
    Out += " (is an -I flag missing? set flags: in .cllint.yaml or pass -I after --)";
  else if (Upper && (M.starts_with("unknown type name") || M.contains("undeclared identifier") ||
                     M.starts_with("expected")))
    Out += " (is a -D or -include flag missing? the host's clBuildProgram options go in "
           "flags: of .cllint.yaml or after --)";
  return Out;
}

// --statistics: findings per rule, like ruff --statistics.
void printStatistics(const std::vector<FileResult> &Results, llvm::raw_ostream &OS) {
  struct Row {
    unsigned Count = 0, Fixable = 0;
  };
  std::map<std::string, Row> Rows;
  for (const FileResult &R : Results)
    for (const Finding &F : R.Findings) {
      Row &Rw = Rows[F.RuleId];
      ++Rw.Count;
      Rw.Fixable += !F.Fixes.empty();
    }
  std::vector<std::pair<std::string, Row>> Sorted(Rows.begin(), Rows.end());
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const auto &A, const auto &B) { return A.second.Count > B.second.Count; });
  OS << llvm::formatv("{0,7}  {1,7}  {2}\n", "count", "fixable", "rule");
  for (const auto &[Rule, Rw] : Sorted)
    OS << llvm::formatv("{0,7}  {1,7}  {2}\n", Rw.Count, Rw.Fixable, Rule);
}

// --dump-launches: the host launches found, then every kernel with the shape it is analysed
// with and where that shape comes from.
int dumpLaunches(Linter &L, const HostRun &Hosts, const std::vector<std::string> &Files,
                 unsigned long long MaxFileSize, int Exit) {
  llvm::outs() << describeLaunches(Hosts);
  for (const std::string &File : Files) {
    std::string Content, Error;
    if (!readSourceFile(File, MaxFileSize, Content, Error)) {
      llvm::WithColor::error(llvm::errs(), "cllint") << File << ": " << Error << "\n";
      Exit = 2;
      continue;
    }
    bool Ok = L.withAnalysis(
        File, Content,
        [&](const analysis::TUAnalysis &A) {
          for (const analysis::KernelInfo &K : A.kernels().kernels()) {
            analysis::WorkGroupShape S = A.workGroupShape(K);
            llvm::outs() << File << ": kernel " << K.Decl->getName() << ": work-group "
                         << analysis::shapeString(S.Size) << " (" << S.Source
                         << (S.Assumed ? "; assumed" : "") << ")";
            for (const std::string &O : S.Others)
              llvm::outs() << "; also launched as " << O;
            llvm::outs() << "\n";
          }
        },
        Error);
    if (!Ok) {
      llvm::WithColor::error(llvm::errs(), "cllint") << File << ": " << Error << "\n";
      Exit = 2;
    }
  }
  return Exit;
}

} // namespace cllint
