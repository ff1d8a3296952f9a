// write_analysis.cpp — see write_analysis.h.
#include "write_analysis.h"

#include <map>
#include <set>

#include "caramba/syntax.h"

namespace pykokkos_rt {
namespace {

using caramba::Node;

std::string ParamName(const Node& p) {
  if (p.Type() == "identifier") return std::string(p.Text());
  if (p.Type() == "typed_parameter" || p.Type() == "default_parameter" || p.Type() == "typed_default_parameter") {
    Node n = p.ChildByField("name");
    if (!n) n = p.NamedChild(0);
    if (n && n.Type() == "identifier") return std::string(n.Text());
  }
  return "";
}

// The name a store through `target` writes: `v` for v[i], v[i][j], v[i, j].
std::string StoredName(Node target) {
  if (target.Type() != "subscript") return "";
  while (target.Type() == "subscript" || target.Type() == "parenthesized_expression")
    target = target.Type() == "subscript" ? target.ChildByField("value") : target.NamedChild(0);
  return target.Type() == "identifier" ? std::string(target.Text()) : "";
}

class Analysis {
 public:
  explicit Analysis(const caramba::Tree& tree) {
    for (const Node& top : tree.Root().NamedChildren()) {
      Node def = top.Type() == "decorated_definition" ? top.ChildByField("definition") : top;
      if (def && def.Type() == "function_definition") defs_[std::string(def.ChildByField("name").Text())] = def;
    }
  }

  // Which parameters (by position) of the top-level function `name` it may write.
  const std::vector<bool>& Writes(const std::string& name) {
    if (auto it = memo_.find(name); it != memo_.end()) return it->second;
    auto d = defs_.find(name);
    std::vector<std::string> params;
    if (d != defs_.end())
      for (const Node& p : d->second.ChildByField("parameters").NamedChildren()) params.push_back(ParamName(p));
    // Recursion (not in the dialect, but never loop on it): everything written.
    memo_[name] = std::vector<bool>(params.size(), true);
    if (d == defs_.end()) return memo_[name];
    std::set<std::string> written = WrittenNames(d->second.ChildByField("body"));
    std::vector<bool> out;
    for (const auto& p : params) out.push_back(written.count(p) > 0);
    return memo_[name] = out;
  }

 private:
  // Names the body stores into, with subview aliases (`s = v[i, :]`) resolved
  // to the view they alias.
  std::set<std::string> WrittenNames(const Node& body) {
    std::map<std::string, std::string> alias;
    std::set<std::string> stored;
    caramba::Walk(body, [&](const Node& n) {
      std::string_view t = n.Type();
      if (t == "function_definition" || t == "class_definition" || t == "lambda") return false;
      if (t == "assignment" || t == "augmented_assignment") {
        Node left = n.ChildByField("left"), right = n.ChildByField("right");
        std::string s = StoredName(left);
        if (!s.empty()) stored.insert(s);
        if (left.Type() == "identifier" && right && right.Type() == "subscript") {
          std::string base = StoredName(right);
          if (!base.empty()) alias[std::string(left.Text())] = base;
        }
      } else if (t == "call") {
        Node fn = n.ChildByField("function");
        std::vector<Node> args = n.ChildByField("arguments").NamedChildren();
        std::string callee = fn.Type() == "attribute" ? std::string(fn.ChildByField("attribute").Text())
                             : fn.Type() == "identifier" ? std::string(fn.Text()) : "";
        if (callee.rfind("atomic_", 0) == 0 && !args.empty() && args[0].Type() == "identifier") {
          stored.insert(std::string(args[0].Text()));
        } else if (fn.Type() == "identifier" && defs_.count(callee)) {
          const std::vector<bool>& w = Writes(callee);
          for (size_t k = 0; k < args.size() && k < w.size(); ++k)
            if (w[k] && args[k].Type() == "identifier") stored.insert(std::string(args[k].Text()));
        }
      }
      return true;
    });
    std::set<std::string> out;
    for (std::string s : stored) {
      for (int hops = 0; hops < 64 && alias.count(s); ++hops) s = alias[s];
      out.insert(s);
    }
    return out;
  }

  std::map<std::string, Node> defs_;
  std::map<std::string, std::vector<bool>> memo_;
};

}  // namespace

std::vector<bool> WrittenParams(const caramba::Tree& tree, const std::string& workunit,
                                const std::vector<std::string>& params) {
  Analysis a(tree);
  const std::vector<bool>& by_position = a.Writes(workunit);
  // The workunit's own parameter names, to map kernel parameters by name.
  std::map<std::string, bool> by_name;
  caramba::Walk(tree.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition" && n.ChildByField("name").Text() == workunit && by_name.empty()) {
      std::vector<Node> ps = n.ChildByField("parameters").NamedChildren();
      for (size_t k = 0; k < ps.size() && k < by_position.size(); ++k) by_name[ParamName(ps[k])] = by_position[k];
    }
    return n.Type() == "module" || n.Type() == "decorated_definition";
  });
  std::vector<bool> out;
  for (const auto& p : params) {
    auto it = by_name.find(p);
    out.push_back(it == by_name.end() || it->second);  // unknown: assume written
  }
  return out;
}

}  // namespace pykokkos_rt
