#include "Diagnostics/Fingerprint.h"
#include "Driver/ResultJson.h"
#include "Driver/RunResults.h"
#include "Output/Emitters.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

namespace cllint {

std::string displayRelativePath(const std::string &Path, const std::string &Root) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Base(Root.empty() ? "." : Root);
  llvm::sys::fs::make_absolute(Base);
  llvm::sys::path::remove_dots(Base, true);
  llvm::StringRef A(Abs), B(Base);
  if (A.starts_with(B) && A.size() > B.size() && (B.ends_with("/") || A[B.size()] == '/'))
    return llvm::sys::path::convert_to_slash(A.drop_front(B.size()).ltrim('/'));
  return llvm::sys::path::convert_to_slash(A);
}

namespace {

std::string utf8(const std::string &S) { return llvm::json::fixUTF8(S); }

llvm::json::Object rangeJson(const Range &R, const EmitOptions &Opts) {
  return llvm::json::Object{{"file", utf8(displayRelativePath(R.File, Opts.SourceRoot))},
                            {"line", R.Begin.Line},
                            {"column", R.Begin.Column},
                            {"endLine", R.End.Line},
                            {"endColumn", R.End.Column},
                            {"offset", R.Begin.Offset},
                            {"length", R.End.Offset - R.Begin.Offset}};
}

llvm::json::Object findingJson(const Finding &F, const std::string &Fingerprint,
                               const EmitOptions &Opts) {
  llvm::json::Object O = rangeJson(F.Where, Opts);
  O["rule"] = F.RuleId;
  O["severity"] = severityName(F.Level);
  O["message"] = utf8(F.Message);
  llvm::json::Array Notes;
  for (const Note &N : F.Notes) {
    llvm::json::Object NO = rangeJson(N.Where, Opts);
    NO["message"] = utf8(N.Message);
    Notes.push_back(std::move(NO));
  }
  O["notes"] = std::move(Notes);
  llvm::json::Array Fixes;
  for (const Fix &Fx : F.Fixes) {
    llvm::json::Array Edits;
    for (const Edit &E : Fx.Edits) {
      llvm::json::Object EO = rangeJson(E.Where, Opts);
      EO["replacement"] = utf8(E.Replacement);
      Edits.push_back(std::move(EO));
    }
    Fixes.push_back(llvm::json::Object{{"description", Fx.Description},
                                       {"safety", Fx.Safety == FixSafety::Safe ? "safe" : "unsafe"},
                                       {"edits", std::move(Edits)}});
  }
  O["fixes"] = std::move(Fixes);
  if (F.Price) {
    llvm::json::Object C{{"profile", F.Price->Profile},
                         {"metric", F.Price->Metric},
                         {"value", F.Price->Value},
                         {"summary", F.Price->Summary}};
    if (!F.Price->WorkGroup.empty())
      C["workGroup"] = llvm::json::Object{{"shape", F.Price->WorkGroup},
                                          {"source", F.Price->WorkGroupSource},
                                          {"assumed", F.Price->WorkGroupAssumed}};
    if (F.Weight)
      C["impact"] = impactToJson(*F.Weight);
    O["cost"] = std::move(C);
  } else if (F.Weight) {
    O["cost"] = llvm::json::Object{{"impact", impactToJson(*F.Weight)}};
  } else
    O["cost"] = nullptr;
  O["fingerprint"] = Fingerprint;
  return O;
}

} // namespace

// Streamed: one finding's object at a time, so 100,000 findings do not build a document of
// gigabytes. Keys are written in sorted order, as llvm::json prints an Object.
void emitJson(const std::vector<FileResult> &Results, const EmitOptions &Opts,
              llvm::raw_ostream &OS) {
  unsigned Counts[3] = {0, 0, 0};
  unsigned Baselined = 0;
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attributeArray("files", [&] {
      for (const FileResult &R : Results) {
        Baselined += R.BaselinedCount;
        llvm::json::Array Errors, Notices;
        for (const std::string &E : fileErrors(R))
          Errors.push_back(utf8(E));
        for (const std::string &N : R.Notices)
          Notices.push_back(utf8(N));
        J.value(llvm::json::Object{{"path", utf8(displayRelativePath(R.Path, Opts.SourceRoot))},
                                   {"findings", static_cast<int64_t>(R.Findings.size())},
                                   {"suppressed", R.SuppressedCount},
                                   {"baselined", R.BaselinedCount},
                                   {"compileFailed", R.CompileFailed},
                                   {"errors", std::move(Errors)},
                                   {"notices", std::move(Notices)}});
      }
    });
    J.attributeArray("findings", [&] {
      for (const FileResult &R : Results) {
        std::string Rel = displayRelativePath(R.Path, Opts.SourceRoot);
        std::vector<std::string> Prints =
            fingerprints(Rel, R.Findings, R.Path, [&](const std::string &P) {
              return displayRelativePath(P, Opts.SourceRoot);
            });
        for (size_t I = 0; I < R.Findings.size(); ++I) {
          ++Counts[static_cast<int>(R.Findings[I].Level)];
          J.value(findingJson(R.Findings[I], Prints[I], Opts));
        }
      }
    });
    llvm::json::Object Summary{{"errors", Counts[2]},
                               {"warnings", Counts[1]},
                               {"notes", Counts[0]},
                               {"files", static_cast<int64_t>(Results.size())},
                               {"baselined", Baselined}};
    if (Opts.BaselineUnmatched)
      Summary["baselineUnmatched"] = *Opts.BaselineUnmatched;
    J.attribute("summary", std::move(Summary));
    J.attribute("version", Opts.ToolVersion);
  });
  OS << "\n";
}

} // namespace cllint
