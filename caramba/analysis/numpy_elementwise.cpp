// numpy_elementwise.cpp — element-wise assignments `a[...] op= <array expression>`.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>
#include <functional>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

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
    if (l.kind == Leaf::Kind::kArray) return l.base == target.base && l.entries_key != target.entries_key;
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

bool Lowerer::InParallelLoop(const Node& s) const {
  for (Node p = s.Parent(); p && p != body_; p = p.Parent()) {
    if (p.Type() == "for_statement" &&
        in_.imports.Resolve(p.ChildByField("right").ChildByField("function")) == "numba.prange")
      return true;
  }
  return false;
}

}  // namespace caramba::numpy_lowering
