// numpy_ranges.cpp — new vectors computed from scalars or scanned from an
// array, written as Numba 0.56 computes them (numba/np/arrayobj.py:
// np_arange, numpy_linspace_3; numba/np/arraymath.py: array_cumsum,
// array_cumprod), so the elements are Numba's to the last bit:
//   np.arange(start, stop, step, dtype): max(ceil((stop - start) / step), 0)
//     elements start + i * step (a float division, as Numba's); a zero step
//     raises ValueError; int64 from integers, float64 when a bound is a
//     float, else the dtype= given;
//   np.linspace(start, stop, num): float64, start * 1.0 + i * step with
//     step = (stop - start) / (num - 1), the last element stop itself;
//   np.cumsum(x), np.cumprod(x): the flattened x in row-major order, one
//     accumulator of the result's dtype (integers and bools in int64).
// The first two fill each element on its own (a parallel loop); a scan
// carries its accumulator from one element to the next, so its loop stays
// serial (a serial phase of a host program).
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/type_inference.h"

namespace caramba::numpy_lowering {

namespace {

// The dtype= of np.arange that the lowering stores exactly (the element is
// computed as Numba computes it and converted on the store, as Numba does).
Scalar ArangeDtype(std::string_view q) {
  if (q == "numpy.int64" || q == "numpy.intp" || q == "numpy.int_") return Scalar::kInt64;
  if (q == "numpy.int32") return Scalar::kInt32;
  if (q == "numpy.float64" || q == "numpy.double" || q == "numpy.float_") return Scalar::kFloat64;
  if (q == "numpy.float32") return Scalar::kFloat32;
  return Scalar::kUnknown;
}

}  // namespace

std::string Lowerer::FillRange(const Node& s, const std::string& name, const Node& call) {
  const NumpyFunction* f = Row(call);
  bool arange = f->scalar == "arange";
  std::string fn = FirstLine(call.ChildByField("function").Text());
  std::vector<Node> ops = Operands(call);
  Node dtype;
  for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
    if (a.Type() != "keyword_argument") continue;
    std::string_view k = a.ChildByField("name").Text();
    if (arange && k == "dtype") dtype = a.ChildByField("value");
    else if (!arange && k == "endpoint")
      Fail(DiagId::kNumpyExpression, "calls " + fn + "() with endpoint=, which Numba does not accept", a,
           "compute the values without the end point: " + fn + "(start, stop, num + 1)[:num], or "
           "start + np.arange(num) * ((stop - start) / num)");
    else
      Fail(DiagId::kNumpyExpression, "calls " + fn + "() with '" + std::string(k) + "='", a,
           "pass the bounds by position");
  }
  if (arange && ops.size() == 4) {
    dtype = ops[3];
    ops.pop_back();
  }
  if (ops.empty() || ops.size() > 3 || (!arange && ops.size() < 2))
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() with " + std::to_string(ops.size()) + " bounds", call);
  for (const Node& o : ops)
    if (ExprRank(o) != 0)
      Fail(DiagId::kNumpyExpression, "calls " + fn + "() with the array '" + FirstLine(o.Text()) + "'", o,
           "pass scalars (Numba takes only numbers)");
  // Inside a loop or branch: the host runs it with NumPy, as a new array
  // bound twice (CRB207).
  if (!top_) {
    if (!InParallelLoop(s)) out_.host_runs.push_back(s.StartByte());
    Fail(DiagId::kNumpyNewArray, "binds '" + name + "' to " + fn + "() inside a loop or branch", s,
         "compute it once at the top level of the kernel, or allocate it before the loop and fill it "
         "(x[i] = start + i * step)");
  }
  // The kinds of the bounds decide the dtype (Numba's _arange_dtype) and
  // the arithmetic of each element; linspace computes in float64 anyway.
  bool any_float = false;
  for (size_t k = 0; k < ops.size(); ++k) {
    bool count = !arange && k == 2;
    Scalar b = arange || count ? KnownScalar(ops[k], "the bound '" + FirstLine(ops[k].Text()) + "' of " + fn + "()")
                               : ResultScalar(ops[k], in_.types);
    if (IsComplex(b) || b == Scalar::kBool || b == Scalar::kUInt64 || b == Scalar::kNone ||
        ((arange || count) && b == Scalar::kUnknown))
      Fail(DiagId::kNumpyExpression,
           "calls " + fn + "() with '" + FirstLine(ops[k].Text()) + "', whose type " +
               (b == Scalar::kUnknown ? "is unknown" : "is " + std::string(ScalarName(b))),
           ops[k], b == Scalar::kUnknown ? kRecordTypesHelp : "pass int64 or float64 bounds");
    if (count && !IsInteger(b))
      Fail(DiagId::kNumpyExpression, "calls " + fn + "() with a number of values that is not an integer", ops[k],
           "Numba takes only an integer num");
    any_float = any_float || IsFloat(b);
  }
  Scalar out = !arange ? Scalar::kFloat64 : any_float ? Scalar::kFloat64 : Scalar::kInt64;
  if (dtype) {
    out = ArangeDtype(in_.imports.Resolve(dtype));
    if (out == Scalar::kUnknown)
      Fail(DiagId::kNumpyExpression, "calls " + fn + "() with dtype=" + FirstLine(dtype.Text()), dtype,
           "use np.int64, np.int32, np.float64 or np.float32");
  }
  // The names the checks read (the caller performs them).
  auto read = [&](const std::string& text) {
    for (const std::string& id : NamesIn(text))
      if (id != "max" && id != "min" && id != "int" && id != numpy_ && id.rfind(kNumpyPrefix, 0) != 0) ids_.insert(id);
  };
  std::vector<std::string> texts;
  for (const Node& o : ops) {
    texts.push_back(ScalarText(o));
    read(texts.back());
  }
  std::string length, elem, i = Index(0);
  std::string u = in_.indent_unit;
  if (arange) {
    std::string start = texts.size() == 1 ? "0" : Hold(texts[0], "lo");
    std::string stop = Hold(texts.size() == 1 ? texts[0] : texts[1], "hi");
    std::string step = texts.size() == 3 ? Hold(texts[2], "step") : "1";
    if (step != "1" && !IsIntegerText(step)) Guard({step + " == 0"}, "ValueError", "Maximum allowed size exceeded");
    if (step == "0") Fail(DiagId::kNumpyExpression, "calls " + fn + "() with a step of 0", ops[2]);
    // Numba divides as floats and rounds up (np.ceil in the caller, the
    // dialect's ceil in a kernel; an integer either way).
    std::string span = start == "0" ? stop : stop + " - " + start;
    length = Hold("max(int(" + numpy_ + ".ceil((" + span + ") / " + step + ")), 0)", "n");
    elem = start == "0" && step == "1" ? i : start == "0" ? i + " * " + Paren(step)
                                         : step == "1" ? start + " + " + i : start + " + " + i + " * " + Paren(step);
  } else {
    // Numba multiplies both bounds by 1.0 first (floats from here on).
    std::string lo = Hold(Paren(texts[0]) + " * 1.0", "lo"), hi = Hold(Paren(texts[1]) + " * 1.0", "hi");
    length = texts.size() == 3 ? Hold(texts[2], "n") : "50";
    // One value: Numba stores start itself; lo + 0 * -0.0 is lo for every
    // lo (-0.0 and NaN included), so the loop needs no branch for it.
    std::string step = Hold("(" + hi + " - " + lo + ") / (" + length + " - 1) if " + length + " > 1 else -0.0", "step");
    // The last element is stop itself when there are two or more: index
    // num - 1, which is never 0 then; max(num - 1, 1) is an index no loop
    // of one value reaches.
    std::string last = Hold("max(" + length + " - 1, 1)", "last");
    elem = hi + " if " + i + " == " + last + " else " + lo + " + " + i + " * " + step;
  }
  lines_.push_back(name + " = " + numpy_ + ".empty(" + length + ", dtype=" + numpy_ + "." +
                   std::string(ScalarName(out)) + ")");
  Dim d;
  d.offset = "0";
  d.stop = name + ".shape[0]";
  d.length = length;
  d.key = std::string(f->scalar) + "|" + name;
  d.plain = true;
  new_dims_[name] = {d};
  new_scalar_[name] = out;
  rank_memo_.clear();  // `name` now has a rank
  Indices({d});
  return "for " + i + " in range(" + d.stop + "):" + in_.newline + Indentation(s) + u + name + "[" + i + "] = " + elem;
}

