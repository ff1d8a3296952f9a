// helper_inlining.cpp — see helper_inlining.h.
#include "caramba/analysis/helper_inlining.h"

#include <map>
#include <set>
#include <string>

#include "caramba/analysis/walk.h"
#include "caramba/text.h"

namespace caramba {

namespace {

void BoundNames(const Node& target, std::set<std::string>& out) {
  std::string_view t = target.Type();
  if (t == "identifier") out.insert(std::string(target.Text()));
  else if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "parenthesized_expression")
    for (const Node& c : target.NamedChildren()) BoundNames(c, out);
}

Node DefOf(const Tree& tree, const Kernel& k) {
  Node def = tree.Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  return def;
}

// A helper the inlining can write out: its statements before the final
// `return a, b, ...`, and the returned values.
struct InlinableHelper {
  const Kernel* kernel = nullptr;
  Node def, body, ret;
  std::vector<Node> stmts;   // before the return, docstring excluded
  std::vector<Node> values;  // the returned tuple's elements
  std::set<std::string> locals;
};

std::optional<InlinableHelper> Inlinable(const Tree& tree, const ModuleInfo& mod, const Kernel& k) {
  if (k.nested || !k.via_decorator || k.is_class || (k.kind != JitKind::kNjit && k.kind != JitKind::kJit) ||
      k.uses_objmode_block)
    return std::nullopt;
  InlinableHelper h;
  h.kernel = &k;
  h.def = DefOf(tree, k);
  if (!h.def) return std::nullopt;
  // Plain positional parameters only.
  for (const Node& p : h.def.ChildByField("parameters").NamedChildren())
    if (p.Type() != "identifier") return std::nullopt;
  h.body = h.def.ChildByField("body");
  std::vector<Node> stmts = Statements(h.body);
  if (stmts.empty() || stmts.back().Type() != "return_statement" || stmts.back().NamedChildCount() != 1)
    return std::nullopt;
  h.ret = stmts.back();
  Node value = h.ret.NamedChild(0);
  if (value.Type() != "expression_list" && value.Type() != "tuple") return std::nullopt;
  for (const Node& c : value.NamedChildren())
    if (c.Type() != "comment") h.values.push_back(c);
  bool ok = true;
  Walk(h.body, [&](const Node& n) {
    std::string_view t = n.Type();
    if ((t == "return_statement" && n != h.ret) || t == "function_definition" || t == "lambda" ||
        t == "class_definition" || t == "global_statement" || t == "nonlocal_statement" || t == "yield" ||
        t == "try_statement" || t == "with_statement" || t == "raise_statement" || t == "assert_statement" ||
        t == "delete_statement")
      ok = false;
    // Multi-line strings would be re-indented as code.
    if (t == "string" && n.StartPoint().row != n.EndPoint().row) ok = false;
    if (t == "identifier" && n.Text().rfind("_pk_", 0) == 0) ok = false;
    if (t == "assignment" || t == "augmented_assignment" || t == "for_statement") BoundNames(n.ChildByField("left"), h.locals);
    if (t == "named_expression") BoundNames(n.ChildByField("name"), h.locals);
    return ok;
  });
  if (!ok) return std::nullopt;
  for (const std::string& p : k.params)
    if (h.locals.count(p)) return std::nullopt;  // assigns a parameter
  for (size_t i = 0; i + 1 < stmts.size(); ++i)
    if (!(i == 0 && IsDocstring(stmts[i]))) h.stmts.push_back(stmts[i]);
  (void)mod;
  return h;
}

// The text of [start, end) of `src` with `renames` (byte ranges -> text).
std::string Rewritten(std::string_view src, uint32_t start, uint32_t end,
                      const std::map<uint32_t, std::pair<uint32_t, std::string>>& renames) {
  std::string out;
  uint32_t pos = start;
  for (auto it = renames.lower_bound(start); it != renames.end() && it->first < end; ++it) {
    out.append(src.substr(pos, it->first - pos));
    out += it->second.second;
    pos = it->second.first;
  }
  out.append(src.substr(pos, end - pos));
  return out;
}

// Lines after the first: leading `from` becomes `to`.
std::string Reindented(const std::string& text, std::string_view from, std::string_view to, std::string_view nl) {
  std::string out;
  size_t pos = 0;
  bool first = true;
  while (pos <= text.size()) {
    size_t e = text.find('\n', pos);
    std::string line = text.substr(pos, e == std::string::npos ? std::string::npos : e - pos);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!first && line.compare(0, from.size(), from) == 0) line = std::string(to) + line.substr(from.size());
    out += line;
    first = false;
    if (e == std::string::npos) break;
    out += nl;
    pos = e + 1;
  }
  return out;
}

}  // namespace

