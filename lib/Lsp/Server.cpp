#include "Lsp/Server.h"

#include "Frontend/PreambleCache.h"
#include "Lsp/StaleFindings.h"
#include "Support/JsonNesting.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cllint::lsp {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

const Object *objectAt(const Object &O, llvm::StringRef Key) { return O.getObject(Key); }

std::optional<std::string> textDocumentUri(const Object &Params) {
  const Object *TD = objectAt(Params, "textDocument");
  if (!TD)
    return std::nullopt;
  if (auto U = TD->getString("uri"))
    return U->str();
  return std::nullopt;
}

// Where a document is linted: its file path, or for an unsaved buffer ("untitled:...") a name
// in the working directory, so the config there applies.
std::string pathForUri(const std::string &Uri) {
  if (auto P = pathFromUri(Uri))
    return *P;
  llvm::SmallString<256> P;
  llvm::sys::fs::current_path(P);
  llvm::StringRef Name = llvm::StringRef(Uri).rsplit('/').second;
  if (Name.empty())
    Name = llvm::StringRef(Uri).rsplit(':').second;
  llvm::sys::path::append(P, Name.empty() ? "untitled.cl" : Name);
  return P.str().str();
}

} // namespace

namespace {

// Successive edits of a document share its parsed #include prelude; shutdown cancels.
LintOptions forServer(LintOptions O, std::shared_ptr<const std::atomic<bool>> Cancel) {
  if (!O.Preambles)
    O.Preambles = std::make_shared<PreambleCache>();
  O.Cancel = std::move(Cancel);
  return O;
}

} // namespace

Server::Server(Transport &T, ServerOptions O)
    : T(T), Options(std::move(O)), L(forServer(Options.Lint, Cancel)) {}

Server::~Server() { Worker.stop(); }

void Server::log(const std::string &Message) { llvm::errs() << "cllint lsp: " << Message << "\n"; }

