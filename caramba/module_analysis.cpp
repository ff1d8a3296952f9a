// module_analysis.cpp — see module_analysis.h.
#include "caramba/module_analysis.h"

#include <algorithm>
#include <set>
#include <nlohmann/json.hpp>

#include "caramba/text.h"

namespace caramba {

namespace {

// Names `from numba import *` binds that matter to discovery.
const std::set<std::string_view> kNumbaStarNames = {
    "njit", "jit", "prange", "vectorize", "guvectorize", "stencil", "cfunc", "generated_jit",
    "objmode", "literal_unroll", "typeof", "types", "typed", "config",
};

// Qualified decorator name -> what compiles the function. Table, not ifs.
struct KindEntry {
  std::string_view qualified;
  JitKind kind;
};
const KindEntry kKinds[] = {
    {"numba.njit", JitKind::kNjit},
    {"numba.jit", JitKind::kJit},
    {"numba.core.decorators.njit", JitKind::kNjit},
    {"numba.core.decorators.jit", JitKind::kJit},
    {"numba.vectorize", JitKind::kVectorize},
    {"numba.np.ufunc.vectorize", JitKind::kVectorize},
    {"numba.guvectorize", JitKind::kGuvectorize},
    {"numba.np.ufunc.guvectorize", JitKind::kGuvectorize},
    {"numba.stencil", JitKind::kStencil},
    {"numba.stencils.stencil.stencil", JitKind::kStencil},
    {"numba.cfunc", JitKind::kCfunc},
    {"numba.cuda.jit", JitKind::kCudaJit},
    {"numba.experimental.jitclass", JitKind::kJitclass},
    {"numba.jitclass", JitKind::kJitclass},
    {"numba.generated_jit", JitKind::kGeneratedJit},
    {"numba.extending.overload", JitKind::kOverload},
    {"numba.extending.overload_method", JitKind::kOverload},
    {"numba.extending.overload_attribute", JitKind::kOverload},
    {"numba.extending.intrinsic", JitKind::kOverload},
    {"numba.core.extending.overload", JitKind::kOverload},
    {"numba.extending.register_jitable", JitKind::kRegisterJitable},
    {"numba.core.extending.register_jitable", JitKind::kRegisterJitable},
};

std::optional<JitKind> KindOf(std::string_view qualified) {
  for (const auto& e : kKinds)
    if (e.qualified == qualified) return e.kind;
  return std::nullopt;
}

// The text of a string literal's content, or nullopt for f-strings,
// concatenations with interpolation, or non-strings.
std::optional<std::string> StringValue(const Node& n) {
  if (n.Type() != "string") return std::nullopt;
  std::string out;
  for (const Node& c : n.NamedChildren()) {
    if (c.Type() == "string_content") out += c.Text();
    else if (c.Type() == "interpolation") return std::nullopt;
  }
  return out;
}

std::string Collapse(std::string_view s) {  // one line, single spaces
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') { space = !out.empty(); continue; }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::vector<std::string> Params(const Node& def) {
  std::vector<std::string> out;
  Node params = def.ChildByField("parameters");
  if (!params) return out;
  for (const Node& p : params.NamedChildren()) {
    std::string_view t = p.Type();
    if (t == "identifier") out.emplace_back(p.Text());
    else if (t == "typed_parameter") {
      Node id = p.NamedChild(0);
      out.emplace_back(id.Text());
    } else if (t == "default_parameter" || t == "typed_default_parameter") {
      out.emplace_back(p.ChildByField("name").Text());
    } else if (t == "list_splat_pattern" || t == "dictionary_splat_pattern") {
      out.emplace_back(p.Text());
    }
  }
  return out;
}

// Python's __qualname__ for a definition node: enclosing classes and
// functions, with `<locals>` after functions.
std::string Qualname(const Node& def, bool* nested) {
  std::vector<std::string> parts{std::string(def.ChildByField("name").Text())};
  *nested = false;
  for (Node p = def.Parent(); p; p = p.Parent()) {
    if (p.Type() == "function_definition") {
      parts.push_back("<locals>");
      parts.push_back(std::string(p.ChildByField("name").Text()));
      *nested = true;
    } else if (p.Type() == "class_definition") {
      parts.push_back(std::string(p.ChildByField("name").Text()));
      *nested = true;
    }
  }
  std::string q;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) q += (q.empty() ? "" : ".") + *it;
  return q;
}

}  // namespace

