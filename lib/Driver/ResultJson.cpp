#include "Driver/ResultJson.h"

namespace cllint {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

Value positionJson(const Position &P) { return Array{P.Line, P.Column, P.Offset}; }

// Each reader returns false on a shape this version did not write.
bool readPosition(const Value *V, Position &P) {
  const Array *A = V ? V->getAsArray() : nullptr;
  if (!A || A->size() != 3)
    return false;
  auto L = (*A)[0].getAsInteger(), C = (*A)[1].getAsInteger(), O = (*A)[2].getAsInteger();
  if (!L || !C || !O || *L < 0 || *C < 0 || *O < 0)
    return false;
  P = {unsigned(*L), unsigned(*C), unsigned(*O)};
  return true;
}

bool readString(const Object &O, llvm::StringRef Key, std::string &Out) {
  std::optional<llvm::StringRef> S = O.getString(Key);
  if (!S)
    return false;
  Out = S->str();
  return true;
}

} // namespace

Value rangeJson(const Range &R) {
  return Object{{"file", R.File}, {"begin", positionJson(R.Begin)}, {"end", positionJson(R.End)}};
}

bool readRange(const Value *V, Range &R) {
  const Object *O = V ? V->getAsObject() : nullptr;
  return O && readString(*O, "file", R.File) && readPosition(O->get("begin"), R.Begin) &&
         readPosition(O->get("end"), R.End);
}

namespace {

Value findingJson(const Finding &F) {
  Array Notes, Fixes;
  for (const Note &N : F.Notes)
    Notes.push_back(Object{{"where", rangeJson(N.Where)}, {"message", N.Message}});
  for (const Fix &Fx : F.Fixes) {
    Array Edits;
    for (const Edit &E : Fx.Edits)
      Edits.push_back(Object{{"where", rangeJson(E.Where)}, {"text", E.Replacement}});
    Fixes.push_back(Object{{"description", Fx.Description},
                           {"edits", std::move(Edits)},
                           {"safe", Fx.Safety == FixSafety::Safe}});
  }
  Object O{{"rule", F.RuleId},     {"level", int(F.Level)},     {"where", rangeJson(F.Where)},
           {"message", F.Message}, {"notes", std::move(Notes)}, {"fixes", std::move(Fixes)},
           {"line", F.LineText},   {"group", F.GroupKey}};
  if (F.Price)
    O["cost"] = Object{{"profile", F.Price->Profile},
                       {"metric", F.Price->Metric},
                       {"value", F.Price->Value},
                       {"summary", F.Price->Summary},
                       {"workGroup", F.Price->WorkGroup},
                       {"workGroupSource", F.Price->WorkGroupSource},
                       {"workGroupAssumed", F.Price->WorkGroupAssumed}};
  if (F.Weight)
    O["impact"] = impactToJson(*F.Weight);
  return O;
}

bool readFinding(const Value &V, Finding &F) {
  const Object *O = V.getAsObject();
  if (!O)
    return false;
  std::optional<int64_t> Level = O->getInteger("level");
  if (!Level || *Level < 0 || *Level > 2 || !readString(*O, "rule", F.RuleId) ||
      !readRange(O->get("where"), F.Where) || !readString(*O, "message", F.Message) ||
      !readString(*O, "line", F.LineText) || !readString(*O, "group", F.GroupKey))
    return false;
  F.Level = Severity(*Level);
  const Array *Notes = O->getArray("notes"), *Fixes = O->getArray("fixes");
  if (!Notes || !Fixes)
    return false;
  for (const Value &NV : *Notes) {
    const Object *N = NV.getAsObject();
    Note Out;
    if (!N || !readRange(N->get("where"), Out.Where) || !readString(*N, "message", Out.Message))
      return false;
    F.Notes.push_back(std::move(Out));
  }
  for (const Value &FV : *Fixes) {
    const Object *X = FV.getAsObject();
    const Array *Edits = X ? X->getArray("edits") : nullptr;
    std::optional<bool> Safe = X ? X->getBoolean("safe") : std::nullopt;
    Fix Out;
    if (!Edits || !Safe || !readString(*X, "description", Out.Description))
      return false;
    Out.Safety = *Safe ? FixSafety::Safe : FixSafety::Unsafe;
    for (const Value &EV : *Edits) {
      const Object *E = EV.getAsObject();
      Edit Ed;
      if (!E || !readRange(E->get("where"), Ed.Where) || !readString(*E, "text", Ed.Replacement))
        return false;
      Out.Edits.push_back(std::move(Ed));
    }
    F.Fixes.push_back(std::move(Out));
  }
  if (const Object *C = O->getObject("cost")) {
    Cost Out;
    std::optional<double> Value = C->getNumber("value");
    std::optional<bool> Assumed = C->getBoolean("workGroupAssumed");
    if (!Value || !Assumed || !readString(*C, "profile", Out.Profile) ||
        !readString(*C, "metric", Out.Metric) || !readString(*C, "summary", Out.Summary) ||
        !readString(*C, "workGroup", Out.WorkGroup) ||
        !readString(*C, "workGroupSource", Out.WorkGroupSource))
      return false;
    Out.Value = *Value;
    Out.WorkGroupAssumed = *Assumed;
    F.Price = std::move(Out);
  }
  if (const Object *I = O->getObject("impact")) {
    F.Weight = impactFromJson(*I);
    if (!F.Weight)
      return false;
  }
  return true;
}

} // namespace

