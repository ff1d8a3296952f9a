// module_analysis.cpp — see module_analysis.h.
#include "caramba/module_analysis.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <nlohmann/json.hpp>

#include "caramba/text.h"

namespace caramba {

namespace {

// Nodes that can contain statements (and so imports, defs, decorators).
// Everything else is an expression or a simple statement: the walks below do
// not descend into them, which keeps module analysis far below parse time.
bool IsStatementContainer(std::string_view t) {
  static const std::set<std::string_view> kContainers = {
      "module", "block", "function_definition", "class_definition", "decorated_definition",
      "if_statement", "elif_clause", "else_clause", "for_statement", "while_statement", "try_statement",
      "except_clause", "except_group_clause", "finally_clause", "with_statement", "match_statement",
      "case_clause"};
  return kContainers.count(t) > 0;
}

// True when the node's text contains one of `needles`. A byte search is far
// cheaper than walking a subtree, so the scans below skip function bodies
// that cannot contain what they look for (an import needs "import", a kernel
// needs "@" or a name bound to Numba).
bool TextHasAny(const Node& n, const std::vector<std::string>& needles) {
  std::string_view t = n.Text();
  for (const auto& w : needles)
    if (t.find(w) != std::string_view::npos) return true;
  return false;
}

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
  Node root = tree.Root();
  Walk(root, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "import_statement" || t == "import_from_statement") {
      Add(n);
      return false;
    }
    if ((t == "function_definition" || t == "class_definition") && !TextHasAny(n, {"import"})) return false;
    return IsStatementContainer(t);
  });
  // Top-level imports are the root's direct children (no ts_node_parent:
  // it walks down from the root and is slow on big modules).
  std::set<uint32_t> top;
  for (const Node& c : root.NamedChildren()) top.insert(c.StartByte());
  for (auto& r : records_) r.top_level = top.count(r.start_byte) > 0;
}

void ImportTable::Add(const Node& st) {
    ImportRecord rec;
    rec.start_byte = st.StartByte();
    rec.end_byte = st.EndByte();
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
  // `import numpy as _pk_numpy` is the translator's own (OutputNumpyName, in
  // a module that uses `np` for something else): the user's kernels have no
  // NumPy of their own, in the output as in the input, so a second
  // translation lowers no more than the first did.
  for (const auto& [alias, mod] : module_aliases_)
    if (mod == module && alias.rfind("_pk_", 0) != 0) return alias;
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

// Scans a kernel body for loops and objmode blocks. `depth` counts the
// enclosing for/while loops within the kernel.
void ScanBody(const ImportTable& imports, Kernel& k, const Node& node, int depth) {
  for (const Node& n : node.NamedChildren()) {
    std::string_view t = n.Type();
    // Loops of nested defs and classes belong to them, not to this kernel.
    if (t == "function_definition" || t == "class_definition" || t == "decorated_definition") continue;
    if (t == "for_statement") {
      Node right = n.ChildByField("right");
      if (right && right.Type() == "call") {
        LoopInfo li;
        li.start_byte = n.StartByte();
        li.end_byte = n.EndByte();
        li.line = n.StartPoint().row + 1;
        li.target = Collapse(n.ChildByField("left").Text());
        li.iterator = imports.Resolve(right.ChildByField("function"));
        li.args = Collapse(right.ChildByField("arguments").Text());
        li.depth = depth;
        if (li.iterator == "numba.prange") k.prange_loops.push_back(li);
        k.loops.push_back(std::move(li));
      }
    } else if (t == "with_statement") {
      for (const Node& clause : n.NamedChildren()) {
        if (clause.Type() != "with_clause") continue;
        for (const Node& item : clause.NamedChildren()) {
          Node v = item.ChildByField("value");
          if (v && v.Type() == "call") v = v.ChildByField("function");
          if (v && imports.Resolve(v) == "numba.objmode") k.uses_objmode_block = true;
        }
      }
    }
    if (IsStatementContainer(t))
      ScanBody(imports, k, n, depth + (t == "for_statement" || t == "while_statement" ? 1 : 0));
  }
}

void FindLoops(const ImportTable& imports, Kernel& k, const Node& def) {
  if (Node body = def.ChildByField("body")) ScanBody(imports, k, body, 0);
}

void FillLocation(Kernel& k, const Node& def, const Node& outer) {
  k.def_start_byte = def.StartByte();
  k.def_end_byte = def.EndByte();
  k.start_byte = outer.StartByte();
  k.end_byte = outer.EndByte();
  k.line = def.StartPoint().row + 1;
}

}  // namespace

