#include "Diagnostics/Fingerprint.h"
#include "Driver/ResultJson.h"
#include "Driver/RunResults.h"
#include "Output/Emitters.h"
#include "Registry.h"
#include "Support/PrintablePath.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <map>

namespace cllint {
namespace {

using llvm::json::Array;
using llvm::json::Object;

std::string utf8(const std::string &S) { return llvm::json::fixUTF8(S); }

const char *sarifLevel(Severity S) {
  return S == Severity::Error ? "error" : S == Severity::Warning ? "warning" : "note";
}

std::string pascalCase(llvm::StringRef Id) {
  std::string Out;
  bool Up = true;
  for (char C : Id) {
    if (C == '-' || C == '_') {
      Up = true;
      continue;
    }
    Out += Up ? static_cast<char>(toupper(C)) : C;
    Up = false;
  }
  return Out;
}

// A doc's first paragraph after the title, for fullDescription.
std::string firstParagraph(llvm::StringRef Doc) {
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Doc.split(Lines, '\n');
  std::string Para;
  for (llvm::StringRef L : Lines) {
    if (L.starts_with("#"))
      continue;
    if (L.trim().empty()) {
      if (!Para.empty())
        break;
      continue;
    }
    Para += (Para.empty() ? "" : " ") + L.trim().str();
  }
  return Para;
}

class SarifWriter {
public:
  explicit SarifWriter(const EmitOptions &Opts) : Opts(Opts) {
    for (const RuleInfo &R : allRules())
      addRule(R.Id, R.Summary, R.Doc, R.DefaultSeverity, R.Category);
  }

  Object artifact(const std::string &Path) {
    std::string Rel = displayRelativePath(Path, Opts.SourceRoot);
    if (llvm::sys::path::is_absolute(Rel))
      return Object{{"uri", "file://" + uriPath(Rel)}};
    return Object{{"uri", uriPath(Rel)}, {"uriBaseId", "%SRCROOT%"}};
  }

  Object region(const Range &R) {
    Object O{{"startLine", R.Begin.Line}, {"startColumn", R.Begin.Column}};
    if (R.End.Line) {
      O["endLine"] = R.End.Line;
      O["endColumn"] = std::max(R.End.Column, R.End.Line == R.Begin.Line ? R.Begin.Column : 1u);
    }
    return O;
  }

  Object location(const Range &R) {
    return Object{{"physicalLocation",
                   Object{{"artifactLocation", artifact(R.File)}, {"region", region(R)}}}};
  }

  unsigned ruleIndex(const Finding &F) {
    if (!Index.count(F.RuleId)) {
      std::string Summary = llvm::StringRef(F.RuleId).starts_with("clang-diagnostic-")
                                ? "clang compiler diagnostic " + F.RuleId.substr(17)
                                : "cllint diagnostic about its own input";
      addRule(F.RuleId, Summary, "", F.Level, "compiler");
    }
    return Index[F.RuleId];
  }

  Object result(const Finding &F, const std::string &Fingerprint) {
    Object R{{"ruleId", F.RuleId},
             {"ruleIndex", ruleIndex(F)},
             {"level", sarifLevel(F.Level)},
             {"message", Object{{"text", utf8(F.Message)}}},
             {"locations", Array{location(F.Where)}},
             {"partialFingerprints", Object{{"cllintFingerprint/v1", Fingerprint}}}};
    if (!F.Notes.empty()) {
      Array Related;
      unsigned Id = 1;
      for (const Note &N : F.Notes) {
        Object L = location(N.Where);
        L["id"] = Id++;
        L["message"] = Object{{"text", utf8(N.Message)}};
        Related.push_back(std::move(L));
      }
      R["relatedLocations"] = std::move(Related);
    }
    if (!F.Fixes.empty()) {
      Array Fixes;
      for (const Fix &Fx : F.Fixes) {
        std::map<std::string, Array> ByFile;
        for (const Edit &E : Fx.Edits)
          ByFile[E.Where.File].push_back(Object{
              {"deletedRegion", Object{{"charOffset", E.Where.Begin.Offset},
                                       {"charLength", E.Where.End.Offset - E.Where.Begin.Offset}}},
              {"insertedContent", Object{{"text", utf8(E.Replacement)}}}});
        Array Changes;
        for (auto &[File, Replacements] : ByFile)
          Changes.push_back(Object{{"artifactLocation", artifact(File)},
                                   {"replacements", std::move(Replacements)}});
        std::string Desc = Fx.Description + (Fx.Safety == FixSafety::Unsafe
                                                 ? " (unsafe: may change results; applied "
                                                   "only with --fix-unsafe)"
                                                 : "");
        Fixes.push_back(Object{{"description", Object{{"text", utf8(Desc)}}},
                               {"artifactChanges", std::move(Changes)}});
      }
      R["fixes"] = std::move(Fixes);
    }
    if (F.Price) {
      Object C{{"profile", F.Price->Profile},
               {"metric", F.Price->Metric},
               {"value", F.Price->Value},
               {"summary", utf8(F.Price->Summary)}};
      if (!F.Price->WorkGroup.empty())
        C["workGroup"] = Object{{"shape", F.Price->WorkGroup},
                                {"source", utf8(F.Price->WorkGroupSource)},
                                {"assumed", F.Price->WorkGroupAssumed}};
      R["properties"] = Object{{"cost", std::move(C)}};
    }
    if (F.Weight) {
      // SARIF's rank (0-100): how much of its kernel's estimated time the finding adds.
      R["rank"] = std::round(F.Weight->Share * 1000) / 10;
      Object *Props = R.getObject("properties");
      if (!Props) {
        R["properties"] = Object{};
        Props = R.getObject("properties");
      }
      (*Props)["impact"] = impactToJson(*F.Weight);
    }
    return R;
  }

