// jit_wrappers.cpp — see jit_wrappers.h.
#include "caramba/analysis/jit_wrappers.h"

#include "caramba/text.h"

namespace caramba {

namespace {

struct WrapperNodes {
  Node statement, def, decorator_expr;
};

std::optional<WrapperNodes> FindNodes(const Tree& tree, const Kernel& k) {
  if (k.via_decorator || k.nested || k.is_class || !IsTranslatableKind(k.kind)) return std::nullopt;
  WrapperNodes w;
  Node root = tree.Root();
  for (const Node& c : root.NamedChildren()) {
    if (c.StartByte() == k.decorator_start_byte && c.EndByte() == k.decorator_end_byte) w.statement = c;
    if (c.StartByte() == k.def_start_byte && c.Type() == "function_definition") w.def = c;
  }
  // A def under decorators of its own is a decorated_definition: not found here.
  if (!w.statement || !w.def || w.statement.NamedChildCount() != 1) return std::nullopt;
  Node call = w.statement.NamedChild(0).ChildByField("right");
  if (!call || call.Type() != "call") return std::nullopt;
  w.decorator_expr = call.ChildByField("function");
  return w;
}

}  // namespace

std::optional<WrapperRewrite> PlanWrapperRewrite(const Tree& tree, const Kernel& k) {
  auto w = FindNodes(tree, k);
  if (!w) return std::nullopt;
  auto bound = k.options.find("bound_name");
  if (bound == k.options.end()) return std::nullopt;
  WrapperRewrite r;
  r.name = bound->second;
  // A view of the tree's own text: std::string::substr would return a
  // temporary, and the view would dangle (found by the sanitized fuzz run).
  std::string_view between = std::string_view(tree.Source()).substr(
      w->def.EndByte(), w->statement.StartByte() - w->def.EndByte());
  r.in_place = r.name == k.name && between.find_first_not_of(" \t\r\n") == std::string_view::npos;
  r.restore_start = r.in_place ? w->def.StartByte() : w->statement.StartByte();
  r.restore_end = w->statement.EndByte();
  return r;
}

std::vector<Edit> LowerWrapper(const Tree& tree, const Kernel& k) {
  std::vector<Edit> out;
  auto plan = PlanWrapperRewrite(tree, k);
  if (!plan) return out;
  auto w = FindNodes(tree, k);
  std::string_view src = tree.Source();
  std::string nl(DominantNewline(src));
  std::string decorator = "@" + std::string(w->decorator_expr.Text()) + nl;
  if (plan->in_place) {
    out.push_back(Edit{w->def.StartByte(), w->def.StartByte(), decorator, {}, 0});
    out.push_back(Edit{w->def.EndByte(), w->statement.EndByte(), "", {}, 0});
    return out;
  }
  Node name = w->def.ChildByField("name");
  std::string copy = std::string(src.substr(w->def.StartByte(), name.StartByte() - w->def.StartByte())) + plan->name +
                     std::string(src.substr(name.EndByte(), w->def.EndByte() - name.EndByte()));
  out.push_back(Edit{w->statement.StartByte(), w->statement.EndByte(), decorator + copy, {}, 0});
  return out;
}

}  // namespace caramba
