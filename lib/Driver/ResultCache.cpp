#include "Driver/ResultCache.h"

#include "Driver/ResultJson.h"
#include "Support/InputFiles.h"
#include "Support/JsonNesting.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <chrono>
#include <map>
#include <mutex>
#include <tuple>
#include <unistd.h>

namespace cllint {
namespace {

// Far above any real entry (a file's findings as JSON), far below what would hurt to read.
constexpr unsigned long long MaxEntryBytes = 64ull << 20;

using llvm::json::Array;
using llvm::json::Object;

// What a dependency looked like: its size and modification time, like make and ruff's cache.
std::optional<std::pair<uint64_t, int64_t>> stamp(const std::string &Path) {
  llvm::sys::fs::file_status S;
  if (llvm::sys::fs::status(Path, S))
    return std::nullopt;
  auto Since = S.getLastModificationTime().time_since_epoch();
  return std::make_pair(
      uint64_t(S.getSize()),
      int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(Since).count()));
}

// What a dependency holds: its size and a digest of its bytes. A header edited within the same
// second and size (a one-character fix) is a change; one touched but unchanged is not. Each
// file is read once per run however many entries name it.
std::optional<std::pair<uint64_t, std::string>> contentStamp(const std::string &Path) {
  static std::mutex Lock;
  static std::map<std::tuple<std::string, uint64_t, int64_t>, std::string> Digests;
  auto S = stamp(Path);
  if (!S)
    return std::nullopt;
  std::tuple<std::string, uint64_t, int64_t> Key{Path, S->first, S->second};
  {
    std::lock_guard<std::mutex> G(Lock);
    if (auto It = Digests.find(Key); It != Digests.end())
      return std::make_pair(S->first, It->second);
  }
  std::string Content, Error;
  if (!readSourceFile(Path, MaxEntryBytes, Content, Error))
    return std::nullopt;
  std::string Digest = ResultCache::key({Content});
  std::lock_guard<std::mutex> G(Lock);
  Digests[Key] = Digest;
  return std::make_pair(uint64_t(Content.size()), Digest);
}

} // namespace

std::string ResultCache::key(std::initializer_list<llvm::StringRef> Parts) {
  llvm::SHA256 H;
  for (llvm::StringRef P : Parts) {
    H.update(std::to_string(P.size()) + ":"); // unambiguous concatenation
    H.update(P);
  }
  return llvm::toHex(H.final(), /*LowerCase=*/true);
}

const std::string &ResultCache::toolIdentity() {
  static const std::string Identity = [] {
    static int Anchor;
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
    std::string Id = std::string(CLLINT_VERSION) + " " + Exe;
    if (auto S = stamp(Exe))
      Id += " " + std::to_string(S->first) + " " + std::to_string(S->second);
    return Id;
  }();
  return Identity;
}

std::string ResultCache::entryPath(const std::string &Key) const {
  // Two levels, like git's objects: no directory holds more than a few hundred entries.
  return Dir + "/" + Key.substr(0, 2) + "/" + Key.substr(2) + ".json";
}

std::optional<FileResult> ResultCache::lookup(const std::string &Key) {
  std::optional<llvm::json::Value> V = lookupValue(Key);
  std::optional<FileResult> R = V ? resultFromJson(*V) : std::nullopt;
  ++(R ? Hits : Misses);
  return R;
}

void ResultCache::store(const std::string &Key, const FileResult &R) {
  storeValue(Key, resultToJson(R), R.Dependencies);
}

std::optional<llvm::json::Value> ResultCache::lookupValue(const std::string &Key) {
  // An entry is read with the guards of any input: a regular file (not a FIFO that blocks or
  // a link to /dev/zero that never ends), of bounded size, nesting no deeper than a parser's
  // stack allows. Anything else is a miss, and the entry is written again.
  std::string Text, Error;
  if (!readSourceFile(entryPath(Key), MaxEntryBytes, Text, Error) || jsonNestsDeeperThan(Text))
    return std::nullopt;
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt; // a corrupt entry: linted again and overwritten
  }
  const Object *O = V->getAsObject();
  const Array *Stamps = O ? O->getArray("stamps") : nullptr;
  const llvm::json::Value *Result = O ? O->get("result") : nullptr;
  if (!Stamps || !Result)
    return std::nullopt;
  for (const llvm::json::Value &S : *Stamps) {
    const Object *D = S.getAsObject();
    std::optional<llvm::StringRef> Path = D ? D->getString("path") : std::nullopt;
    std::optional<int64_t> Size = D ? D->getInteger("size") : std::nullopt;
    std::optional<llvm::StringRef> Digest = D ? D->getString("digest") : std::nullopt;
    auto Now = Path ? contentStamp(Path->str()) : std::nullopt;
    if (!Now || !Size || !Digest || int64_t(Now->first) != *Size || Now->second != *Digest)
      return std::nullopt; // an included file changed (or is gone)
  }
  return *Result;
}

void ResultCache::storeValue(const std::string &Key, llvm::json::Value Value,
                             const std::vector<std::string> &Dependencies) {
  Array Stamps;
  for (const std::string &D : Dependencies) {
    auto S = contentStamp(D);
    if (!S)
      return; // a dependency that cannot be checked: never reuse this result
    Stamps.push_back(Object{{"path", D}, {"size", int64_t(S->first)}, {"digest", S->second}});
  }
  std::string Path = entryPath(Key);
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)))
    return; // a read-only place: the run goes on without caching
  std::string Ignore = Dir + "/.gitignore";
  if (!llvm::sys::fs::exists(Ignore)) {
    std::string Unused;
    writeFileAtomically(Ignore, "# cllint's result cache; safe to delete.\n*\n", Unused);
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::json::Value(Object{{"stamps", std::move(Stamps)}, {"result", std::move(Value)}});
  // A bad entry (a link, a FIFO) is removed itself, never written through (LLVM's remove
  // refuses anything but files, links and directories, so the entry is unlinked directly).
  llvm::sys::fs::file_status Own;
  if (!llvm::sys::fs::status(Path, Own, /*Follow=*/false) &&
      Own.type() != llvm::sys::fs::file_type::regular_file &&
      Own.type() != llvm::sys::fs::file_type::directory_file)
    ::unlink(Path.c_str());
  std::string Unused;
  writeFileAtomically(Path, OS.str(), Unused);
}

} // namespace cllint