std::string_view JitKindName(JitKind k) {
  switch (k) {
    case JitKind::kNjit: return "njit";
    case JitKind::kJit: return "jit";
    case JitKind::kObjectMode: return "objmode";
    case JitKind::kVectorize: return "vectorize";
    case JitKind::kGuvectorize: return "guvectorize";
    case JitKind::kStencil: return "stencil";
    case JitKind::kCfunc: return "cfunc";
    case JitKind::kCudaJit: return "cuda.jit";
    case JitKind::kJitclass: return "jitclass";
    case JitKind::kGeneratedJit: return "generated_jit";
    case JitKind::kOverload: return "overload";
    case JitKind::kRegisterJitable: return "register_jitable";
  }
  return "?";
}

bool IsTranslatableKind(JitKind k) {
  return k == JitKind::kNjit || k == JitKind::kJit || k == JitKind::kRegisterJitable;
}

bool Kernel::Option(std::string_view key) const {
  auto it = options.find(std::string(key));
  return it != options.end() && it->second == "True";
}

// ---------------------------------------------------------------------------
// Import table

void ImportTable::Build(const Tree& tree) {
  const Query& q = ShippedQuery("imports");
  std::string_view src = tree.Source();
  for (const auto& m : q.Matches(tree.Root(), src)) {
    Node st = m.captures[0].node;
    ImportRecord rec;
    rec.start_byte = st.StartByte();
    rec.end_byte = st.EndByte();
    rec.top_level = st.Parent() && st.Parent().Type() == "module";
    if (st.Type() == "import_statement") {
      for (const Node& n : st.ChildrenByField("name")) {
        ImportRecord::Name nm;
        if (n.Type() == "aliased_import") {
          nm.name = std::string(n.ChildByField("name").Text());
          nm.alias = std::string(n.ChildByField("alias").Text());
          module_aliases_[nm.alias] = nm.name;
        } else {
          nm.name = std::string(n.Text());
          // `import numba.cuda` binds `numba`.
          std::string head = nm.name.substr(0, nm.name.find('.'));
          nm.alias = head;
          module_aliases_[head] = head;
        }
        rec.names.push_back(nm);
      }
    } else {
      rec.is_from = true;
      Node mod = st.ChildByField("module_name");
      rec.module = std::string(mod.Text());
      for (uint32_t i = 0; i < st.NamedChildCount(); ++i) {
        Node c = st.NamedChild(i);
        if (c.Type() == "wildcard_import") {
          rec.star = true;
          star_modules_.push_back(rec.module);
        }
      }
      for (const Node& n : st.ChildrenByField("name")) {
        ImportRecord::Name nm;
        if (n.Type() == "aliased_import") {
          nm.name = std::string(n.ChildByField("name").Text());
          nm.alias = std::string(n.ChildByField("alias").Text());
        } else {
          nm.name = std::string(n.Text());
          nm.alias = nm.name;
        }
        symbol_aliases_[nm.alias] = rec.module + "." + nm.name;
        rec.names.push_back(nm);
      }
    }
    records_.push_back(std::move(rec));
  }
}

std::string ImportTable::Resolve(const Node& expr) const {
  std::string_view t = expr.Type();
  if (t == "identifier") {
    std::string name(expr.Text());
    if (auto it = symbol_aliases_.find(name); it != symbol_aliases_.end()) return it->second;
    if (auto it = module_aliases_.find(name); it != module_aliases_.end()) return it->second;
    for (const auto& m : star_modules_)
      if (m == "numba" && kNumbaStarNames.count(name)) return "numba." + name;
    return name;
  }
  if (t == "attribute") {
    std::string base = Resolve(expr.ChildByField("object"));
    if (base.empty()) return {};
    return base + "." + std::string(expr.ChildByField("attribute").Text());
  }
  return {};
}

std::string ImportTable::AliasOf(std::string_view module) const {
  for (const auto& [alias, mod] : module_aliases_)
    if (mod == module) return alias;
  return {};
}

// ---------------------------------------------------------------------------
// Kernel discovery

