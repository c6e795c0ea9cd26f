// The result cache (like ruff's): a file's findings are kept under a key made of everything
// that decides them (cllint's version, the file's path and text, its settings, the host
// launches) and reused while the files it includes are unchanged (same size and content: a
// header edited within the same second and size is a change). Entries are written atomically, so
// concurrent runs never see half an entry; an entry that does not parse is a miss and is
// overwritten.
#pragma once

#include "Diagnostics/Finding.h"

#include "llvm/Support/JSON.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace cllint {

class ResultCache {
public:
  // Dir is created on the first store, with a .gitignore that ignores everything in it.
  explicit ResultCache(std::string Dir) : Dir(std::move(Dir)) {}

  // A hex digest of the parts, in order.
  static std::string key(std::initializer_list<llvm::StringRef> Parts);
  // cllint's version and its executable's size and modification time: a rebuilt cllint (same
  // version number, other rules) never reuses the results of the one before.
  static const std::string &toolIdentity();

  std::optional<FileResult> lookup(const std::string &Key);
  void store(const std::string &Key, const FileResult &R);
  // Any JSON value kept the same way (a host file's launches); lookupValue counts no hit.
  std::optional<llvm::json::Value> lookupValue(const std::string &Key);
  void storeValue(const std::string &Key, llvm::json::Value Value,
                  const std::vector<std::string> &Dependencies);

  const std::string &dir() const { return Dir; }
  unsigned hits() const { return Hits; }
  unsigned misses() const { return Misses; }

private:
  std::string entryPath(const std::string &Key) const;

  std::string Dir;
  std::atomic<unsigned> Hits{0}, Misses{0};
};

} // namespace cllint
