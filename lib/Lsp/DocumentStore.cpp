#include "Lsp/DocumentStore.h"

namespace cllint::lsp {

bool applyChanges(std::string &Text, const std::vector<TextChange> &Changes, std::string &Error) {
  for (const TextChange &C : Changes) {
    if (!C.Range) {
      Text = C.Text;
      continue;
    }
    size_t Begin = positionToOffset(Text, C.Range->first);
    size_t End = positionToOffset(Text, C.Range->second);
    if (End < Begin) {
      Error = "change range ends before it starts (" + std::to_string(C.Range->first.Line) + ":" +
              std::to_string(C.Range->first.Character) + " to " +
              std::to_string(C.Range->second.Line) + ":" +
              std::to_string(C.Range->second.Character) + ")";
      return false;
    }
    Text.replace(Begin, End - Begin, C.Text);
  }
  return true;
}

void DocumentStore::open(Document D) {
  std::lock_guard<std::mutex> G(Lock);
  std::string Uri = D.Uri;
  Docs[Uri] = std::move(D);
}

bool DocumentStore::change(const std::string &Uri, int64_t Version,
                           const std::vector<TextChange> &Changes, std::string &Error) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = Docs.find(Uri);
  if (It == Docs.end()) {
    Error = "didChange for a document that is not open: " + Uri;
    return false;
  }
  std::string Text = It->second.Text;
  if (!applyChanges(Text, Changes, Error))
    return false;
  It->second.Text = std::move(Text);
  It->second.Version = Version;
  return true;
}

bool DocumentStore::close(const std::string &Uri) {
  std::lock_guard<std::mutex> G(Lock);
  return Docs.erase(Uri) > 0;
}

std::optional<Document> DocumentStore::get(const std::string &Uri) const {
  std::lock_guard<std::mutex> G(Lock);
  auto It = Docs.find(Uri);
  if (It == Docs.end())
    return std::nullopt;
  return It->second;
}

std::vector<std::string> DocumentStore::uris() const {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<std::string> Out;
  for (const auto &[Uri, D] : Docs)
    Out.push_back(Uri);
  return Out;
}

} // namespace cllint::lsp
