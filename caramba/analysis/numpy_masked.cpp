// numpy_masked.cpp — reductions of the elements a boolean mask selects:
// `np.mean(data[mask])`, `data[(r >= lo) & (r < hi)].sum()`, and NPBench's
// azimint_naive spelling `values = data[mask]` then `np.mean(values)`.
// NumPy makes a new array of the selected elements (its length known only at
// run time); the sum, the product and the mean of it are one loop over the
// indexed vector that adds the element where the mask holds, in the same
// order as Numba's loop over the new array, so the result is Numba's. The
// mean divides by the count of selected elements: Numba raises
// ZeroDivisionError when it is 0, which the lowering checks after counting
// (a check on a computed value: a host program runs it).
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

namespace {

bool MaskedReduction(const NumpyFunction* f) {
  return f && f->cls == NumpyClass::kReduction &&
         (f->reduce == NumpyReduce::kSum || f->reduce == NumpyReduce::kMean || f->reduce == NumpyReduce::kProd);
}

// The statement of `block` that holds `n`, or a null node.
Node StatementIn(const Node& block, const Node& n) {
  Node p = n;
  while (p && p.Parent() && p.Parent() != block) p = p.Parent();
  return p && p.Parent() == block ? p : Node();
}

}  // namespace

Node Lowerer::MaskedOperand(const Node& operand) const {
  Node o = StripParens(operand);
  if (o.Type() == "identifier") {
    auto it = mask_aliases_.find(std::string(o.Text()));
    return it == mask_aliases_.end() ? Node() : it->second;
  }
  return o.Type() == "subscript" && MaskIndex(o) ? o : Node();
}

bool Lowerer::MaskAlias(const Node& s, const Node& left, const Node& right) {
  Node sub = StripParens(right);
  if (left.Type() != "identifier" || sub.Type() != "subscript" || !MaskIndex(sub)) return false;
  std::string v(left.Text());
  if (bound_[v] != 1) return false;
  // The names the selection reads: none may change between the binding
  // and a reduction (NumPy selected the elements at the binding).
  std::set<std::string> reads;
  Walk(sub, [&](const Node& n) {
    if (n.Type() == "identifier") reads.insert(std::string(n.Text()));
    return true;
  });
  Node block = s.Parent();
  std::vector<Node> stmts = Statements(block);
  auto at = std::find(stmts.begin(), stmts.end(), s);
  if (at == stmts.end()) return false;
  bool ok = true;
  Walk(body_, [&](const Node& n) {
    if (!ok) return false;
    if (n.Type() != "identifier" || n.Text() != v || n == left) return true;
    // The one operand of a reduction that takes it: np.mean(v), v.sum().
    Node p = n.Parent(), call;
    if (p.Type() == "argument_list" && p.NamedChildCount() == 1) call = p.Parent();
    else if (p.Type() == "attribute" && p.ChildByField("object") == n && p.Parent().Type() == "call" &&
             p.Parent().ChildByField("arguments").NamedChildCount() == 0)
      call = p.Parent();
    if (!call || !MaskedReduction(Row(call))) return ok = false;
    // Later in the same block, with nothing between writing what it reads.
    Node use = StatementIn(block, n);
    auto u = std::find(stmts.begin(), stmts.end(), use);
    if (!use || u <= at) return ok = false;
    for (auto t = at + 1; t != u && ok; ++t)
      Walk(*t, [&](const Node& w) {
        std::string_view ty = w.Type();
        if (ty == "assignment" || ty == "augmented_assignment" || ty == "for_statement")
          Walk(w.ChildByField("left"), [&](const Node& id) {
            if (id.Type() == "identifier" && reads.count(std::string(id.Text()))) ok = false;
            return ok;
          });
        if (ty == "call" && !Row(w))  // a helper may store into them
          for (const Node& a : w.ChildByField("arguments").NamedChildren())
            if (a.Type() == "identifier" && reads.count(std::string(a.Text()))) ok = false;
        return ok;
      });
    return ok;
  });
  if (!ok) return false;
  mask_aliases_[v] = sub;
  out_.rewrites.push_back({s.StartByte(), s.EndByte(),
                           "# " + FirstLine(s.Text()) + "  (its reductions read " +
                               std::string(sub.ChildByField("value").Text()) + " where the mask holds)"});
  return true;
}

std::string Lowerer::MaskedReduce(const Node& call, const NumpyFunction* f, const Node& masked) {
  Node mask = MaskIndex(masked);
  Node base = masked.ChildByField("value");
  CheckOperandKinds(mask);
  Leaf data = MakeLeaf(base);
  std::vector<Leaf> leaves;
  Leaves(mask, leaves);
  std::vector<Dim> result = data.dims;
  // The mask has the vector's length exactly (NumPy's IndexError otherwise;
  // it never broadcasts).
  std::vector<std::string> clauses;
  Broadcast(leaves, result, false);
  for (Leaf& l : leaves)
    for (size_t j = 0; j < l.dims.size(); ++j) {
      if (l.dims[j].stride.empty()) continue;
      clauses.push_back("(" + l.dims[j].length + " != " + result[result.size() - l.dims.size() + j].length + ")");
      l.dims[j].stride.clear();
    }
  std::string shown = FirstLine(call.Text());
  Guard(clauses, "IndexError", "boolean index did not match indexed array in " + Squeeze(shown));
  if (top_)
    for (Leaf& l : leaves) HoldDims(l.dims, false);
  Scalar es = ResultScalar(base, in_.types);
  bool integer = IsInteger(es) || es == Scalar::kBool;
  bool mean = f->reduce == NumpyReduce::kMean, prod = f->reduce == NumpyReduce::kProd;
  std::string acc = Fresh("acc"), count = mean ? Fresh("c") : "";
  std::map<std::string, std::string> outer_starts = start_;
  std::vector<std::string> idx = Indices(result);
  std::vector<std::string>* caller_sink = sink_;
  std::vector<std::string> per;
  sink_ = &per;
  size_t next = 0;
  std::string cond = ElementText(mask, idx, leaves, next);
  std::string elem = Access(data, idx);
  sink_ = caller_sink;
  // Numba's accumulators: an integer sum or product stays an integer, a
  // mean adds in float64.
  auto loop = [&](const std::vector<std::string>& then) {
    std::vector<std::string> body;
    std::string ind = Loops(result, body, idx);
    for (const auto& l : per) body.push_back(ind + l);
    body.push_back(ind + "if " + cond + ":");
    for (const auto& t : then) body.push_back(ind + in_.indent_unit + t);
    lines_.insert(lines_.end(), body.begin(), body.end());
  };
  // The mean counts in a loop of its own, first: each loop is one reduction
  // (which the parallelisation takes), and the count's check stands between
  // them, where a host program runs it before the sum.
  if (mean) {
    lines_.push_back(count + " = 0");
    loop({count + " += 1"});
    Guard({count + " == 0"}, "ZeroDivisionError", "division by zero in np.mean of an empty array");
  }
  lines_.push_back(acc + " = " + (prod ? (integer ? "1" : "1.0") : (integer && !mean ? "0" : "0.0")));
  loop({acc + (prod ? " *= " : " += ") + elem});
  start_ = outer_starts;
  return mean ? "(" + acc + " / " + count + ")" : acc;
}

}  // namespace caramba::numpy_lowering
