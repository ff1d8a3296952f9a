// numpy_histogram.cpp — `counts, edges = np.histogram(x, bins, range=(lo, hi))`
// with a number of bins, written as Numba 0.56 computes it (numba/np/
// arraymath.py, np_histogram), which is not NumPy's algorithm (NumPy corrects
// each bin against the edges, and widens an empty range): the data's least
// and largest values when no range is given (NaN skipped), the checks Numba
// makes, then for each element the bin floor((v - lo) * bins / (hi - lo)),
// the largest value counted in the last bin; the edges are Numba's linspace,
// lo + k * step with the last edge hi. The counting loop is a shared update of
// integers, exact in any order.
// See numpy_lowerer.h for how the files share the work.
#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/type_inference.h"

namespace caramba::numpy_lowering {

void Lowerer::Histogram(const Node& s, const Node& targets, const Node& call) {
  std::string fn = FirstLine(call.ChildByField("function").Text());
  std::vector<Node> names;
  for (const Node& t : targets.NamedChildren())
    if (t.Type() != "comment") names.push_back(t);
  if (names.size() != 2 || names[0].Type() != "identifier" || names[1].Type() != "identifier")
    Fail(DiagId::kNumpyExpression, "unpacks " + fn + "() into something other than two names", targets,
         "write counts, edges = " + fn + "(...)");
  std::string counts(names[0].Text()), edges(names[1].Text());
  if (!top_ || bound_[counts] != 1 || bound_[edges] != 1) {
    if (!top_ && !InParallelLoop(s)) out_.host_runs.push_back(s.StartByte());
    Fail(DiagId::kNumpyNewArray,
         "binds '" + counts + "' and '" + edges + "' to " + fn + "() " +
             (top_ ? "and assigns them again" : "inside a loop or branch"),
         s, "compute the histogram once, at the top level of the kernel");
  }
  std::vector<Node> ops = Operands(call);
  Node bins = ops.size() > 1 ? ops[1] : Node(), range = ops.size() > 2 ? ops[2] : Node();
  for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
    if (a.Type() != "keyword_argument") continue;
    std::string_view k = a.ChildByField("name").Text();
    if (k == "bins") bins = a.ChildByField("value");
    else if (k == "range") range = a.ChildByField("value");
    else
      Fail(DiagId::kNumpyExpression, "calls " + fn + "() with '" + std::string(k) + "='", a,
           "only a number of bins and a range are lowered");
  }
  if (ops.empty() || ops.size() > 3) Fail(DiagId::kNumpyExpression, "calls " + fn + "() without one array", call);
  Node x = ops[0];
  if (ExprRank(x) == 0) Fail(DiagId::kNumpyExpression, "calls " + fn + "() on a scalar", x);
  if (bins && ExprRank(bins) != 0)
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() with an array of bin edges", bins,
         "pass a number of bins (and a range): Numba searches the edges of an array another way");
  Node pair = range ? StripParens(range) : Node();
  std::vector<Node> bounds;
  if (pair)
    for (const Node& b : pair.NamedChildren())
      if (b.Type() != "comment") bounds.push_back(b);
  if (range && (pair.Type() != "tuple" || bounds.size() != 2 || ExprRank(bounds[0]) || ExprRank(bounds[1])))
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() with a range that is not a tuple (lo, hi) of scalars", range);
  Scalar es = ResultScalar(x, in_.types);
  if (!IsInteger(es) && !IsFloat(es))
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() on '" + FirstLine(x.Text()) + "', whose element type is unknown",
         x, kRecordTypesHelp);
  std::vector<Dim> shape;
  std::vector<std::string> idx;
  std::vector<std::string> per;
  std::string elem = LoopedElement(x, false, shape, idx, per);
  std::string v = Fresh("v");
  // One loop nest over x: `v` holds the element, `body` follows it.
  auto scan = [&](const std::vector<std::string>& body, std::vector<std::string>& out) {
    std::string ind = Loops(shape, out, idx);
    for (const auto& l : per) out.push_back(ind + l);
    out.push_back(ind + v + " = " + elem);
    for (const auto& b : body) out.push_back(ind + b);
  };
  std::string nb = Hold(bins ? ScalarText(bins) : "10", "nb"), lo, hi;
  if (range) {
    lo = Hold(ScalarText(bounds[0]), "lo");
    hi = Hold(ScalarText(bounds[1]), "hi");
  } else {
    // The least and the largest value as Numba finds them (a NaN never
    // compares, so it is skipped): one serial scan each, a reduction the
    // parallelisation may take.
    lo = Fresh("lo");
    hi = Fresh("hi");
    lines_.push_back(lo + " = " + numpy_ + ".inf");
    scan({"if " + v + " < " + lo + ":", in_.indent_unit + lo + " = " + v}, lines_);
    lines_.push_back(hi + " = -" + numpy_ + ".inf");
    scan({"if " + v + " > " + hi + ":", in_.indent_unit + hi + " = " + v}, lines_);
  }
  Guard({nb + " <= 0"}, "ValueError", "histogram(): `bins` should be a positive integer");
  Guard({"not " + lo + " <= " + hi}, "ValueError", "histogram(): max must be larger than min in range parameter");
  std::string ratio = Fresh("r"), b = Fresh("b");
  // Numba divides only when the range is not empty (else every count is 0).
  lines_.push_back(ratio + " = " + nb + " / (" + hi + " - " + lo + ") if " + hi + " > " + lo + " else 0.0");
  lines_.push_back(counts + " = " + numpy_ + ".zeros(" + nb + ", dtype=" + numpy_ + ".int64)");
  std::vector<std::string> text;
  std::string u = in_.indent_unit;
  scan({"if " + hi + " > " + lo + ":", u + b + " = " + numpy_ + ".floor((" + v + " - " + lo + ") * " + ratio + ")",
        u + "if " + b + " >= 0 and " + b + " < " + nb + ":", u + u + counts + "[int(" + b + ")] += 1",
        u + "elif " + v + " == " + hi + ":", u + u + counts + "[" + nb + " - 1] += 1"},
       text);
  // np.linspace(lo, hi, nb + 1) as Numba writes it.
  std::string step = Fresh("step"), k = Fresh("k");
  text.push_back(edges + " = " + numpy_ + ".empty(" + nb + " + 1, dtype=" + numpy_ + ".float64)");
  text.push_back(step + " = (" + hi + " * 1.0 - " + lo + " * 1.0) / " + nb);
  text.push_back("for " + k + " in range(" + nb + " + 1):");
  text.push_back(u + edges + "[" + k + "] = " + lo + " * 1.0 + " + k + " * " + step);
  text.push_back(edges + "[" + nb + "] = " + hi + " * 1.0");
  for (const std::string& name : {counts, edges}) {
    Dim d;
    d.offset = "0";
    d.stop = name + ".shape[0]";
    d.length = name == counts ? nb : nb + " + 1";
    d.key = "histogram|" + name;
    d.plain = true;
    new_dims_[name] = {d};
  }
  new_scalar_[counts] = Scalar::kInt64;
  new_scalar_[edges] = Scalar::kFloat64;
  rank_memo_.clear();
  std::string indent = Indentation(s), out;
  for (const std::string& l : text) out += (out.empty() ? "" : in_.newline + indent) + ShiftContinuations(l, indent);
  Emit(s, out);
}

}  // namespace caramba::numpy_lowering
