// kernel_writer_declarations.cpp — SemanticTransformer's KernelWriter,
// declarations: loop-variable copies, one typed declaration per local.
// The KernelWriter and the order of its steps: kernel_writer.h, kernel_writer.cpp.
#include "visitors/kernel_writer.h"

#include <algorithm>

namespace caramba {

// Range loops whose variable is assigned in the body or read after the
// loop get a fresh counter and a copy (loop_variables.h); the parallel
// loop's variable is a local of the workunit already.
void KernelWriter::FindLoopCopies() {
  for (uint32_t at : LoopsNeedingVariableCopy(body_)) {
    Node loop = ctx_.tree().Root().DescendantForByteRange(at, at + 3);
    while (loop && loop.Type() != "for_statement") loop = loop.Parent();
    if (!loop || loop == loop_ || loop == par_) continue;
    if (loop.StartByte() < region_root_.StartByte() || loop.EndByte() > region_root_.EndByte()) continue;
    copied_loops_.insert(at);
    copied_vars_.insert(std::string(loop.ChildByField("left").Text()));
  }
}

// `for i in range(...):` -> `for _pk_loopN_i in range(...):` with
// `i = _pk_loopN_i` as the body's first statement.
void KernelWriter::CopyLoopVariable(const Node& loop) {
  Node target = loop.ChildByField("left"), body = loop.ChildByField("body");
  std::string var(target.Text());
  std::string counter = std::string(kReservedPrefix) + "loop" + std::to_string(copy_count_++) + "_" + var;
  edits_.Replace(target.StartByte(), target.EndByte(), counter, "loop variable");
  Node colon;
  for (const Node& c : loop.Children())
    if (c.Type() == ":") colon = c;
  std::string_view src = ctx_.source();
  bool same_line = src.substr(colon.EndByte(), body.StartByte() - colon.EndByte()).find('\n') == std::string_view::npos;
  if (same_line) {  // `for i in range(n): i = 2 * i; ...`
    std::string ind = Indent(loop) + unit_;
    edits_.Replace(colon.EndByte(), body.StartByte(), nl_ + ind + var + " = " + counter + nl_ + ind, "loop variable");
  } else {
    edits_.Insert(colon.EndByte(), nl_ + Indent(body) + var + " = " + counter, "loop variable");
  }
}

// ---- declarations ------------------------------------------------------------
void KernelWriter::Declarations() {
  std::set<std::string> skip;
  skip.insert(plan_.loop_var);
  if (!plan_.inner_loop_var.empty()) skip.insert(plan_.inner_loop_var);
  if (!plan_.time_var.empty()) skip.insert(plan_.time_var);
  skip.insert(plan_.reduction.var);
  for (const auto& a : plan_.allocations) skip.insert(a.var);
  std::set<std::string> loop_vars;
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "for_statement") loop_vars.insert(std::string(n.ChildByField("left").Text()));
    return true;
  });
  // A loop variable is declared by its `for`; one that is also assigned
  // outside its loops needs its own declaration (the `for` shadows it).
  std::set<std::string> assigned;
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "assignment" || n.Type() == "augmented_assignment") {
      Node l = n.ChildByField("left");
      if (l.Type() == "identifier") assigned.insert(std::string(l.Text()));
      if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern")
        for (const Node& c : l.NamedChildren()) assigned.insert(std::string(c.Text()));
    }
    return true;
  });
  assigned.insert(copied_vars_.begin(), copied_vars_.end());  // by the copy at the top of the loop body
  // Every use of every local to declare, in one walk: the NumPy lowering
  // writes kernels with hundreds of temporaries, and a walk per local made
  // this quadratic (star2 took 0.6 s).
  std::map<std::string, std::vector<Node>, std::less<>> uses;
  for (const auto& v : plan_.locals) {
    if (skip.count(v) || (loop_vars.count(v) && !assigned.count(v))) continue;
    if (plan_.types.count(v) && plan_.types.at(v).rank > 0) continue;  // subviews: `s = v[i, :]` declares them
    uses[v];
  }
  auto collect = [&](const Node& root) {
    WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& p) {
      if (n.Type() == "identifier" && IsNameUse(n, p)) {
        auto it = uses.find(n.Text());
        if (it != uses.end()) it->second.push_back(n);
      }
      return true;
    });
  };
  for (const auto& [s, e] : plan_.setup) collect(NodeAt(s, e));
  collect(region_root_);
  for (auto& [v, occ] : uses) {
    if (occ.empty()) continue;
    // In source order, once each: set-up statements are collected first and
    // may also lie inside the region (serial kernels), and the declaration
    // goes at the first use in the text.
    std::sort(occ.begin(), occ.end(), [](const Node& a, const Node& b) { return a.StartByte() < b.StartByte(); });
    occ.erase(std::unique(occ.begin(), occ.end(),
                          [](const Node& a, const Node& b) { return a.StartByte() == b.StartByte(); }),
              occ.end());
    Scalar t = plan_.types.at(v).scalar;
    Node first = occ[0];
    Node asg = first.Parent();
    bool plain = asg.Type() == "assignment" && asg.ChildByField("left") == first &&
                 !Mentions(asg.ChildByField("right"), v) && asg.Parent().Type() == "expression_statement";
    if (plain) {
      Node stmt = asg.Parent();
      Node block = stmt.Parent();
      bool contained = true;
      for (const Node& o : occ)
        if (o.StartByte() < stmt.StartByte() || o.EndByte() > block.EndByte()) contained = false;
      if (contained) {
        declare_in_place_[stmt.StartByte()] = t;
        continue;
      }
    }
    // Hoist: the smallest block holding every use, moved out of any loop
    // below the region root so a value carried between iterations survives.
    Node block = first.Parent();
    auto contains = [](const Node& b, const Node& o) { return o.StartByte() >= b.StartByte() && o.EndByte() <= b.EndByte(); };
    while (block && block != region_root_) {
      if (block.Type() == "block") {
        bool all = true;
        for (const Node& o : occ) all = all && contains(block, o);
        if (all) break;
      }
      block = block.Parent();
    }
    if (!block) block = region_root_;
    Node outer_loop;
    for (Node a = block; a && a != region_root_; a = a.Parent())
      if (a.Type() == "for_statement" || a.Type() == "while_statement") outer_loop = a;
    if (outer_loop) block = outer_loop.Parent();
    if (!contains(region_root_, block) && loop_) block = region_root_;
    Node anchor;
    for (const Node& s : Statements(block))
      if (contains(s, first)) anchor = s;
    if (!anchor) anchor = Statements(block).empty() ? first : Statements(block)[0];
    hoisted_[anchor.StartByte()] += v + ": " + DialectScalar(t) + " = " + ZeroOf(t) + nl_ +
                                    std::string(IndentationAt(ctx_.source(), anchor.StartByte()));
  }
  for (const auto& [pos, text] : hoisted_) edits_.Insert(pos, text, "declaration");
}

}  // namespace caramba
