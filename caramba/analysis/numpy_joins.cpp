// numpy_joins.cpp — arrays joined into a new one: np.concatenate, np.hstack,
// np.vstack, np.column_stack and np.stack of a tuple of array operands
// (parameters, slices, temporaries, element-wise expressions). The new array
// is allocated once with the joined shape, and each operand fills its part
// with a loop nest of its own, as a person porting the code writes it:
// `a = np.hstack((ax, ay))` of two (n, 1) columns is `a = np.empty((n, 2))`,
// `a[i, 0] = ax[i, 0]` over i, then `a[i, 1] = ay[i, 0]`. Every loop is
// element-wise, so each becomes a parallel phase of a host program.
// See numpy_lowerer.h for how the files share the work.
#include "caramba/analysis/numpy_lowerer.h"

namespace caramba::numpy_lowering {

namespace {

// An integer literal, or minus one: the axis as written.
bool AxisLiteral(const Node& e, long& value) {
  Node n = StripParens(e);
  bool negative = n.Type() == "unary_operator" && n.Child(0).Text() == "-";
  Node lit = negative ? n.ChildByField("argument") : n;
  if (lit.Type() != "integer" || !IsIntegerText(std::string(lit.Text()))) return false;
  value = std::stol(std::string(lit.Text()));
  if (negative) value = -value;
  return true;
}

}  // namespace

JoinLayout Lowerer::Join(const Node& call) const {
  JoinLayout j;
  j.where = call;
  const NumpyFunction* f = Row(call);
  std::vector<Node> ops = Operands(call);
  Node seq = ops.empty() ? Node() : StripParens(ops[0]);
  if (!seq || (seq.Type() != "tuple" && seq.Type() != "list")) {
    j.why = "its operands are not a tuple written in the call";
    j.rank = 1;
    return j;
  }
  for (const Node& p : seq.NamedChildren())
    if (p.Type() != "comment") j.parts.push_back(p);
  if (j.parts.empty()) {
    j.why = "it joins no array";
    j.rank = 1;
    return j;
  }
  j.part_rank = ExprRank(j.parts[0]);
  for (const Node& p : j.parts)
    if (ExprRank(p) != j.part_rank || ExprRank(p) == 0) {
      j.why = "its operands are not all arrays of one rank";
      j.where = p;
      j.rank = std::max(j.part_rank, 1);
      return j;
    }
  std::string_view kind = f->scalar;
  long axis = 0;
  Node axis_node;
  for (const Node& a : call.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument") {
      if (a.ChildByField("name").Text() != "axis") {
        j.why = "it passes '" + std::string(a.ChildByField("name").Text()) + "='";
        j.where = a;
      }
      axis_node = a.ChildByField("value");
    }
  if (ops.size() > 1) axis_node = ops[1];
  if (axis_node && !AxisLiteral(axis_node, axis)) {
    j.why = "its axis is not an integer literal";
    j.where = axis_node;
  }
  int r = j.part_rank;
  if (kind == "axis") {
    j.rank = r;
  } else if (kind == "new") {
    j.rank = r + 1;
    j.new_axis = true;
  } else if (kind == "h") {
    j.rank = r;
    axis = r == 1 ? 0 : 1;
  } else if (kind == "v") {
    j.rank = std::max(r, 2);
    j.new_axis = r == 1;
    axis = 0;
  } else {  // column
    j.rank = 2;
    j.new_axis = r == 1;
    axis = 1;
    if (r > 2) j.why = "np.column_stack takes vectors and matrices";
  }
  if (axis < 0) axis += j.rank;
  if (axis < 0 || axis >= j.rank) {
    j.why = "its axis is out of bounds for the " + std::to_string(j.rank) + "-D result";
    j.where = axis_node ? axis_node : call;
    axis = 0;
  }
  j.axis = static_cast<size_t>(axis);
  return j;
}

std::string Lowerer::FillJoinedArray(const Node& s, const std::string& name, const Node& call) {
  std::string fn = FirstLine(call.ChildByField("function").Text());
  JoinLayout j = Join(call);
  if (!j.why.empty())
    Fail(DiagId::kNumpyExpression, "joins arrays with " + fn + "(), but " + j.why, j.where,
         "pass a tuple of arrays of one rank, e.g. " + fn + "((a, b)), and an integer literal axis");
  // Inside a loop or branch the shape may change at every step: a host
  // program runs the statement with NumPy there (as for a new array bound
  // twice), the one-workunit model refuses it.
  if (!top_) {
    if (!InParallelLoop(s)) out_.host_runs.push_back(s.StartByte());
    Fail(DiagId::kNumpyNewArray, "binds '" + name + "' to arrays joined with " + fn + "() inside a loop or branch", s,
         "join them at the top level of the kernel, or allocate the result once (x = np.empty(...)) and assign "
         "each part into it (x[:, 0:1] = a)");
  }
  // The dtype: the operands' promoted one (each checked as a temporary's).
  Scalar scalar = Scalar::kUnknown;
  for (const Node& p : j.parts) {
    TemporaryDtype(p);
    Scalar ps = ResultScalar(p, in_.types);
    scalar = scalar == Scalar::kUnknown ? ps : Promote(scalar, ps);
  }
  if (scalar == Scalar::kUnknown || IsComplex(scalar))
    Fail(DiagId::kNumpyNewArray, "the element type of '" + FirstLine(call.Text()) + "' is unknown", call,
         "write the array's dtype: allocate it (x = np.empty(shape, dtype)) and assign each part into it");
  std::string dtype = numpy_ + "." + std::string(scalar == Scalar::kBool ? "bool_" : ScalarName(scalar));
  // Each operand's shape, its own broadcasting checked first.
  size_t n = j.parts.size();
  std::vector<std::vector<Leaf>> leaves(n);
  std::vector<std::vector<Dim>> shapes(n);
  for (size_t k = 0; k < n; ++k) {
    CheckOperandKinds(j.parts[k]);
    Leaves(j.parts[k], leaves[k]);
    for (Leaf& l : leaves[k]) HoldDims(l.dims, true);
    std::vector<std::string> clauses = Broadcast(leaves[k], shapes[k], true);
    HoldDims(shapes[k], true);
    Guard(clauses, "ValueError", "operands could not be broadcast together in " + Squeeze(FirstLine(j.parts[k].Text())));
    for (Leaf& l : leaves[k]) {
      for (size_t d = 0; d < l.dims.size(); ++d) {
        const Dim& r = shapes[k][shapes[k].size() - l.dims.size() + d];
        if (l.dims[d].key == r.key && l.dims[d].stride.empty()) l.dims[d].length = r.length;
      }
      HoldDims(l.dims, false);
    }
  }
  // The result dimension of operand dimension `d`, and back.
  auto result_dim = [&](size_t d) { return j.new_axis && d >= j.axis ? d + 1 : d; };
  // Every dimension but the joined one must match (NumPy's ValueError).
  std::vector<std::string> mismatch;
  for (size_t k = 1; k < n; ++k)
    for (size_t d = 0; d < static_cast<size_t>(j.part_rank); ++d) {
      if (!j.new_axis && d == j.axis) continue;
      const Dim &a = shapes[0][d], &b = shapes[k][d];
      // ("broadcastN" names a position within one statement, not a length.)
      if (a.key.empty() || a.key != b.key || a.key.rfind("broadcast", 0) == 0) mismatch.push_back(Paren(a.length) + " != " + Paren(b.length));
    }
  if (!mismatch.empty()) Note(DiagId::kNumpyGuard, "checks the shapes of '" + FirstLine(s.Text()) + "' in the caller", s);
  Guard(mismatch, "ValueError",
        j.new_axis && std::string_view(Row(call)->scalar) == "new"
            ? "all input arrays must have the same shape"
            : "all the input array dimensions except for the concatenation axis must match exactly");
  // Where each part starts along the joined axis.
  std::vector<std::string> offsets{"0"};
  for (size_t k = 0; k + 1 < n; ++k) {
    std::string step = j.new_axis ? "1" : shapes[k][j.axis].length;
    std::string at = offsets[k] == "0" ? step : offsets[k] + " + " + Paren(step);
    offsets.push_back(IsSimple(at) ? at : Hold(at, "o"));
  }
  std::string joined = j.new_axis ? std::to_string(n) : offsets[n - 1] + " + " + Paren(shapes[n - 1][j.axis].length);
  if (!j.new_axis && !IsSimple(joined)) joined = Hold(joined, "n");
  std::string shape;
  std::vector<Dim>& own = new_dims_[name];
  own.clear();
  for (size_t d = 0; d < static_cast<size_t>(j.rank); ++d) {
    Dim x;
    x.offset = "0";
    x.stop = name + ".shape[" + std::to_string(d) + "]";
    x.plain = true;
    if (d == j.axis) {
      x.length = joined;
      x.key = "join|" + name + "|" + std::to_string(d);
    } else {
      const Dim& from = shapes[0][j.new_axis && d > j.axis ? d - 1 : d];
      x.length = from.length;
      x.key = from.key.rfind("broadcast", 0) == 0 ? "join|" + name + "|" + std::to_string(d) : from.key;
    }
    shape += (d ? ", " : "") + x.length;
    own.push_back(x);
  }
  if (j.rank > 1) shape = "(" + shape + ")";
  rank_memo_.clear();  // `name` now has a rank
  new_scalar_[name] = scalar;
  lines_.push_back(name + " = " + numpy_ + ".empty(" + shape + ", dtype=" + dtype + ")");
  // One loop nest per part.
  std::string indent = Indentation(s), text;
  for (size_t k = 0; k < n; ++k) {
    std::vector<std::string> idx = Indices(shapes[k]);
    std::vector<std::string> per;  // per-element temporaries, inside the loop
    sink_ = &per;
    size_t next = 0;
    std::string value = ElementText(j.parts[k], idx, leaves[k], next);
    sink_ = &lines_;
    std::vector<std::string> at(static_cast<size_t>(j.rank));
    for (size_t d = 0; d < idx.size(); ++d) {
      std::string pos = Position(idx[d]);
      if (!j.new_axis && d == j.axis && offsets[k] != "0") pos = offsets[k] + " + " + pos;
      at[result_dim(d)] = pos;
    }
    if (j.new_axis) at[j.axis] = std::to_string(k);
    std::string target = name + "[";
    for (size_t d = 0; d < at.size(); ++d) target += (d ? ", " : "") + at[d];
    std::vector<std::string> body;
    std::string ind = Loops(shapes[k], body, idx);
    for (const auto& l : per) body.push_back(ind + l);
    body.push_back(ind + target + "] = " + value);
    for (const std::string& b : body) text += (text.empty() ? "" : in_.newline + indent) + ShiftContinuations(b, indent);
  }
  return text;
}

}  // namespace caramba::numpy_lowering