namespace {

// Walks the statements of the module recursively, carrying the enclosing
// scope (for __qualname__) and each block's earlier function definitions
// (for `g = njit(f)`), so no node ever needs its parent.
struct ModuleScanner {
  ModuleInfo& info;
  std::string_view path;
  const LineIndex& lines;

  void ScanBlock(const Node& block, const std::string& scope, bool nested) {
    std::map<std::string, Node> defs_so_far;  // name -> function_definition in this block
    for (const Node& n : block.NamedChildren()) {
      std::string_view t = n.Type();
      if (t == "decorated_definition") {
        Node def = n.ChildByField("definition");
        if (def && def.Type() == "function_definition")
          defs_so_far[std::string(def.ChildByField("name").Text())] = def;
        Decorated(n, scope, nested);
        Descend(def, scope, nested);
      } else if (t == "function_definition" || t == "class_definition") {
        if (t == "function_definition") defs_so_far[std::string(n.ChildByField("name").Text())] = n;
        Descend(n, scope, nested);
      } else if (t == "expression_statement") {
        Wrapper(n, defs_so_far, scope, nested);
      } else if (IsStatementContainer(t)) {
        ScanBlock(n, scope, nested);  // if/for/while/try/with bodies share the scope
      }
    }
  }

  // What a definition's text must contain to hold a nested kernel: a
  // decorator, or a wrapper call through a name bound to Numba.
  std::vector<std::string> needles;

  void Descend(const Node& def, const std::string& scope, bool nested) {
    if (!def || !TextHasAny(def, needles)) return;
    std::string name(def.ChildByField("name").Text());
    bool is_func = def.Type() == "function_definition";
    std::string inner = scope + name + (is_func ? ".<locals>." : ".");
    (void)nested;
    if (Node body = def.ChildByField("body")) ScanBlock(body, inner, true);
  }

  void Decorated(const Node& decorated, const std::string& scope, bool nested) {
    Node def = decorated.ChildByField("definition");
    if (!def || (def.Type() != "function_definition" && def.Type() != "class_definition")) return;
    for (const Node& dec : decorated.NamedChildren()) {
      if (dec.Type() != "decorator") continue;
      Node expr = dec.NamedChild(0);
      while (expr && expr.Type() == "comment") expr = expr.NextNamedSibling();
      if (!expr) continue;
      auto app = ClassifyJitExpr(info.imports, expr);
      if (!app) continue;
      Kernel k;
      k.name = std::string(def.ChildByField("name").Text());
      k.qualname = scope + k.name;
      k.nested = nested;
      k.is_class = def.Type() == "class_definition";
      // The decorator node also holds a comment that trails it on the same
      // line; the decorator itself ends with its expression.
      k.spelling = "@" + Collapse(expr.Text());
      k.decorator_start_byte = dec.StartByte();
      k.decorator_end_byte = expr.EndByte();
      k.decorator_line = dec.StartPoint().row + 1;
      FillLocation(k, def, decorated);
      k.column = lines.At(def.StartByte()).column;
      ReadOptions(*app, k, path, info.diagnostics);
      if (!k.is_class) {
        k.params = Params(def);
        FindLoops(info.imports, k, def);
      }
      info.kernels.push_back(std::move(k));
      return;  // one kernel per definition, from the first Numba decorator
    }
  }

