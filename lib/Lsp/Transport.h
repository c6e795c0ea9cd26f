// JSON-RPC 2.0 framing over a byte stream, as LSP uses it: "Content-Length: N\r\n\r\n" and N
// bytes of JSON. Bad framing is logged and skipped; reading resumes at the next header.
#pragma once

#include "llvm/Support/JSON.h"

#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace cllint::lsp {

class Transport {
public:
  using Logger = std::function<void(const std::string &)>;
  Transport(std::FILE *In, std::FILE *Out, Logger Log);

  // The next message body, or nothing at the end of input. Called from one thread only.
  std::optional<std::string> read();
  // Frames and writes one message; safe to call from any thread.
  void send(const llvm::json::Value &Message);

  // Bodies larger than this are refused (and skipped).
  static constexpr size_t MaxBodyBytes = 256u << 20;

private:
  bool readLine(std::string &Line);
  std::FILE *In;
  std::FILE *Out;
  Logger Log;
  std::mutex WriteLock;
};

} // namespace cllint::lsp
