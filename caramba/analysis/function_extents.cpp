// function_extents.cpp — see function_extents.h.
#include "caramba/analysis/function_extents.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "caramba/analysis/walk.h"

namespace caramba {

bool AsLiteralExtent(const Node& call, std::string* array, int* dim) {
  if (call.Type() != "call") return false;
  Node fn = call.ChildByField("function");
  if (fn.Type() != "attribute" || fn.ChildByField("attribute").Text() != "extent") return false;
  Node obj = fn.ChildByField("object");
  auto args = call.ChildByField("arguments").NamedChildren();
  if (obj.Type() != "identifier" || args.size() != 1 || args[0].Type() != "integer") return false;
  *array = std::string(obj.Text());
  *dim = std::atoi(std::string(args[0].Text()).c_str());
  return true;
}

namespace {

Node CallAt(const Tree& tree, uint32_t s, uint32_t e) {
  Node n = tree.Root().DescendantForByteRange(s, e);
  while (n && (n.StartByte() != s || n.EndByte() != e || n.Type() != "call")) n = n.Parent();
  return n;
}

bool IsArrayParam(const KernelPlan& f, const std::string& name) {
  if (std::find(f.params.begin(), f.params.end(), name) == f.params.end()) return false;
  auto t = f.types.find(name);
  return t != f.types.end() && t->second.rank > 0;
}

}  // namespace

FunctionExtents ComputeFunctionExtents(const Tree& tree, const std::vector<KernelPlan>& functions) {
  std::map<std::string, const KernelPlan*> by_name;
  for (const KernelPlan& f : functions) by_name[f.function_name] = &f;
  std::map<std::string, std::set<std::pair<std::string, int>>> needs;
  // What each body reads itself.
  for (const KernelPlan& f : functions) {
    Node def = tree.Root().DescendantForByteRange(f.def_start, f.def_end);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    Walk(def.ChildByField("body"), [&](const Node& n) {
      std::string a;
      int d = 0;
      if (AsLiteralExtent(n, &a, &d) && IsArrayParam(f, a)) needs[f.function_name].insert({a, d});
      return true;
    });
  }
  // What they pass on to the helpers they call, to a fixed point.
  for (bool changed = true; changed;) {
    changed = false;
    for (const KernelPlan& f : functions) {
      for (const HelperCall& c : f.calls) {
        auto callee = by_name.find(c.function);
        if (callee == by_name.end() || !needs.count(c.function)) continue;
        Node call = CallAt(tree, c.start, c.end);
        if (!call) continue;
        auto args = call.ChildByField("arguments").NamedChildren();
        const std::vector<std::string>& params = callee->second->params;
        for (const auto& [q, d] : std::set<std::pair<std::string, int>>(needs[c.function])) {
          size_t at = std::find(params.begin(), params.end(), q) - params.begin();
          if (at >= args.size() || args[at].Type() != "identifier") continue;
          std::string a(args[at].Text());
          if (IsArrayParam(f, a) && needs[f.function_name].insert({a, d}).second) changed = true;
        }
      }
    }
  }
  FunctionExtents out;
  for (const KernelPlan& f : functions) {
    auto it = needs.find(f.function_name);
    if (it == needs.end()) continue;
    std::vector<ExtentParam>& list = out[f.function_name];
    for (size_t i = 0; i < f.params.size(); ++i)
      for (const auto& [a, d] : it->second)
        if (a == f.params[i])
          list.push_back({a, i, d, std::string(kReservedPrefix) + a + "_extent" + std::to_string(d)});
  }
  return out;
}

}  // namespace caramba
