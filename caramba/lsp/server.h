// server.h — the Caramba language server: LSP 3.17 lifecycle, full-text
// document sync, translator diagnostics, "Migrate to PyKokkos" code actions
// (with lazy resolve), quick fixes, hover with the explain text, and
// workspace/executeCommand.
//
// `Server` handles one message at a time and writes through a sink, so tests
// drive it with JSON values and no process. `RunServer` adds the wire: it reads
// frames, queues them, honours $/cancelRequest for queued requests and
// publishes diagnostics only when the input queue is drained (a burst of
// didChange messages while typing costs one translation, not one per key).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "caramba/lsp/json_rpc.h"
#include "caramba/lsp/line_diff.h"
#include "caramba/lsp/positions.h"
#include "caramba/lsp/quick_fixes.h"
#include "caramba/options.h"
#include "caramba/pass_manager.h"
#include "caramba/profile_cache.h"
#include "caramba/visitor.h"

namespace caramba::lsp {

using PipelineFactory = std::function<std::vector<std::unique_ptr<Visitor>>()>;

struct ServerConfig {
  /// Translation options from `caramba lsp` flags (the same flags as the
  /// CLI); `kernels` is set per code action.
  TranslateOptions translate;
  /// The visitors; the real pipeline by default, a fake one in tests.
  PipelineFactory pipeline;
  /// 0: errors only, 1: lifecycle and slow requests, 2: every message.
  int verbosity = 1;
  /// --types / --no-types. Without them each document uses its project's
  /// `.caramba/types.json`, re-read when it changes (profile_cache.h).
  ProfileFlags profile;
  /// The translation flags given on the command line: they win over each
  /// document's `[tool.caramba]` (config.h), which fills the others.
  std::vector<std::string> given_flags;
  /// --isolated: ignore `[tool.caramba]`.
  bool isolated = false;
};

/// The URI scheme of diagnostic codeDescription links (docs/editors.md).
std::string ExplainUri(std::string_view code);
/// file:///a/b%20c.py -> /a/b c.py; other schemes come back unchanged.
std::string UriToPath(std::string_view uri);

/// What the translator says about one version of a document.
struct DocAnalysis {
  uint64_t generation = 0;
  /// The type profile it was translated with (a new recording re-analyses).
  std::shared_ptr<const TypeProfile> profile;
  /// False when the file cannot be translated as it is (syntax errors, not
  /// UTF-8): migrate actions are withheld, diagnostics still flow.
  bool translatable = false;
  PassResult whole;                        // the whole-file translation
  std::vector<Diagnostic> diagnostics;     // what is published
  std::shared_ptr<const ModuleInfo> module;  // kernels (of the sanitised text when needed)
  std::optional<Tree> tree;                // the input, for quick fixes (lazily parsed)
  std::vector<LineHunk> whole_hunks;       // input -> whole-file output
  std::map<std::string, std::vector<LineHunk>> kernel_hunks;  // per-kernel translations, cached
};

struct Document {
  std::string uri, path, language_id, text;
  nlohmann::json version;        // the client's version (number, or null)
  uint64_t generation = 0;       // ours: bumped on every change
  uint64_t published = 0;        // generation whose diagnostics were sent
  bool analysable = false;       // Python, judged by languageId or extension
  std::unique_ptr<DocAnalysis> analysis;
};

class Server {
 public:
  using Sink = std::function<void(const nlohmann::json&)>;
  Server(ServerConfig config, Sink sink, std::ostream& log);
  ~Server();

  /// Handles one incoming message (request, notification or response).
  void Handle(const nlohmann::json& message);
  /// Answers a frame the reader could not use (id null, ParseError).
  void ReportParseError(const std::string& why);
  /// Answers a queued request that $/cancelRequest removed.
  void ReportCancelled(const nlohmann::json& id);

  /// True when some document's diagnostics are out of date.
  bool HasPendingWork() const;
  /// Publishes the diagnostics of one out-of-date document.
  void DoPendingWork();

  bool ExitRequested() const { return exit_requested_; }
  /// 0 after shutdown then exit (or EOF), 1 otherwise (LSP's rule).
  int ExitCode() const { return shutdown_received_ ? 0 : 1; }

  // For tests.
  const Document* FindDocument(const std::string& uri) const;
  PositionEncoding encoding() const { return encoding_; }

 private:
  using Params = const nlohmann::json&;
  using RequestHandler = nlohmann::json (Server::*)(Params);
  using NotificationHandler = void (Server::*)(Params);

  void HandleRequest(const nlohmann::json& id, const std::string& method, const nlohmann::json& params);
  void HandleNotification(const std::string& method, const nlohmann::json& params);
  void HandleResponse(const nlohmann::json& message);
  void Send(const nlohmann::json& message);
  void Log(int level, const std::string& line);

  // Requests.
  nlohmann::json OnInitialize(Params p);
  nlohmann::json OnShutdown(Params p);
  nlohmann::json OnCodeAction(Params p);
  nlohmann::json OnCodeActionResolve(Params p);
  nlohmann::json OnExecuteCommand(Params p);
  nlohmann::json OnHover(Params p);
  // Notifications.
  void OnInitialized(Params p);
  void OnExit(Params p);
  void OnDidOpen(Params p);
  void OnDidChange(Params p);
  void OnDidClose(Params p);

  Document* DocumentFor(const nlohmann::json& text_document);
  const DocAnalysis& Analyse(Document& doc);
  /// The translation options for `doc`: the configured ones with its type
  /// profile; a profile that cannot be read becomes `profile_error`.
  TranslateOptions OptionsFor(const Document& doc, std::optional<Diagnostic>* profile_error = nullptr);
  /// The parsed input of the current analysis (parsed on first use).
  const Tree& InputTree(Document& doc);
  void Publish(Document& doc);
  nlohmann::json ToLspDiagnostic(const Diagnostic& d, const PositionMapper& map) const;
  /// Hunks of translating `kernel` ("" = every kernel), cached per generation.
  const std::vector<LineHunk>& MigrationHunks(Document& doc, const std::string& kernel);
  nlohmann::json MakeWorkspaceEdit(const Document& doc, const std::vector<LineHunk>& hunks) const;
  nlohmann::json MakeWorkspaceEdit(const Document& doc, const std::vector<Replacement>& edits) const;
  /// The edit a migrate action or command applies; throws RequestError.
  nlohmann::json MigrationEdit(const nlohmann::json& data);

  ServerConfig config_;
  PassManager pm_;
  ProfileCache profiles_;
  std::string last_profile_error_;  // logged once
  std::string last_config_error_;   // logged once
  Sink sink_;
  std::ostream& log_;
  std::map<std::string, std::unique_ptr<Document>> documents_;
  uint64_t next_generation_ = 1;
  int next_request_id_ = 1;
  std::map<std::string, std::string> pending_requests_;  // our requests to the client: id -> method

  bool initialized_ = false;  // `initialize` answered
  bool shutdown_received_ = false;
  bool exit_requested_ = false;

  // Negotiated with the client in `initialize`.
  PositionEncoding encoding_ = PositionEncoding::kUtf16;
  bool literal_actions_ = false;  // CodeAction literals (else Command[])
  bool resolve_edit_ = false;     // codeAction/resolve may fill `edit` later
  bool disabled_support_ = false;
  bool document_changes_ = false;
  bool apply_edit_ = false;
  bool markdown_hover_ = false;
};

/// Reads framed messages from `source` and serves them until `exit` or EOF;
/// writes frames to `out`. Returns the process exit status.
int RunServer(ByteSource& source, std::ostream& out, std::ostream& log, ServerConfig config);

}  // namespace caramba::lsp
