// numpy_elementwise.cpp — element-wise assignments `a[...] op= <array expression>`.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>
#include <cctype>
#include <functional>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

namespace {

// `j`, `j-2`, `j+1`, `3` (squeezed): the name ("" for a literal) and the constant added to it.
bool NameOffset(const std::string& squeezed, std::string& name, long& offset) {
  size_t op = squeezed.find_first_of("+-", 1);
  std::string head = op == std::string::npos ? squeezed : squeezed.substr(0, op);
  std::string tail = op == std::string::npos ? "" : squeezed.substr(op + 1);
  if (!tail.empty() && !IsIntegerText(tail)) return false;
  long c = tail.empty() ? 0 : std::stol(tail) * (squeezed[op] == '-' ? -1 : 1);
  if (IsIntegerText(head)) {
    if (!tail.empty()) return false;
    name.clear();
    offset = std::stol(head);
    return true;
  }
  if (head.empty() || !(std::isalpha(static_cast<unsigned char>(head[0])) || head[0] == '_')) return false;
  for (char ch : head)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') return false;
  name = head;
  offset = c;
  return true;
}

// An integer literal, possibly negated: its value.
bool LiteralValue(const Node& e, long& v) {
  Node n = StripParens(e);
  bool neg = n.Type() == "unary_operator" && n.Child(0).Text() == "-";
  if (neg) n = StripParens(n.ChildByField("argument"));
  std::string t(n.Text());
  if (n.Type() != "integer" || !IsIntegerText(t)) return false;
  v = neg ? -std::stol(t) : std::stol(t);
  return true;
}

}  // namespace

// The smallest value loop variable `name` of a `for name in range(...)`
// around `s` takes, when the range's bounds say it (a literal start going
// up, a literal stop coming down) and the body never rebinds it.
bool Lowerer::LoopMinimum(const Node& s, const std::string& name, long& min) const {
  for (Node p = s.Parent(); p && p != body_; p = p.Parent()) {
    if (p.Type() != "for_statement" || p.ChildByField("left").Text() != name) continue;
    Node call = p.ChildByField("right");
    if (call.Type() != "call" || call.ChildByField("function").Text() != "range") return false;
    std::vector<Node> args = call.ChildByField("arguments").NamedChildren();
    for (const Node& a : args)
      if (a.Type() == "keyword_argument" || a.Type() == "comment") return false;
    long step = 1;
    if (args.size() == 3 && !LiteralValue(args[2], step)) return false;
    bool ok = false;
    if (args.size() == 1) ok = (min = 0, true);
    else if (args.size() >= 2 && step > 0) ok = LiteralValue(args[0], min);
    else if (args.size() == 3 && step < 0 && LiteralValue(args[1], min)) ok = (min += 1, true);
    if (!ok) return false;
    bool rebound = false;
    Walk(p.ChildByField("body"), [&](const Node& x) {
      bool binds = x.Type() == "assignment" || x.Type() == "augmented_assignment" || x.Type() == "for_statement" ||
                   x.Type() == "named_expression";
      if (binds)
        Walk(x.ChildByField(x.Type() == "named_expression" ? "name" : "left"), [&](const Node& t) {
          if (t.Type() == "identifier" && t.Text() == name) rebound = true;
          // `p[1:n, j] = ...` writes an element: its index binds nothing.
          return !rebound && t.Type() != "subscript" && t.Type() != "attribute";
        });
      return !rebound;
    });
    return !rebound;
  }
  return false;
}

