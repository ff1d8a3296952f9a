// server_actions.cpp — the language server (see server.h): migration edits,
// code actions, commands and hover.
#include "caramba/isolation.h"
#include "caramba/lsp/server.h"

#include <algorithm>

#include "caramba/cli.h"
#include "caramba/file_system.h"
#include "caramba/lsp/server_internal.h"
#include "caramba/module_analysis.h"

namespace caramba::lsp {

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
  PassResult r = RunTranslationIsolated(pm_, doc.text, doc.path, opts);
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
      // A @vectorize with signatures translates too (as a ufunc object).
      any_translatable = any_translatable || IsTranslatableKind(k.kind) || k.kind == JitKind::kVectorize;
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

}  // namespace caramba::lsp
