// chained_assignments.cpp — see chained_assignments.h.
#include "caramba/analysis/chained_assignments.h"

#include <string>

#include "caramba/analysis/walk.h"
#include "caramba/text.h"

namespace caramba {

namespace {

// A value that reads the same however often it is evaluated, and costs nothing.
bool Repeatable(const Node& v) {
  std::string_view t = v.Type();
  if (t == "integer" || t == "float" || t == "true" || t == "false" || t == "identifier") return true;
  if (t == "unary_operator") {
    Node arg = v.ChildByField("argument");
    return arg && (arg.Type() == "integer" || arg.Type() == "float");
  }
  return false;
}

}  // namespace

std::vector<Edit> SplitChainedAssignments(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel) {
  (void)mod;
  std::vector<Edit> out;
  Node def = tree.Root().DescendantForByteRange(kernel.def_start_byte, kernel.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return out;
  std::string_view src = tree.Source();
  std::string nl(DominantNewline(src));
  Walk(def.ChildByField("body"), [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "function_definition" || t == "class_definition" || t == "lambda") return false;
    if (t != "expression_statement" || n.NamedChildCount() != 1) return true;
    Node a = n.NamedChild(0);
    if (a.Type() != "assignment" || a.ChildByField("type") || a.ChildByField("right").Type() != "assignment")
      return false;
    // The targets, left to right, and the value at the end of the chain.
    std::vector<Node> targets;
    Node value = a;
    while (value.Type() == "assignment") {
      if (value.ChildByField("type")) return false;
      targets.push_back(value.ChildByField("left"));
      value = value.ChildByField("right");
    }
    if (!value) return false;
    bool names = true;
    for (const Node& g : targets) {
      if (g.Type() != "identifier" && g.Type() != "subscript") return false;  // tuples, attributes: refused later
      names = names && g.Type() == "identifier";
    }
    bool repeat = Repeatable(value);
    if (!repeat && !names) return false;
    // Only a statement that starts its line: the new lines take its indentation.
    std::string_view indent = IndentationAt(src, n.StartByte());
    uint32_t line_start = n.StartByte();
    while (line_start > 0 && src[line_start - 1] != '\n') --line_start;
    if (n.StartByte() - line_start != indent.size()) return false;
    std::string text;
    std::string v(value.Text());
    if (repeat) {
      for (const Node& g : targets) text += (text.empty() ? "" : nl + std::string(indent)) + std::string(g.Text()) + " = " + v;
    } else {
      std::string last(targets.back().Text());
      text = last + " = " + v;
      for (size_t i = 0; i + 1 < targets.size(); ++i)
        text += nl + std::string(indent) + std::string(targets[i].Text()) + " = " + last;
    }
    out.push_back(Edit{n.StartByte(), n.EndByte(), text, {}, 0});
    return false;
  });
  return out;
}

}  // namespace caramba
