// server.cpp — see server.h.
#include "caramba/lsp/server.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <ostream>

#include "caramba/cli.h"
#include "caramba/file_system.h"
#include "caramba/module_analysis.h"
#include "caramba/pipeline.h"

namespace caramba::lsp {

using nlohmann::json;

namespace {

// A request that fails with an LSP error; handlers throw it.
struct RequestError {
  int code;
  std::string message;
};

constexpr std::string_view kMigrateKernelCommand = "caramba.migrateKernel";
constexpr std::string_view kMigrateFileCommand = "caramba.migrateFile";
constexpr std::string_view kQuickFixCommand = "caramba.quickFix";
constexpr std::string_view kExplainCommand = "caramba.explain";
constexpr std::string_view kRewriteKind = "refactor.rewrite";
constexpr std::string_view kQuickFixKind = "quickfix";

// j[a][b]... or nullptr when a step is missing or not an object.
const json* Path(const json& j, std::initializer_list<const char*> keys) {
  const json* cur = &j;
  for (const char* k : keys) {
    if (!cur->is_object()) return nullptr;
    auto it = cur->find(k);
    if (it == cur->end()) return nullptr;
    cur = &*it;
  }
  return cur;
}

bool True(const json& j, std::initializer_list<const char*> keys) {
  const json* v = Path(j, keys);
  return v && v->is_boolean() && v->get<bool>();
}

bool ListHas(const json& j, std::initializer_list<const char*> keys, std::string_view value) {
  const json* v = Path(j, keys);
  if (!v || !v->is_array()) return false;
  for (const json& e : *v)
    if (e.is_string() && e.get<std::string>() == value) return true;
  return false;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool IsSyntaxDiag(const Diagnostic& d) { return d.id == DiagId::kSyntaxError || d.id == DiagId::kPython2Syntax; }

int LspSeverity(Severity s) {
  switch (s) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Note: return 3;
  }
  return 3;
}

// Whitespace-out every top-level statement that contains a syntax problem,
// widened to whole lines. Byte offsets are unchanged, so diagnostics of the
// sanitised text are positions of the real one: the kernels the user is not
// editing keep their diagnostics while one line is half typed. Returns ""
// when nothing sensible can be blanked.
std::string Sanitize(const Tree& tree) {
  std::vector<SyntaxProblem> problems = FindSyntaxProblems(tree);
  Node root = tree.Root();
  if (problems.empty() || root.IsError()) return {};
  std::string text = tree.Source();
  std::vector<Node> top = root.Children();
  auto blank = [&text](uint32_t s, uint32_t e) {
    while (s > 0 && text[s - 1] != '\n' && text[s - 1] != '\r') --s;
    while (e < text.size() && text[e] != '\n' && text[e] != '\r') ++e;
    for (uint32_t i = s; i < e; ++i)
      if (text[i] != '\n' && text[i] != '\r') text[i] = ' ';
  };
  for (const SyntaxProblem& p : problems) {
    bool covered = false;
    for (const Node& c : top) {
      // A problem touching a statement (MISSING nodes are empty) blanks it.
      if (p.start_byte >= c.StartByte() && p.start_byte <= c.EndByte() &&
          (p.start_byte < c.EndByte() || c.StartByte() == c.EndByte() || c.HasError())) {
        blank(c.StartByte(), c.EndByte());
        covered = true;
      }
    }
    if (!covered) blank(p.start_byte, std::max(p.start_byte, p.end_byte));
  }
  return text;
}

}  // namespace

std::string ExplainUri(std::string_view code) { return "caramba://explain/" + std::string(code); }

std::string UriToPath(std::string_view uri) {
  if (uri.substr(0, 7) != "file://") return std::string(uri);
  std::string_view rest = uri.substr(7);
  // file://host/path: only the local host (empty or "localhost") is a path.
  if (rest.substr(0, 9) == "localhost") rest.remove_prefix(9);
  std::string out;
  for (size_t i = 0; i < rest.size(); ++i) {
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    if (rest[i] == '%' && i + 2 < rest.size() && hex(rest[i + 1]) >= 0 && hex(rest[i + 2]) >= 0) {
      out += static_cast<char>(hex(rest[i + 1]) * 16 + hex(rest[i + 2]));
      i += 2;
    } else {
      out += rest[i];
    }
  }
  return out;
}

Server::Server(ServerConfig config, Sink sink, std::ostream& log)
    : config_(std::move(config)),
      pm_(config_.pipeline ? config_.pipeline() : BuildPipeline()),
      profiles_(config_.profile, /*long_lived=*/true),
      sink_(std::move(sink)),
      log_(log) {}

Server::~Server() = default;

void Server::Send(const json& message) { sink_(message); }

void Server::Log(int level, const std::string& line) {
  if (level > config_.verbosity) return;
  log_ << "caramba lsp: " << line << "\n";
  log_.flush();
}

const Document* Server::FindDocument(const std::string& uri) const {
  auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : it->second.get();
}

void Server::ReportParseError(const std::string& why) {
  Log(0, "parse error: " + why);
  Send(MakeError(nullptr, kParseError, "parse error: " + why));
}

void Server::ReportCancelled(const json& id) { Send(MakeError(id, kRequestCancelled, "request cancelled")); }

// ---------------------------------------------------------------------------
// Dispatch

void Server::Handle(const json& message) {
  if (!message.is_object()) {
    Send(MakeError(nullptr, kInvalidRequest, "a message must be a JSON object"));
    return;
  }
  auto id_it = message.find("id");
  bool has_id = id_it != message.end();
  bool valid_id = has_id && (id_it->is_string() || id_it->is_number_integer());
  json id = valid_id ? *id_it : json(nullptr);
  auto method_it = message.find("method");
  if (method_it == message.end()) {
    if (has_id && (message.contains("result") || message.contains("error"))) {
      HandleResponse(message);
      return;
    }
    Send(MakeError(id, kInvalidRequest, "a message needs a method (or a result/error for a response)"));
    return;
  }
  if (!method_it->is_string() || (has_id && !valid_id)) {
    Send(MakeError(id, kInvalidRequest, "method must be a string and id an integer or a string"));
    return;
  }
  std::string method = method_it->get<std::string>();
  json params = message.contains("params") ? message.at("params") : json::object();
  if (has_id) {
    HandleRequest(id, method, params);
  } else {
    HandleNotification(method, params);
  }
}

void Server::HandleRequest(const json& id, const std::string& method, const json& params) {
  static const std::map<std::string, RequestHandler, std::less<>> kRequests = {
      {"initialize", &Server::OnInitialize},
      {"shutdown", &Server::OnShutdown},
      {"textDocument/codeAction", &Server::OnCodeAction},
      {"codeAction/resolve", &Server::OnCodeActionResolve},
      {"workspace/executeCommand", &Server::OnExecuteCommand},
      {"textDocument/hover", &Server::OnHover},
  };
  auto t0 = std::chrono::steady_clock::now();
  Log(2, "request " + method + " id " + id.dump());
  if (!initialized_ && method != "initialize") {
    Send(MakeError(id, kServerNotInitialized, "the server is not initialized yet (send initialize first)"));
    return;
  }
  if (shutdown_received_) {
    Send(MakeError(id, kInvalidRequest, "the server is shut down; only exit is accepted"));
    return;
  }
  auto it = kRequests.find(method);
  if (it == kRequests.end()) {
    Send(MakeError(id, kMethodNotFound, "method not found: " + method));
    return;
  }
  try {
    json result = (this->*(it->second))(params);
    Send(MakeResult(id, std::move(result)));
  } catch (const RequestError& e) {
    Send(MakeError(id, e.code, e.message));
  } catch (const json::exception& e) {
    Send(MakeError(id, kInvalidParams, std::string("invalid params for ") + method + ": " + e.what()));
  } catch (const std::exception& e) {
    Log(0, "internal error in " + method + ": " + e.what());
    Send(MakeError(id, kInternalError, std::string("internal error: ") + e.what()));
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (ms > 200) Log(1, method + " took " + std::to_string(static_cast<int>(ms)) + " ms");
}

void Server::HandleNotification(const std::string& method, const json& params) {
  static const std::map<std::string, NotificationHandler, std::less<>> kNotifications = {
      {"initialized", &Server::OnInitialized},
      {"exit", &Server::OnExit},
      {"textDocument/didOpen", &Server::OnDidOpen},
      {"textDocument/didChange", &Server::OnDidChange},
      {"textDocument/didClose", &Server::OnDidClose},
  };
  Log(2, "notification " + method);
  if (method != "exit" && (!initialized_ || shutdown_received_)) return;  // dropped, as LSP says
  auto it = kNotifications.find(method);
  if (it == kNotifications.end()) return;  // unknown notifications ($/setTrace, didSave …) are ignored
  try {
    (this->*(it->second))(params);
  } catch (const std::exception& e) {
    // A notification has no reply: say what was wrong in the log.
    Log(0, "ignored malformed " + method + ": " + e.what());
  }
}

void Server::HandleResponse(const json& message) {
  const json& id = message.at("id");
  std::string key = id.is_string() ? id.get<std::string>() : id.dump();
  auto it = pending_requests_.find(key);
  if (it == pending_requests_.end()) {
    Log(1, "response to unknown request " + id.dump());
    return;
  }
  if (message.contains("error")) Log(0, it->second + " failed on the client: " + message["error"].dump());
  else if (it->second == "workspace/applyEdit" && !True(message, {"result", "applied"}))
    Log(0, "the client did not apply the edit: " + message["result"].dump());
  pending_requests_.erase(it);
}

// ---------------------------------------------------------------------------
// Lifecycle

json Server::OnInitialize(Params p) {
  if (initialized_) throw RequestError{kInvalidRequest, "initialize was already called"};
  const json caps = p.is_object() && p.contains("capabilities") ? p.at("capabilities") : json::object();
  bool clangd_style = false;
  if (ListHas(caps, {"general", "positionEncodings"}, "utf-8")) {
    encoding_ = PositionEncoding::kUtf8;
  } else if (!Path(caps, {"general", "positionEncodings"}) && ListHas(caps, {"offsetEncoding"}, "utf-8")) {
    // clangd's pre-3.17 extension, which Neovim 0.7 users can turn on.
    encoding_ = PositionEncoding::kUtf8;
    clangd_style = true;
  }
  literal_actions_ = Path(caps, {"textDocument", "codeAction", "codeActionLiteralSupport"}) != nullptr;
  resolve_edit_ = ListHas(caps, {"textDocument", "codeAction", "resolveSupport", "properties"}, "edit");
  disabled_support_ = True(caps, {"textDocument", "codeAction", "disabledSupport"});
  document_changes_ = True(caps, {"workspace", "workspaceEdit", "documentChanges"});
  apply_edit_ = True(caps, {"workspace", "applyEdit"});
  markdown_hover_ = ListHas(caps, {"textDocument", "hover", "contentFormat"}, "markdown");
  initialized_ = true;
  Log(1, std::string("initialized; positions in ") + std::string(EncodingName(encoding_)) +
             (resolve_edit_ ? ", code action edits resolved lazily" : ""));

  json result = {
      {"capabilities",
       {{"positionEncoding", EncodingName(encoding_)},
        {"textDocumentSync", {{"openClose", true}, {"change", 1}}},
        {"codeActionProvider",
         {{"codeActionKinds", {kQuickFixKind, kRewriteKind}}, {"resolveProvider", true}}},
        {"executeCommandProvider",
         {{"commands", {kMigrateKernelCommand, kMigrateFileCommand, kQuickFixCommand, kExplainCommand}}}},
        {"hoverProvider", true}}},
      {"serverInfo", {{"name", "caramba"}, {"version", VersionString()}}},
  };
  if (clangd_style) result["offsetEncoding"] = EncodingName(encoding_);
  return result;
}

json Server::OnShutdown(Params) {
  shutdown_received_ = true;
  Log(1, "shutdown");
  return nullptr;
}

void Server::OnInitialized(Params) {}

void Server::OnExit(Params) { exit_requested_ = true; }

// ---------------------------------------------------------------------------
// Documents

void Server::OnDidOpen(Params p) {
  const json& td = p.at("textDocument");
  auto doc = std::make_unique<Document>();
  doc->uri = td.at("uri").get<std::string>();
  doc->path = UriToPath(doc->uri);
  doc->language_id = td.contains("languageId") && td["languageId"].is_string() ? td["languageId"].get<std::string>() : "";
  doc->text = td.at("text").get<std::string>();
  doc->version = td.contains("version") ? td["version"] : json(nullptr);
  doc->generation = next_generation_++;
  doc->analysable = doc->language_id == "python" ||
                    (doc->language_id.empty() && (EndsWith(doc->path, ".py") || EndsWith(doc->path, ".pyw")));
  Log(2, "open " + doc->uri + " (" + std::to_string(doc->text.size()) + " bytes)");
  documents_[doc->uri] = std::move(doc);
}

void Server::OnDidChange(Params p) {
  const json& td = p.at("textDocument");
  Document* doc = DocumentFor(td);
  if (!doc) {
    Log(1, "didChange for a document that is not open: " + td.value("uri", std::string("?")));
    return;
  }
  // Full sync is what we advertise; ranged changes are applied too, in order,
  // for clients that send them anyway.
  std::string text = doc->text;
  for (const json& change : p.at("contentChanges")) {
    if (change.contains("range")) {
      PositionMapper map(text, encoding_);
      uint32_t s = map.OffsetOf(change["range"].at("start")), e = map.OffsetOf(change["range"].at("end"));
      if (e < s) std::swap(s, e);
      text.replace(s, e - s, change.at("text").get<std::string>());
    } else {
      text = change.at("text").get<std::string>();
    }
  }
  doc->text = std::move(text);
  if (td.contains("version")) doc->version = td["version"];
  doc->generation = next_generation_++;
}

void Server::OnDidClose(Params p) {
  const json& td = p.at("textDocument");
  auto it = documents_.find(td.at("uri").get<std::string>());
  if (it == documents_.end()) return;
  bool clear = it->second->analysable && it->second->published != 0;
  std::string uri = it->second->uri;
  documents_.erase(it);
  // The editor keeps showing published diagnostics until told otherwise.
  if (clear) Send(MakeNotification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
}

Document* Server::DocumentFor(const json& text_document) {
  auto it = documents_.find(text_document.at("uri").get<std::string>());
  return it == documents_.end() ? nullptr : it->second.get();
}

TranslateOptions Server::OptionsFor(const Document& doc, std::optional<Diagnostic>* profile_error) {
  TranslateOptions opts = config_.translate;
  std::string why;
  if (profiles_.For(doc.path, &opts.profile, &why)) {
    last_profile_error_.clear();
  } else {
    // The file is still analysed, with static types, and the problem is
    // shown on its first line: an editor has no stderr the user reads.
    if (why != last_profile_error_) Log(0, why);  // once, not on every keystroke
    last_profile_error_ = why;
    if (profile_error) {
      *profile_error = Diagnostic::Make(DiagId::kTypeProfile, why, doc.path).Help(std::string(kProfileHelp));
      (*profile_error)->At(0, 0);
    }
  }
  return opts;
}

const DocAnalysis& Server::Analyse(Document& doc) {
  std::optional<Diagnostic> profile_error;
  TranslateOptions opts = OptionsFor(doc, &profile_error);
  opts.kernels.clear();
  if (doc.analysis && doc.analysis->generation == doc.generation && doc.analysis->profile == opts.profile)
    return *doc.analysis;
  auto t0 = std::chrono::steady_clock::now();
  auto a = std::make_unique<DocAnalysis>();
  a->generation = doc.generation;
  a->profile = opts.profile;
  if (std::optional<Diagnostic> bad = CheckSourceBytes(doc.text, doc.path)) {
    bad->At(0, 0);
    a->diagnostics.push_back(*bad);
  } else {
    a->whole = pm_.Run(doc.text, doc.path, opts);
    bool syntax = std::any_of(a->whole.diagnostics.begin(), a->whole.diagnostics.end(), IsSyntaxDiag);
    if (!syntax) {
      a->translatable = a->whole.ok;
      a->module = a->whole.input_module;
      a->diagnostics = a->whole.diagnostics;
      if (a->whole.ok) a->whole_hunks = DiffLines(doc.text, a->whole.output);
    } else {
      a->diagnostics = a->whole.diagnostics;
      a->tree.emplace(Tree::Parse(doc.text));
      std::string sane = Sanitize(*a->tree);
      if (!sane.empty()) {
        PassResult r = pm_.Run(std::move(sane), doc.path, opts);
        if (std::none_of(r.diagnostics.begin(), r.diagnostics.end(), IsSyntaxDiag)) {
          a->module = r.input_module;
          for (Diagnostic& d : r.diagnostics) a->diagnostics.push_back(std::move(d));
          std::stable_sort(a->diagnostics.begin(), a->diagnostics.end(), [](const Diagnostic& x, const Diagnostic& y) {
            return x.start.value_or(0) < y.start.value_or(0);
          });
        }
      }
    }
  }
  if (profile_error) a->diagnostics.insert(a->diagnostics.begin(), *profile_error);
  // Every Python file an editor opens reaches the server; "no Numba kernels
  // here" would be noise in all of them.
  a->diagnostics.erase(std::remove_if(a->diagnostics.begin(), a->diagnostics.end(),
                                      [](const Diagnostic& d) { return d.id == DiagId::kNoKernels; }),
                       a->diagnostics.end());
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  Log(ms > 200 ? 1 : 2, "analysed " + doc.uri + " in " + std::to_string(ms) + " ms");
  doc.analysis = std::move(a);
  return *doc.analysis;
}

const Tree& Server::InputTree(Document& doc) {
  Analyse(doc);
  // Parsed on first use: only quick fixes and sanitising need the input tree,
  // so a keystroke does not pay for a second parse of a large file.
  if (!doc.analysis->tree) doc.analysis->tree.emplace(Tree::Parse(doc.text));
  return *doc.analysis->tree;
}

bool Server::HasPendingWork() const {
  for (const auto& [uri, doc] : documents_)
    if (doc->analysable && doc->published != doc->generation) return true;
  return false;
}

void Server::DoPendingWork() {
  for (auto& [uri, doc] : documents_) {
    if (doc->analysable && doc->published != doc->generation) {
      Publish(*doc);
      return;
    }
  }
}

json Server::ToLspDiagnostic(const Diagnostic& d, const PositionMapper& map) const {
  std::string message = d.message;
  if (!d.help.empty()) message += "\nhelp: " + d.help;
  json out = {
      {"range", d.start ? map.RangeJson(*d.start, d.end) : map.RangeJson(0, 0)},
      {"severity", LspSeverity(d.severity)},
      {"code", std::string(d.Code())},
      {"codeDescription", {{"href", ExplainUri(d.Code())}}},
      {"source", "caramba"},
      {"message", message},
  };
  return out;
}

void Server::Publish(Document& doc) {
  try {
    const DocAnalysis& a = Analyse(doc);
    PositionMapper map(doc.text, encoding_);
    json diags = json::array();
    for (const Diagnostic& d : a.diagnostics) diags.push_back(ToLspDiagnostic(d, map));
    json params = {{"uri", doc.uri}, {"diagnostics", std::move(diags)}};
    if (doc.version.is_number_integer()) params["version"] = doc.version;
    Send(MakeNotification("textDocument/publishDiagnostics", std::move(params)));
  } catch (const std::exception& e) {
    Log(0, "could not analyse " + doc.uri + ": " + e.what());
  }
  doc.published = doc.generation;
}

// ---------------------------------------------------------------------------
// Edits

const std::vector<LineHunk>& Server::MigrationHunks(Document& doc, const std::string& kernel) {
  Analyse(doc);
  DocAnalysis& a = *doc.analysis;
  if (!a.translatable) throw RequestError{kRequestFailed, "the file cannot be migrated until its errors are fixed"};
  if (kernel.empty()) return a.whole_hunks;
  auto it = a.kernel_hunks.find(kernel);
  if (it != a.kernel_hunks.end()) return it->second;
  TranslateOptions opts = OptionsFor(doc);
  opts.kernels = {kernel};
  PassResult r = pm_.Run(doc.text, doc.path, opts);
  if (!r.ok) {
    std::string why = "the translator failed";
    for (const Diagnostic& d : r.diagnostics)
      if (d.severity == Severity::Error) {
        why = std::string(d.Code()) + ": " + d.message;
        break;
      }
    throw RequestError{kRequestFailed, why};
  }
  return a.kernel_hunks[kernel] = DiffLines(doc.text, r.output);
}

json Server::MakeWorkspaceEdit(const Document& doc, const std::vector<LineHunk>& hunks) const {
  std::vector<Replacement> edits;
  for (const LineHunk& h : hunks) edits.push_back({h.old_start_byte, h.old_end_byte, h.new_text});
  return MakeWorkspaceEdit(doc, edits);
}

json Server::MakeWorkspaceEdit(const Document& doc, const std::vector<Replacement>& edits) const {
  PositionMapper map(doc.text, encoding_);
  json text_edits = json::array();
  for (const Replacement& r : edits) text_edits.push_back({{"range", map.RangeJson(r.start, r.end)}, {"newText", r.text}});
  if (document_changes_) {
    json version = doc.version.is_number_integer() ? doc.version : json(nullptr);
    return {{"documentChanges", json::array({{{"textDocument", {{"uri", doc.uri}, {"version", version}}},
                                              {"edits", std::move(text_edits)}}})}};
  }
  return {{"changes", {{doc.uri, std::move(text_edits)}}}};
}

json Server::MigrationEdit(const json& data) {
  if (!data.is_object()) throw RequestError{kInvalidParams, "expected {uri, kernel?} as the argument"};
  Document* doc = DocumentFor(data);
  if (!doc) throw RequestError{kInvalidParams, "the document is not open: " + data.at("uri").dump()};
  if (data.contains("generation") && data["generation"] != doc->generation)
    throw RequestError{kContentModified, "the document changed since the action was offered; ask again"};
  std::string kernel = data.contains("kernel") && data["kernel"].is_string() ? data["kernel"].get<std::string>() : "";
  const DocAnalysis& a = Analyse(*doc);
  if (!kernel.empty()) {
    bool known = a.module && std::any_of(a.module->kernels.begin(), a.module->kernels.end(), [&](const Kernel& k) {
                   return k.qualname == kernel || k.name == kernel;
                 });
    if (!known) throw RequestError{kInvalidParams, "no Numba kernel named '" + kernel + "' in " + doc->uri};
  }
  return MakeWorkspaceEdit(*doc, MigrationHunks(*doc, kernel));
}

// ---------------------------------------------------------------------------
// Code actions

json Server::OnCodeAction(Params p) {
  Document* doc = DocumentFor(p.at("textDocument"));
  if (!doc || !doc->analysable) return json::array();
  const DocAnalysis& a = Analyse(*doc);
  PositionMapper map(doc->text, encoding_);
  uint32_t s = map.OffsetOf(p.at("range").at("start")), e = map.OffsetOf(p.at("range").at("end"));
  if (e < s) std::swap(s, e);
  const json* only = Path(p, {"context", "only"});
  auto wanted = [&](std::string_view kind) {
    if (!only || !only->is_array() || only->empty()) return true;
    for (const json& o : *only) {
      if (!o.is_string()) continue;
      std::string want = o.get<std::string>();
      if (kind == want || (kind.size() > want.size() && kind.substr(0, want.size()) == want && kind[want.size()] == '.'))
        return true;
    }
    return false;
  };
  auto overlaps = [&](uint32_t from, uint32_t to) { return from <= e && s <= to; };
  json actions = json::array();

  if (wanted(kQuickFixKind)) {
    for (const Diagnostic& d : a.diagnostics) {
      if (!d.start || !overlaps(*d.start, d.end) || !HasQuickFixFor(d.id)) continue;
      std::optional<QuickFix> fix = FindQuickFix(InputTree(*doc), d);
      if (!fix) continue;
      json action = {{"title", fix->title},
                     {"kind", kQuickFixKind},
                     {"diagnostics", json::array({ToLspDiagnostic(d, map)})},
                     {"isPreferred", true},
                     {"edit", MakeWorkspaceEdit(*doc, fix->edits)},
                     {"data", {{"uri", doc->uri}, {"generation", doc->generation},
                               {"code", std::string(d.Code())}, {"start", *d.start}}}};
      actions.push_back(std::move(action));
    }
  }

  if (wanted(kRewriteKind) && a.module) {
    // Why a kernel cannot be migrated: the first warning or error the
    // translator reported inside it.
    auto reason_in = [&](uint32_t from, uint32_t to) -> std::string {
      for (const Diagnostic& d : a.diagnostics)
        if (d.start && *d.start >= from && *d.start < to && d.severity != Severity::Note)
          return std::string(d.Code()) + ": " + d.message;
      return "";
    };
    std::vector<const Kernel*> hit;
    bool any_translatable = false;
    for (const Kernel& k : a.module->kernels) {
      any_translatable = any_translatable || IsTranslatableKind(k.kind);
      if (overlaps(k.start_byte, k.end_byte)) hit.push_back(&k);
    }
    // Innermost first: the kernel the cursor is really in leads the menu.
    std::stable_sort(hit.begin(), hit.end(), [](const Kernel* x, const Kernel* y) {
      return x->end_byte - x->start_byte < y->end_byte - y->start_byte;
    });
    auto add = [&](std::string title, json data, std::string reason, const std::vector<LineHunk>* hunks) {
      if (!reason.empty() && !disabled_support_) return;  // clients without `disabled` must not show it
      json action = {{"title", std::move(title)}, {"kind", kRewriteKind}, {"data", std::move(data)}};
      if (!reason.empty()) action["disabled"] = {{"reason", reason}};
      else if (hunks) action["edit"] = MakeWorkspaceEdit(*doc, *hunks);
      actions.push_back(std::move(action));
    };
    for (const Kernel* k : hit) {
      std::string title = "Migrate kernel `" + k->qualname + "` to PyKokkos";
      json data = {{"uri", doc->uri}, {"generation", doc->generation}, {"kernel", k->qualname}};
      std::string reason;
      const std::vector<LineHunk>* hunks = nullptr;
      if (!a.translatable) {
        reason = "fix the errors in this file first";
      } else if (!IsTranslatableKind(k->kind)) {
        reason = reason_in(k->start_byte, k->end_byte);
        if (reason.empty()) reason = "@" + std::string(JitKindName(k->kind)) + " functions cannot be migrated";
      } else if (resolve_edit_) {
        // Decide without translating again: the whole-file translation
        // touches the kernel's lines exactly when the kernel is migrated.
        uint32_t first = map.ToPosition(k->start_byte).line;
        uint32_t last = map.ToPosition(k->end_byte > k->start_byte ? k->end_byte - 1 : k->start_byte).line;
        bool touched = std::any_of(a.whole_hunks.begin(), a.whole_hunks.end(), [&](const LineHunk& h) {
          return h.old_begin <= last + (h.old_begin == h.old_end ? 1 : 0) && (h.old_end > first || h.old_begin >= first);
        });
        if (!touched) reason = reason_in(k->start_byte, k->end_byte);
        if (!touched && reason.empty()) reason = "Caramba leaves `" + k->qualname + "` unchanged";
      } else {
        hunks = &MigrationHunks(*doc, k->qualname);
        if (hunks->empty()) {
          reason = reason_in(k->start_byte, k->end_byte);
          if (reason.empty()) reason = "Caramba leaves `" + k->qualname + "` unchanged";
        }
      }
      add(std::move(title), std::move(data), std::move(reason), hunks);
    }
    if (any_translatable) {
      std::string reason;
      if (!a.translatable) reason = "fix the errors in this file first";
      else if (a.whole_hunks.empty()) reason = "Caramba leaves every kernel in this file unchanged";
      add("Migrate all kernels in this file to PyKokkos", {{"uri", doc->uri}, {"generation", doc->generation}},
          std::move(reason), resolve_edit_ ? nullptr : &a.whole_hunks);
    }
  }

  if (literal_actions_) return actions;
  // Clients without CodeAction literals get Commands that do the same work
  // through workspace/executeCommand.
  json commands = json::array();
  for (const json& action : actions) {
    if (action.contains("disabled")) continue;
    std::string_view command = action["kind"] == kQuickFixKind ? kQuickFixCommand
                               : action["data"].contains("kernel") ? kMigrateKernelCommand
                                                                   : kMigrateFileCommand;
    commands.push_back({{"title", action["title"]}, {"command", command}, {"arguments", json::array({action["data"]})}});
  }
  return commands;
}

json Server::OnCodeActionResolve(Params p) {
  json action = p;
  if (action.contains("edit") || !action.contains("data")) return action;
  action["edit"] = MigrationEdit(action["data"]);
  return action;
}

json Server::OnExecuteCommand(Params p) {
  std::string command = p.at("command").get<std::string>();
  json args = p.contains("arguments") ? p["arguments"] : json::array();
  if (!args.is_array()) throw RequestError{kInvalidParams, "arguments must be an array"};
  if (command == kExplainCommand) {
    std::string code = args.empty() ? "" : args[0].is_string() ? args[0].get<std::string>() : args[0].value("code", "");
    const DiagInfo* info = FindDiag(code);
    if (!info) throw RequestError{kInvalidParams, "unknown diagnostic code '" + code + "'"};
    return std::string(info->code) + ": " + std::string(info->summary) + "\n\n" + std::string(info->explanation);
  }
  // Positional form for key bindings: [uri] or [uri, kernel].
  json data = args.empty() ? json() : args[0];
  if (data.is_string()) {
    data = {{"uri", args[0]}};
    if (args.size() > 1 && args[1].is_string()) data["kernel"] = args[1];
  }
  json edit;
  std::string label;
  if (command == kMigrateKernelCommand || command == kMigrateFileCommand) {
    if (command == kMigrateKernelCommand && (!data.is_object() || !data.contains("kernel")))
      throw RequestError{kInvalidParams, std::string(kMigrateKernelCommand) + " needs {uri, kernel}"};
    if (command == kMigrateFileCommand && data.is_object()) data.erase("kernel");
    edit = MigrationEdit(data);
    label = command == kMigrateKernelCommand ? "Migrate kernel " + data["kernel"].get<std::string>() + " to PyKokkos"
                                             : "Migrate all kernels to PyKokkos";
  } else if (command == kQuickFixCommand) {
    if (!data.is_object()) throw RequestError{kInvalidParams, "expected {uri, code, start}"};
    Document* doc = DocumentFor(data);
    if (!doc) throw RequestError{kInvalidParams, "the document is not open"};
    if (data.contains("generation") && data["generation"] != doc->generation)
      throw RequestError{kContentModified, "the document changed since the fix was offered; ask again"};
    const DocAnalysis& a = Analyse(*doc);
    std::string code = data.at("code").get<std::string>();
    uint32_t start = data.at("start").get<uint32_t>();
    std::optional<QuickFix> fix;
    for (const Diagnostic& d : a.diagnostics)
      if (d.Code() == code && d.start == start) fix = FindQuickFix(InputTree(*doc), d);
    if (!fix) throw RequestError{kContentModified, "that diagnostic is gone or has no fix"};
    edit = MakeWorkspaceEdit(*doc, fix->edits);
    label = fix->title;
  } else {
    throw RequestError{kInvalidParams, "unknown command '" + command + "'"};
  }
  if (!apply_edit_) throw RequestError{kRequestFailed, "the client cannot apply edits (workspace.applyEdit)"};
  std::string id = "caramba-" + std::to_string(next_request_id_++);
  pending_requests_[id] = "workspace/applyEdit";
  Send(MakeRequest(id, "workspace/applyEdit", {{"label", label}, {"edit", std::move(edit)}}));
  return nullptr;
}

json Server::OnHover(Params p) {
  Document* doc = DocumentFor(p.at("textDocument"));
  if (!doc || !doc->analysable) return nullptr;
  const DocAnalysis& a = Analyse(*doc);
  PositionMapper map(doc->text, encoding_);
  uint32_t at = map.OffsetOf(p.at("position"));
  std::string text;
  std::optional<std::pair<uint32_t, uint32_t>> range;
  for (const Diagnostic& d : a.diagnostics) {
    if (!d.start || at < *d.start || at > std::max(*d.start, d.end)) continue;
    const DiagInfo& info = Info(d.id);
    if (!text.empty()) text += markdown_hover_ ? "\n\n---\n\n" : "\n\n";
    if (markdown_hover_)
      text += "**" + std::string(info.code) + "** (" + std::string(SeverityName(d.severity)) + "): " +
              std::string(info.summary) + "\n\n" + std::string(info.explanation) + "\n\n`caramba explain " +
              std::string(info.code) + "`";
    else
      text += std::string(info.code) + " (" + std::string(SeverityName(d.severity)) + "): " +
              std::string(info.summary) + "\n\n" + std::string(info.explanation);
    if (!range) range = {{*d.start, d.end}};
  }
  if (text.empty()) return nullptr;
  return {{"contents", {{"kind", markdown_hover_ ? "markdown" : "plaintext"}, {"value", text}}},
          {"range", map.RangeJson(range->first, range->second)}};
}

// ---------------------------------------------------------------------------
// The wire

int RunServer(ByteSource& source, std::ostream& out, std::ostream& log, ServerConfig config) {
  bool broken = false;
  auto sink = [&out, &broken](const json& message) {
    if (broken) return;
    out << Frame(message);
    out.flush();
    if (!out) broken = true;  // the client went away; stop rather than spin
  };
  Server server(std::move(config), sink, log);
  MessageReader reader(source);
  std::deque<json> queue;
  bool eof = false;
  // Bounded so a flood cannot starve the handling of what was already read.
  constexpr size_t kMaxQueued = 1000;
  while (!server.ExitRequested() && !broken) {
    // Read everything that is already waiting; block only when idle.
    bool block = queue.empty() && !server.HasPendingWork() && !eof;
    while (!eof && queue.size() < kMaxQueued) {
      Incoming in = reader.Next(block);
      block = false;
      if (in.kind == Incoming::Kind::kNone) break;
      if (in.kind == Incoming::Kind::kEof) {
        eof = true;
        break;
      }
      if (in.kind == Incoming::Kind::kParseError) {
        server.ReportParseError(in.error);
        continue;
      }
      const json& m = in.message;
      if (m.is_object() && m.value("method", json()) == "$/cancelRequest" && m.contains("params") &&
          m["params"].is_object() && m["params"].contains("id")) {
        // A request still waiting is answered now; one already answered (or
        // never seen) needs nothing.
        const json& id = m["params"]["id"];
        auto it = std::find_if(queue.begin(), queue.end(), [&](const json& q) {
          return q.is_object() && q.contains("method") && q.contains("id") && q["id"] == id;
        });
        if (it != queue.end()) {
          queue.erase(it);
          server.ReportCancelled(id);
        }
        continue;
      }
      queue.push_back(std::move(in.message));
    }
    if (!queue.empty()) {
      json m = std::move(queue.front());
      queue.pop_front();
      server.Handle(m);
    } else if (server.HasPendingWork()) {
      server.DoPendingWork();
    } else if (eof) {
      log << "caramba lsp: the client closed the connection" << (server.ExitCode() ? " without shutdown" : "")
          << "\n";
      break;
    }
  }
  return server.ExitCode();
}

}  // namespace caramba::lsp
