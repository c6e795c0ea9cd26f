// The language server: reads JSON-RPC messages, keeps the open documents, lints them on worker
// threads (debounced; documents side by side) and publishes diagnostics, quick fixes and each
// finding's figures on hover.
#pragma once

#include "Driver/Linter.h"
#include "Lsp/DocumentStore.h"
#include "Lsp/Protocol.h"
#include "Lsp/Scheduler.h"
#include "Lsp/Transport.h"

#include "llvm/Support/JSON.h"

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace cllint::lsp {

struct ServerOptions {
  LintOptions Lint;
  std::chrono::milliseconds Debounce{200}; // initializationOptions.debounceMs overrides it
  bool Verbose = false;                    // log every message received on stderr
};

// JSON-RPC and LSP error codes.
enum ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
};

class Server {
public:
  Server(Transport &T, ServerOptions Options);
  ~Server();

  // Serves until `exit` or the end of input. Returns 0 after shutdown then exit, else 1.
  int run();

private:
  // Returns true when the message was `exit`.
  bool handle(const std::string &Body);
  void request(const llvm::json::Value &Id, llvm::StringRef Method,
               const llvm::json::Value *Params);
  void notification(llvm::StringRef Method, const llvm::json::Value *Params);

  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, int Code, const std::string &Message);
  void notify(llvm::StringRef Method, llvm::json::Value Params);
  void log(const std::string &Message);

  llvm::json::Value initialize(const llvm::json::Object &Params);
  void didOpen(const llvm::json::Object &Params);
  void didChange(const llvm::json::Object &Params);
  void didClose(const llvm::json::Object &Params);
  void watchedFilesChanged(const llvm::json::Object &Params);

  // Worker thread: lints the document's current text and publishes unless it changed since.
  void scheduleLint(const std::string &Uri, std::chrono::milliseconds Delay);
  void lintNow(const std::string &Uri);
  bool configChanged(const std::string &Path);
  std::shared_ptr<const LintedDocument> linted(const std::string &Uri, int64_t &Version);

  Transport &T;
  ServerOptions Options;
  // Turned on by shutdown: lints still running are abandoned rather than waited for.
  std::shared_ptr<std::atomic<bool>> Cancel = std::make_shared<std::atomic<bool>>(false);
  Linter L; // used by the worker threads only
  DocumentStore Docs;

  bool Initialized = false;
  bool ShutdownRequested = false;
  bool WatchRegistration = false;
  std::atomic<bool> ReloadConfig{false};
  std::mutex StampsLock;
  std::map<std::string, std::string> ConfigStamps; // .cllint.yaml candidate -> state

  // The last linted state of each document and the version it was linted at. Publishing and
  // closing hold PublishLock so a closed document's diagnostics stay cleared.
  std::mutex PublishLock;
  std::map<std::string, std::pair<int64_t, std::shared_ptr<const LintedDocument>>> Results;
  std::map<std::string, std::string> ShownErrors; // uri -> input error last shown
  // The last result of each document that compiled, for carrying its findings over edits.
  std::map<std::string, std::shared_ptr<const LintedDocument>> LastGood;

  Scheduler Worker; // last member: stopped first, before what its tasks use is destroyed
};

} // namespace cllint::lsp