void Server::reply(const Value &Id, Value Result) {
  T.send(Object{{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void Server::replyError(const Value &Id, int Code, const std::string &Message) {
  log("error " + std::to_string(Code) + ": " + Message);
  T.send(Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"error", Object{{"code", Code}, {"message", Message}}}});
}

void Server::notify(llvm::StringRef Method, Value Params) {
  T.send(Object{{"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

int Server::run() {
  while (std::optional<std::string> Body = T.read()) {
    if (handle(*Body)) {
      Worker.stop();
      return ShutdownRequested ? 0 : 1;
    }
  }
  log("input ended without an exit notification");
  Worker.stop();
  return 1;
}

bool Server::handle(const std::string &Body) {
  if (jsonNestsDeeperThan(Body)) {
    replyError(nullptr, ParseError,
               "Parse error: the message nests arrays or objects more than " +
                   std::to_string(MaxJsonNesting) + " levels deep");
    return false;
  }
  llvm::Expected<Value> Parsed = llvm::json::parse(Body);
  if (!Parsed) {
    replyError(nullptr, ParseError, "Parse error: " + llvm::toString(Parsed.takeError()));
    return false;
  }
  const Object *Msg = Parsed->getAsObject();
  if (!Msg) {
    replyError(nullptr, InvalidRequest, "Invalid Request: a message must be a JSON object");
    return false;
  }
  const Value *Id = Msg->get("id");
  std::optional<llvm::StringRef> Method = Msg->getString("method");
  if (Options.Verbose)
    log("<-- " + (Method ? Method->str() : std::string("response")));
  if (!Method) {
    if (Id && (Msg->get("result") || Msg->get("error")))
      return false; // a response to one of our requests (client/registerCapability)
    replyError(Id ? *Id : Value(nullptr), InvalidRequest, "Invalid Request: no method");
    return false;
  }
  const Value *Params = Msg->get("params");
  if (*Method == "exit")
    return true;
  if (Id) {
    if (Id->kind() != Value::Number && Id->kind() != Value::String) {
      replyError(nullptr, InvalidRequest, "Invalid Request: id must be a number or a string");
      return false;
    }
    request(*Id, *Method, Params);
  } else {
    notification(*Method, Params);
  }
  return false;
}

void Server::request(const Value &Id, llvm::StringRef Method, const Value *ParamsV) {
  static const Object Empty;
  const Object *Params = ParamsV ? ParamsV->getAsObject() : &Empty;
  if (Method == "initialize") {
    if (Initialized)
      return replyError(Id, InvalidRequest, "initialize was already received");
    if (!Params)
      return replyError(Id, InvalidParams, "initialize: params must be an object");
    return reply(Id, initialize(*Params));
  }
  if (!Initialized)
    return replyError(Id, ServerNotInitialized,
                      "server not initialized: send 'initialize' before '" + Method.str() + "'");
  if (ShutdownRequested)
    return replyError(Id, InvalidRequest, "the server is shutting down; only 'exit' is accepted");
  if (Method == "shutdown") {
    ShutdownRequested = true;
    // A document that takes a minute to lint must not hold up the editor's shutdown: its lint
    // is abandoned, and `exit` ends the process without waiting for it.
    Cancel->store(true);
    Worker.stop();
    return reply(Id, nullptr);
  }
  if (Method == "textDocument/codeAction" || Method == "textDocument/hover") {
    std::optional<std::string> Uri = Params ? textDocumentUri(*Params) : std::nullopt;
    if (!Uri)
      return replyError(Id, InvalidParams, Method.str() + ": missing textDocument.uri");
    int64_t Version = 0;
    std::shared_ptr<const LintedDocument> Doc = linted(*Uri, Version);
    std::optional<Document> Current = Docs.get(*Uri);
    // Findings of an older text would point at the wrong places: answer with nothing until
    // the current text is linted.
    bool Fresh = Doc && Current && Current->Version == Version;
    if (Method == "textDocument/hover") {
      std::optional<LspPosition> At = positionFromJson(Params->get("position"));
      if (!At)
        return replyError(Id, InvalidParams, "textDocument/hover: missing or invalid position");
      if (!Fresh)
        return reply(Id, nullptr);
      std::optional<Object> H = hover(*Doc, *At);
      return reply(Id, H ? Value(std::move(*H)) : Value(nullptr));
    }
    const Object *R = Params->getObject("range");
    std::optional<LspPosition> Begin = R ? positionFromJson(R->get("start")) : std::nullopt;
    std::optional<LspPosition> End = R ? positionFromJson(R->get("end")) : std::nullopt;
    if (!Begin || !End)
      return replyError(Id, InvalidParams, "textDocument/codeAction: missing or invalid range");
    // An `only` list narrows the kinds: a kind is asked for by itself or by a prefix of it
    // ("source" and "source.fixAll" both ask for "source.fixAll.cllint").
    bool QuickFixes = true, FixAll = true;
    if (const Object *Ctx = Params->getObject("context"))
      if (const Array *Only = Ctx->getArray("only")) {
        QuickFixes = FixAll = false;
        for (const Value &K : *Only)
          if (auto S = K.getAsString()) {
            QuickFixes |= *S == "quickfix" || S->starts_with("quickfix.");
            FixAll |= *S == "source" || *S == "source.fixAll" || *S == "source.fixAll.cllint";
          }
      }
    if (!Fresh)
      return reply(Id, Array{});
    Array Actions = QuickFixes ? codeActions(*Doc, *Begin, *End) : Array{};
    if (FixAll)
      if (std::optional<Object> All = fixAllAction(*Doc))
        Actions.push_back(std::move(*All));
    return reply(Id, std::move(Actions));
  }
  replyError(Id, MethodNotFound, "method not found: " + Method.str());
}

void Server::notification(llvm::StringRef Method, const Value *ParamsV) {
  if (!Initialized || ShutdownRequested)
    return; // the specification says to drop notifications before initialize
  const Object *Params = ParamsV ? ParamsV->getAsObject() : nullptr;
  auto needParams = [&]() {
    if (!Params)
      log(Method.str() + ": params must be an object; ignored");
    return Params != nullptr;
  };
  if (Method == "initialized") {
    if (WatchRegistration)
      T.send(Object{
          {"jsonrpc", "2.0"},
          {"id", "cllint-watch-config"},
          {"method", "client/registerCapability"},
          {"params",
           Object{{"registrations",
                   Array{Object{{"id", "cllint-config"},
                                {"method", "workspace/didChangeWatchedFiles"},
                                {"registerOptions",
                                 Object{{"watchers", Array{Object{{"globPattern",
                                                                   "**/.cllint.yaml"}}}}}}}}}}}});
  } else if (Method == "textDocument/didOpen") {
    if (needParams())
      didOpen(*Params);
  } else if (Method == "textDocument/didChange") {
    if (needParams())
      didChange(*Params);
  } else if (Method == "textDocument/didSave") {
    if (!needParams())
      return;
    if (auto Uri = textDocumentUri(*Params); Uri && Docs.get(*Uri))
      scheduleLint(*Uri, std::chrono::milliseconds(0));
  } else if (Method == "textDocument/didClose") {
    if (needParams())
      didClose(*Params);
  } else if (Method == "workspace/didChangeWatchedFiles") {
    if (needParams())
      watchedFilesChanged(*Params);
  }
  // Other notifications ($/cancelRequest, $/setTrace, workspace/didChangeConfiguration, ...)
  // need nothing from us.
}

Value Server::initialize(const Object &Params) {
  Initialized = true;
  if (const Object *Init = Params.getObject("initializationOptions"))
    if (auto Ms = Init->getInteger("debounceMs"); Ms && *Ms >= 0)
      // Clamped to a minute: `now + delay` must not overflow the clock.
      Options.Debounce = std::chrono::milliseconds(std::min<int64_t>(*Ms, 60000));
  if (const Object *Caps = Params.getObject("capabilities"))
    if (const Object *W = Caps->getObject("workspace"))
      if (const Object *Watch = W->getObject("didChangeWatchedFiles"))
        WatchRegistration = Watch->getBoolean("dynamicRegistration").value_or(false);
  return Object{{"capabilities",
                 Object{{"textDocumentSync", Object{{"openClose", true},
                                                    {"change", 2}, // incremental
                                                    {"save", Object{{"includeText", false}}}}},
                        {"codeActionProvider",
                         Object{{"codeActionKinds", Array{"quickfix", "source.fixAll.cllint"}}}},
                        {"hoverProvider", true}}},
                {"serverInfo", Object{{"name", "cllint"}, {"version", CLLINT_VERSION}}}};
}

void Server::didOpen(const Object &Params) {
  const Object *TD = Params.getObject("textDocument");
  auto Uri = TD ? TD->getString("uri") : std::nullopt;
  auto Text = TD ? TD->getString("text") : std::nullopt;
  if (!Uri || !Text) {
    log("textDocument/didOpen: needs textDocument.uri and textDocument.text; ignored");
    return;
  }
  Document D;
  D.Uri = Uri->str();
  D.Path = pathForUri(D.Uri);
  D.Version = TD->getInteger("version").value_or(0);
  D.Text = Text->str();
  Docs.open(std::move(D));
  scheduleLint(Uri->str(), std::chrono::milliseconds(0));
}

void Server::didChange(const Object &Params) {
  std::optional<std::string> Uri = textDocumentUri(Params);
  const Array *Changes = Params.getArray("contentChanges");
  if (!Uri || !Changes) {
    log("textDocument/didChange: needs textDocument.uri and contentChanges; ignored");
    return;
  }
  std::vector<TextChange> Parsed;
  for (const Value &V : *Changes) {
    const Object *C = V.getAsObject();
    auto Text = C ? C->getString("text") : std::nullopt;
    if (!Text) {
      log("textDocument/didChange: a change without text; ignored");
      return;
    }
    TextChange TC;
    TC.Text = Text->str();
    if (const Object *R = C->getObject("range")) {
      auto B = positionFromJson(R->get("start"));
      auto E = positionFromJson(R->get("end"));
      if (!B || !E) {
        log("textDocument/didChange: invalid range; ignored");
        return;
      }
      TC.Range = std::make_pair(*B, *E);
    }
    Parsed.push_back(std::move(TC));
  }
  std::optional<Document> Before = Docs.get(*Uri);
  int64_t Version = Params.getObject("textDocument")
                        ->getInteger("version")
                        .value_or(Before ? Before->Version + 1 : 0);
  std::string Error;
  if (!Docs.change(*Uri, Version, Parsed, Error)) {
    log("textDocument/didChange: " + Error);
    return;
  }
  scheduleLint(*Uri, Options.Debounce);
}

void Server::didClose(const Object &Params) {
  std::optional<std::string> Uri = textDocumentUri(Params);
  if (!Uri)
    return log("textDocument/didClose: missing textDocument.uri; ignored");
  Worker.cancel(*Uri);
  std::lock_guard<std::mutex> G(PublishLock);
  Docs.close(*Uri);
  Results.erase(*Uri);
  LastGood.erase(*Uri);
  ShownErrors.erase(*Uri);
  notify("textDocument/publishDiagnostics", Object{{"uri", *Uri}, {"diagnostics", Array{}}});
}

void Server::watchedFilesChanged(const Object &Params) {
  const Array *Changes = Params.getArray("changes");
  if (!Changes)
    return;
  bool Config = false;
  for (const Value &V : *Changes)
    if (const Object *C = V.getAsObject())
      if (auto Uri = C->getString("uri"); Uri && Uri->ends_with(".cllint.yaml"))
        Config = true;
  if (!Config)
    return;
  ReloadConfig = true;
  for (const std::string &Uri : Docs.uris())
    scheduleLint(Uri, std::chrono::milliseconds(0));
}

void Server::scheduleLint(const std::string &Uri, std::chrono::milliseconds Delay) {
  Worker.schedule(Uri, Delay, [this, Uri] { lintNow(Uri); });
}

// The state of every .cllint.yaml the resolver would look at for Path, nearest first, up to
// the first that exists (or the --config file): a changed stamp means a stale cache.
bool Server::configChanged(const std::string &Path) {
  std::vector<std::string> Candidates;
  if (Options.Lint.ConfigPath) {
    Candidates.push_back(*Options.Lint.ConfigPath);
  } else if (!Options.Lint.NoConfig) {
    llvm::SmallString<256> Abs(Path);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, true);
    for (std::string D = llvm::sys::path::parent_path(Abs).str(); !D.empty();
         D = llvm::sys::path::parent_path(D).str()) {
      llvm::SmallString<256> C(D);
      llvm::sys::path::append(C, ".cllint.yaml");
      Candidates.push_back(C.str().str());
      if (llvm::sys::fs::exists(C) || D == llvm::sys::path::parent_path(D))
        break;
    }
  }
  bool Changed = false;
  std::lock_guard<std::mutex> G(StampsLock);
  for (const std::string &C : Candidates) {
    llvm::sys::fs::file_status St;
    std::string Stamp = "missing";
    if (!llvm::sys::fs::status(C, St) && llvm::sys::fs::exists(St))
      Stamp = std::to_string(St.getLastModificationTime().time_since_epoch().count()) + "/" +
              std::to_string(St.getSize());
    auto [It, New] = ConfigStamps.emplace(C, Stamp);
    if (!New && It->second != Stamp) {
      It->second = Stamp;
      Changed = true;
    }
  }
  return Changed;
}

void Server::lintNow(const std::string &Uri) {
  std::optional<Document> Doc = Docs.get(Uri);
  if (!Doc)
    return;
  bool Reload = ReloadConfig.exchange(false);
  if (configChanged(Doc->Path))
    Reload = true;
  if (Reload) {
    L.reloadConfig();
    if (Options.Verbose)
      log("a .cllint.yaml changed; configuration reloaded");
    // Other open documents were linted with the old settings.
    for (const std::string &Other : Docs.uris())
      if (Other != Uri)
        scheduleLint(Other, std::chrono::milliseconds(0));
  }
  auto Linted = std::make_shared<LintedDocument>();
  Linted->Uri = Doc->Uri;
  Linted->Path = Doc->Path;
  Linted->Text = Doc->Text;
  Linted->Result = L.lintBuffer(Doc->Path, Doc->Text);
  Linted->Lines = std::make_shared<LineIndex>(Linted->Text);

  std::lock_guard<std::mutex> G(PublishLock);
  if (Cancel->load())
    return; // abandoned at shutdown: nothing more is published
  std::optional<Document> Now = Docs.get(Uri);
  if (!Now || Now->Version != Doc->Version || Now->Text != Doc->Text) {
    if (Options.Verbose)
      log("dropping diagnostics of a stale version of " + Uri);
    return; // a newer text is scheduled (or the document was closed)
  }
  std::string Errors;
  for (const std::string &E : Linted->Result.InputErrors)
    Errors += (Errors.empty() ? "" : "; ") + E;
  if (!Errors.empty() && ShownErrors[Uri] != Errors)
    notify("window/showMessage",
           Object{{"type", 1}, {"message", llvm::json::fixUTF8("cllint: " + Errors)}});
  ShownErrors[Uri] = Errors;
  // A text that does not compile (a statement half typed) keeps the last good findings on the
  // lines it did not change; code actions then offer only what the current text supports.
  if (Linted->Result.CompileFailed) {
    if (auto Good = LastGood.find(Uri); Good != LastGood.end())
      for (Finding &F : carriedFindings(Good->second->Result, Good->second->Text, Linted->Text,
                                        Linted->Result.Path))
        Linted->Result.Findings.push_back(std::move(F));
  } else if (Linted->Result.InputErrors.empty()) {
    LastGood[Uri] = Linted;
  }
  Results[Uri] = {Doc->Version, Linted};
  notify("textDocument/publishDiagnostics",
         Object{{"uri", Uri}, {"version", Doc->Version}, {"diagnostics", diagnosticsOf(*Linted)}});
}

std::shared_ptr<const LintedDocument> Server::linted(const std::string &Uri, int64_t &Version) {
  std::lock_guard<std::mutex> G(PublishLock);
  auto It = Results.find(Uri);
  if (It == Results.end())
    return nullptr;
  Version = It->second.first;
  return It->second.second;
}

} // namespace cllint::lsp