namespace {

// Fills kind, options and signatures from a decorator (or wrapper) call.
struct JitApplication {
  JitKind kind;
  Node call;  // the call node carrying options, or null for a bare name
};

std::optional<JitApplication> ClassifyJitExpr(const ImportTable& imports, const Node& expr) {
  if (expr.Type() == "call") {
    auto k = KindOf(imports.Resolve(expr.ChildByField("function")));
    if (!k) return std::nullopt;
    return JitApplication{*k, expr};
  }
  auto k = KindOf(imports.Resolve(expr));
  if (!k) return std::nullopt;
  return JitApplication{*k, Node()};
}

void ReadOptions(const JitApplication& app, Kernel& k, std::string_view path, std::vector<Diagnostic>& diags) {
  k.kind = app.kind;
  if (!app.call) return;
  Node args = app.call.ChildByField("arguments");
  int positional = 0;
  for (const Node& a : args.NamedChildren()) {
    if (a.Type() == "keyword_argument") {
      std::string key(a.ChildByField("name").Text());
      k.options[key] = Collapse(a.ChildByField("value").Text());
      continue;
    }
    if (a.Type() == "comment") continue;
    ++positional;
    // guvectorize's second positional is the layout string; only the first
    // positional (or a list of them) holds signatures.
    if (positional > 1) continue;
    if (k.kind == JitKind::kJitclass || k.kind == JitKind::kStencil || k.kind == JitKind::kOverload) continue;
    std::vector<Node> sig_nodes;
    if (a.Type() == "list" || a.Type() == "tuple") sig_nodes = a.NamedChildren();
    else sig_nodes.push_back(a);
    for (const Node& s : sig_nodes) {
      if (s.Type() == "comment") continue;
      std::string text;
      if (auto v = StringValue(s)) text = *v;
      else if (s.Type() == "call" || s.Type() == "identifier" || s.Type() == "attribute" ||
               s.Type() == "subscript")
        text = std::string(s.Text());
      else continue;
      std::string err;
      if (auto sig = ParseSignature(text, &err)) {
        k.signatures.push_back(*sig);
        k.signature_texts.push_back(Collapse(text));
      } else {
        diags.push_back(Diagnostic::Make(DiagId::kBadSignature,
                                         "signature of '" + k.name + "' cannot be parsed: " + err,
                                         std::string(path))
                            .At(s.StartByte(), s.EndByte()));
      }
    }
  }
  if (k.kind == JitKind::kJit) {
    auto nopython = k.options.find("nopython");
    auto forceobj = k.options.find("forceobj");
    if (nopython != k.options.end() && nopython->second == "True") k.kind = JitKind::kNjit;
    else if ((forceobj != k.options.end() && forceobj->second == "True") ||
             (nopython != k.options.end() && nopython->second == "False"))
      k.kind = JitKind::kObjectMode;
  }
  if (k.kind == JitKind::kNjit && k.Option("forceobj")) k.kind = JitKind::kObjectMode;
}

void FindLoops(const ImportTable& imports, const Tree& tree, Kernel& k, const Node& def) {
  const Query& fq = ShippedQuery("for_loops");
  for (const auto& m : fq.Matches(def, tree.Source())) {
    Node loop = m.Get("loop");
    // Loops of nested defs belong to those defs, not to this kernel.
    Node owner = loop.Ancestor("function_definition");
    if (owner != def) continue;
    LoopInfo li;
    li.start_byte = loop.StartByte();
    li.end_byte = loop.EndByte();
    li.line = loop.StartPoint().row + 1;
    li.target = Collapse(m.Get("target").Text());
    li.iterator = imports.Resolve(m.Get("callee"));
    li.args = Collapse(m.Get("args").Text());
    for (Node p = loop.Parent(); p && p != def; p = p.Parent())
      if (p.Type() == "for_statement" || p.Type() == "while_statement") ++li.depth;
    if (li.iterator == "numba.prange") k.prange_loops.push_back(li);
    k.loops.push_back(std::move(li));
  }
  for (const auto& m : ShippedQuery("with_statements").Matches(def, tree.Source()))
    if (imports.Resolve(m.Get("callee")) == "numba.objmode") k.uses_objmode_block = true;
}

void FillLocation(Kernel& k, const Node& def, const Node& outer) {
  k.def_start_byte = def.StartByte();
  k.def_end_byte = def.EndByte();
  k.start_byte = outer.StartByte();
  k.end_byte = outer.EndByte();
  k.line = def.StartPoint().row + 1;
}

}  // namespace

