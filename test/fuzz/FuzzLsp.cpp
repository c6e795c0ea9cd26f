// fuzz-lsp: the bytes are what a client writes to `cllint lsp`'s stdin: Content-Length framing,
// JSON-RPC, LSP requests and notifications. One Server per input, in process, on one thread:
// the input is a read-only memory stream, and scheduled lints run before the server reads the
// next byte (see SyncScheduler.cpp), so a run depends on the bytes alone.
//
// Oracle besides the sanitizers: everything the server writes must be framed messages whose
// bodies are JSON objects with "jsonrpc": "2.0". CLLINT_FUZZ_LSP_ECHO=1 prints them.
#include "FuzzCommon.h"
#include "Lsp/Server.h"
#include "Lsp/Transport.h"
#include "SyncScheduler.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace cllint;

namespace {

struct InputCookie {
  const char *Data;
  size_t Size;
  size_t At = 0;
};

ssize_t readInput(void *C, char *Buf, size_t N) {
  cllint::fuzz::drainScheduledWork();
  auto *In = static_cast<InputCookie *>(C);
  size_t Take = std::min(N, In->Size - In->At);
  std::memcpy(Buf, In->Data + In->At, Take);
  In->At += Take;
  return static_cast<ssize_t>(Take);
}

ssize_t writeOutput(void *C, const char *Buf, size_t N) {
  static_cast<std::string *>(C)->append(Buf, N);
  return static_cast<ssize_t>(N);
}

void checkOutput(llvm::StringRef Out) {
  while (!Out.empty()) {
    if (!Out.consume_front("Content-Length: "))
      cllint::fuzz::invariantFailed("server output is not framed: '" + Out.take_front(80).str() +
                                    "'");
    size_t Eol = Out.find("\r\n\r\n");
    size_t Length = 0;
    if (Eol == llvm::StringRef::npos || Out.take_front(Eol).getAsInteger(10, Length) ||
        Length > Out.size() - Eol - 4)
      cllint::fuzz::invariantFailed("bad Content-Length in server output");
    llvm::StringRef Body = Out.substr(Eol + 4, Length);
    Out = Out.drop_front(Eol + 4 + Length);
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Body);
    if (!V)
      cllint::fuzz::invariantFailed("server wrote invalid JSON: " + llvm::toString(V.takeError()));
    const llvm::json::Object *O = V->getAsObject();
    if (!O || O->getString("jsonrpc") != llvm::StringRef("2.0"))
      cllint::fuzz::invariantFailed("server wrote a message without jsonrpc 2.0");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // "#pragma clang __debug crash" and friends crash clang on purpose (a document with one
  // written with JSON escapes still gets through; it has not been seen to happen).
  if (llvm::StringRef(reinterpret_cast<const char *>(Data), Size).contains("__debug"))
    return -1;
  InputCookie InState{reinterpret_cast<const char *>(Data), Size};
  std::string Written;
  std::FILE *In = fopencookie(&InState, "r", {readInput, nullptr, nullptr, nullptr});
  std::FILE *Out = fopencookie(&Written, "w", {nullptr, writeOutput, nullptr, nullptr});
  if (!In || !Out)
    cllint::fuzz::invariantFailed("fopencookie failed");
  // Unbuffered input: each refill is a read callback, so lints run between messages.
  std::setvbuf(In, nullptr, _IONBF, 0);
  {
    lsp::Transport T(In, Out, [](const std::string &) {});
    lsp::ServerOptions O;
    O.Lint.NoConfig = true;
    O.Lint.Isolate = false; // crashes must reach libFuzzer, not become internal-error findings
    O.Debounce = std::chrono::milliseconds(0);
    lsp::Server S(T, std::move(O));
    S.run();
  }
  std::fclose(In);
  std::fclose(Out);
  // CLLINT_FUZZ_LSP_ECHO=1 shows what the server wrote (reproducing a crash by hand).
  static const bool Echo = std::getenv("CLLINT_FUZZ_LSP_ECHO") != nullptr;
  if (Echo)
    std::fprintf(stderr, "%s\n", Written.c_str());
  checkOutput(Written);
  return 0;
}
