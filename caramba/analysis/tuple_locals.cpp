// tuple_locals.cpp — see tuple_locals.h.
#include "caramba/analysis/tuple_locals.h"

#include <map>
#include <set>
#include <string>

#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

void BoundNames(const Node& target, std::vector<Node>& out) {
  std::string_view t = target.Type();
  if (t == "identifier") out.push_back(target);
  else if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "parenthesized_expression")
    for (const Node& c : target.NamedChildren()) BoundNames(c, out);
}

// How many times each name is bound in the kernel, and where first.
struct Bindings {
  std::map<std::string, int> count;
  std::map<std::string, uint32_t> first;
};

Bindings CountBindings(const Node& body) {
  Bindings b;
  Walk(body, [&](const Node& n) {
    std::string_view t = n.Type();
    std::vector<Node> bound;
    if (t == "assignment" || t == "augmented_assignment" || t == "for_statement") BoundNames(n.ChildByField("left"), bound);
    else if (t == "named_expression") BoundNames(n.ChildByField("name"), bound);
    for (const Node& x : bound) {
      std::string name(x.Text());
      if (b.count[name]++ == 0) b.first[name] = x.StartByte();
    }
    return true;
  });
  return b;
}

std::string Operand(const Node& e) {
  std::string_view t = e.Type();
  bool simple = t == "identifier" || t == "integer" || t == "float" || t == "attribute" || t == "subscript" ||
                t == "call" || t == "parenthesized_expression";
  return simple ? std::string(e.Text()) : "(" + std::string(e.Text()) + ")";
}

}  // namespace

std::vector<Edit> InlineTupleLocals(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel) {
  std::vector<Edit> out;
  Node def = tree.Root().DescendantForByteRange(kernel.def_start_byte, kernel.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return out;
  Node body = def.ChildByField("body");
  Bindings bindings = CountBindings(body);
  std::set<std::string> params(kernel.params.begin(), kernel.params.end());
  std::string_view src = tree.Source();
  for (const Node& stmt : Statements(body)) {
    if (stmt.Type() != "expression_statement" || stmt.NamedChildCount() != 1) continue;
    Node a = stmt.NamedChild(0);
    if (a.Type() != "assignment" || a.ChildByField("left").Type() != "identifier" || a.ChildByField("type")) continue;
    Node value = a.ChildByField("right");
    std::string name(a.ChildByField("left").Text());
    if (!value || params.count(name) || bindings.count[name] != 1) continue;
    bool is_tuple = value.Type() == "tuple" || value.Type() == "expression_list";
    bool is_shape = value.Type() == "attribute" && value.ChildByField("attribute").Text() == "shape" &&
                    value.ChildByField("object").Type() == "identifier";
    if (!is_tuple && !is_shape) continue;
    std::vector<Node> elems;
    if (is_tuple)
      for (const Node& c : value.NamedChildren())
        if (c.Type() != "comment") elems.push_back(c);
    if (is_tuple && elems.empty()) continue;
    // The value must read what it read at the binding wherever it is used.
    bool stable = true;
    WalkWithParent(value, a, [&](const Node& n, const Node& p) {
      if (!stable) return false;
      std::string_view t = n.Type();
      if (t == "tuple" && n != value) stable = false;  // nested tuples stay tuples
      if (t == "call") {
        std::string fn = mod.imports.Resolve(n.ChildByField("function"));
        if (fn != "int" && fn != "float" && fn != "len" && fn != "min" && fn != "max" && fn != "abs") stable = false;
        return stable;
      }
      if (!IsNameUse(n, p) || (p.Type() == "call" && p.ChildByField("function") == n)) return true;
      std::string r(n.Text());
      int times = bindings.count.count(r) ? bindings.count[r] : 0;
      if (params.count(r)) stable = times == 0;
      else stable = times == 1 && bindings.first[r] < stmt.StartByte() && bindings.first[r] >= body.StartByte();
      // A local bound once but inside a loop or branch before: its value may differ.
      if (stable && !params.count(r)) {
        bool top = false;
        for (const Node& s : Statements(body))
          if (s.StartByte() <= bindings.first[r] && bindings.first[r] < s.EndByte())
            top = s.Type() == "expression_statement";
        stable = top;
      }
      return stable;
    });
    if (!stable) continue;
    // Every use comes after the binding; collect the edits first.
    std::vector<Edit> uses;
    bool ok = true;
    WalkWithParent(body, def, [&](const Node& n, const Node& p) {
      if (!ok) return false;
      if (n == a.ChildByField("left") || !IsName(n, name) || !IsNameUse(n, p)) return true;
      if (n.StartByte() < stmt.EndByte()) {
        ok = false;
        return false;
      }
      if (p.Type() == "subscript" && p.ChildByField("value") == n && is_tuple) {
        std::vector<Node> idx = p.ChildrenByField("subscript");
        std::string_view digits = idx.size() == 1 ? idx[0].Text() : std::string_view();
        bool negative = idx.size() == 1 && idx[0].Type() == "unary_operator" &&
                        idx[0].ChildByField("operator").Text() == "-";
        if (negative) digits = idx[0].ChildByField("argument").Text();
        if (!digits.empty() && digits.size() < 6 && digits.find_first_not_of("0123456789") == std::string_view::npos) {
          long k = std::stol(std::string(digits));
          if (negative) k = static_cast<long>(elems.size()) - k;
          if (k >= 0 && k < static_cast<long>(elems.size())) {
            uses.push_back(Edit{p.StartByte(), p.EndByte(), Operand(elems[static_cast<size_t>(k)]), {}, 0});
            return true;
          }
        }
      }
      if (is_tuple && p.Type() == "argument_list" && p.NamedChildCount() == 1 &&
          mod.imports.Resolve(p.Parent().ChildByField("function")) == "len") {
        uses.push_back(Edit{p.Parent().StartByte(), p.Parent().EndByte(), std::to_string(elems.size()), {}, 0});
        return true;
      }
      std::string text = value.Type() == "expression_list" ? "(" + std::string(value.Text()) + ")"
                                                            : std::string(value.Text());
      uses.push_back(Edit{n.StartByte(), n.EndByte(), text, {}, 0});
      return true;
    });
    if (!ok || uses.empty()) continue;
    // The binding goes with its line: nothing else may share that line.
    std::string_view rest = src.substr(stmt.EndByte());
    rest = rest.substr(0, rest.find('\n'));
    size_t more = rest.find_first_not_of(" \t\r");
    if (more != std::string_view::npos && rest[more] != '#') continue;
    out.insert(out.end(), uses.begin(), uses.end());
    uint32_t from = stmt.StartByte();
    while (from > 0 && (src[from - 1] == ' ' || src[from - 1] == '\t')) --from;
    uint32_t to = stmt.EndByte();
    while (to < src.size() && src[to] != '\n') ++to;
    if (to < src.size()) ++to;
    out.push_back(Edit{from, to, "", {}, 0});
  }
  return out;
}

}  // namespace caramba