ModuleInfo AnalyzeModule(const Tree& tree, std::string_view path) {
  ModuleInfo info;
  info.imports.Build(tree);
  std::string_view src = tree.Source();
  LineIndex lines(src);

  for (const auto& m : ShippedQuery("decorated").Matches(tree.Root(), src)) {
    Node def = m.Get("definition");
    Node decorated = m.Get("decorated");
    for (const auto& cap : m.captures) {
      if (cap.name != "decorator") continue;
      Node expr = cap.node.NamedChild(0);
      while (expr && expr.Type() == "comment") expr = expr.NextNamedSibling();
      if (!expr) continue;
      auto app = ClassifyJitExpr(info.imports, expr);
      if (!app) continue;
      Kernel k;
      k.name = std::string(def.ChildByField("name").Text());
      k.qualname = Qualname(def, &k.nested);
      k.is_class = def.Type() == "class_definition";
      k.spelling = Collapse(cap.node.Text());
      k.decorator_start_byte = cap.node.StartByte();
      k.decorator_end_byte = cap.node.EndByte();
      k.decorator_line = cap.node.StartPoint().row + 1;
      FillLocation(k, def, decorated);
      k.column = lines.At(def.StartByte()).column;
      ReadOptions(*app, k, path, info.diagnostics);
      if (!k.is_class) {
        k.params = Params(def);
        FindLoops(info.imports, tree, k, def);
      }
      info.kernels.push_back(std::move(k));
      break;  // one kernel per definition, from the first Numba decorator
    }
  }

  // `g = njit(f)` and `g = njit(...)(f)`.
  for (const auto& m : ShippedQuery("wrapper_assignments").Matches(tree.Root(), src)) {
    Node callee = m.Get("callee");
    std::optional<JitApplication> app;
    if (callee.Type() == "call") app = ClassifyJitExpr(info.imports, callee);
    else app = ClassifyJitExpr(info.imports, callee);
    if (!app) continue;
    std::string wrapped(m.Get("wrapped").Text());
    // The wrapped function must be defined in the same block, before.
    Node stmt = m.Get("statement");
    Node def;
    for (Node s = stmt.PrevNamedSibling(); s; s = s.PrevNamedSibling()) {
      Node d = s.Type() == "decorated_definition" ? s.ChildByField("definition") : s;
      if (d.Type() == "function_definition" && d.ChildByField("name").Text() == wrapped) {
        def = d;
        break;
      }
    }
    if (!def) continue;
    Kernel k;
    k.name = wrapped;
    k.qualname = Qualname(def, &k.nested);
    k.via_decorator = false;
    k.spelling = Collapse(stmt.Text());
    k.decorator_start_byte = stmt.StartByte();
    k.decorator_end_byte = stmt.EndByte();
    k.decorator_line = stmt.StartPoint().row + 1;
    FillLocation(k, def, def);
    k.column = lines.At(def.StartByte()).column;
    k.options["bound_name"] = std::string(m.Get("target").Text());
    ReadOptions(*app, k, path, info.diagnostics);
    k.params = Params(def);
    FindLoops(info.imports, tree, k, def);
    info.kernels.push_back(std::move(k));
  }
  std::stable_sort(info.kernels.begin(), info.kernels.end(),
                   [](const Kernel& a, const Kernel& b) { return a.def_start_byte < b.def_start_byte; });
  return info;
}

nlohmann::json KernelToJson(const Kernel& k) {
  nlohmann::json j;
  j["name"] = k.name;
  j["qualname"] = k.qualname;
  j["kind"] = std::string(JitKindName(k.kind));
  j["translatable_kind"] = IsTranslatableKind(k.kind);
  j["line"] = k.line;
  j["column"] = k.column;
  j["decorator_line"] = k.decorator_line;
  j["decorator"] = k.spelling;
  j["via_decorator"] = k.via_decorator;
  j["nested"] = k.nested;
  j["is_class"] = k.is_class;
  j["params"] = k.params;
  nlohmann::json opts = nlohmann::json::object();
  for (const auto& [key, v] : k.options) {
    if (v == "True") opts[key] = true;
    else if (v == "False") opts[key] = false;
    else opts[key] = v;
  }
  j["options"] = opts;
  nlohmann::json sigs = nlohmann::json::array();
  for (size_t i = 0; i < k.signatures.size(); ++i) {
    nlohmann::json s;
    s["text"] = k.signature_texts[i];
    s["parsed"] = k.signatures[i].ToString();
    s["result"] = k.signatures[i].result ? nlohmann::json(k.signatures[i].result->ToString()) : nlohmann::json();
    nlohmann::json args = nlohmann::json::array();
    for (const auto& a : k.signatures[i].args) args.push_back(a.ToString());
    s["args"] = args;
    sigs.push_back(s);
  }
  j["signatures"] = sigs;
  nlohmann::json loops = nlohmann::json::array();
  for (const auto& l : k.prange_loops)
    loops.push_back({{"line", l.line}, {"target", l.target}, {"args", l.args}, {"depth", l.depth}});
  j["parallel_loops"] = loops;
  j["objmode_block"] = k.uses_objmode_block;
  return j;
}

}  // namespace caramba