std::string Lowerer::FillScan(const Node& s, const std::string& name, const Node& call) {
  const NumpyFunction* f = Row(call);
  std::string fn = FirstLine(call.ChildByField("function").Text());
  std::vector<Node> ops = Operands(call);
  for (const Node& a : call.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument")
      Fail(DiagId::kNumpyExpression, "calls " + fn + "() with '" + std::string(a.ChildByField("name").Text()) + "='", a,
           "Numba takes no axis or dtype here: scan the flattened array, or write the loop over the axis");
  if (ops.size() != 1) Fail(DiagId::kNumpyExpression, "calls " + fn + "() with more than the array", call);
  Node x = ops[0];
  if (ExprRank(x) < 1) {
    // A parameter nothing indexes: an array of unknown rank, or a scalar?
    bool param = x.Type() == "identifier" &&
                 std::find(in_.params.begin(), in_.params.end(), std::string(x.Text())) != in_.params.end();
    if (param && !in_.has_signature)
      Fail(DiagId::kNumpyAmbiguousOperand, "the rank of '" + std::string(x.Text()) + "' (passed to " + fn + ") is unknown",
           x, "add an eager signature to the decorator");
    Fail(DiagId::kNumpyExpression, "calls " + fn + "() on a scalar", x);
  }
  if (!top_) {
    if (!InParallelLoop(s)) out_.host_runs.push_back(s.StartByte());
    Fail(DiagId::kNumpyNewArray, "binds '" + name + "' to " + fn + "() inside a loop or branch", s,
         "compute it once at the top level of the kernel");
  }
  Scalar es = KnownScalar(x, "'" + FirstLine(x.Text()) + "'");
  // Numba's accumulator has the result's dtype: int64 for signed integers
  // and bools, the dtype itself for floats. A float32 or uint64 one would
  // need a declared narrower (or unsigned) accumulator: refused.
  Scalar out = es == Scalar::kBool || (IsInteger(es) && IsSigned(es)) || es == Scalar::kUInt8 ||
                       es == Scalar::kUInt16 || es == Scalar::kUInt32
                   ? Scalar::kInt64
                   : es == Scalar::kFloat64 ? Scalar::kFloat64 : Scalar::kUnknown;
  if (out == Scalar::kUnknown)
    Fail(DiagId::kNumpyExpression,
         "calls " + fn + "() on '" + FirstLine(x.Text()) + "', whose elements are " +
             (es == Scalar::kUnknown ? "of an unknown type" : std::string(ScalarName(es))),
         x, es == Scalar::kUnknown ? kRecordTypesHelp : "convert the array to float64 or int64 first");
  std::vector<Dim> shape;
  std::vector<std::string> idx;
  std::vector<std::string> per;  // per-element temporaries, inside the loops
  std::string elem = LoopedElement(x, true, shape, idx, per);
  if (es == Scalar::kBool) elem = "(1 if " + elem + " else 0)";
  // The flat position of the element in row-major order, and the length.
  std::string pos, total;
  for (size_t k = 0; k < shape.size(); ++k) {
    std::string len = Paren(Length(shape[k]));
    pos = k == 0 ? Position(idx[k]) : "(" + pos + ") * " + len + " + " + Paren(Position(idx[k]));
    total = k == 0 ? len : total + " * " + len;
  }
  total = Hold(total, "n");
  lines_.push_back(name + " = " + numpy_ + ".empty(" + total + ", dtype=" + numpy_ + "." +
                   std::string(ScalarName(out)) + ")");
  std::string acc = Fresh("acc");
  bool sum = f->reduce == NumpyReduce::kSum;
  lines_.push_back(acc + " = " + (out == Scalar::kFloat64 ? (sum ? "0.0" : "1.0") : (sum ? "0" : "1")));
  std::vector<std::string> body;
  std::string ind = Loops(shape, body, idx);
  for (const auto& l : per) body.push_back(ind + l);
  body.push_back(ind + acc + (sum ? " += " : " *= ") + elem);
  body.push_back(ind + name + "[" + pos + "] = " + acc);
  Dim d;
  d.offset = "0";
  d.stop = name + ".shape[0]";
  d.length = total;
  d.key = "scan|" + name;
  d.plain = true;
  new_dims_[name] = {d};
  new_scalar_[name] = out;
  rank_memo_.clear();
  std::string indent = Indentation(s), text;
  for (const std::string& b : body) text += (text.empty() ? "" : in_.newline + indent) + ShiftContinuations(b, indent);
  return text;
}

}  // namespace caramba::numpy_lowering
