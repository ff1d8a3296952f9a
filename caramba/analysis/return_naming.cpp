// return_naming.cpp — see return_naming.h.
#include "caramba/analysis/return_naming.h"

#include <string>

#include "caramba/analysis/helper_inlining.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/walk.h"
#include "caramba/text.h"

namespace caramba {

namespace {

// Whether `n` looks like array work: a matrix product, a slice, a call of a
// NumPy function or of an array method (`x.sum(axis=0)`, `a.copy()`), or a
// transpose. A plain name, a number or scalar arithmetic is left alone.
bool LooksLikeArrayWork(const ModuleInfo& mod, const Node& n) {
  bool found = false;
  Walk(n, [&](const Node& c) {
    if (found) return false;
    std::string_view t = c.Type();
    if (t == "lambda") return false;
    if (t == "binary_operator" && c.ChildByField("operator").Text() == "@") found = true;
    if (t == "slice") found = true;
    if (t == "attribute" && c.ChildByField("attribute").Text() == "T") found = true;
    if (t == "call") {
      Node fn = c.ChildByField("function");
      if (fn.Type() == "attribute") {
        // np.dot(...), numpy.where(...): NumPy; x.sum(axis=0), a.copy(): a
        // method of a local (an array); math.sqrt(...): scalar.
        std::string q = mod.imports.Resolve(fn);
        Node obj = fn.ChildByField("object");
        bool module = obj.Type() == "identifier" && mod.imports.ModuleAliases().count(std::string(obj.Text()));
        if (q.rfind("numpy.", 0) == 0 || !module) found = true;
      }
    }
    return true;
  });
  return found;
}

// Whether `n` calls NumPy outside the NumPy table (np.cumprod): as an
// element of the returned tuple the host program evaluates it in Python, as
// a named statement it would be refused (CRB201).
bool CallsUnlowerableNumpy(const ModuleInfo& mod, const Node& n) {
  bool found = false;
  Walk(n, [&](const Node& c) {
    if (found || c.Type() == "lambda") return false;
    if (c.Type() == "call") {
      std::string q = mod.imports.Resolve(c.ChildByField("function"));
      if (q.rfind("numpy.", 0) == 0 && !FindNumpyFunction(q)) found = true;
    }
    return true;
  });
  return found;
}

}  // namespace

std::vector<Edit> NameReturnedArrays(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel) {
  std::vector<Edit> out;
  Node def = tree.Root().DescendantForByteRange(kernel.def_start_byte, kernel.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return out;
  Node body = def.ChildByField("body");
  std::vector<Node> stmts;
  for (const Node& c : body.NamedChildren())
    if (c.Type() != "comment") stmts.push_back(c);
  if (stmts.empty() || stmts.back().Type() != "return_statement") return out;
  Node ret = stmts.back();
  if (ret.StartPoint().row == def.StartPoint().row) return out;  // a one-line def
  Node value = ret.NamedChildCount() == 1 ? ret.NamedChild(0) : Node();
  while (value && value.Type() == "parenthesized_expression" && value.NamedChildCount() == 1)
    value = value.NamedChild(0);
  if (!value || (value.Type() != "expression_list" && value.Type() != "tuple")) return out;
  // A user name in the reserved namespace is refused (CRB125); a name given
  // next to it could capture it.
  bool reserved = false;
  Walk(body, [&](const Node& n) {
    if (n.Type() == "identifier" && n.Text().rfind("_pk_", 0) == 0 && n.Text().rfind(kInlinePrefix, 0) != 0)
      reserved = true;
    return !reserved;
  });
  if (reserved) return out;
  std::string_view src = tree.Source();
  std::string indent(IndentationAt(src, ret.StartByte()));
  std::string nl(DominantNewline(src));
  std::string lines;
  // Named when one element is array work; then every element but names,
  // numbers and attributes, so the host program returns names only.
  std::vector<Node> elements;
  bool array_work = false;
  for (const Node& el : value.NamedChildren()) {
    if (el.Type() == "comment") continue;
    elements.push_back(el);
    array_work = array_work || LooksLikeArrayWork(mod, el);
    if (CallsUnlowerableNumpy(mod, el)) return out;
  }
  if (!array_work) return out;
  int k = 0;
  for (const Node& el : elements) {
    std::string_view t = el.Type();
    if (t == "identifier" || t == "integer" || t == "float" || t == "attribute" || t == "true" || t == "false" ||
        t == "none" || t == "string")
      continue;
    std::string name = std::string(kReturnPrefix) + std::to_string(k++);
    lines += name + " = " + std::string(el.Text()) + nl + indent;
    out.push_back(Edit{el.StartByte(), el.EndByte(), name, {}, 0});
  }
  if (lines.empty()) return out;
  out.push_back(Edit{ret.StartByte(), ret.StartByte(), lines, {}, 0});
  return out;
}

}  // namespace caramba