// Leaves of one base that provably share no element: in some dimension both
// index one element, the same loop variable plus different constants (or
// different literals), and neither index can be negative (a negative index
// counts from the end and could meet the other: p[:, j - 1] at j = 0).
bool Lowerer::Disjoint(const Node& s, const Leaf& a, const Leaf& b) const {
  for (size_t d = 0; d < a.fixed.size() && d < b.fixed.size(); ++d) {
    if (a.fixed[d].empty() || b.fixed[d].empty()) continue;
    std::string na, nb;
    long ca = 0, cb = 0;
    if (!NameOffset(Squeeze(a.fixed[d]), na, ca) || !NameOffset(Squeeze(b.fixed[d]), nb, cb)) continue;
    if (na != nb || ca == cb) continue;
    long lowest = 0;
    if (!na.empty() && !LoopMinimum(s, na, lowest)) continue;
    if (lowest + std::min(ca, cb) >= 0) return true;
  }
  return false;
}

void Lowerer::ElementWise(const Node& s, const Node& left, const std::string& op, const Node& right) {
  // In `C *= alpha` the target is itself an operand: a known array beside
  // which a parameter is a scalar, as in `C[:] = C * alpha`.
  if (op == "=") CheckOperandKinds(right);
  // At the top level the bounds go into temporaries first and the shape
  // check reads them (the caller repeats them as scalar set-up); deeper,
  // the check spells the bounds out so that it stands alone.
  top_ = s.Parent() == body_;
  Leaf target = MakeLeaf(left);
  std::vector<Leaf> leaves;
  Leaves(right, leaves);
  if (top_) {
    HoldDims(target.dims, true);
    for (Leaf& l : leaves) HoldDims(l.dims, true);
  }
  std::vector<Dim> result = target.dims;
  std::vector<std::string> clauses = Broadcast(leaves, result, false);
  if (top_)
    for (Leaf& l : leaves) HoldDims(l.dims, false);
  bool overlap = false;
  // A computed operand (`A @ x`, np.outer) reads other elements of its operands.
  std::function<bool(const Leaf&)> reads_other = [&](const Leaf& l) {
    if (l.kind == Leaf::Kind::kArray)
      return l.base == target.base && l.entries_key != target.entries_key && !Disjoint(s, l, target);
    if (l.kind == Leaf::Kind::kGather && l.base == target.base) return true;  // x[idx] reads any element of x
    for (const auto& part : l.sub)
      for (const Leaf& x : part)
        if (x.base == target.base || reads_other(x)) return true;
    return false;
  };
  for (const Leaf& l : leaves)
    if (reads_other(l)) overlap = true;
  std::string what = Squeeze(FirstLine(s.Text()));
  if (!clauses.empty()) Note(DiagId::kNumpyGuard, "checks the shapes of '" + FirstLine(s.Text()) + "' in the caller", s);
  // Shape check first: NumPy raises before writing anything.
  Guard(clauses, "ValueError", "could not broadcast the operands of " + what);
  HoldDims(target.dims, true);
  for (size_t d = 0; d < result.size(); ++d) result[d] = target.dims[d];
  for (Leaf& l : leaves) HoldDims(l.dims, false);
  std::vector<std::string> idx = Indices(result);
  size_t next = 0;
  std::vector<std::string> per;  // per-element temporaries, inside the loop
  sink_ = &per;
  std::string value = ElementText(right, idx, leaves, next);
  sink_ = &lines_;
  auto per_element = [&](const std::string& ind, std::vector<std::string>& out) {
    for (const auto& l : per) out.push_back(ind + l);
  };
  std::vector<std::string> body;
  if (overlap) {
    // NumPy evaluates the right-hand side into a temporary first.
    std::string shape;
    for (size_t d = 0; d < result.size(); ++d) shape += (d ? ", " : "") + result[d].length;
    if (result.size() > 1) shape = "(" + shape + ")";
    Node host = HostStatement(s, shape);
    if (!host && target.kind == Leaf::Kind::kArray && target.perm.empty()) {
      // Lengths that change from step to step (`y[:k]` in `for k`): a
      // temporary with the target's own extents holds every step's elements
      // (a slice is never longer than its axis), and those extents are known
      // before the loop when the target is.
      std::string extents;
      for (size_t d = 0; d < target.fixed.size(); ++d)
        if (target.fixed[d].empty())
          extents += (extents.empty() ? "" : ", ") + target.base + ".shape[" + std::to_string(d) + "]";
      if (result.size() > 1) extents = "(" + extents + ")";
      if (Node h = HostStatement(s, extents); h && !(h == s)) {
        host = h;
        shape = extents;
      }
    }
    if (!host || numpy_.empty())
      Fail(DiagId::kNumpyTemporary, "'" + FirstLine(s.Text()) + "' reads '" + target.base +
                                        "' through other indices and needs a temporary array", s,
           "write the update with an explicit loop, or into another array");
    std::string tmp = Fresh("tmp");
    Scalar es = ElementScalar(right, in_.types, in_.imports);
    if (es == Scalar::kUnknown) es = ResultScalar(right, in_.types);  // np.outer & co
    std::string dtype = IsInteger(es) || es == Scalar::kBool ? ", dtype=" + numpy_ + ".int64"
                        : es == Scalar::kFloat32             ? ", dtype=" + numpy_ + ".float32"
                                                             : "";
    // A top-level allocation: the caller performs it (KernelPlan::allocations).
    // Inside a time loop it goes before the loop: one array serves every step.
    std::string alloc = tmp + " = " + numpy_ + ".empty(" + shape + dtype + ")";
    if (host == s) temp_allocations_.push_back(alloc);
    else hoisted_[host.StartByte()] += alloc + in_.newline + Indentation(host);
    std::string ind = Loops(result, body, idx);
    std::string tmp_at = tmp + "[";
    for (size_t d = 0; d < idx.size(); ++d) tmp_at += (d ? ", " : "") + Position(idx[d]);
    tmp_at += "]";
    per_element(ind, body);
    body.push_back(ind + tmp_at + " = " + value);
    ind = Loops(result, body, idx);
    body.push_back(ind + Access(target, idx) + " " + op + " " + tmp_at);
  } else {
    std::string ind = Loops(result, body, idx);
    per_element(ind, body);
    body.push_back(ind + Access(target, idx) + " " + op + " " + value);
  }
  std::string indent = Indentation(s);
  std::string text;
  for (size_t k = 0; k < body.size(); ++k) text += (k ? in_.newline + indent : "") + ShiftContinuations(body[k], indent);
  if (overlap) {
    // The allocation is a top-level statement after the bounds it uses.
    lines_.insert(lines_.end(), temp_allocations_.begin(), temp_allocations_.end());
    temp_allocations_.clear();
  }
  Emit(s, text);
}

