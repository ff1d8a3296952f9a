// iteration_privacy.cpp — see iteration_privacy.h.
#include "caramba/analysis/iteration_privacy.h"

#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

// Definite assignment of one name through statements: `assigned` is whether
// every path so far has assigned it; a read while it is not is unsafe.
class Flow {
 public:
  explicit Flow(const std::string& v) : v_(v) {}

  // False as soon as a read may see a value from before the statements.
  bool Statements(const std::vector<Node>& stmts, bool& assigned) const {
    for (const Node& s : stmts)
      if (!Statement(s, assigned)) return false;
    return true;
  }

  bool Block(const Node& block, bool& assigned) const {
    return !block || Statements(caramba::Statements(block), assigned);
  }

  // Reads of the name in `e` are safe.
  bool Read(const Node& e, bool assigned) const { return assigned || !e || !MentionsName(e, v_); }

 private:
  bool Statement(const Node& s, bool& assigned) const {
    std::string_view t = s.Type();
    if (t == "comment" || t == "pass_statement") return true;
    if (t == "expression_statement") {
      for (const Node& e : s.NamedChildren()) {
        if (e.Type() == "assignment") {
          if (!Assignment(e, assigned)) return false;
        } else if (e.Type() == "augmented_assignment") {
          // `x += e` reads x, then assigns it: safe only once x is assigned.
          if (!Read(e, assigned)) return false;
        } else if (!Read(e, assigned)) {
          return false;
        }
      }
      return true;
    }
    if (t == "if_statement") return If(s, assigned);
    if (t == "for_statement") {
      if (!Read(s.ChildByField("right"), assigned)) return false;
      bool in_body = assigned || Targets(s.ChildByField("left"));
      if (!Block(s.ChildByField("body"), in_body)) return false;
      // The body may run no time at all: nothing it assigns is assigned after.
      bool in_else = assigned;
      return Block(ElseBody(s), in_else);
    }
    if (t == "while_statement") {
      if (!Read(s.ChildByField("condition"), assigned)) return false;
      bool in_body = assigned, in_else = assigned;
      return Block(s.ChildByField("body"), in_body) && Block(ElseBody(s), in_else);
    }
    // return, raise, assert, del, break, continue, and whatever else mentions
    // the name (with, try, a nested function): a read, never an assignment.
    return Read(s, assigned);
  }

  static Node ElseBody(const Node& s) {
    Node alt = s.ChildByField("alternative");
    return alt ? alt.ChildByField("body") : Node();
  }

  // `a = b = e`, `x, y = e`, `x: T = e`: the value first, then the targets
  // (whose subscripts read with the state before the statement).
  bool Assignment(Node a, bool& assigned) const {
    std::vector<Node> targets;
    Node value = a;
    while (value && value.Type() == "assignment") {
      targets.push_back(value.ChildByField("left"));
      value = value.ChildByField("right");
    }
    if (!Read(value, assigned)) return false;
    bool any = false;
    for (const Node& tg : targets) {
      if (!TargetReads(tg, assigned)) return false;
      // `x: float` alone declares, it does not assign.
      any = any || (a.ChildByField("right") && Targets(tg));
    }
    assigned = assigned || any;
    return true;
  }

  // The target names the variable itself (also inside a tuple target).
  bool Targets(const Node& tg) const {
    std::string_view t = tg.Type();
    if (t == "identifier") return tg.Text() == v_;
    if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "parenthesized_expression" ||
        t == "list_splat_pattern" || t == "tuple" || t == "list") {
      for (const Node& c : tg.NamedChildren())
        if (Targets(c)) return true;
    }
    return false;
  }

  // Reads inside a target: the indices of `a[x] = ...`, the object of `o.f = ...`.
  bool TargetReads(const Node& tg, bool assigned) const {
    std::string_view t = tg.Type();
    if (t == "identifier") return true;
    if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "parenthesized_expression" ||
        t == "list_splat_pattern" || t == "tuple" || t == "list") {
      for (const Node& c : tg.NamedChildren())
        if (!TargetReads(c, assigned)) return false;
      return true;
    }
    return Read(tg, assigned);
  }

  // Every branch from the state before the `if`; assigned after it when
  // every branch assigns (no `else`: the path that takes no branch).
  bool If(const Node& s, bool& assigned) const {
    if (!Read(s.ChildByField("condition"), assigned)) return false;
    bool all = true, has_else = false;
    bool b = assigned;
    if (!Block(s.ChildByField("consequence"), b)) return false;
    all = all && b;
    for (const Node& alt : s.ChildrenByField("alternative")) {
      bool in = assigned;
      if (alt.Type() == "elif_clause") {
        if (!Read(alt.ChildByField("condition"), assigned) || !Block(alt.ChildByField("consequence"), in)) return false;
      } else {
        has_else = true;
        if (!Block(alt.ChildByField("body"), in)) return false;
      }
      all = all && in;
    }
    assigned = assigned || (all && has_else);
    return true;
  }

  const std::string& v_;
};

}  // namespace

bool AssignedBeforeRead(const std::vector<Node>& stmts, const std::string& v) {
  bool assigned = false;
  return Flow(v).Statements(stmts, assigned);
}

bool PrivateToIteration(const Node& loop, const std::string& v) {
  Flow f(v);
  bool assigned = false;
  if (loop.Type() == "for_statement") {
    if (!f.Read(loop.ChildByField("right"), false)) return false;
    Node target = loop.ChildByField("left");
    assigned = IsName(target, v);
    if (!assigned && MentionsName(target, v)) assigned = true;  // `for i, v in ...`
  } else if (loop.Type() == "while_statement") {
    if (!f.Read(loop.ChildByField("condition"), false)) return false;
  } else {
    return false;
  }
  return f.Block(loop.ChildByField("body"), assigned);
}

bool DeadAfter(const Node& body, const Node& stmt, const std::string& v) {
  Flow f(v);
  for (Node s = stmt;;) {
    Node block = s.Parent();
    if (!block) return false;
    std::vector<Node> rest;
    bool after = false;
    for (const Node& c : Statements(block)) {
      if (after) rest.push_back(c);
      after = after || c == s;
    }
    bool assigned = false;
    if (!f.Statements(rest, assigned)) return false;
    if (assigned || block == body) return true;
    Node owner = block.Parent();
    if (owner && (owner.Type() == "elif_clause" || owner.Type() == "else_clause")) owner = owner.Parent();
    if (!owner) return false;
    std::string_view t = owner.Type();
    if ((t == "for_statement" || t == "while_statement") && !PrivateToIteration(owner, v)) return false;
    if (t != "for_statement" && t != "while_statement" && t != "if_statement") return false;
    s = owner;
  }
}

}  // namespace caramba
