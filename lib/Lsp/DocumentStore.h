// The open documents: their URIs, versions and current (unsaved) text. Shared by the thread
// that reads messages and the one that lints, so every access copies under a lock.
#pragma once

#include "Lsp/Protocol.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cllint::lsp {

struct Document {
  std::string Uri;
  std::string Path; // what the linter sees: config lookup, messages, #include resolution
  int64_t Version = 0;
  std::string Text;
};

// One entry of didChange's contentChanges: a whole new text or a range replaced.
struct TextChange {
  std::optional<std::pair<LspPosition, LspPosition>> Range;
  std::string Text;
};

// Applies Changes to Text in order (positions of each refer to the text after the previous).
// Returns false with Error when a range is malformed (end before start).
bool applyChanges(std::string &Text, const std::vector<TextChange> &Changes, std::string &Error);

class DocumentStore {
public:
  void open(Document D);
  // False when Uri is not open (Error says so) or a change is malformed.
  bool change(const std::string &Uri, int64_t Version, const std::vector<TextChange> &Changes,
              std::string &Error);
  bool close(const std::string &Uri);
  std::optional<Document> get(const std::string &Uri) const;
  std::vector<std::string> uris() const;

private:
  mutable std::mutex Lock;
  std::map<std::string, Document> Docs;
};

} // namespace cllint::lsp
