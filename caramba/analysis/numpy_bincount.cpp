// numpy_bincount.cpp — `counts = np.bincount(x)` of an integer vector, as
// Numba computes it: the largest value (the result has that many plus one
// elements, at least minlength), NumPy's ValueError for a negative value,
// then one pass adding 1 at each value. The two scans are max/min
// reductions, exact in any order; the counting pass is a shared update of
// integers (atomic in a parallel phase), exact in any order too. Only a host
// program can allocate an array whose length a phase computed, so a kernel
// that is one workunit keeps its refusal (the check reads a computed value).
// See numpy_lowerer.h for how the files share the work.
#include "caramba/analysis/numpy_lowerer.h"

namespace caramba::numpy_lowering {

std::string Lowerer::FillBincount(const Node& s, const std::string& name, const Node& call) {
  std::string fn = FirstLine(call.ChildByField("function").Text());
  std::vector<Node> ops = Operands(call);
  Node minlength;
  for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
    if (a.Type() != "keyword_argument") continue;
    if (a.ChildByField("name").Text() == "minlength") minlength = a.ChildByField("value");
    else ops.push_back(a);  // weights=: refused below
  }
  if (ops.size() != 1)
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() with weights", call,
         "add the weights in a loop of your own (for i in range(n): out[x[i]] += w[i]); a parallel sum of "
         "floating-point weights would add them in another order than Numba");
  Node x = ops[0];
  if (ExprRank(x) != 1)
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() on '" + FirstLine(x.Text()) + "', which is not a vector", x);
  Scalar es = ResultScalar(x, in_.types);
  if (!IsInteger(es))
    Fail(DiagId::kNumpyExpression,
         "calls " + fn + "() on '" + FirstLine(x.Text()) + "', whose elements are not known to be integers", x,
         "pass an integer array (np.bincount counts non-negative integers)");
  if (minlength && (ExprRank(minlength) != 0 || NeedsLowering(minlength)))
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() with a minlength that is not a scalar", minlength);
  // Inside a loop or branch: the host runs it with NumPy, as a new array
  // bound twice (CRB207).
  if (!top_) {
    if (!InParallelLoop(s)) out_.host_runs.push_back(s.StartByte());
    Fail(DiagId::kNumpyNewArray, "binds '" + name + "' to " + fn + "() inside a loop or branch", s,
         "count at the top level of the kernel");
  }
  std::vector<Dim> shape;
  std::vector<std::string> idx;
  std::vector<std::string> per;  // per-element temporaries, inside each loop
  std::string elem = LoopedElement(x, true, shape, idx, per);
  // One loop nest over x with `last` as its body.
  auto scan = [&](const std::string& last) {
    std::vector<std::string> body;
    std::string ind = Loops(shape, body, idx);
    for (const auto& l : per) body.push_back(ind + l);
    body.push_back(ind + last);
    return body;
  };
  // Each scan a loop of its own: one reduction each, which the automatic
  // parallelisation recognises (`acc = max(acc, v)`).
  std::string hi = Fresh("acc"), lo = Fresh("acc");
  lines_.push_back(hi + " = -1");
  for (const std::string& l : scan(hi + " = max(" + hi + ", " + elem + ")")) lines_.push_back(l);
  lines_.push_back(lo + " = 0");
  for (const std::string& l : scan(lo + " = min(" + lo + ", " + elem + ")")) lines_.push_back(l);
  Guard({lo + " < 0"}, "ValueError", "bincount(): first argument must be non-negative");
  std::string length = hi + " + 1";
  if (minlength) length = "max(" + length + ", " + ScalarText(minlength) + ")";
  length = Hold(length, "n");
  lines_.push_back(name + " = " + numpy_ + ".zeros(" + length + ", dtype=" + numpy_ + ".int64)");
  std::vector<Dim>& own = new_dims_[name];
  own.clear();
  Dim d;
  d.offset = "0";
  d.stop = name + ".shape[0]";
  d.length = length;
  d.key = "bincount|" + name;
  d.plain = true;
  own.push_back(d);
  rank_memo_.clear();  // `name` now has a rank
  new_scalar_[name] = Scalar::kInt64;
  std::string indent = Indentation(s), text;
  for (const std::string& b : scan(name + "[" + elem + "] += 1"))
    text += (text.empty() ? "" : in_.newline + indent) + ShiftContinuations(b, indent);
  return text;
}

}  // namespace caramba::numpy_lowering
