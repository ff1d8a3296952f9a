// kernel_siblings.cpp — see kernel_siblings.h.
#include "kernel_siblings.h"

#include <map>
#include <string>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace pykokkos_rt {

namespace {

using caramba::Node;

struct Dispatch {
  DispatchKind kind;
  std::string space;  // "" = the space of the call being specialised
};

bool IsAttributeOf(const Node& n, const std::string& alias, const char* name) {
  return n && n.Type() == "attribute" && n.ChildByField("object").Type() == "identifier" &&
         n.ChildByField("object").Text() == alias && n.ChildByField("attribute").Text() == name;
}

// The space a policy expression names literally, kDefault for
// `pk.RangePolicy(pk.get_default_space(), ...)`, "" when it names none
// (`pk.RangePolicy(space_variable, ...)`, a bare count), or "?" when it is no
// RangePolicy at all (a TeamPolicy: not built ahead).
const char* const kDefault = "default";
std::string PolicySpace(const Node& policy, const std::string& alias) {
  if (policy.Type() != "call") return policy.Type() == "identifier" || policy.Type() == "integer" ||
                                        policy.Type() == "binary_operator" ? "" : "?";
  Node fn = policy.ChildByField("function");
  if (!IsAttributeOf(fn, alias, "RangePolicy")) return "?";
  std::vector<Node> args = policy.ChildByField("arguments").NamedChildren();
  if (args.size() != 3) return "";
  for (const char* space : {"Serial", "OpenMP", "Cuda"})
    if (IsAttributeOf(args[0], alias, space)) return space;
  // A module's serial caller (pk.Serial) is often called first, and its
  // parallel siblings run on the default space: built on the caller's space
  // instead, they would miss and compile again at their own first call.
  if (args[0].Type() == "call" && IsAttributeOf(args[0].ChildByField("function"), alias, "get_default_space") &&
      args[0].ChildByField("arguments").NamedChildren().empty())
    return kDefault;
  return "";
}

}  // namespace

std::vector<KernelRequest> SiblingRequests(const KernelRequest& request, const caramba::Tree& tree,
                                           const std::string& default_space) {
  std::vector<KernelRequest> out;
  if (!request.functor_class.empty()) return out;
  caramba::ImportTable imports;
  imports.Build(tree);
  std::string alias;
  for (const auto& [local, module] : imports.ModuleAliases())
    if (module == "pykokkos") alias = local;
  if (alias.empty()) return out;

  // Top-level @<alias>.workunit functions, in file order.
  std::vector<std::pair<std::string, Node>> workunits;
  for (const Node& top : tree.Root().NamedChildren()) {
    if (top.Type() != "decorated_definition") continue;
    Node def = top.ChildByField("definition");
    if (def.Type() != "function_definition") continue;
    for (const Node& dec : top.NamedChildren()) {
      if (dec.Type() != "decorator") continue;
      Node e = dec.NamedChild(0);
      if (e.Type() == "call") e = e.ChildByField("function");
      if (IsAttributeOf(e, alias, "workunit")) workunits.emplace_back(std::string(def.ChildByField("name").Text()), def);
    }
  }
  if (workunits.size() < 2) return out;

  // The first dispatch of each workunit in the file.
  std::map<std::string, Dispatch> dispatched;
  std::map<std::string, bool> refused;  // a dispatch that is not built ahead (reducer, team policy)
  caramba::Walk(tree.Root(), [&](const Node& n) {
    if (n.Type() != "call") return true;
    Node fn = n.ChildByField("function");
    DispatchKind kind;
    if (IsAttributeOf(fn, alias, "parallel_for")) kind = DispatchKind::kFor;
    else if (IsAttributeOf(fn, alias, "parallel_reduce")) kind = DispatchKind::kReduce;
    else if (IsAttributeOf(fn, alias, "parallel_scan")) kind = DispatchKind::kScan;
    else return true;
    std::vector<Node> positional;
    for (const Node& a : n.ChildByField("arguments").NamedChildren())
      if (a.Type() != "keyword_argument" && a.Type() != "comment") positional.push_back(a);
    if (!positional.empty() && positional[0].Type() == "string") positional.erase(positional.begin());  // a label
    if (positional.size() < 2 || positional[1].Type() != "identifier") return true;
    std::string name(positional[1].Text());
    std::string space = PolicySpace(positional[0], alias);
    if (positional.size() > 2 || space == "?") refused[name] = true;
    else if (!dispatched.count(name)) dispatched[name] = Dispatch{kind, space};
    return true;
  });

  std::map<std::string, std::string> given(request.arg_types.begin(), request.arg_types.end());
  for (const auto& [name, def] : workunits) {
    auto d = dispatched.find(name);
    if (name == request.workunit || d == dispatched.end() || refused.count(name)) continue;
    size_t leading = d->second.kind == DispatchKind::kFor ? 1 : d->second.kind == DispatchKind::kReduce ? 2 : 3;
    std::vector<Node> params = def.ChildByField("parameters").NamedChildren();
    if (params.size() < leading) continue;
    KernelRequest r;
    r.path = request.path;
    r.source = request.source;
    r.workunit = name;
    r.kind = d->second.kind;
    const std::string& space = d->second.space;
    r.space = space == kDefault ? (default_space.empty() ? request.space : default_space)
                                : space.empty() ? request.space : space;
    r.strict = request.strict;
    r.schedule = request.schedule;
    r.cell_reductions = request.cell_reductions;
    bool known = true;
    for (size_t k = leading; k < params.size() && known; ++k) {
      const Node& p = params[k];
      if (p.Type() == "typed_parameter") {
        r.arg_types.emplace_back(std::string(p.NamedChild(0).Text()), kFromAnnotation);
      } else if (p.Type() == "identifier" && given.count(std::string(p.Text()))) {
        r.arg_types.emplace_back(std::string(p.Text()), given[std::string(p.Text())]);
      } else {
        known = false;
      }
    }
    if (known) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace pykokkos_rt
