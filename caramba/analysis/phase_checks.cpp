// phase_checks.cpp — see phase_checks.h.
#include "caramba/analysis/phase_checks.h"

#include <algorithm>

#include "caramba/analysis/loop_dependence.h"
#include "caramba/analysis/walk.h"

namespace caramba {

std::vector<Node> DeferrableChecks(const Node& loop, const Node& kernel_body, const std::vector<std::string>& params,
                                   const ImportTable& imports) {
  std::vector<Node> checks;
  std::string raised;
  for (const Node& s : Statements(loop.ChildByField("body"))) {
    if (s.Type() != "if_statement" || s.ChildByField("alternative")) continue;
    auto body = Statements(s.ChildByField("consequence"));
    // The raise on a line of its own: the phase puts two statements there.
    if (body.size() != 1 || body[0].Type() != "raise_statement" ||
        body[0].StartPoint().row == s.StartPoint().row)
      continue;
    if (!raised.empty() && raised != body[0].Text()) return {};
    raised = std::string(body[0].Text());
    checks.push_back(s);
  }
  if (checks.empty()) return {};
  bool local = true;
  Walk(loop.ChildByField("body"), [&](const Node& n) {
    if (!local) return false;
    if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
    Node l = n.ChildByField("left");
    if (l.Type() == "identifier") return true;
    std::vector<Node> idx;
    Node base;
    local = l.Type() == "subscript" && ElementIndices(l, idx, base) &&
            std::find(params.begin(), params.end(), std::string(base.Text())) == params.end() &&
            OnlyNumpyAllocations(kernel_body, std::string(base.Text()), imports);
    return local;
  });
  return local ? checks : std::vector<Node>{};
}

std::vector<Node> SerialChecks(const Node& loop) {
  std::vector<Node> checks;
  std::string raised;
  bool same = true;
  Walk(loop.ChildByField("body"), [&](const Node& s) {
    if (!same) return false;
    if (s.Type() != "if_statement" || s.ChildByField("alternative")) return true;
    auto body = Statements(s.ChildByField("consequence"));
    if (body.size() != 1 || body[0].Type() != "raise_statement" || body[0].StartPoint().row == s.StartPoint().row)
      return true;
    if (!raised.empty() && raised != body[0].Text()) same = false;
    raised = std::string(body[0].Text());
    checks.push_back(s);
    return false;
  });
  return same ? checks : std::vector<Node>{};
}

std::set<std::string> Dependents(const Node& loop, const std::string& var) {
  std::set<std::string> dep{var};
  for (bool grew = true; grew;) {
    grew = false;
    Walk(loop.ChildByField("body"), [&](const Node& n) {
      std::string_view t = n.Type();
      if (t != "assignment" && t != "augmented_assignment" && t != "for_statement") return true;
      Node r = n.ChildByField("right");
      bool from = false;
      for (const std::string& d : dep) from = from || (r && MentionsName(r, d));
      if (!from) return true;
      std::set<std::string> targets;
      Node l = n.ChildByField("left");
      if (l.Type() == "identifier") {
        targets.insert(std::string(l.Text()));
      } else if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") {
        for (const Node& c : l.NamedChildren())
          if (c.Type() == "identifier") targets.insert(std::string(c.Text()));
      }
      for (const std::string& x : targets) grew = dep.insert(x).second || grew;
      return true;
    });
  }
  return dep;
}

}  // namespace caramba
