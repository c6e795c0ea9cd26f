#include "Lsp/Transport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace cllint::lsp {

Transport::Transport(std::FILE *In, std::FILE *Out, Logger Log)
    : In(In), Out(Out), Log(std::move(Log)) {}

bool Transport::readLine(std::string &Line) {
  Line.clear();
  int C;
  while ((C = std::getc(In)) != EOF) {
    if (C == '\n')
      return true;
    Line += static_cast<char>(C);
  }
  return !Line.empty();
}

std::optional<std::string> Transport::read() {
  while (true) {
    // One header block: lines up to an empty one. Junk before a header (the unframed tail of
    // a bad message) is skipped, so a valid header anywhere in a line resynchronizes.
    bool HaveLength = false;
    size_t Length = 0;
    bool SawLine = false;
    std::string Line;
    while (true) {
      if (!readLine(Line))
        return std::nullopt;
      llvm::StringRef L = llvm::StringRef(Line).rtrim("\r");
      if (L.empty()) {
        if (SawLine)
          break;
        continue; // blank lines between messages
      }
      SawLine = true;
      std::string Lower = L.lower();
      size_t At = Lower.find("content-length:");
      if (At == std::string::npos) {
        if (!L.contains(':') || L.starts_with("{"))
          Log("bad framing: skipping '" + L.take_front(80).str() + "'");
        continue; // other headers (Content-Type) are allowed and ignored
      }
      if (At != 0)
        Log("bad framing: skipping '" + L.take_front(std::min<size_t>(At, 80)).str() + "'");
      llvm::StringRef Value = L.drop_front(At + strlen("content-length:")).trim();
      unsigned long long N;
      if (Value.getAsInteger(10, N) || N > MaxBodyBytes) {
        Log("bad framing: invalid Content-Length '" + Value.str() + "'");
        HaveLength = false;
        continue;
      }
      Length = static_cast<size_t>(N);
      HaveLength = true;
    }
    if (!HaveLength) {
      Log("bad framing: header block without a valid Content-Length; message skipped");
      continue;
    }
    std::string Body(Length, '\0');
    if (std::fread(Body.data(), 1, Length, In) != Length) {
      Log("input ended inside a message body");
      return std::nullopt;
    }
    return Body;
  }
}

void Transport::send(const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream OS(Body);
  OS << Message;
  OS.flush();
  std::lock_guard<std::mutex> G(WriteLock);
  std::fprintf(Out, "Content-Length: %zu\r\n\r\n", Body.size());
  std::fwrite(Body.data(), 1, Body.size(), Out);
  std::fflush(Out);
}

} // namespace cllint::lsp