std::vector<Edit> InlineTupleHelpers(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel) {
  std::vector<Edit> out;
  Node def = DefOf(tree, kernel);
  if (!def) return out;
  Node body = def.ChildByField("body");
  std::vector<Node> calls;  // statements `a, b = helper(...)`
  bool reserved = false;
  Walk(body, [&](const Node& n) {
    if (n.Type() == "identifier" && n.Text().rfind("_pk_", 0) == 0) reserved = true;
    if (n.Type() == "function_definition" || n.Type() == "lambda" || n.Type() == "class_definition") return false;
    if (n.Type() != "expression_statement" || n.NamedChildCount() != 1) return true;
    Node a = n.NamedChild(0);
    if (a.Type() != "assignment") return false;
    Node l = a.ChildByField("left"), r = a.ChildByField("right");
    if ((l.Type() == "pattern_list" || l.Type() == "tuple_pattern") && r && r.Type() == "call" &&
        r.ChildByField("function").Type() == "identifier")
      calls.push_back(n);
    return false;
  });
  if (reserved || calls.empty()) return out;
  std::string_view src = tree.Source();
  std::string nl(DominantNewline(src));
  int counter = 0;
  for (const Node& stmt : calls) {
    Node a = stmt.NamedChild(0);
    Node call = a.ChildByField("right");
    std::string name(call.ChildByField("function").Text());
    if (name == kernel.name) continue;
    const Kernel* callee = nullptr;
    int found = 0;
    for (const Kernel& k : mod.kernels)
      if (k.name == name && !k.nested) {
        callee = &k;
        ++found;
      }
    if (found != 1) continue;
    auto h = Inlinable(tree, mod, *callee);
    if (!h) continue;
    std::vector<Node> targets;
    for (const Node& c : a.ChildByField("left").NamedChildren())
      if (c.Type() != "comment") targets.push_back(c);
    std::vector<Node> args;
    bool plain_args = true;
    for (const Node& c : call.ChildByField("arguments").NamedChildren()) {
      if (c.Type() == "comment") continue;
      if (c.Type() == "keyword_argument" || c.Type() == "list_splat" || c.Type() == "dictionary_splat") plain_args = false;
      args.push_back(c);
    }
    if (!plain_args || args.size() != callee->params.size() || targets.size() != h->values.size()) continue;
    // Names or elements: their indices are evaluated after the body, as in Python.
    for (const Node& t : targets)
      if (t.Type() != "identifier" && t.Type() != "subscript") plain_args = false;
    if (!plain_args) continue;
    // Arguments: plain names and literals stand for the parameter, the
    // others are evaluated once into a local, in order.
    std::string prefix = std::string(kInlinePrefix) + std::to_string(counter) + "_";
    std::string indent(IndentationAt(src, stmt.StartByte()));
    std::string lines;
    std::map<std::string, std::string> subst;
    for (size_t i = 0; i < args.size(); ++i) {
      std::string_view t = args[i].Type();
      if (t == "identifier" || t == "integer" || t == "float" || t == "true" || t == "false") {
        subst[callee->params[i]] = std::string(args[i].Text());
      } else {
        subst[callee->params[i]] = prefix + callee->params[i];
        lines += prefix + callee->params[i] + " = " + std::string(args[i].Text()) + nl + indent;
      }
    }
    for (const std::string& l : h->locals) subst[l] = prefix + l;
    // Rename every use of a parameter or local in the helper's body.
    std::map<uint32_t, std::pair<uint32_t, std::string>> renames;
    WalkWithParent(h->body, h->def, [&](const Node& n, const Node& p) {
      if (!IsNameUse(n, p)) return true;
      auto s = subst.find(std::string(n.Text()));
      if (s != subst.end()) renames[n.StartByte()] = {n.EndByte(), s->second};
      return true;
    });
    std::string helper_indent(IndentationAt(src, h->ret.StartByte()));
    for (const Node& s : h->stmts)
      lines += Reindented(Rewritten(src, s.StartByte(), s.EndByte(), renames), helper_indent, indent, nl) + nl + indent;
    std::string values;
    for (size_t i = 0; i < h->values.size(); ++i)
      values += (i ? ", " : "") + Rewritten(src, h->values[i].StartByte(), h->values[i].EndByte(), renames);
    lines += std::string(a.ChildByField("left").Text()) + " = " + values;
    if (values.find('\n') != std::string::npos) continue;  // a value over several lines: keep the call
    out.push_back(Edit{stmt.StartByte(), stmt.EndByte(), lines, {}, 0});
    ++counter;
  }
  return out;
}

}  // namespace caramba
