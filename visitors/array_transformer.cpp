// array_transformer.cpp — see array_transformer.h.
#include "visitors/array_transformer.h"

#include <optional>
#include <string>

#include <algorithm>

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/walk.h"
#include "caramba/text.h"

namespace caramba {

namespace {

class Rewriter {
 public:
  Rewriter(const KernelPlan& plan, const ImportTable& imports, std::string_view source, std::string_view newline)
      : plan_(plan), imports_(imports), source_(source), newline_(newline) {}

  std::string Rw(const Node& n) { return Rw(n, n.Parent()); }
  std::string Rw(const Node& n, const Node& parent) {
    std::string_view t = n.Type();
    if (t == "expression_statement") {
      if (auto unpack = ShapeUnpack(n)) return *unpack;
    }
    if (t == "subscript" && !(parent.Type() == "subscript" && parent.ChildByField("value") == n)) {
      if (auto s = Subscript(n)) return *s;
    }
    if (t == "call" && imports_.Resolve(n.ChildByField("function")) == "len") {
      auto args = n.ChildByField("arguments").NamedChildren();
      if (args.size() == 1 && Rank(args[0]) > 0) return Extent(std::string(args[0].Text()), "0", n);
    }
    if (t == "attribute") {
      Node obj = n.ChildByField("object");
      std::string_view attr = n.ChildByField("attribute").Text();
      int rank = Rank(obj);
      if (rank > 0 && attr == "ndim") return std::to_string(rank);
      if (rank > 0 && attr == "size") {
        std::string name(obj.Text());
        if (rank == 1) return Extent(name, "0", n);
        std::string prod;
        bool bare = BareContext(n);
        for (int d = 0; d < rank; ++d) {
          if (d) prod += " * ";
          std::string e = name + ".extent(" + std::to_string(d) + ")";
          prod += bare ? e : "int(" + e + ")";
        }
        return bare ? prod : "(" + prod + ")";
      }
    }
    return Splice(n);
  }

 private:
  std::string Splice(const Node& e) {
    return SpliceChildren(e, [&](const Node& c) { return Rw(c, e); });
  }

  int Rank(const Node& n) const {
    if (n.Type() != "identifier") return 0;
    auto it = plan_.types.find(n.Text());
    return it == plan_.types.end() ? 0 : it->second.rank;
  }

  // Where an unsigned extent cannot underflow or compare wrongly.
  bool BareContext(const Node& n) const {
    Node p = n.Parent();
    if (p.Type() == "assignment" && p.ChildByField("right") == n) return true;
    if (p.Type() == "argument_list") {
      std::string q = imports_.Resolve(p.Parent().ChildByField("function"));
      return q == "range" || q == "numba.prange" || q == "int";
    }
    return false;
  }

  std::string Extent(const std::string& name, const std::string& dim, const Node& at) const {
    std::string e = name + ".extent(" + dim + ")";
    return BareContext(at) ? e : "int(" + e + ")";
  }

  std::optional<std::string> Subscript(const Node& top) {
    // The index lists, innermost subscript last, and the subscript node of
    // each: an index is rewritten with its parent known (Node::Parent() walks
    // down from the root, which made a long chain of `a[i] + a[i] + ...`
    // quadratic).
    std::vector<std::vector<Node>> levels;
    std::vector<Node> level_nodes;
    Node base = top;
    while (base.Type() == "subscript") {
      levels.push_back(base.ChildrenByField("subscript"));
      level_nodes.push_back(base);
      base = base.ChildByField("value");
    }
    if (base.Type() == "attribute" && base.ChildByField("attribute").Text() == "shape" && levels.size() == 1 &&
        levels[0].size() == 1) {
      Node obj = base.ChildByField("object");
      int rank = Rank(obj);
      if (rank == 0) return std::nullopt;
      Node idx = levels[0][0];
      std::string dim = Rw(idx, top);
      if (idx.Type() == "unary_operator" && idx.Child(0).Text() == "-" && idx.ChildByField("argument").Type() == "integer")
        dim = std::to_string(rank - std::stoi(std::string(idx.ChildByField("argument").Text())));
      return Extent(std::string(obj.Text()), dim, top);
    }
    if (Rank(base) == 0) return std::nullopt;
    // A row or slice used as a view (`f(a[i])`, `row = a[i, 1:-1]`) keeps its
    // Numba form for the SubviewTransformer; only its index expressions change.
    if (levels.size() == 1 && (levels[0].size() < static_cast<size_t>(Rank(base)) ||
                               std::any_of(levels[0].begin(), levels[0].end(),
                                           [](const Node& x) { return x.Type() == "slice"; })))
      return Splice(top);
    std::string name(base.Text());
    std::string out = name;
    int d = 0;
    for (size_t level = levels.size(); level-- > 0;) {
      const Node& parent = level_nodes[level];
      for (const Node& idx : levels[level]) {
        out += "[";
        if (idx.Type() == "unary_operator" && idx.Child(0).Text() == "-" &&
            idx.ChildByField("argument").Type() == "integer") {
          // Numba wraps negative indices; views do not.
          out += name + ".extent(" + std::to_string(d) + ") - " + std::string(idx.ChildByField("argument").Text());
        } else if (MayBeNegative(idx)) {
          // `a[i - 1]` with i from 0 reads a[-1] in Numba (the last element);
          // views do not wrap, so wrap explicitly (unsigned arithmetic: for
          // idx in [-n, n), (idx + n) % n is the Python index).
          std::string ext = name + ".extent(" + std::to_string(d) + ")";
          out += "(" + Rw(idx, parent) + " + " + ext + ") % " + ext;
        } else {
          out += Rw(idx, parent);
        }
        out += "]";
        ++d;
      }
    }
    return out;
  }