// The top-level statement before which a temporary of `shape` can be
// allocated once: `s` itself at the top level; the outermost statement
// around it when no prange loop encloses it (its iterations would share the
// array) and the shape reads only parameters and extents named before that
// statement. Null when there is none.
Node Lowerer::HostStatement(const Node& s, const std::string& shape) const {
  if (s.Parent() == body_) return s;
  if (InParallelLoop(s)) return Node();
  Node host = s;
  while (host && host.Parent() != body_) {
    host = host.Parent();
    if (host.Type() == "function_definition" || host.Type() == "lambda") return Node();
  }
  if (!host) return Node();
  for (const std::string& id : NamesIn(shape)) {
    if (id == "max" || id == "min") continue;
    auto alias = aliases_.find(id);
    auto once = top_bound_.find(id);
    bool param = std::find(in_.params.begin(), in_.params.end(), id) != in_.params.end() && !bound_.count(id);
    if (!param && !(alias != aliases_.end() && alias->second.end <= host.StartByte()) &&
        !(once != top_bound_.end() && once->second <= host.StartByte()))
      return Node();
  }
  return host;
}

Node Lowerer::MaskIndex(const Node& left) const {
  if (left.Type() != "subscript") return Node();
  Node base = left.ChildByField("value");
  auto subs = left.ChildrenByField("subscript");
  // Numba 0.56 indexes with a boolean array of one dimension only (a 2-D
  // mask fails to type there): vectors only.
  if (base.Type() != "identifier" || Rank(base) != 1 || subs.size() != 1 || subs[0].Type() == "slice") return Node();
  return ExprRank(subs[0]) == 1 && ResultScalar(subs[0], in_.types) == Scalar::kBool ? subs[0] : Node();
}

