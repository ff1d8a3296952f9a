// server_documents.cpp — the language server (see server.h): document sync,
// analysis and published diagnostics.
#include "caramba/isolation.h"
#include "caramba/lsp/server.h"

#include <algorithm>

#include "caramba/cli.h"
#include "caramba/config.h"
#include "caramba/file_system.h"
#include "caramba/lsp/server_internal.h"
#include "caramba/module_analysis.h"

namespace caramba::lsp {

namespace {

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
  ProfileFlags profile_flags = config_.profile;
  std::string why;
  // The document's project settings ([tool.caramba]), read on every
  // analysis so an edit to pyproject.toml applies without a restart. The
  // server's own flags win, as on the command line.
  if (!config_.isolated && !doc.path.empty()) {
    auto cfg = std::make_shared<ProjectConfig>();
    if (FindProjectConfig(doc.path, cfg.get(), &why)) {
      ApplyTranslationConfig(cfg, [&](const char* flag) {
        return std::find(config_.given_flags.begin(), config_.given_flags.end(), flag) != config_.given_flags.end();
      }, &opts, &profile_flags);
    } else {
      if (why != last_config_error_) Log(0, why);
      if (profile_error) {
        *profile_error = Diagnostic::Make(DiagId::kBadConfig, why, doc.path)
                             .Help("fix the key as the message says; until then the file is analysed without it");
        (*profile_error)->At(0, 0);
      }
    }
    last_config_error_ = why;
    why.clear();
  }
  if (profiles_.For(doc.path, &opts.profile, &why, &profile_flags)) {
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
    a->whole = RunTranslationIsolated(pm_, doc.text, doc.path, opts);
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
        PassResult r = RunTranslationIsolated(pm_, sane, doc.path, opts);
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

}  // namespace caramba::lsp