  // An index `v + k` (`v`, `v + c`, `c + v`, `v - c`; k an integer literal) where
  // v is the variable of an enclosing range loop that can make it negative:
  // Numba wraps it, a view does not. The lowest value v takes is read off the
  // range where its bounds are literals (`range(-1, n - 1)` in a polygon's
  // perimeter reads x[-1]); where they are not, an offset below zero or a start
  // written as a negation (`range(-r, r + 1)`) may be negative, and anything
  // else is taken as written (`range(indptr[i], indptr[i + 1])`).
  bool MayBeNegative(const Node& idx) const {
    Node v = idx;
    long k = 0;
    if (idx.Type() == "binary_operator") {
      std::string_view op = idx.ChildByField("operator").Text();
      Node l = idx.ChildByField("left"), r = idx.ChildByField("right");
      if (op == "+" && l.Type() == "integer" && r.Type() == "identifier") std::swap(l, r);
      if ((op != "+" && op != "-") || l.Type() != "identifier") return false;
      auto c = IntLiteral(r);
      if (!c) return false;
      v = l;
      k = op == "-" ? -*c : *c;
    } else if (idx.Type() != "identifier") {
      return false;
    }
    // Find the loop that binds v (the innermost enclosing for over range/prange).
    for (Node a = idx.Parent(); a; a = a.Parent()) {
      if (a.Type() == "function_definition") break;
      if (a.Type() != "for_statement" || a.ChildByField("left").Text() != v.Text()) continue;
      Node call = a.ChildByField("right");
      if (call.Type() != "call") return false;
      auto args = call.ChildByField("arguments").NamedChildren();
      if (args.size() == 1) return k < 0;
      if (args.size() < 2) return false;
      std::optional<long> step = args.size() >= 3 ? IntLiteral(args[2]) : std::optional<long>(1);
      if (!step) return k < 0;
      // The lowest value: the start going up, just above the stop going down.
      const Node& bound = *step > 0 ? args[0] : args[1];
      if (auto b = IntLiteral(bound)) return (*step > 0 ? *b : *b + 1) + k < 0;
      return k < 0 || (bound.Type() == "unary_operator" && bound.ChildByField("operator").Text() == "-");
    }
    return false;  // not a loop variable: nothing known, left as written
  }

  // The value of an integer literal, negated ones included (`3`, `-1`).
  static std::optional<long> IntLiteral(const Node& n) {
    bool negative = n.Type() == "unary_operator" && n.ChildByField("operator").Text() == "-";
    Node lit = negative ? n.ChildByField("argument") : n;
    std::string_view digits = lit.Text();
    if (lit.Type() != "integer" || digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    long v = std::stol(std::string(digits));
    return negative ? -v : v;
  }

  // `n, m = a.shape` -> one assignment per extent, on separate lines.
  std::optional<std::string> ShapeUnpack(const Node& stmt) {
    if (stmt.NamedChildCount() != 1) return std::nullopt;
    Node a = stmt.NamedChild(0);
    if (a.Type() != "assignment") return std::nullopt;
    Node l = a.ChildByField("left"), r = a.ChildByField("right");
    if ((l.Type() != "pattern_list" && l.Type() != "tuple_pattern") || r.Type() != "attribute" ||
        r.ChildByField("attribute").Text() != "shape")
      return std::nullopt;
    std::string arr(r.ChildByField("object").Text());
    std::string indent(IndentationAt(source_, stmt.StartByte()));
    std::string out;
    int d = 0;
    for (const Node& id : l.NamedChildren()) {
      if (d) out += std::string(newline_) + indent;
      out += std::string(id.Text()) + " = " + arr + ".extent(" + std::to_string(d) + ")";
      ++d;
    }
    return out;
  }

  const KernelPlan& plan_;
  const ImportTable& imports_;
  std::string_view source_;
  std::string_view newline_;
};

}  // namespace

VisitorResult ArrayTransformer::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  // Kernels and the helpers that become @pk.functions (call_graph.h).
  for (const KernelPlan* p : PlansToRewrite(ctx.Get<KernelPlanAnalysis>(), ctx.module(), ctx.options().kernels)) {
    const KernelPlan& plan = *p;
    Node def = ctx.tree().Root().DescendantForByteRange(plan.def_start, plan.def_end);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    Node body = def.ChildByField("body");
    Rewriter rw(plan, ctx.module().imports, ctx.source(), ctx.newline());
    std::string text = rw.Rw(body);
    if (text != body.Text()) r.edits.Replace(body.StartByte(), body.EndByte(), text, plan.name);
  }
  return r;
}

}  // namespace caramba