// NumPy's boolean mask assignment with a scalar value: every element where
// the mask is true gets the value (evaluated once, first). The mask must have
// the array's shape exactly (NumPy raises IndexError otherwise, and does not
// broadcast it). An array value fills the selected elements in order: refused.
void Lowerer::MaskedAssign(const Node& s, const Node& left, const Node& right) {
  Node base = left.ChildByField("value"), mask = MaskIndex(left);
  if (IsArrayValued(right))
    Fail(DiagId::kNumpyExpression, "assigns the array '" + FirstLine(right.Text()) + "' through a boolean mask", right,
         "write the loop: for i in range(n): if mask[i]: a[i] = b[i]");
  CheckOperandKinds(mask);
  std::string value = HoldValue(ScalarText(right));
  Leaf target = MakeLeaf(base);
  std::vector<Leaf> leaves;
  Leaves(mask, leaves);
  // NumPy computes the whole mask before storing: a mask that reads the
  // array elsewhere than at the stored element would see stored values.
  for (const Leaf& l : leaves) {
    bool other = l.kind == Leaf::Kind::kArray ? l.base == target.base && l.entries_key != target.entries_key
                                              : MentionsName(l.node, target.base);
    if (other)
      Fail(DiagId::kNumpyTemporary, "'" + FirstLine(s.Text()) + "' reads '" + target.base +
                                        "' in its mask through other indices and needs a temporary array",
           l.node, "compute the mask first: m = <condition>; then a[m] = value");
  }
  std::vector<Dim> result = target.dims;
  std::vector<std::string> clauses;
  Broadcast(leaves, result, false);
  for (Leaf& l : leaves)
    for (size_t j = 0; j < l.dims.size(); ++j) {
      if (l.dims[j].stride.empty()) continue;
      const Dim& r = result[result.size() - l.dims.size() + j];
      clauses.push_back("(" + l.dims[j].length + " != " + r.length + ")");
      l.dims[j].stride.clear();  // equal once the check passed
    }
  Guard(clauses, "IndexError", "boolean index did not match indexed array in " + Squeeze(FirstLine(s.Text())));
  if (!clauses.empty()) Note(DiagId::kNumpyGuard, "checks the shape of the mask of '" + FirstLine(s.Text()) + "' in the caller", s);
  if (top_)
    for (Leaf& l : leaves) HoldDims(l.dims, false);
  std::vector<std::string> idx = Indices(result);
  size_t next = 0;
  std::vector<std::string> per;
  sink_ = &per;
  std::string cond = ElementText(mask, idx, leaves, next);
  sink_ = &lines_;
  std::vector<std::string> body;
  std::string ind = Loops(result, body, idx);
  for (const auto& l : per) body.push_back(ind + l);
  std::string at;
  for (size_t d = 0; d < idx.size(); ++d) at += (d ? ", " : "") + idx[d];
  body.push_back(ind + "if " + cond + ":");
  body.push_back(ind + in_.indent_unit + target.base + "[" + at + "] = " + value);
  std::string indent = Indentation(s), text;
  for (size_t k = 0; k < body.size(); ++k) text += (k ? in_.newline + indent : "") + ShiftContinuations(body[k], indent);
  Emit(s, text);
}

bool Lowerer::InParallelLoop(const Node& s) const {
  for (Node p = s.Parent(); p && p != body_; p = p.Parent()) {
    if (p.Type() == "for_statement" &&
        in_.imports.Resolve(p.ChildByField("right").ChildByField("function")) == "numba.prange")
      return true;
  }
  return false;
}

}  // namespace caramba::numpy_lowering