  Array takeRules() { return std::move(Rules); }

private:
  void addRule(const std::string &Id, const std::string &Summary, const std::string &Doc,
               Severity Level, const std::string &Category) {
    Index[Id] = static_cast<unsigned>(Rules.size());
    std::string Full = Doc.empty() ? Summary : firstParagraph(Doc);
    std::string Help = Doc.empty() ? Summary : Doc;
    Object Rule{{"id", Id},
                {"name", pascalCase(Id)},
                {"shortDescription", Object{{"text", utf8(Summary)}}},
                {"fullDescription", Object{{"text", utf8(Full)}}},
                {"help", Object{{"text", utf8(Help)}, {"markdown", utf8(Help)}}},
                {"defaultConfiguration", Object{{"level", sarifLevel(Level)}}},
                {"properties", Object{{"tags", Array{Category, "opencl", "performance"}},
                                      {"precision", "high"}}}};
    if (!Doc.empty() || llvm::StringRef(Id).starts_with("clang-diagnostic-"))
      Rule["helpUri"] = ruleDocUrl(Id);
    Rules.push_back(std::move(Rule));
  }

  const EmitOptions &Opts;
  Array Rules;
  std::map<std::string, unsigned> Index;
};

} // namespace

// Streamed: one result at a time (a SARIF log of 100,000 results once took 9 GiB). Keys are
// in sorted order, as llvm::json prints an Object; "results" precede "tool", so the rules
// that results add (clang's diagnostics) are known when the driver is written.
void emitSarif(const std::vector<FileResult> &Results, const EmitOptions &Opts,
               llvm::raw_ostream &OS) {
  SarifWriter W(Opts);
  Array Notifications;
  for (const FileResult &R : Results) {
    for (const std::string &E : fileErrors(R))
      Notifications.push_back(Object{
          {"level", "error"},
          {"message", Object{{"text", utf8(R.Path + ": " + E)}}},
          {"locations",
           Array{Object{{"physicalLocation", Object{{"artifactLocation", W.artifact(R.Path)}}}}}}});
  }
  llvm::SmallString<256> Root(Opts.SourceRoot.empty() ? "." : Opts.SourceRoot);
  llvm::sys::fs::make_absolute(Root);
  llvm::sys::path::remove_dots(Root, true);
  std::string RootUri = "file://" + uriPath(llvm::sys::path::convert_to_slash(Root));
  if (!llvm::StringRef(RootUri).ends_with("/"))
    RootUri += "/";
  Object Invocation{{"executionSuccessful", Notifications.empty()}};
  if (!Opts.CommandLine.empty())
    Invocation["commandLine"] = utf8(Opts.CommandLine);
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);

  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attribute("invocations", Array{std::move(Invocation)});
        J.attribute("originalUriBaseIds", Object{{"%SRCROOT%", Object{{"uri", utf8(RootUri)}}}});
        J.attributeArray("results", [&] {
          for (const FileResult &R : Results) {
            std::string Rel = displayRelativePath(R.Path, Opts.SourceRoot);
            std::vector<std::string> Prints =
                fingerprints(Rel, R.Findings, R.Path, [&](const std::string &P) {
                  return displayRelativePath(P, Opts.SourceRoot);
                });
            for (size_t I = 0; I < R.Findings.size(); ++I)
              J.value(W.result(R.Findings[I], Prints[I]));
          }
        });
        J.attribute("tool",
                    Object{{"driver", Object{{"name", "cllint"},
                                             {"version", Opts.ToolVersion},
                                             {"semanticVersion", Opts.ToolVersion},
                                             {"informationUri", "https://github.com/cllint/cllint"},
                                             {"rules", W.takeRules()}}}});
      });
    });
    J.attribute("version", "2.1.0");
  });
  OS << "\n";
}

} // namespace cllint
