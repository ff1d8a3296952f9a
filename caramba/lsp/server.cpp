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
#include "caramba/lsp/server_internal.h"

namespace caramba::lsp {



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
