#include "Verify/Plan/PlanBuilder.h"

#include "Analysis/TUAnalysis.h"
#include "Fix/FixApplier.h"
#include "Verify/Plan/LoopHarness.h"
#include "Verify/Plan/WhatIf.h"

#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

namespace cllint::verify {

using namespace analysis;
namespace fs = std::filesystem;

namespace {

// The kernel a finding at Offset belongs to: the one whose body holds it, else the first
// kernel that reaches the helper holding it.
const KernelInfo *kernelAt(const TUAnalysis &A, unsigned Offset) {
  const clang::SourceManager &SM = A.context().getSourceManager();
  auto holds = [&](const clang::FunctionDecl *FD) {
    clang::SourceLocation B = SM.getFileLoc(FD->getBeginLoc()), E = SM.getFileLoc(FD->getEndLoc());
    if (SM.getFileID(B) != SM.getMainFileID() || SM.getFileID(E) != SM.getMainFileID())
      return false;
    return SM.getFileOffset(B) <= Offset && Offset <= SM.getFileOffset(E);
  };
  for (const KernelInfo &K : A.kernels().kernels())
    if (holds(K.Decl))
      return &K;
  for (const clang::FunctionDecl *FD : A.kernels().kernelCode())
    if (holds(FD)) {
      auto Ks = A.kernels().kernelsReaching(FD);
      if (!Ks.empty())
        return Ks.front();
    }
  return nullptr;
}

std::string buildOptions(const CompileFlags &Flags, const std::string &Path) {
  std::string Out = "-cl-std=" + (Flags.Std.empty() ? std::string("CL1.2") : Flags.Std);
  auto absDir = [](const std::string &D) {
    std::error_code EC;
    fs::path P = fs::absolute(D, EC);
    return EC ? D : P.lexically_normal().string();
  };
  for (size_t I = 0; I < Flags.Args.size(); ++I) {
    const std::string &A = Flags.Args[I];
    if (A.rfind("-D", 0) == 0)
      Out += " " + (A == "-D" && I + 1 < Flags.Args.size() ? "-D" + Flags.Args[++I] : A);
    else if (A == "-I" && I + 1 < Flags.Args.size())
      Out += " -I" + absDir(Flags.Args[++I]);
    else if (A.rfind("-I", 0) == 0)
      Out += " -I" + absDir(A.substr(2));
  }
  fs::path Parent = fs::path(Path).parent_path();
  Out += " -I" + absDir(Parent.empty() ? "." : Parent.string());
  return Out;
}

struct Pending {
  PlannedCase Case;
  const Finding *F = nullptr;
};

} // namespace

bool hasWhatIf(const std::string &Rule) { return Rule == "memory-global-stride"; }

bool planFindings(Linter &L, const FileResult &R, const VerifyOptions &Options, PlanSet &Out,
                  std::string &Error) {
  FileSettings S;
  if (!L.settingsFor(R.Path, S, Error))
    return false;
  Spec ConfigSpec;
  if (S.Config && S.Config->Verify &&
      !parseSpec(S.Config->Verify, S.Config->Path, ConfigSpec, Error))
    return false;
  auto specFor = [&](const std::string &Kernel) -> const KernelSpec * {
    if (Options.CommandLineSpec) {
      auto It = Options.CommandLineSpec->Kernels.find(Kernel);
      if (It != Options.CommandLineSpec->Kernels.end())
        return &It->second;
    }
    auto It = ConfigSpec.Kernels.find(Kernel);
    return It == ConfigSpec.Kernels.end() ? nullptr : &It->second;
  };
  std::string Options_ = buildOptions(S.Flags, R.Path);
  std::string Base = fs::path(R.Path).filename().string();

  std::vector<Pending> Work;
  auto skip = [&](const Finding &F, const std::string &Kernel, const std::string &Why) {
    Out.Skips.push_back({R.Path, F.Where.Begin.Line, F.RuleId, Kernel, Why});
  };
  // Double literals of one statement are one expression's: fixing one of them leaves the
  // others' double arithmetic in place (the compiled code hardly changes, or grows: SHOC's
  // S3D), so they are measured together, as --fix applies them, in one case named after the
  // first. A statement is told by the ';' that ends it.
  auto statementOf = [&](const Finding &F) { return R.Content.find(';', F.Where.Begin.Offset); };
  std::map<size_t, std::vector<const Finding *>> LiteralsOfStatement;
  for (const Finding &F : R.Findings)
    if (F.RuleId == "arith-double-literal" && !F.Fixes.empty() && F.Where.File == R.Path)
      LiteralsOfStatement[statementOf(F)].push_back(&F);
  bool Parsed = L.withAnalysis(
      R.Path, R.Content,
      [&](const TUAnalysis &A) {
        std::map<std::string, std::optional<KernelSetup>> Setups;
        std::map<std::string, std::string> SetupErrors;
        for (const Finding &F : R.Findings) {
          if (F.Where.File != R.Path) {
            skip(F, "", "the finding is in another file (" + F.Where.File + ")");
            continue;
          }
          const KernelInfo *K = kernelAt(A, F.Where.Begin.Offset);
          if (!K) {
            skip(F, "", "the finding is not in kernel code");
            continue;
          }
          std::string Name = K->Decl->getNameAsString();
          PlannedCase C;
          C.File = R.Path;
          C.Line = F.Where.Begin.Line;
          C.Rule = F.RuleId;
          C.Kernel = Name;
          C.Id = Base + ":" + std::to_string(F.Where.Begin.Line) + ":" +
                 std::to_string(F.Where.Begin.Column) + ":" + F.RuleId;
          C.BuildOptions = Options_;
          C.Before = R.Content;
          if (F.Weight)
            C.PredictedShare = F.Weight->Share;

          // The launch set-up comes first: a kernel that cannot be sized is refused whatever the
          // finding.
          if (!Setups.count(Name)) {
            SetupRequest Req;
            Req.Spec = specFor(Name);
            Req.Global = Options.Global;
            std::string Why;
            Setups[Name] = planKernelSetup(A, *K, Req, Why);
            SetupErrors[Name] = Why;
          }
          if (!Setups[Name]) {
            skip(F, Name, SetupErrors[Name]);
            continue;
          }
          C.Setup = *Setups[Name];
          const KernelSpec *KS = specFor(Name);
          C.SetupFrom = KS ? KS->Origin : "inferred";

          std::vector<const Fix *> Fixes;
          if (!F.Fixes.empty()) {
            Fixes.push_back(&F.Fixes.front());
            auto Group = LiteralsOfStatement.find(statementOf(F));
            if (F.RuleId == "arith-double-literal" && Group != LiteralsOfStatement.end() &&
                Group->second.size() > 1) {
              if (Group->second.front() != &F)
                continue; // measured with the first literal of its statement
              Fixes.clear();
              double Share = 0;
              for (const Finding *G : Group->second) {
                C.Covers.push_back(G->Where.Begin.Line);
                Share += G->Weight ? G->Weight->Share : 0;
              }
              C.PredictedShare = std::min(Share, 0.99);
              for (const Finding *G : Group->second)
                Fixes.push_back(&G->Fixes.front());
            }
          }
          if (!Fixes.empty()) {
            const Fix &X = *Fixes.front();
            bool Local = true;
            for (const Fix *Each : Fixes)
              for (const Edit &E : Each->Edits)
                Local &= E.Where.File == R.Path;
            if (!Local) {
              skip(F, Name, "the fix edits another file");
              continue;
            }
            unsigned Applied = 0, Skipped = 0;
            C.After = applyEdits(R.Path, R.Content, Fixes, Applied, Skipped);
            if (!Applied || C.After == R.Content) {
              skip(F, Name, "the fix could not be applied on its own");
              continue;
            }
            C.Variant = "fix";
            if (X.Safety == FixSafety::Safe) {
              C.Compare = "bitwise";
            } else {
              C.Compare = "ulp";
              C.UlpTolerance = Options.UlpTolerance;
            }
            C.Description = "fix: " + X.Description;
            if (Fixes.size() > 1)
              C.Description = "fix: append 'f' to the " + std::to_string(Fixes.size()) +
                              " double literals of this statement together, as --fix does";
          } else if (F.RuleId == "memory-global-stride") {
            std::string Why, Description;
            auto After = unitStrideWhatIf(A, *K, F.Where.Begin.Offset, R.Content, C.Setup.Dims,
                                          Description, Why);
            if (!After) {
              skip(F, Name, "no what-if: " + Why);
              continue;
            }
            C.After = *After;
            C.Variant = "what-if";
            C.Compare = "none";
            C.Description = Description;
          } else if (F.RuleId == "control-warp-divergence") {
            skip(F, Name,
                 "no honest what-if: a version without the divergent branch computes something "
                 "else; restructure the code and measure that as a change of its own");
            continue;
          } else if (F.RuleId == "memory-local-bank-conflict") {
            skip(F, Name, "the rule offers no padding fix for this access");
            continue;
          } else {
            skip(F, Name, "the finding has no fix and the rule no what-if");
            continue;
          }
          if (C.Variant == "fix" && C.Compare != "none") {
            bool AnyOutput = false;
            for (const ArgPlan &Arg : C.Setup.Args)
              AnyOutput |= Arg.K == ArgPlan::Buffer && Arg.Output;
            if (!AnyOutput) {
              skip(F, Name,
                   "the kernel writes no buffer the analysis can see, so a fix cannot be "
                   "checked");
              continue;
            }
          }
          // Arithmetic findings also get the arithmetic-bound measurement their kernel hides.
          std::optional<PlannedCase> Harness;
          if (C.Variant == "fix" &&
              (F.RuleId == "arith-double-literal" || F.RuleId == "arith-pow2-div-mod")) {
            std::string Why;
            Harness = loopHarnessCase(A, *K, F, Fixes, C, Why);
            if (!Harness)
              C.Description += " (no loop harness: " + Why + ")";
          }
          Work.push_back({std::move(C), &F});
          if (Harness)
            Work.push_back({std::move(*Harness), &F});
        }
      },
      Error);
  if (!Parsed)
    return false;

  // The changed source must compile, keep the kernel's interface, and stay in bounds.
  for (Pending &P : Work) {
    std::string Why, AnalysisError;
    bool Ok = false;
    bool Compiles = L.withAnalysis(
        R.Path, P.Case.After,
        [&](const TUAnalysis &After) {
          Ok = extendForAfter(After, P.Case.Setup, Why, P.Case.Variant == "what-if");
        },
        AnalysisError);
    if (!Compiles) {
      skip(*P.F, P.Case.Kernel, "the changed source does not compile: " + AnalysisError);
      continue;
    }
    if (!Ok) {
      skip(*P.F, P.Case.Kernel, Why);
      continue;
    }
    if (P.Case.LoopHarness) {
      P.Case.Setup.BytesMoved = 0;
      P.Case.Setup.BytesMovedAfter.reset();
    }
    Out.Cases.push_back(std::move(P.Case));
  }
  return true;
}

nlohmann::json planJson(const PlanSet &Set, const runner::Settings &Settings) {
  using nlohmann::json;
  json Cases = json::array();
  std::set<std::string> Ids;
  for (size_t I = 0; I < Set.Cases.size(); ++I) {
    const PlannedCase &C = Set.Cases[I];
    std::string Id = C.Id;
    for (int N = 2; Ids.count(Id); ++N)
      Id = C.Id + "#" + std::to_string(N);
    Ids.insert(Id);
    const KernelSetup &S = C.Setup;
    json Args = json::array();
    for (const ArgPlan &A : S.Args) {
      json J;
      switch (A.K) {
      case ArgPlan::Buffer:
        J = {{"name", A.Name},         {"kind", "buffer"}, {"type", A.Type},
             {"elements", A.Elements}, {"fill", A.Fill},   {"output", A.Output}};
        break;
      case ArgPlan::Scalar:
        J = {{"name", A.Name}, {"kind", "scalar"}, {"type", A.Type}};
        if (A.Integer)
          J["value"] = static_cast<int64_t>(A.Value);
        else
          J["value"] = A.Value;
        break;
      case ArgPlan::Local:
        J = {{"name", A.Name}, {"kind", "local"}, {"bytes", A.LocalBytes}};
        break;
      }
      Args.push_back(std::move(J));
    }
    json G = json::array(), Lo = json::array();
    for (unsigned D = 0; D < S.Dims; ++D) {
      G.push_back(S.Global[D]);
      Lo.push_back(S.Local[D]);
    }
    std::string Dir = "case" + std::to_string(I);
    json J = {{"id", Id},
              {"file", C.File},
              {"line", C.Line},
              {"rule", C.Rule},
              {"kernel", C.Kernel},
              {"variant", C.Variant},
              {"compare", C.Compare},
              {"build_options", C.BuildOptions},
              {"before", Dir + "/before.cl"},
              {"after", Dir + "/after.cl"},
              {"global", G},
              {"local", Lo},
              {"args", Args},
              {"description", C.Description},
              {"setup", C.SetupFrom},
              {"assumptions", S.Assumptions}};
    if (C.Compare == "ulp")
      J["ulp_tolerance"] = C.UlpTolerance;
    if (!C.Covers.empty())
      J["covers_lines"] = C.Covers;
    if (C.PredictedShare)
      J["predicted_share"] = *C.PredictedShare;
    if (S.BytesMoved)
      J["bytes_moved"] = S.BytesMoved;
    J["bytes_note"] = S.BytesNote;
    if (S.BytesMovedAfter)
      J["bytes_moved_after"] = *S.BytesMovedAfter;
    if (S.AfterBytesUnknown)
      J["bytes_after_unknown"] = true;
    if (!S.BytesNoteAfter.empty())
      J["bytes_note_after"] = S.BytesNoteAfter;
    Cases.push_back(std::move(J));
  }
  json Skipped = json::array();
  for (const Skip &K : Set.Skips)
    Skipped.push_back({{"file", K.File},
                       {"line", K.Line},
                       {"rule", K.Rule},
                       {"kernel", K.Kernel},
                       {"reason", K.Reason}});
  return {{"version", runner::PlanVersion},
          {"generator", "cllint verify " CLLINT_VERSION},
          {"settings",
           {{"runs", Settings.runs},
            {"warmup", Settings.warmup},
            {"timeout_ms", Settings.timeoutMs},
            {"seed", Settings.seed}}},
          {"cases", Cases},
          {"skipped", Skipped}};
}

bool writePlanDir(const PlanSet &Set, const runner::Settings &Settings, const std::string &Dir,
                  std::string &Error) {
  std::error_code EC;
  fs::create_directories(Dir, EC);
  if (EC) {
    Error = Dir + ": cannot create the plan directory: " + EC.message();
    return false;
  }
  auto write = [&](const fs::path &P, const std::string &Text) {
    fs::create_directories(P.parent_path(), EC);
    std::ofstream OS(P, std::ios::binary | std::ios::trunc);
    OS << Text;
    OS.close();
    if (!OS) {
      Error = P.string() + ": cannot write";
      return false;
    }
    return true;
  };
  for (size_t I = 0; I < Set.Cases.size(); ++I) {
    fs::path CaseDir = fs::path(Dir) / ("case" + std::to_string(I));
    if (!write(CaseDir / "before.cl", Set.Cases[I].Before) ||
        !write(CaseDir / "after.cl", Set.Cases[I].After))
      return false;
  }
  return write(fs::path(Dir) / "plan.json", planJson(Set, Settings).dump(2) + "\n");
}

std::vector<std::string> skipLines(const std::vector<Skip> &Skips) {
  // (file, kernel, reason) -> rule -> lines, in the order first seen.
  std::vector<std::tuple<std::string, std::string, std::string>> Order;
  std::map<std::tuple<std::string, std::string, std::string>,
           std::vector<std::pair<std::string, std::vector<unsigned>>>>
      Groups;
  for (const Skip &S : Skips) {
    auto Key = std::make_tuple(S.File, S.Kernel, S.Reason);
    auto [It, New] = Groups.try_emplace(Key);
    if (New)
      Order.push_back(Key);
    auto Rule = std::find_if(It->second.begin(), It->second.end(),
                             [&](const auto &R) { return R.first == S.Rule; });
    if (Rule == It->second.end())
      Rule = It->second.insert(It->second.end(), {S.Rule, {}});
    if (std::find(Rule->second.begin(), Rule->second.end(), S.Line) == Rule->second.end())
      Rule->second.push_back(S.Line);
  }
  std::vector<std::string> Out;
  for (const auto &Key : Order) {
    const auto &[File, Kernel, Reason] = Key;
    size_t Count = 0;
    std::string Where;
    for (const auto &[Rule, Lines] : Groups[Key]) {
      Count += Lines.size();
      Where += (Where.empty() ? "" : "; ") + Rule + (Lines.size() > 1 ? " at lines " : " at line ");
      for (size_t I = 0; I < Lines.size(); ++I)
        Where += (I ? ", " : "") + std::to_string(Lines[I]);
    }
    Out.push_back(File + (Kernel.empty() ? "" : ": kernel '" + Kernel + "'") + ", " +
                  std::to_string(Count) + (Count > 1 ? " findings (" : " finding (") + Where +
                  "): " + Reason);
  }
  return Out;
}

} // namespace cllint::verify
