// The server, message by message: lifecycle, errors, diagnostics, code
// actions and their edits, quick fixes, commands, hover, robustness, and the
// wire loop (cancellation, EOF, garbage).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include <unistd.h>

#include "caramba/lsp/server.h"
#include "caramba/module_analysis.h"
#include "caramba/pipeline.h"

using namespace caramba;
using namespace caramba::lsp;
using nlohmann::json;

namespace {

// A stand-in translator with visible, checkable output: every selected
// translatable kernel's decorator becomes `@pk.workunit`, and the file gains
// an import. It honours TranslateOptions::kernels like the real one.
class FakeMigrator : public Visitor {
 public:
  std::string_view Name() const override { return "FakeMigrator"; }
  std::string_view Description() const override { return "test translator"; }
  VisitorResult Run(const Context& ctx) const override {
    VisitorResult r{EditList("FakeMigrator"), {}};
    bool any = false;
    for (const Kernel& k : ctx.module().kernels) {
      if (!IsTranslatableKind(k.kind) || !k.via_decorator) continue;
      const auto& want = ctx.options().kernels;
      if (!want.empty() && std::find(want.begin(), want.end(), k.qualname) == want.end() &&
          std::find(want.begin(), want.end(), k.name) == want.end())
        continue;
      r.edits.Replace(k.decorator_start_byte, k.decorator_end_byte, "@pk.workunit");
      any = true;
    }
    if (any && ctx.source().find("import pykokkos as pk") == std::string_view::npos)
      r.edits.Insert(0, "import pykokkos as pk" + std::string(ctx.newline()));
    return r;
  }
};

std::vector<std::unique_ptr<Visitor>> FakePipeline() {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<FakeMigrator>());
  return v;
}

const char* kUri = "file:///work/k%20ernels.py";

std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(CARAMBA_LSP_FIXTURES) + "/" + name, std::ios::binary);
  REQUIRE(in);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

json FullCaps() {
  return {{"general", {{"positionEncodings", {"utf-16"}}}},
          {"workspace", {{"applyEdit", true}, {"workspaceEdit", {{"documentChanges", true}}}}},
          {"textDocument",
           {{"codeAction",
             {{"codeActionLiteralSupport", {{"codeActionKind", {{"valueSet", {"quickfix", "refactor"}}}}}},
              {"resolveSupport", {{"properties", {"edit"}}}},
              {"disabledSupport", true},
              {"dataSupport", true}}},
            {"hover", {{"contentFormat", {"markdown", "plaintext"}}}}}}};
}

// Drives a Server and records what it sends.
struct Harness {
  std::vector<json> sent;
  std::ostringstream log;
  Server server;
  int next_id = 100;

  explicit Harness(bool fake = true)
      : server(ServerConfig{{}, fake ? PipelineFactory(FakePipeline) : PipelineFactory(BuildPipeline), 0},
               [this](const json& m) { sent.push_back(m); }, log) {}