  // `g = njit(f)`, `g = njit(parallel=True)(f)`: a jit applied by a call to
  // a function defined earlier in the same block.
  void Wrapper(const Node& stmt, const std::map<std::string, Node>& defs, const std::string& scope, bool nested) {
    Node assign = stmt.NamedChild(0);
    if (!assign || assign.Type() != "assignment") return;
    Node target = assign.ChildByField("left");
    Node call = assign.ChildByField("right");
    if (!target || target.Type() != "identifier" || !call || call.Type() != "call") return;
    Node args = call.ChildByField("arguments");
    if (!args) return;
    std::vector<Node> argv;
    for (const Node& a : args.NamedChildren())
      if (a.Type() != "comment") argv.push_back(a);
    if (argv.size() != 1 || argv[0].Type() != "identifier") return;
    auto it = defs.find(std::string(argv[0].Text()));
    if (it == defs.end()) return;
    auto app = ClassifyJitExpr(info.imports, call.ChildByField("function"));
    if (!app) return;
    const Node& def = it->second;
    Kernel k;
    k.name = it->first;
    k.qualname = scope + k.name;
    k.nested = nested;
    k.via_decorator = false;
    k.spelling = Collapse(stmt.Text());
    k.decorator_start_byte = stmt.StartByte();
    k.decorator_end_byte = stmt.EndByte();
    k.decorator_line = stmt.StartPoint().row + 1;
    FillLocation(k, def, def);
    k.column = lines.At(def.StartByte()).column;
    k.options["bound_name"] = std::string(target.Text());
    ReadOptions(*app, k, path, info.diagnostics);
    k.params = Params(def);
    FindLoops(info.imports, k, def);
    info.kernels.push_back(std::move(k));
  }
};

}  // namespace

ModuleInfo AnalyzeModule(const Tree& tree, std::string_view path) {
  ModuleInfo info;
  info.imports.Build(tree);
  LineIndex lines(tree.Source());

  ModuleScanner scanner{info, path, lines, {"@", "numba"}};
  for (const auto& [alias, qualified] : info.imports.SymbolAliases())
    if (KindOf(qualified)) scanner.needles.push_back(alias);  // njit, jit, fast ... (not prange)
  for (const auto& [alias, module] : info.imports.ModuleAliases())
    if (module.rfind("numba", 0) == 0) scanner.needles.push_back(alias);
  scanner.ScanBlock(tree.Root(), "", false);
  std::stable_sort(info.kernels.begin(), info.kernels.end(),
                   [](const Kernel& a, const Kernel& b) { return a.def_start_byte < b.def_start_byte; });
  for (Kernel& k : info.kernels) k.keep = HasKeepComment(tree.Source(), k);
  return info;
}

namespace {

// `# caramba: keep` (spaces optional) anywhere in `text`.
bool KeepCommentIn(std::string_view text) {
  for (size_t hash = text.find('#'); hash != std::string_view::npos; hash = text.find('#', hash + 1)) {
    std::string_view rest = text.substr(hash + 1);
    auto skip = [&] { while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1); };
    skip();
    if (rest.substr(0, 8) != "caramba:") continue;
    rest.remove_prefix(8);
    skip();
    if (rest.substr(0, 4) == "keep" && (rest.size() == 4 || !std::isalnum((unsigned char)rest[4]))) return true;
  }
  return false;
}

// The lines from `from` (a byte offset) back to the previous line's start.
size_t LineStartBefore(std::string_view src, size_t from, int lines_back) {
  size_t p = std::min(from, src.size());
  for (int i = 0; i <= lines_back; ++i) {
    size_t nl = p == 0 ? std::string_view::npos : src.rfind('\n', p - 1);
    if (nl == std::string_view::npos) return 0;
    p = i < lines_back ? nl : nl + 1;
  }
  return p;
}

}  // namespace

bool HasKeepComment(std::string_view src, const Kernel& k) {
  // From the line above the first decorator to the end of the `def` line.
  size_t begin = LineStartBefore(src, k.start_byte, 1);
  size_t end = src.find('\n', std::min<size_t>(k.def_start_byte, src.size()));
  if (KeepCommentIn(src.substr(begin, (end == std::string_view::npos ? src.size() : end) - begin))) return true;
  if (k.via_decorator) return false;
  // `g = njit(f)  # caramba: keep`: the wrapping statement's line.
  size_t wb = LineStartBefore(src, k.decorator_start_byte, 0);
  size_t we = src.find('\n', std::min<size_t>(k.decorator_end_byte, src.size()));
  return KeepCommentIn(src.substr(wb, (we == std::string_view::npos ? src.size() : we) - wb));
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
  j["keep"] = k.keep;
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
