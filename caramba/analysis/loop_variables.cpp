// loop_variables.cpp — see loop_variables.h.
#include "caramba/analysis/loop_variables.h"

#include <map>
#include <utility>
#include <vector>

#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

struct Occurrence {
  uint32_t start = 0;
  bool binds = false;  // assignment, augmented assignment or loop target
  bool reads = false;
};

using Range = std::pair<uint32_t, uint32_t>;

struct Loop {
  Node node;
  std::string var;
  std::vector<Range> enclosing;  // the loops around it
};

bool IsLoop(const Node& n) { return n.Type() == "for_statement" || n.Type() == "while_statement"; }

class Collector {
 public:
  void Visit(const Node& n, const Node& parent) {
    if (n.Type() == "identifier" && IsNameUse(n, parent)) {
      Occurrence o{n.StartByte(), false, true};
      std::string_view pt = parent.Type();
      if ((pt == "assignment" || pt == "for_statement") && parent.ChildByField("left") == n) {
        o.binds = true;
        o.reads = false;
      } else if (pt == "augmented_assignment" && parent.ChildByField("left") == n) {
        o.binds = true;
      } else if ((pt == "pattern_list" || pt == "tuple_pattern") && parent.Parent() &&
                 (parent.Parent().Type() == "assignment" || parent.Parent().Type() == "for_statement") &&
                 parent.Parent().ChildByField("left") == parent) {
        o.binds = true;
        o.reads = false;
      }
      names[std::string(n.Text())].push_back(o);
      return;
    }
    bool loop = IsLoop(n);
    if (n.Type() == "for_statement" && n.ChildByField("left").Type() == "identifier")
      loops.push_back(Loop{n, std::string(n.ChildByField("left").Text()), stack_});
    if (loop) stack_.push_back({n.StartByte(), n.EndByte()});
    for (const Node& c : n.Children()) Visit(c, n);
    if (loop) stack_.pop_back();
  }

  std::map<std::string, std::vector<Occurrence>> names;
  std::vector<Loop> loops;

 private:
  std::vector<Range> stack_;
};

}  // namespace

std::set<uint32_t> LoopsNeedingVariableCopy(const Node& body) {
  Collector c;
  c.Visit(body, body.Parent());
  std::set<uint32_t> out;
  for (const Loop& l : c.loops) {
    Node b = l.node.ChildByField("body");
    auto inside = [](uint32_t at, uint32_t s, uint32_t e) { return at >= s && at < e; };
    // A read in the body of another loop over the same name, apart from this
    // one, sees that loop's value (the NumPy lowering reuses its index names
    // loop after loop).
    auto rebound = [&](uint32_t at) {
      for (const Loop& other : c.loops) {
        if (other.var != l.var) continue;
        uint32_t os = other.node.StartByte(), oe = other.node.EndByte();
        if (oe <= l.node.StartByte() || os >= l.node.EndByte()) {  // disjoint
          Node ob = other.node.ChildByField("body");
          if (inside(at, ob.StartByte(), ob.EndByte())) return true;
        }
      }
      return false;
    };
    for (const Occurrence& o : c.names[l.var]) {
      bool needs = false;
      if (o.binds && inside(o.start, b.StartByte(), b.EndByte())) needs = true;
      if (o.reads && !inside(o.start, l.node.StartByte(), l.node.EndByte()) && !rebound(o.start)) {
        if (o.start >= l.node.EndByte()) needs = true;
        for (const Range& r : l.enclosing)
          if (inside(o.start, r.first, r.second)) needs = true;
      }
      if (needs) {
        out.insert(l.node.StartByte());
        break;
      }
    }
  }
  return out;
}

std::vector<Node> NonIntegerLoopVariableBindings(const Node& body, const TypeTable& types,
                                                 const ImportTable& imports) {
  std::set<std::string> vars;
  Walk(body, [&](const Node& n) {
    if (n.Type() == "for_statement" && n.ChildByField("left").Type() == "identifier")
      vars.insert(std::string(n.ChildByField("left").Text()));
    return true;
  });
  std::vector<Node> out;
  if (vars.empty()) return out;
  Walk(body, [&](const Node& n) {
    if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
    Node l = n.ChildByField("left"), r = n.ChildByField("right");
    if (l.Type() != "identifier" || !r || !vars.count(std::string(l.Text()))) return true;
    Scalar s = TypeOfExpr(r, types, imports).scalar;
    bool integer = IsInteger(s) || s == Scalar::kBool;
    // `k /= 2` is a true division: a float whatever the operands.
    if (n.Type() == "augmented_assignment" && n.ChildByField("operator").Text() == "/=") integer = false;
    // (An unknown type is the echo of a construct refused elsewhere.)
    if (!integer && s != Scalar::kUnknown) out.push_back(n);
    return true;
  });
  return out;
}

}  // namespace caramba