  json Request(const std::string& method, json params) {
    int id = next_id++;
    server.Handle({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    for (auto it = sent.rbegin(); it != sent.rend(); ++it)
      if (it->contains("id") && (*it)["id"] == id && !it->contains("method")) return *it;
    FAIL("no response to " << method);
    return {};
  }
  void Notify(const std::string& method, json params) {
    server.Handle({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  json Initialize(json caps = FullCaps()) {
    json r = Request("initialize", {{"processId", nullptr}, {"capabilities", std::move(caps)}});
    Notify("initialized", json::object());
    return r;
  }
  void Open(const std::string& text, const std::string& uri = kUri, int version = 1) {
    Notify("textDocument/didOpen",
           {{"textDocument", {{"uri", uri}, {"languageId", "python"}, {"version", version}, {"text", text}}}});
  }
  void Change(const std::string& text, int version, const std::string& uri = kUri) {
    Notify("textDocument/didChange", {{"textDocument", {{"uri", uri}, {"version", version}}},
                                      {"contentChanges", json::array({{{"text", text}}})}});
  }
  // Publishes pending diagnostics; returns the last publication for `uri`.
  json Diagnostics(const std::string& uri = kUri) {
    while (server.HasPendingWork()) server.DoPendingWork();
    for (auto it = sent.rbegin(); it != sent.rend(); ++it)
      if (it->value("method", "") == "textDocument/publishDiagnostics" && (*it)["params"]["uri"] == uri)
        return (*it)["params"];
    return nullptr;
  }
  json CodeActions(uint32_t line, uint32_t ch, json only = nullptr, uint32_t end_line = UINT32_MAX,
                   const std::string& uri = kUri) {
    json ctx = {{"diagnostics", json::array()}};
    if (!only.is_null()) ctx["only"] = only;
    json pos = {{"line", line}, {"character", ch}};
    json end = end_line == UINT32_MAX ? pos : json{{"line", end_line}, {"character", 0}};
    return Request("textDocument/codeAction",
                   {{"textDocument", {{"uri", uri}}}, {"range", {{"start", pos}, {"end", end}}}, {"context", ctx}});
  }
};

// Applies a WorkspaceEdit for `uri` to `text` (edits given against the
// original text, applied back to front).
std::string ApplyWorkspaceEdit(std::string text, const json& edit, PositionEncoding enc, const std::string& uri = kUri) {
  json edits = json::array();
  if (edit.contains("documentChanges"))
    for (const json& dc : edit["documentChanges"])
      if (dc["textDocument"]["uri"] == uri)
        for (const json& e : dc["edits"]) edits.push_back(e);
  if (edit.contains("changes") && edit["changes"].contains(uri))
    for (const json& e : edit["changes"][uri]) edits.push_back(e);
  PositionMapper map(text, enc);
  std::vector<std::tuple<uint32_t, uint32_t, std::string>> rs;
  for (const json& e : edits)
    rs.emplace_back(map.OffsetOf(e["range"]["start"]), map.OffsetOf(e["range"]["end"]), e["newText"].get<std::string>());
  std::sort(rs.begin(), rs.end(), [](auto& a, auto& b) { return std::get<0>(a) > std::get<0>(b); });
  for (auto& [s, e, t] : rs) text.replace(s, e - s, t);
  return text;
}

const json* FindAction(const json& actions, const std::string& title) {
  for (const json& a : actions)
    if (a.value("title", "") == title) return &a;
  return nullptr;
}

std::string Translate(const std::string& text, std::vector<std::string> kernels, bool fake = true) {
  PassManager pm(fake ? FakePipeline() : BuildPipeline());
  TranslateOptions o;
  o.kernels = std::move(kernels);
  PassResult r = pm.Run(text, "/work/k ernels.py", o);
  REQUIRE(r.ok);
  return r.output;
}

}  // namespace

TEST_CASE("lifecycle: not initialized / initialize / double initialize / shutdown / exit") {
  Harness h;
  json r = h.Request("textDocument/hover", json::object());
  CHECK(r["error"]["code"] == kServerNotInitialized);
  json init = h.Initialize();
  CHECK(init["result"]["capabilities"]["positionEncoding"] == "utf-16");
  CHECK(init["result"]["capabilities"]["textDocumentSync"]["change"] == 1);
  CHECK(init["result"]["capabilities"]["codeActionProvider"]["resolveProvider"] == true);
  CHECK(init["result"]["serverInfo"]["name"] == "caramba");
  CHECK(h.Request("initialize", {{"capabilities", json::object()}})["error"]["code"] == kInvalidRequest);
  CHECK(h.Request("shutdown", nullptr)["result"].is_null());
  CHECK(h.Request("textDocument/hover", json::object())["error"]["code"] == kInvalidRequest);
  CHECK_FALSE(h.server.ExitRequested());
  h.Notify("exit", nullptr);
  CHECK(h.server.ExitRequested());
  CHECK(h.server.ExitCode() == 0);
}

TEST_CASE("lifecycle: exit without shutdown exits with 1") {
  Harness h;
  h.Initialize();
  h.Notify("exit", nullptr);
  CHECK(h.server.ExitRequested());
  CHECK(h.server.ExitCode() == 1);
}

TEST_CASE("errors: unknown methods / malformed messages / bad params") {
  Harness h;
  h.Initialize();
  CHECK(h.Request("textDocument/frobnicate", json::object())["error"]["code"] == kMethodNotFound);
  size_t before = h.sent.size();
  h.Notify("$/setTrace", {{"value", "off"}});
  h.Notify("workspace/unknownNotification", json::object());
  CHECK(h.sent.size() == before);  // notifications never get replies
  h.server.Handle(json::array({1, 2}));
  CHECK(h.sent.back()["error"]["code"] == kInvalidRequest);
  h.server.Handle({{"jsonrpc", "2.0"}, {"id", 1.5}, {"method", "shutdown"}});
  CHECK(h.sent.back()["error"]["code"] == kInvalidRequest);
  h.server.Handle({{"jsonrpc", "2.0"}, {"id", 3}});
  CHECK(h.sent.back()["error"]["code"] == kInvalidRequest);
  CHECK(h.Request("textDocument/codeAction", {{"textDocument", {{"uri", kUri}}}})["result"] == json::array());
  h.Open("x = 1\n");
  CHECK(h.Request("textDocument/codeAction", {{"textDocument", {{"uri", kUri}}}})["error"]["code"] == kInvalidParams);
  CHECK(h.Request("textDocument/hover", {{"textDocument", {{"uri", 7}}}})["error"]["code"] == kInvalidParams);
  // Malformed notifications are logged and dropped, never fatal.
  h.Notify("textDocument/didOpen", {{"textDocument", {{"uri", 3}}}});
  h.Notify("textDocument/didChange", "nonsense");
  CHECK(h.Request("shutdown", nullptr)["result"].is_null());
}

TEST_CASE("diagnostics: codes / explain links / UTF-16 ranges after non-ASCII text") {
  Harness h(/*fake=*/false);
  h.Initialize();
  std::string text = "# π 🚀\nfrom numba import vectorize\n\n\n@vectorize  # «é»\ndef twice(v):\n    return 2.0 * v\n";
  h.Open(text);
  json p = h.Diagnostics();
  REQUIRE(p.is_object());
  CHECK(p["version"] == 1);
  const json* crb101 = nullptr;
  for (const json& d : p["diagnostics"])
    if (d["code"] == "CRB101") crb101 = &d;
  REQUIRE(crb101);
  CHECK((*crb101)["severity"] == 2);
  CHECK((*crb101)["source"] == "caramba");
  CHECK((*crb101)["codeDescription"]["href"] == "caramba://explain/CRB101");
  CHECK((*crb101)["range"]["start"] == json{{"line", 4}, {"character", 0}});
  // The decorator's range ends with its expression (10 characters); the
  // trailing comment "  # «é»" is not highlighted (module analysis keeps a
  // decorator's comment out of its range). A lazy @vectorize (no
  // signatures) stays Numba code.
  CHECK((*crb101)["range"]["end"] == json{{"line", 4}, {"character", 10}});
  // "No kernels here" is not published: every Python file reaches the server.
  h.Change("print('hi')\n", 2);
  CHECK(h.Diagnostics()["diagnostics"].empty());
  // Closing clears what the editor shows.
  h.Notify("textDocument/didClose", {{"textDocument", {{"uri", kUri}}}});
  CHECK(h.sent.back()["params"]["diagnostics"].empty());
  CHECK(h.server.FindDocument(kUri) == nullptr);
}

TEST_CASE("diagnostics: half-typed code keeps the other kernels' diagnostics") {
  Harness h(/*fake=*/false);
  h.Initialize();
  std::string good = "from numba import vectorize, njit\n\n@vectorize\ndef twice(v):\n    return 2.0 * v\n\n\n";
  h.Open(good + "@njit\ndef f(x):\n    return x\n");
  json before = h.Diagnostics();
  h.Change(good + "@njit\ndef f(x:\n    return x +\n", 2);  // being typed
  json p = h.Diagnostics();
  bool syntax = false, vectorize = false;
  for (const json& d : p["diagnostics"]) {
    syntax = syntax || d["code"] == "CRB005";
    vectorize = vectorize || d["code"] == "CRB101";
  }
  CHECK(syntax);
  CHECK(vectorize);
  CHECK(p["version"] == 2);
  // No migration is offered while the file does not parse.
  json acts = h.CodeActions(8, 4)["result"];
  for (const json& a : acts) CHECK(a.contains("disabled"));
}

TEST_CASE("code actions: migrate one kernel / lazily resolved - the edit equals the translator's output") {
  Harness h;
  h.Initialize();
  std::string text = Fixture("kernels.py");
  h.Open(text);
  h.Diagnostics();
  json acts = h.CodeActions(13, 4)["result"];  // inside `total`
  const json* one = FindAction(acts, "Migrate kernel `total` to PyKokkos");
  const json* all = FindAction(acts, "Migrate all kernels in this file to PyKokkos");
  REQUIRE(one);
  REQUIRE(all);
  CHECK((*one)["kind"] == "refactor.rewrite");
  CHECK_FALSE(one->contains("edit"));  // resolved lazily
  CHECK(FindAction(acts, "Migrate kernel `saxpy` to PyKokkos") == nullptr);
  json resolved = h.Request("codeAction/resolve", *one)["result"];
  REQUIRE(resolved.contains("edit"));
  const json& edits = resolved["edit"]["documentChanges"][0]["edits"];
  CHECK(resolved["edit"]["documentChanges"][0]["textDocument"]["version"] == 1);
  CHECK(edits.size() == 2);  // the import and the decorator; nothing else
  CHECK(ApplyWorkspaceEdit(text, resolved["edit"], PositionEncoding::kUtf16) == Translate(text, {"total"}));
  json whole = h.Request("codeAction/resolve", *all)["result"];
  CHECK(ApplyWorkspaceEdit(text, whole["edit"], PositionEncoding::kUtf16) == Translate(text, {}));
}

TEST_CASE("code actions: a selection offers every kernel in it - vectorize is disabled with the reason") {
  Harness h;
  h.Initialize();
  std::string text = Fixture("kernels.py");
  h.Open(text);
  json acts = h.CodeActions(5, 0, nullptr, 27)["result"];
  CHECK(FindAction(acts, "Migrate kernel `saxpy` to PyKokkos"));
  CHECK(FindAction(acts, "Migrate kernel `total` to PyKokkos"));
  CHECK(FindAction(acts, "Migrate kernel `scale` to PyKokkos"));
  const json* twice = FindAction(acts, "Migrate kernel `twice` to PyKokkos");
  REQUIRE(twice);
  CHECK((*twice)["disabled"]["reason"].get<std::string>().find("vectorize") != std::string::npos);
  // `only` filters by kind prefix.
  for (const json& a : h.CodeActions(5, 0, json::array({"quickfix"}), 27)["result"]) CHECK(a["kind"] == "quickfix");
  CHECK_FALSE(h.CodeActions(5, 0, json::array({"refactor"}), 27)["result"].empty());
  // Outside every kernel only the whole-file action is offered.
  json top = h.CodeActions(0, 0)["result"];
  REQUIRE(top.size() == 1);
  CHECK(top[0]["title"] == "Migrate all kernels in this file to PyKokkos");
}

TEST_CASE("code actions: clients without resolve or disabled support get eager edits and no disabled actions") {
  Harness h;
  json caps = FullCaps();
  caps["textDocument"]["codeAction"].erase("resolveSupport");
  caps["textDocument"]["codeAction"].erase("disabledSupport");
  caps["workspace"].erase("workspaceEdit");
  h.Initialize(caps);
  std::string text = Fixture("kernels.py");
  h.Open(text);
  json acts = h.CodeActions(20, 4)["result"];  // inside `twice` (vectorize)
  CHECK(FindAction(acts, "Migrate kernel `twice` to PyKokkos") == nullptr);
  acts = h.CodeActions(7, 4)["result"];
  const json* saxpy = FindAction(acts, "Migrate kernel `saxpy` to PyKokkos");
  REQUIRE(saxpy);
  REQUIRE(saxpy->contains("edit"));
  CHECK((*saxpy)["edit"].contains("changes"));
  CHECK(ApplyWorkspaceEdit(text, (*saxpy)["edit"], PositionEncoding::kUtf16) == Translate(text, {"saxpy"}));
}

TEST_CASE("code actions: stale resolve is ContentModified - commands go through workspace/applyEdit") {
  Harness h;
  h.Initialize();
  std::string text = Fixture("kernels.py");
  h.Open(text);
  json one = *FindAction(h.CodeActions(13, 4)["result"], "Migrate kernel `total` to PyKokkos");
  h.Change(text + "\n", 2);
  CHECK(h.Request("codeAction/resolve", one)["error"]["code"] == kContentModified);
  json r = h.Request("workspace/executeCommand",
                     {{"command", "caramba.migrateKernel"}, {"arguments", json::array({kUri, "total"})}});
  CHECK(r["result"].is_null());
  const json* apply = nullptr;
  for (const json& m : h.sent)
    if (m.value("method", "") == "workspace/applyEdit") apply = &m;
  REQUIRE(apply);
  CHECK(ApplyWorkspaceEdit(text + "\n", (*apply)["params"]["edit"], PositionEncoding::kUtf16) ==
        Translate(text + "\n", {"total"}));
  // The client's answer is consumed quietly.
  size_t n = h.sent.size();
  h.server.Handle({{"jsonrpc", "2.0"}, {"id", (*apply)["id"]}, {"result", {{"applied", true}}}});
  CHECK(h.sent.size() == n);
  CHECK(h.Request("workspace/executeCommand", {{"command", "caramba.migrateKernel"},
                                               {"arguments", json::array({kUri, "nope"})}})["error"]["code"] ==
        kInvalidParams);
  json explain = h.Request("workspace/executeCommand", {{"command", "caramba.explain"}, {"arguments", {"CRB101"}}});
  CHECK(explain["result"].get<std::string>().find("ufunc") != std::string::npos);
  CHECK(h.Request("workspace/executeCommand", {{"command", "rm -rf"}})["error"]["code"] == kInvalidParams);
}

TEST_CASE("code actions: Command[] for clients without CodeAction literals") {
  Harness h;
  json caps = FullCaps();
  caps["textDocument"]["codeAction"].erase("codeActionLiteralSupport");
  h.Initialize(caps);
  h.Open(Fixture("kernels.py"));
  json acts = h.CodeActions(13, 4)["result"];
  REQUIRE(acts.size() == 2);
  CHECK(acts[0]["command"] == "caramba.migrateKernel");
  CHECK(acts[0]["arguments"][0]["kernel"] == "total");
  CHECK(acts[1]["command"] == "caramba.migrateFile");
}

TEST_CASE("quick fixes: @jit gets nopython=True / in every spelling") {
  struct Case {
    std::string decorator, fixed;
  };
  for (const Case& c : std::vector<Case>{{"@jit", "@jit(nopython=True)"},
                                         {"@numba.jit()", "@numba.jit(nopython=True)"},
                                         {"@jit(cache=True)", "@jit(cache=True, nopython=True)"},
                                         {"@jit(\"f8(f8)\",)", "@jit(\"f8(f8)\", nopython=True)"}}) {
    CAPTURE(c.decorator);
    Harness h(/*fake=*/false);
    h.Initialize();
    std::string head = "import numba\nfrom numba import jit\n\n";
    std::string text = head + c.decorator + "\ndef f(x):\n    return x\n";
    h.Open(text);
    json acts = h.CodeActions(3, 1, json::array({"quickfix"}))["result"];
    REQUIRE(acts.size() == 1);
    CHECK(acts[0]["kind"] == "quickfix");
    CHECK(acts[0]["isPreferred"] == true);
    CHECK(acts[0]["diagnostics"][0]["code"] == "CRB110");
    std::string fixed = ApplyWorkspaceEdit(text, acts[0]["edit"], PositionEncoding::kUtf16);
    CHECK(fixed == head + c.fixed + "\ndef f(x):\n    return x\n");
    // After the fix the diagnostic is gone.
    h.Change(fixed, 2);
    for (const json& d : h.Diagnostics()["diagnostics"]) CHECK(d["code"] != "CRB110");
  }
}

TEST_CASE("quick fixes: Python 2 print / exec and <>") {
  Harness h(/*fake=*/false);
  h.Initialize();
  std::string text = "print \"a\", x,\nexec code in g\nif a <> b:\n    pass\n";
  h.Open(text);
  json acts = h.CodeActions(0, 0, json::array({"quickfix"}), 3)["result"];
  std::vector<std::string> titles;
  for (const json& a : acts) titles.push_back(a["title"]);
  REQUIRE(acts.size() == 3);
  std::string fixed = text;
  // Apply back to front so earlier ranges stay valid.
  for (auto it = acts.rbegin(); it != acts.rend(); ++it)
    fixed = ApplyWorkspaceEdit(fixed, (*it)["edit"], PositionEncoding::kUtf16);
  CHECK(fixed == "print(\"a\", x, end=\" \")\nexec(code, g)\nif a != b:\n    pass\n");
}

TEST_CASE("encodings: UTF-8 via positionEncodings and via clangd's offsetEncoding") {
  {
    Harness h(false);
    json caps = FullCaps();
    caps["general"]["positionEncodings"] = {"utf-16", "utf-8"};
    CHECK(h.Initialize(caps)["result"]["capabilities"]["positionEncoding"] == "utf-8");
    h.Open("# 🚀\nfrom numba import vectorize\n@vectorize\ndef f(x): return x  # 🚀\n");
    json d = h.Diagnostics()["diagnostics"][0];
    CHECK(d["range"]["start"]["line"] == 2);
  }
  {
    Harness h(false);
    json caps = FullCaps();
    caps["general"].erase("positionEncodings");
    caps["offsetEncoding"] = {"utf-8", "utf-16"};
    json r = h.Initialize(caps)["result"];
    CHECK(r["offsetEncoding"] == "utf-8");
    CHECK(h.server.encoding() == PositionEncoding::kUtf8);
  }
  {
    Harness h(false);
    CHECK(h.Initialize(json::object())["result"]["capabilities"]["positionEncoding"] == "utf-16");
  }
}

TEST_CASE("CRLF and UTF-8 encoding: edits keep the file's line ends and land on the right bytes") {
  for (auto enc : {std::string("utf-16"), std::string("utf-8")}) {
    CAPTURE(enc);
    Harness h;
    json caps = FullCaps();
    caps["general"]["positionEncodings"] = {enc};
    h.Initialize(caps);
    std::string text = Fixture("kernels.py"), crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    h.Open(crlf);
    json one = *FindAction(h.CodeActions(7, 4)["result"], "Migrate kernel `saxpy` to PyKokkos");
    json edit = h.Request("codeAction/resolve", one)["result"]["edit"];
    std::string out = ApplyWorkspaceEdit(crlf, edit, enc == "utf-8" ? PositionEncoding::kUtf8 : PositionEncoding::kUtf16);
    CHECK(out == Translate(crlf, {"saxpy"}));
    CHECK(out.find("import pykokkos as pk\r\n") != std::string::npos);
  }
}

TEST_CASE("hover: a diagnostic's explanation") {
  Harness h(false);
  h.Initialize();
  h.Open("from numba import vectorize\n@vectorize\ndef f(x):\n    return x\n");
  json r = h.Request("textDocument/hover", {{"textDocument", {{"uri", kUri}}}, {"position", {{"line", 1}, {"character", 3}}}});
  std::string value = r["result"]["contents"]["value"];
  CHECK(value.find("**CRB101**") != std::string::npos);
  CHECK(value.find("ufunc") != std::string::npos);
  CHECK(h.Request("textDocument/hover", {{"textDocument", {{"uri", kUri}}}, {"position", {{"line", 3}, {"character", 0}}}})
            ["result"].is_null());
}

TEST_CASE("robustness: every prefix and random mutations of a kernel file / typed in / never break the server") {
  Harness h(false);
  h.Initialize();
  std::string text = Fixture("kernels.py");
  h.Open("");
  std::mt19937 rng(42);
  int version = 2;
  auto poke = [&](const std::string& t) {
    h.Change(t, version++);
    REQUIRE(h.Diagnostics().is_object());
    uint32_t line = static_cast<uint32_t>(rng() % 40), ch = static_cast<uint32_t>(rng() % 60);
    json r = h.CodeActions(line, ch);
    REQUIRE(r.contains("result"));
    for (const json& a : r["result"])
      if (!a.contains("disabled") && a["kind"] == "refactor.rewrite") {
        json res = h.Request("codeAction/resolve", a);
        CHECK(res.contains("result"));
      }
    h.Request("textDocument/hover", {{"textDocument", {{"uri", kUri}}}, {"position", {{"line", line}, {"character", ch}}}});
  };
  for (size_t n = 0; n <= text.size(); n += 7) poke(text.substr(0, n));
  const std::string junk = "([{:)]}\"'#\\\n\t @=.,é🚀";
  for (int i = 0; i < 150; ++i) {
    std::string t = text;
    for (int k = 0; k < 3; ++k) {
      size_t at = rng() % (t.size() + 1);
      if (rng() % 2) t.insert(at, 1, junk[rng() % junk.size()]);
      else if (at < t.size()) t.erase(at, 1);
    }
    poke(t);
  }
  CHECK(h.Request("shutdown", nullptr)["result"].is_null());
}

TEST_CASE("wire: garbage / cancellation of a queued request / responses in order / EOF") {
  auto frame = [](const json& j) { return Frame(j); };
  std::string in;
  in += frame({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"}, {"params", {{"capabilities", FullCaps()}}}});
  in += "Content-Length: nope\r\n\r\n{}";
  in += frame({{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"},
               {"params", {{"textDocument", {{"uri", kUri}, {"languageId", "python"}, {"version", 1}, {"text", "x = (\n"}}}}}});
  in += "Content-Length: 5\r\n\r\n{oops";
  in += frame({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "textDocument/hover"},
               {"params", {{"textDocument", {{"uri", kUri}}}, {"position", {{"line", 0}, {"character", 0}}}}}});
  in += frame({{"jsonrpc", "2.0"}, {"method", "$/cancelRequest"}, {"params", {{"id", 2}}}});
  in += frame({{"jsonrpc", "2.0"}, {"id", "s"}, {"method", "nope/nope"}});
  std::istringstream is(in);
  std::ostringstream os, log;
  StreamSource src(is);
  int rc = RunServer(src, os, log, ServerConfig{{}, FakePipeline, 0});
  CHECK(rc == 1);  // EOF without shutdown
  // Parse what the server wrote.
  std::istringstream back(os.str());
  StreamSource bsrc(back);
  MessageReader reader(bsrc);
  std::vector<json> out;
  for (Incoming m = reader.Next(true); m.kind == Incoming::Kind::kMessage; m = reader.Next(true)) out.push_back(m.message);
  REQUIRE(out.size() == 6);
  // Parse errors are answered as they are read, ahead of queued requests.
  int parse_errors = 0, cancelled = 0, not_found = 0, diagnostics = 0, init = 0;
  for (const json& m : out) {
    if (m.contains("error") && m["error"]["code"] == kParseError) { ++parse_errors; CHECK(m["id"].is_null()); }
    if (m.contains("error") && m["error"]["code"] == kRequestCancelled) { ++cancelled; CHECK(m["id"] == 2); }
    if (m.contains("error") && m["error"]["code"] == kMethodNotFound) { ++not_found; CHECK(m["id"] == "s"); }
    if (m.value("method", "") == "textDocument/publishDiagnostics") ++diagnostics;
    if (m.contains("result") && m["id"] == 1) ++init;
  }
  CHECK(parse_errors == 2);
  CHECK(cancelled == 1);
  CHECK(not_found == 1);
  CHECK(diagnostics == 1);
  CHECK(init == 1);
  for (const json& m : out) CHECK_FALSE((m.contains("result") && m["id"] == 2));  // the cancelled hover never ran
}

TEST_CASE("wire: shutdown then exit returns 0 and stops reading") {
  std::string in = Frame({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"}, {"params", json::object()}}) +
                   Frame({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "shutdown"}}) +
                   Frame({{"jsonrpc", "2.0"}, {"method", "exit"}}) +
                   Frame({{"jsonrpc", "2.0"}, {"id", 3}, {"method", "shutdown"}});
  std::istringstream is(in);
  std::ostringstream os, log;
  StreamSource src(is);
  CHECK(RunServer(src, os, log, ServerConfig{{}, FakePipeline, 0}) == 0);
  CHECK(os.str().find("\"id\":3") == std::string::npos);
}

TEST_CASE("large file: 20000 lines with 1000 kernels - migrate one kernel edits only its lines") {
  std::string text = "import numpy as np\nfrom numba import njit\n";
  for (int i = 0; i < 1000; ++i)
    text += "\n\n@njit\ndef k" + std::to_string(i) + "(x):  # é\n    s = 0.0\n    for i in range(x.shape[0]):\n"
            "        s += x[i] * " + std::to_string(i) + "\n    return s\n" + std::string(9, '\n');
  Harness h;
  h.Initialize();
  h.Open(text);
  REQUIRE(h.Diagnostics().is_object());
  uint32_t line = 0;
  std::istringstream ls(text);
  for (std::string l; std::getline(ls, l); ++line)
    if (l == "def k777(x):  # é") break;
  json one = *FindAction(h.CodeActions(line, 2)["result"], "Migrate kernel `k777` to PyKokkos");
  json edit = h.Request("codeAction/resolve", one)["result"]["edit"];
  CHECK(edit["documentChanges"][0]["edits"].size() == 2);
  CHECK(ApplyWorkspaceEdit(text, edit, PositionEncoding::kUtf16) == Translate(text, {"k777"}));
}

TEST_CASE("quick fixes as commands for clients without CodeAction literals") {
  Harness h(/*fake=*/false);
  json caps = FullCaps();
  caps["textDocument"]["codeAction"].erase("codeActionLiteralSupport");
  h.Initialize(caps);
  std::string text = "from numba import jit\n\n@jit\ndef f(x):\n    return x\n";
  h.Open(text);
  json cmds = h.CodeActions(2, 1, json::array({"quickfix"}))["result"];
  REQUIRE(cmds.size() == 1);
  CHECK(cmds[0]["command"] == "caramba.quickFix");
  json r = h.Request("workspace/executeCommand", {{"command", cmds[0]["command"]}, {"arguments", cmds[0]["arguments"]}});
  CHECK(r["result"].is_null());
  // The edit goes out as workspace/applyEdit just before the command's reply.
  const json& apply = h.sent[h.sent.size() - 2];
  REQUIRE(apply.value("method", "") == "workspace/applyEdit");
  CHECK(ApplyWorkspaceEdit(text, apply["params"]["edit"], PositionEncoding::kUtf16) ==
        "from numba import jit\n\n@jit(nopython=True)\ndef f(x):\n    return x\n");
  // Once the text changed, the old command is refused rather than misapplied.
  h.Change(text + "\n", 2);
  CHECK(h.Request("workspace/executeCommand", {{"command", cmds[0]["command"]}, {"arguments", cmds[0]["arguments"]}})
            ["error"]["code"] == kContentModified);
}

TEST_CASE("nested kernels: the innermost kernel under the cursor comes first and migrates by qualname") {
  Harness h;
  h.Initialize();
  std::string text = "from numba import njit\n\n\ndef outer():\n    @njit\n    def inner(x):\n        return x\n    return inner\n";
  h.Open(text);
  json acts = h.CodeActions(6, 8)["result"];
  REQUIRE_FALSE(acts.empty());
  CHECK(acts[0]["title"].get<std::string>().find("outer.<locals>.inner") != std::string::npos);
  json edit = h.Request("codeAction/resolve", acts[0])["result"]["edit"];
  CHECK(ApplyWorkspaceEdit(text, edit, PositionEncoding::kUtf16) == Translate(text, {"outer.<locals>.inner"}));
}

TEST_CASE("URIs: file URIs become paths (percent-decoded) and the explain scheme is stable") {
  CHECK(UriToPath("file:///work/k%20ernels.py") == "/work/k ernels.py");
  CHECK(UriToPath("file://localhost/a/b.py") == "/a/b.py");
  CHECK(UriToPath("file:///a/%E2%82%AC.py") == "/a/€.py");
  CHECK(UriToPath("file:///a/b%2") == "/a/b%2");  // truncated escape kept as written
  CHECK(UriToPath("untitled:Untitled-1") == "untitled:Untitled-1");
  CHECK(ExplainUri("CRB101") == "caramba://explain/CRB101");
}

TEST_CASE("type profile: a project profile that cannot be read is shown on the document, and a fixed one is used") {
  char tmpl[] = "/tmp/caramba-lsp-profile-XXXXXX";
  std::string dir = ::mkdtemp(tmpl);
  std::string uri = "file://" + dir + "/kernels.py";
  std::system(("mkdir -p '" + dir + "/.caramba'").c_str());
  std::ofstream(dir + "/.caramba/types.json") << "{\"version\": 1, \"kernels\": [";
  Harness h;
  h.Initialize();
  const std::string text = "from numba import njit\n\n@njit\ndef f(a):\n    return a[0]\n";
  h.Open(text, uri);
  json d = h.Diagnostics(uri);
  REQUIRE(d.is_object());
  const json* profile = nullptr;
  for (const json& x : d["diagnostics"])
    if (x.value("code", "") == "CRB012") profile = &x;
  REQUIRE(profile);
  CHECK((*profile)["range"]["start"]["line"] == 0);
  CHECK((*profile)["message"].get<std::string>().find(".caramba/types.json: not a type profile") != std::string::npos);
  // Re-recorded while the editor is open: the next analysis reads it.
  std::ofstream(dir + "/.caramba/types.json") << "{\"version\": 1, \"kernels\": []}";
  h.Change(text + "\n", 2, uri);
  d = h.Diagnostics(uri);
  for (const json& x : d["diagnostics"]) CHECK(x.value("code", "") != "CRB012");
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("project settings: [tool.caramba] of the document's pyproject.toml shapes its migration, and a bad table is shown") {
  char tmpl[] = "/tmp/caramba-lsp-config-XXXXXX";
  std::string dir = ::mkdtemp(tmpl);
  std::string uri = "file://" + dir + "/kernels.py";
  std::ofstream(dir + "/pyproject.toml") << "[project]\nname = \"sim\"\n\n[tool.caramba]\nspace = \"Serial\"\n";
  Harness h(false);
  h.Initialize();
  const std::string text =
      "from numba import njit, prange\n\n@njit(parallel=True)\ndef scale(a, s):\n"
      "    for i in prange(a.shape[0]):\n        a[i] *= s\n";
  h.Open(text, uri);
  h.Diagnostics(uri);
  json acts = h.CodeActions(5, 8, nullptr, UINT32_MAX, uri)["result"];
  const json* act = FindAction(acts, "Migrate kernel `scale` to PyKokkos");
  REQUIRE(act);
  std::string edit = h.Request("codeAction/resolve", *act)["result"]["edit"].dump();
  CHECK(edit.find("pk.Serial") != std::string::npos);
  CHECK(edit.find("pk.OpenMP") == std::string::npos);
  // A misspelt key: the document shows CRB014 on its first line.
  std::ofstream(dir + "/pyproject.toml") << "[tool.caramba]\nspase = \"Serial\"\n";
  h.Change(text + "\n", 2, uri);
  json d = h.Diagnostics(uri);
  const json* bad = nullptr;
  for (const json& x : d["diagnostics"])
    if (x.value("code", "") == "CRB014") bad = &x;
  REQUIRE(bad);
  CHECK((*bad)["range"]["start"]["line"] == 0);
  CHECK((*bad)["message"].get<std::string>().find("spase") != std::string::npos);
  std::system(("rm -rf '" + dir + "'").c_str());
}