Object impactToJson(const Impact &I) {
  Array Assumptions;
  for (const std::string &A : I.Assumptions)
    Assumptions.push_back(A);
  Object O{{"kernel", I.Kernel},           {"share", I.Share},
           {"resource", I.Resource},       {"resourceShare", I.ResourceShare},
           {"runsPerWorkItem", I.PerItem}, {"assumptions", std::move(Assumptions)}};
  if (I.Conditional)
    O["conditional"] = true;
  return O;
}

std::optional<Impact> impactFromJson(const Object &O) {
  Impact I;
  std::optional<double> Share = O.getNumber("share"), RShare = O.getNumber("resourceShare"),
                        Runs = O.getNumber("runsPerWorkItem");
  const Array *Assumptions = O.getArray("assumptions");
  if (!Share || !RShare || !Runs || !Assumptions || !readString(O, "kernel", I.Kernel) ||
      !readString(O, "resource", I.Resource))
    return std::nullopt;
  I.Share = *Share;
  I.ResourceShare = *RShare;
  I.PerItem = *Runs;
  I.Conditional = O.getBoolean("conditional").value_or(false);
  for (const Value &A : *Assumptions) {
    std::optional<llvm::StringRef> S = A.getAsString();
    if (!S)
      return std::nullopt;
    I.Assumptions.push_back(S->str());
  }
  return I;
}

Value resultToJson(const FileResult &R) {
  Array Findings, Deps, Notices;
  for (const Finding &F : R.Findings)
    Findings.push_back(findingJson(F));
  for (const std::string &N : R.Notices)
    Notices.push_back(N);
  for (const std::string &D : R.Dependencies)
    Deps.push_back(D);
  return Object{{"path", R.Path},
                {"findings", std::move(Findings)},
                {"compileFailed", R.CompileFailed},
                {"suppressed", int64_t(R.SuppressedCount)},
                {"hidden", int64_t(R.HiddenCount)},
                {"notices", std::move(Notices)},
                {"dependencies", std::move(Deps)}};
}

std::optional<FileResult> resultFromJson(const Value &V) {
  const Object *O = V.getAsObject();
  if (!O)
    return std::nullopt;
  FileResult R;
  std::optional<bool> Failed = O->getBoolean("compileFailed");
  std::optional<int64_t> Suppressed = O->getInteger("suppressed");
  const Array *Findings = O->getArray("findings"), *Deps = O->getArray("dependencies");
  if (!Failed || !Suppressed || *Suppressed < 0 || !Findings || !Deps ||
      !readString(*O, "path", R.Path))
    return std::nullopt;
  R.CompileFailed = *Failed;
  R.SuppressedCount = unsigned(*Suppressed);
  R.HiddenCount = unsigned(O->getInteger("hidden").value_or(0));
  if (const Array *Notices = O->getArray("notices"))
    for (const Value &N : *Notices)
      if (std::optional<llvm::StringRef> S = N.getAsString())
        R.Notices.push_back(S->str());
  for (const Value &F : *Findings) {
    Finding Out;
    if (!readFinding(F, Out))
      return std::nullopt;
    R.Findings.push_back(std::move(Out));
  }
  for (const Value &D : *Deps) {
    std::optional<llvm::StringRef> S = D.getAsString();
    if (!S)
      return std::nullopt;
    R.Dependencies.push_back(S->str());
  }
  return R;
}

} // namespace cllint
