#include "Diagnostics/Baseline.h"

#include "Diagnostics/Fingerprint.h"
#include "Support/JsonNesting.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace cllint {
namespace {

std::string absoluteClean(const std::string &Path) {
  llvm::SmallString<256> Abs(Path.empty() ? "." : Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

std::string directoryOf(const std::string &File) {
  std::string Abs = absoluteClean(File);
  return llvm::sys::path::parent_path(Abs).str();
}

constexpr int FormatVersion = 1;

} // namespace

Baseline::Baseline(std::string D) : Dir(absoluteClean(D)) {}

std::string Baseline::relative(const std::string &Path) const {
  std::string Abs = absoluteClean(Path);
  llvm::StringRef A(Abs);
  if (A.starts_with(Dir) && A.size() > Dir.size() &&
      (llvm::StringRef(Dir).ends_with("/") || A[Dir.size()] == '/'))
    return llvm::sys::path::convert_to_slash(A.drop_front(Dir.size()).ltrim('/'));
  // Outside the baseline's tree: a relative path with "..", still independent of the cwd.
  llvm::SmallVector<llvm::StringRef, 16> From, To;
  for (auto It = llvm::sys::path::begin(Dir), E = llvm::sys::path::end(Dir); It != E; ++It)
    From.push_back(*It);
  for (auto It = llvm::sys::path::begin(Abs), E = llvm::sys::path::end(Abs); It != E; ++It)
    To.push_back(*It);
  size_t Common = 0;
  while (Common < From.size() && Common < To.size() && From[Common] == To[Common])
    ++Common;
  std::string Out;
  for (size_t I = Common; I < From.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < To.size(); ++I)
    Out += To[I].str() + (I + 1 < To.size() ? "/" : "");
  return Out;
}

bool Baseline::load(const std::string &Path, Baseline &Out, std::string &Error) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    Error = Path + ": cannot read baseline: " + Buf.getError().message();
    return false;
  }
  if (jsonNestsDeeperThan((*Buf)->getBuffer())) {
    Error = Path + ": baseline nests arrays or objects more than " +
            std::to_string(MaxJsonNesting) + " levels deep; not a cllint baseline";
    return false;
  }
  auto Parsed = llvm::json::parse((*Buf)->getBuffer());
  if (!Parsed) {
    Error = Path + ": baseline is not valid JSON: " + llvm::toString(Parsed.takeError());
    return false;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *List = Root ? Root->getArray("entries") : nullptr;
  if (!List) {
    Error = Path + ": not a cllint baseline (expected an object with an \"entries\" array)";
    return false;
  }
  if (auto V = Root->getInteger("version"); V && *V > FormatVersion) {
    Error = Path + ": baseline format version " + std::to_string(*V) +
            " is newer than this cllint understands (" + std::to_string(FormatVersion) + ")";
    return false;
  }
  Out = Baseline(directoryOf(Path));
  for (size_t I = 0; I < List->size(); ++I) {
    const llvm::json::Object *E = (*List)[I].getAsObject();
    auto Rule = E ? E->getString("rule") : std::nullopt;
    auto File = E ? E->getString("file") : std::nullopt;
    auto Print = E ? E->getString("fingerprint") : std::nullopt;
    if (!Rule || !File || !Print) {
      Error = Path + ": entry " + std::to_string(I) +
              " needs string fields \"rule\", \"file\" and \"fingerprint\"";
      return false;
    }
    BaselineEntry B{Rule->str(), File->str(), Print->str(), ""};
    if (auto M = E->getString("message"))
      B.Message = M->str();
    Out.Entries.push_back(std::move(B));
  }
  Out.index();
  return true;
}

Baseline Baseline::fromResults(const std::vector<FileResult> &Results, const std::string &Path) {
  Baseline B(directoryOf(Path));
  for (const FileResult &R : Results) {
    std::string Rel = B.relative(R.Path);
    std::vector<std::string> Prints =
        fingerprints(Rel, R.Findings, R.Path, [&](const std::string &P) { return B.relative(P); });
    for (size_t I = 0; I < R.Findings.size(); ++I)
      B.Entries.push_back({R.Findings[I].RuleId, Rel, Prints[I], R.Findings[I].Message});
  }
  std::stable_sort(B.Entries.begin(), B.Entries.end(),
                   [](const BaselineEntry &A, const BaselineEntry &C) { return A.File < C.File; });
  B.index();
  return B;
}

std::string Baseline::toJson() const {
  llvm::json::Array List;
  for (const BaselineEntry &E : Entries)
    List.push_back(llvm::json::Object{{"rule", E.Rule},
                                      {"file", llvm::json::fixUTF8(E.File)},
                                      {"fingerprint", E.Fingerprint},
                                      {"message", llvm::json::fixUTF8(E.Message)}});
  llvm::json::Object Root{{"version", FormatVersion}, {"entries", std::move(List)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
  return Out;
}

bool Baseline::write(const std::string &Path, std::string &Error) const {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << toJson();
    OS.close();
    EC = OS.error();
  }
  if (EC) {
    Error = Path + ": cannot write baseline: " + EC.message();
    return false;
  }
  return true;
}

void Baseline::index() {
  Matched.assign(Entries.size(), false);
  ByFingerprint.clear();
  for (size_t E = 0; E < Entries.size(); ++E)
    ByFingerprint.emplace(Entries[E].Fingerprint, E);
}

void Baseline::filter(FileResult &R) {
  std::string Rel = relative(R.Path);
  FilesSeen.insert(Rel);
  std::vector<std::string> Prints =
      fingerprints(Rel, R.Findings, R.Path, [&](const std::string &P) { return relative(P); });
  std::vector<Finding> Kept;
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const Finding &F = R.Findings[I];
    bool Hidden = false;
    auto [It, End] = ByFingerprint.equal_range(Prints[I]);
    for (; It != End && !Hidden; ++It) {
      const BaselineEntry &E = Entries[It->second];
      if (E.File == Rel && E.Rule == F.RuleId) {
        Matched[It->second] = true;
        Hidden = true;
      }
    }
    if (Hidden)
      ++R.BaselinedCount;
    else
      Kept.push_back(F);
  }
  R.Findings = std::move(Kept);
}

std::vector<BaselineEntry> Baseline::unmatched() const {
  std::vector<BaselineEntry> Out;
  for (size_t E = 0; E < Entries.size(); ++E)
    if (!Matched[E] && FilesSeen.count(Entries[E].File))
      Out.push_back(Entries[E]);
  return Out;
}

} // namespace cllint
