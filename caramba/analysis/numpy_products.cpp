// numpy_products.cpp — operands that are not one array read at the loop
// indices: index mappings of an array (a.T, np.transpose, np.flip) and
// operands computed per element (`A @ x`, np.dot of matrices, np.outer,
// np.sum(A, axis=0), np.argmax(A, axis=1)); and the ranks of expressions.
//
// A computed operand becomes one leaf whose element, at the result indices
// of the statement around it, is a private accumulation in the loop body:
// `A @ x` at i is `acc = 0.0; for k in range(K): acc += A[i, k] * x[k]`.
// So `y[:] = A @ x` is the loop nest a person writes, parallel over i. Its
// operands are themselves element-wise expressions (`alpha * A @ B` is
// `(alpha * A) @ B`), but not computed operands: a product of a product
// would recompute the inner one for every element.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

std::vector<Node> Lowerer::Operands(const Node& call) const {
  std::vector<Node> out;
  Node fn = call.ChildByField("function");
  if (!FindNumpyFunction(in_.imports.Resolve(fn)) && fn.Type() == "attribute") out.push_back(fn.ChildByField("object"));
  for (const Node& a : call.ChildByField("arguments").NamedChildren())
    if (a.Type() != "keyword_argument" && a.Type() != "comment") out.push_back(a);
  return out;
}

Node Lowerer::AxisArgument(const Node& call) const {
  if (call.Type() != "call") return Node();
  for (const Node& a : call.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument" && a.ChildByField("name").Text() == "axis") return a.ChildByField("value");
  const NumpyFunction* f = Row(call);
  std::vector<Node> ops = Operands(call);
  if (f && f->cls == NumpyClass::kReduction && f->reduce != NumpyReduce::kDot && ops.size() == 2) return ops[1];
  return Node();
}

bool Lowerer::ProductOperands(const Node& n, Node& a, Node& b) const {
  if (n.Type() == "binary_operator" && n.ChildByField("operator").Text() == "@") {
    a = n.ChildByField("left");
    b = n.ChildByField("right");
    return true;
  }
  const NumpyFunction* f = Row(n);
  if (!f || f->reduce != NumpyReduce::kDot) return false;
  std::vector<Node> ops = Operands(n);
  if (ops.size() != 2) return false;
  a = ops[0];
  b = ops[1];
  return true;
}

int Lowerer::ExprRank(const Node& e) const {
  auto memo = rank_memo_.find(e.Raw().id);
  if (memo != rank_memo_.end()) return memo->second;
  int r = ComputeExprRank(e);
  rank_memo_.emplace(e.Raw().id, r);
  return r;
}

int Lowerer::ComputeExprRank(const Node& e) const {
  Node n = StripParens(e);
  std::string_view t = n.Type();
  if (t == "identifier") return Rank(n);
  if (t == "subscript") {
    if (Node idx = GatherIndex(n)) return ExprRank(idx);
    if (!IsArraySubscript(n)) return 0;
    int depth = 0, slices = 0;
    Node base = n;
    while (base.Type() == "subscript") {
      for (const Node& i : base.ChildrenByField("subscript")) {
        ++depth;
        if (i.Type() == "slice") ++slices;
      }
      base = base.ChildByField("value");
    }
    return Rank(base) - depth + slices;
  }
  if (t == "attribute") {
    if (FindNumpyAttribute(n.ChildByField("attribute").Text())) return ExprRank(n.ChildByField("object"));
    return 0;
  }
  Node a, b;
  if (ProductOperands(n, a, b)) {
    int ra = ExprRank(a), rb = ExprRank(b);
    return ra == 0 || rb == 0 ? std::max(ra, rb) : std::max(ra + rb - 2, 0);
  }
  if (t == "binary_operator") return std::max(ExprRank(n.ChildByField("left")), ExprRank(n.ChildByField("right")));
  if (t == "unary_operator") return ExprRank(n.ChildByField("argument"));
  if (t == "comparison_operator") {
    if (!IsArrayComparison(n)) return 0;
    int r = 0;
    for (const Node& c : n.NamedChildren()) r = std::max(r, ExprRank(c));
    return r;
  }
  if (t != "call") return 0;
  const NumpyFunction* f = Row(n);
  if (!f) return 0;
  std::vector<Node> ops = Operands(n);
  switch (f->cls) {
    case NumpyClass::kReduction:
      if (AxisArgument(n) && !ops.empty()) return std::max(ExprRank(ops[0]) - 1, 0);
      return 0;
    case NumpyClass::kTranspose:
    case NumpyClass::kFlip:
    case NumpyClass::kCopy:
      return ops.empty() ? 0 : ExprRank(ops[0]);
    case NumpyClass::kOuter:
      return 2;
    case NumpyClass::kJoin:
      return Join(n).rank;
    case NumpyClass::kCount:
    case NumpyClass::kHistogram:  // (a tuple of two vectors: only unpacked, Simple)
    case NumpyClass::kRange:
    case NumpyClass::kScan:       // (of the flattened array)
      return 1;
    case NumpyClass::kReshape:
      return static_cast<int>(ReshapeExtents(n).size());
    case NumpyClass::kTriangle:
      return ops.empty() ? 0 : ExprRank(ops[0]);
    case NumpyClass::kMath:
    case NumpyClass::kBuiltin:
    case NumpyClass::kNanMinMax:
    case NumpyClass::kLogical:
    case NumpyClass::kWhere: {
      int r = 0;
      for (const Node& x : ops) r = std::max(r, ExprRank(x));
      return r;
    }
    default:
      return 0;
  }
}

bool Lowerer::IsMappedOperand(const Node& e) const {
  Node n = StripParens(e);
  if (n.Type() == "subscript") return static_cast<bool>(GatherIndex(n));
  if (n.Type() == "attribute") return ExprRank(n) > 0;
  Node a, b;
  if (ProductOperands(n, a, b)) return ExprRank(n) > 0;
  const NumpyFunction* f = n.Type() == "call" ? Row(n) : nullptr;
  if (!f) return false;
  if (f->cls == NumpyClass::kTranspose || f->cls == NumpyClass::kFlip || f->cls == NumpyClass::kOuter ||
      f->cls == NumpyClass::kReshape || f->cls == NumpyClass::kTriangle)
    return true;
  return f->cls == NumpyClass::kReduction && AxisArgument(n) && ExprRank(n) > 0;
}

Leaf Lowerer::MappedLeaf(const Node& e) {
  Node n = StripParens(e);
  if (n.Type() == "subscript") return GatherLeaf(n);
  Node a, b;
  if (ProductOperands(n, a, b)) return ProductLeaf(n, a, b);
  const NumpyFunction* f = n.Type() == "call" ? Row(n) : FindNumpyAttribute(n.ChildByField("attribute").Text());
  if (f->cls == NumpyClass::kOuter) return OuterLeaf(n);
  if (f->cls == NumpyClass::kReshape) return ReshapeLeaf(n);
  if (f->cls == NumpyClass::kTriangle) return TriangleLeaf(n);
  if (f->cls == NumpyClass::kReduction) return AxisLeaf(n);
  Node operand = n.Type() == "attribute" ? n.ChildByField("object") : Node();
  if (n.Type() == "call") {
    std::vector<Node> ops = Operands(n);
    bool function = FindNumpyFunction(in_.imports.Resolve(n.ChildByField("function"))) != nullptr;
    if (ops.size() != 1 || n.ChildByField("arguments").NamedChildCount() != (function ? 1u : 0u))
      Fail(DiagId::kNumpyExpression, "calls " + FirstLine(n.ChildByField("function").Text()) + " with axes", n,
           "only np.transpose(a) and np.flip(a) over every axis are lowered");
    operand = ops[0];
  }
  Node o = StripParens(operand);
  if (!((o.Type() == "identifier" && Rank(o) > 0) || (o.Type() == "subscript" && IsArraySubscript(o))) &&
      !(o.Type() != "identifier" && o.Type() != "subscript" && IsMappedOperand(o) &&
        (o.Type() == "attribute" || (Row(o) && (Row(o)->cls == NumpyClass::kTranspose || Row(o)->cls == NumpyClass::kFlip)))))
    Fail(DiagId::kNumpyExpression, "maps the indices of '" + FirstLine(operand.Text()) + "', which is not an array or a slice of one", n,
         "bind the expression to a name first");
  Leaf leaf = o.Type() == "identifier" || o.Type() == "subscript" ? MakeLeaf(o) : MappedLeaf(o);
  leaf.node = e;
  // The elements are those of the base, read elsewhere: an update of the
  // base through this operand needs a temporary (ElementWise compares keys).
  leaf.entries_key = "mapped:" + Squeeze(n.Text());
  if (f->cls == NumpyClass::kFlip) {
    for (Dim& d : leaf.dims) {
      d.reversed = !d.reversed;
      d.key += "|flip";
      d.plain = false;
    }
    return leaf;
  }
  // Transpose: result dimension j is the base's dimension r - 1 - j.
  size_t r = leaf.dims.size();
  if (leaf.perm.empty())
    for (size_t j = 0; j < r; ++j) leaf.perm.push_back(j);
  for (size_t& p : leaf.perm) p = r - 1 - p;
  std::reverse(leaf.dims.begin(), leaf.dims.end());
  return leaf;
}

void Lowerer::Part(Leaf& leaf, const Node& part, std::vector<std::string>& clauses, bool computed) {
  std::vector<Leaf> ls;
  Leaves(part, ls);
  // A reshape of arrays only is an index map, as cheap to repeat as a.T.
  auto index_map = [](const Leaf& l) {
    if (l.kind != Leaf::Kind::kReshape) return false;
    for (const auto& sub : l.sub)
      for (const Leaf& x : sub)
        if (x.kind != Leaf::Kind::kArray) return false;
    return true;
  };
  for (const Leaf& l : ls)
    if (l.kind != Leaf::Kind::kArray && !computed && !index_map(l))
      Fail(DiagId::kNumpyMatrixProduct, "computes '" + FirstLine(l.node.Text()) + "' inside '" + FirstLine(leaf.node.Text()) +
                                            "', where it would be recomputed for every element", l.node,
           "bind the inner product to a name first (t = ...), then use t");
  if (top_)
    for (Leaf& l : ls) HoldDims(l.dims, true);
  std::vector<Dim> shape;
  auto c = Broadcast(ls, shape, true);
  if (top_) HoldDims(shape, true);
  for (Leaf& l : ls) {
    for (size_t j = 0; j < l.dims.size(); ++j) {
      const Dim& r = shape[shape.size() - l.dims.size() + j];
      if (l.dims[j].key == r.key && l.dims[j].stride.empty()) l.dims[j].length = r.length;
    }
    HoldDims(l.dims, false);
  }
  clauses.insert(clauses.end(), c.begin(), c.end());
  leaf.parts.push_back(part);
  leaf.sub.push_back(std::move(ls));
  leaf.shapes.push_back(std::move(shape));
}

// A leaf of the result dimensions `dims`, computed from parts.
static Leaf Computed(const Node& n, Leaf::Kind kind) {
  Leaf leaf;
  leaf.node = n;
  leaf.kind = kind;
  leaf.entries_key = "computed:" + Squeeze(n.Text());
  return leaf;
}

Leaf Lowerer::ProductLeaf(const Node& n, const Node& a, const Node& b) {
  std::string what = FirstLine(n.Text());
  int ra = ExprRank(a), rb = ExprRank(b);
  if (ra < 1 || ra > 2 || rb < 1 || rb > 2)
    Fail(DiagId::kNumpyMatrixProduct, "multiplies arrays of " + std::to_string(ra) + " and " + std::to_string(rb) +
                                          " dimensions in '" + what + "'", n,
         "only vectors and matrices are multiplied");
  for (const Node& x : {a, b}) {
    Scalar s = ResultScalar(x, in_.types);
    // Numba's np.dot and @ take floating-point arrays of one dtype only.
    if (IsInteger(s) || s == Scalar::kBool || IsComplex(s))
      Fail(DiagId::kNumpyMatrixProduct, "multiplies '" + FirstLine(x.Text()) + "', which is not a floating-point array, in '" + what + "'", x,
           "convert the operands to floating point outside the kernel");
  }
  Leaf leaf = Computed(n, Leaf::Kind::kProduct);
  std::vector<std::string> clauses;
  Part(leaf, a, clauses);
  Part(leaf, b, clauses);
  const Dim& ka = leaf.shapes[0].back();
  const Dim& kb = leaf.shapes[1][0];
  if (ka.key != kb.key) clauses.push_back("(" + ka.length + " != " + kb.length + ")");
  if (Guard(clauses, "ValueError", "incompatible array sizes for the matrix product " + Squeeze(what)))
    Note(DiagId::kNumpyGuard, "checks the shapes of '" + what + "' in the caller", n);
  if (ra == 2) leaf.dims.push_back(leaf.shapes[0][0]);
  if (rb == 2) leaf.dims.push_back(leaf.shapes[1][1]);
  for (Dim& d : leaf.dims) d.stride.clear();
  return leaf;
}

Leaf Lowerer::OuterLeaf(const Node& n) {
  std::vector<Node> ops = Operands(n);
  if (ops.size() != 2 || n.ChildByField("arguments").NamedChildCount() != 2)
    Fail(DiagId::kNumpyExpression, "calls np.outer with " + std::to_string(ops.size()) + " arguments", n);
  for (const Node& x : ops)
    if (ExprRank(x) != 1)
      Fail(DiagId::kNumpyExpression, "calls np.outer on '" + FirstLine(x.Text()) + "', which is not a vector", x,
           "only the outer product of two vectors is lowered");
  Leaf leaf = Computed(n, Leaf::Kind::kOuter);
  std::vector<std::string> clauses;
  Part(leaf, ops[0], clauses);
  Part(leaf, ops[1], clauses);
  Guard(clauses, "ValueError", "operands of np.outer could not be broadcast together");
  leaf.dims = {leaf.shapes[0][0], leaf.shapes[1][0]};
  for (Dim& d : leaf.dims) d.stride.clear();
  return leaf;
}

Leaf Lowerer::AxisLeaf(const Node& n) {
  const NumpyFunction* f = Row(n);
  std::string shown = FirstLine(n.ChildByField("function").Text());
  if (!NumpyAcceptsAxis(f))
    Fail(DiagId::kNumpyExpression, "calls " + shown + " with an axis", n,
         "Numba accepts an axis only for np.sum, np.argmax and np.argmin; write the loop over the other axes");
  for (const Node& a : n.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument" && a.ChildByField("name").Text() != "axis")
      Fail(DiagId::kNumpyExpression, "calls " + shown + " with '" + std::string(a.Text()) + "'", a);
  std::vector<Node> ops = Operands(n);
  Node axis = StripParens(AxisArgument(n));
  int rank = ExprRank(ops[0]);
  long k = 0;
  bool neg = axis.Type() == "unary_operator" && axis.Child(0).Text() == "-" &&
             axis.ChildByField("argument").Type() == "integer";
  Node lit = neg ? axis.ChildByField("argument") : axis;
  if (lit.Type() != "integer" || !IsIntegerText(std::string(lit.Text())))
    Fail(DiagId::kNumpyExpression, "calls " + shown + " with the axis '" + FirstLine(axis.Text()) + "', which is not a literal", axis,
         "write the axis as an integer literal");
  k = std::stol(std::string(lit.Text())) * (neg ? -1 : 1);
  if (k < 0) k += rank;
  if (k < 0 || k >= rank)
    Fail(DiagId::kNumpyExpression, "calls " + shown + " with an axis out of range", axis);
  Leaf leaf = Computed(n, Leaf::Kind::kAxis);
  leaf.fn = f;
  leaf.axis = static_cast<size_t>(k);
  std::vector<std::string> clauses;
  Part(leaf, ops[0], clauses);
  const std::vector<Dim>& shape = leaf.shapes[0];
  if (f->reduce != NumpyReduce::kSum)
    clauses.push_back("(" + shape[leaf.axis].length + " == 0)");
  std::string message = f->reduce == NumpyReduce::kSum ? "operands of " + shown + " could not be broadcast together"
                        : std::string("attempt to get ") + (f->reduce == NumpyReduce::kArgMax ? "argmax" : "argmin") +
                              " of an empty sequence";
  if (Guard(clauses, "ValueError", message) && f->reduce != NumpyReduce::kSum)
    Note(DiagId::kNumpyGuard, "checks the shapes of " + shown + "(...) in the caller", n);
  for (size_t d = 0; d < shape.size(); ++d)
    if (d != leaf.axis) leaf.dims.push_back(shape[d]);
  for (Dim& d : leaf.dims) d.stride.clear();
  Scalar s = ResultScalar(ops[0], in_.types);
  leaf.integer = IsInteger(s) || s == Scalar::kBool;
  return leaf;
}

std::vector<Node> Lowerer::ReshapeExtents(const Node& call) const {
  std::vector<Node> ops = Operands(call);
  if (ops.size() < 2) return {};
  std::vector<Node> out(ops.begin() + 1, ops.end());
  if (out.size() == 1) {
    Node t = StripParens(out[0]);
    if (t.Type() == "tuple") {
      out.clear();
      for (const Node& e : t.NamedChildren())
        if (e.Type() != "comment") out.push_back(e);
    }
  }
  return out;
}

// np.reshape(a, (n, m)): the operand's elements in row-major order, so the
// element at result indices (r0, r1, ...) is the operand's element at the
// same flat position `(r0 * n1 + r1) * n2 + ...`, unravelled over the
// operand's extents. Any operand works (a slice, an expression, an axis
// reduction): each result element reads one operand element, so a computed
// operand is computed once per element, as NumPy computes it once.
Leaf Lowerer::ReshapeLeaf(const Node& n) {
  std::string shown = FirstLine(n.ChildByField("function").Text());
  for (const Node& a : n.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument")
      Fail(DiagId::kNumpyExpression, "calls " + shown + " with '" + FirstLine(a.Text()) + "'", a,
           "only the row-major reshape (no order=) is lowered");
  std::vector<Node> ops = Operands(n);
  std::vector<Node> extents = ReshapeExtents(n);
  if (ops.empty() || extents.empty()) Fail(DiagId::kNumpyExpression, "calls " + shown + " without a shape", n);
  if (ExprRank(ops[0]) == 0)
    Fail(DiagId::kNumpyExpression, "reshapes '" + FirstLine(ops[0].Text()) + "', which is not an array here", ops[0]);
  Leaf leaf = Computed(n, Leaf::Kind::kReshape);
  std::vector<std::string> clauses;
  Part(leaf, ops[0], clauses, true);
  std::string total;
  for (const Dim& d : leaf.shapes[0]) total += (total.empty() ? "" : " * ") + Paren(d.length);
  if (top_) total = Hold(total, "n");
  std::string known;  // the product of the extents other than -1
  int unknown = -1;
  for (size_t j = 0; j < extents.size(); ++j) {
    Node e = StripParens(extents[j]);
    bool negative_literal = e.Type() == "unary_operator" && e.Child(0).Text() == "-" &&
                            StripParens(e.ChildByField("argument")).Type() == "integer";
    if (negative_literal && StripParens(e.ChildByField("argument")).Text() == "1" && unknown < 0) {
      unknown = static_cast<int>(j);
      leaf.dims.emplace_back();
      continue;
    }
    if (negative_literal || IsArrayValued(e) || e.Type() == "float")
      Fail(DiagId::kNumpyExpression, "reshapes to the extent '" + FirstLine(e.Text()) + "'", e,
           "write each extent as a non-negative integer (one of them may be -1)");
    std::string text = ScalarText(e);
    if (top_) text = Hold(text, "n");
    Dim d;
    d.offset = "0";
    d.stop = d.length = text;
    // An extent `a.shape[k]` of an array never rebound has the key of a's
    // whole dimension k, so broadcasting against a needs no check.
    std::string extent, spelling;
    long minus = 0;
    size_t dot = 0;
    if (ExtentMinus(e, extent, spelling, minus) && minus == 0 && (dot = extent.find(".shape[")) != std::string::npos &&
        !bound_.count(extent.substr(0, dot)))
      d.key = "plain|" + extent + "|0";  // PlainSlice's key of a whole dimension
    else
      d.key = "reshape|" + Squeeze(text);
    if (!IsIntegerText(text) && d.key.rfind("plain|", 0) != 0) clauses.push_back("(" + text + " < 0)");
    leaf.dims.push_back(d);
    known += (known.empty() ? "" : " * ") + Paren(text);
  }
  if (known.empty()) known = "1";
  if (unknown >= 0) {
    // NumPy divides the size by the other extents; a remainder is an error.
    clauses.push_back("(" + known + " == 0 or " + Paren(total) + " % " + Paren(known) + " != 0)");
    Dim& d = leaf.dims[static_cast<size_t>(unknown)];
    d.offset = "0";
    d.stop = d.length = Paren(total) + " // " + Paren(known);
    if (top_) d.stop = d.length = Hold(d.length, "n");
    d.key = "reshape|" + Squeeze(d.length);
  } else {
    clauses.push_back("(" + total + " != " + known + ")");
  }
  if (Guard(clauses, "ValueError", "total size of new array must be unchanged"))
    Note(DiagId::kNumpyGuard, "checks the shape of " + shown + "(...) in the caller", n);
  return leaf;
}

Node Lowerer::GatherIndex(const Node& n) const {
  if (n.Type() != "subscript") return Node();
  Node base = n.ChildByField("value");
  auto subs = n.ChildrenByField("subscript");
  if (base.Type() != "identifier" || Rank(base) != 1 || subs.size() != 1 || subs[0].Type() == "slice") return Node();
  return ExprRank(subs[0]) > 0 ? subs[0] : Node();
}

// `x[idx]` of a vector x and an integer array idx (NumPy's integer array
// indexing, a gather): element p is x[idx[p]], a negative index counting
// from the end as in Numba. A boolean mask selects a number of elements
// known only at run time: refused.
Leaf Lowerer::GatherLeaf(const Node& n) {
  Node base = n.ChildByField("value"), index = GatherIndex(n);
  Scalar s = ResultScalar(index, in_.types);
  if (!IsInteger(s))
    Fail(DiagId::kNumpyExpression,
         "indexes '" + std::string(base.Text()) + "' with '" + FirstLine(index.Text()) + "', which is " +
             (s == Scalar::kBool ? "a boolean mask" : s == Scalar::kUnknown ? "an array of unknown dtype" : "not an integer array"),
         index,
         s == Scalar::kBool ? "the selected elements' count is known only at run time: write the loop with an if"
                            : "index with an integer array");
  Leaf leaf = Computed(n, Leaf::Kind::kGather);
  leaf.base = std::string(base.Text());
  std::vector<std::string> clauses;
  Part(leaf, index, clauses);
  Guard(clauses, "ValueError", "operands could not be broadcast together in the index of " + leaf.base);
  leaf.dims = leaf.shapes[0];
  for (Dim& d : leaf.dims) d.stride.clear();
  return leaf;
}

// np.triu(a, k): element (i, j) is a[i, j] where j - i >= k, else 0 (np.tril:
// j - i <= k); a stack of matrices is cut the same way in each. The
// operand's element is read only where it is kept (it is pure).
Leaf Lowerer::TriangleLeaf(const Node& n) {
  std::string shown = FirstLine(n.ChildByField("function").Text());
  std::vector<Node> ops = Operands(n);
  Node k;
  for (const Node& a : n.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument") {
      if (a.ChildByField("name").Text() != "k") Fail(DiagId::kNumpyExpression, "calls " + shown + " with '" + FirstLine(a.Text()) + "'", a);
      k = a.ChildByField("value");
    }
  if (ops.empty() || ops.size() > 2 || (k && ops.size() == 2))
    Fail(DiagId::kNumpyExpression, "calls " + shown + " with " + std::to_string(ops.size()) + " arguments", n);
  if (ops.size() == 2) k = ops[1];
  if (ExprRank(ops[0]) < 2)
    Fail(DiagId::kNumpyExpression, "calls " + shown + " on '" + FirstLine(ops[0].Text()) + "', which is not a matrix", ops[0]);
  Leaf leaf = Computed(n, Leaf::Kind::kTriangle);
  leaf.fn = Row(n);
  leaf.diagonal = k ? ScalarText(k) : "0";
  if (k && IsArrayValued(k)) Fail(DiagId::kNumpyExpression, "calls " + shown + " with an array diagonal", k);
  if (top_) leaf.diagonal = Hold(leaf.diagonal, "k");
  std::vector<std::string> clauses;
  Part(leaf, ops[0], clauses, true);  // each element read at most once
  Guard(clauses, "ValueError", "operands could not be broadcast together in " + Squeeze(FirstLine(n.Text())));
  leaf.dims = leaf.shapes[0];
  for (Dim& d : leaf.dims) d.stride.clear();
  Scalar s = ResultScalar(ops[0], in_.types);
  if (s == Scalar::kUnknown || IsComplex(s))
    Fail(DiagId::kNumpyExpression, "calls " + shown + " on '" + FirstLine(ops[0].Text()) + "', whose element type is unknown",
         ops[0]);
  // The zeros of the result's dtype (a float temporary must not start as an int).
  leaf.integer = IsInteger(s);
  leaf.diagonal_zero = s == Scalar::kBool ? "False" : leaf.integer ? "0" : "0.0";
  return leaf;
}

std::string Lowerer::ComputedAccess(const Leaf& leaf, const std::vector<std::string>& idx) {
  size_t first = idx.size() - leaf.dims.size();
  // The operands' indices: a broadcast dimension (stride 0 or 1) reads its
  // position times the stride, in a per-element temporary.
  std::vector<std::string> at;
  for (size_t j = 0; j < leaf.dims.size(); ++j) {
    std::string i = idx[first + j];
    if (!leaf.dims[j].stride.empty()) {
      std::string v = Fresh("b");
      sink_->push_back(v + " = " + Paren(Position(i)) + " * " + leaf.dims[j].stride);
      start_[v] = "0";
      i = v;
    }
    at.push_back(i);
  }
  std::vector<std::string> inner;  // per-element temporaries of the operands, inside the inner loop
  std::vector<std::string>* outer_sink = sink_;
  auto element = [&](size_t part, const std::vector<std::string>& indices) {
    size_t next = 0;
    std::vector<Leaf> ls = leaf.sub[part];
    return ElementText(leaf.parts[part], indices, ls, next);
  };
  if (leaf.kind == Leaf::Kind::kOuter) {
    std::string u = element(0, {at[0]}), v = element(1, {at[1]});
    return "(" + Paren(u) + " * " + Paren(v) + ")";
  }
  if (leaf.kind == Leaf::Kind::kTriangle) {
    size_t r = at.size();
    std::string i = Position(at[r - 2]), j = Position(at[r - 1]);
    std::string kept = Paren(j) + " - " + Paren(i) + (leaf.fn->scalar == "upper" ? " >= " : " <= ") + Paren(leaf.diagonal);
    std::vector<std::string> pre;  // the operand's temporaries, computed only where it is kept
    std::vector<std::string>* outer = sink_;
    sink_ = &pre;
    std::string e = element(0, at);
    sink_ = outer;
    if (pre.empty()) return "(" + e + " if " + kept + " else " + leaf.diagonal_zero + ")";
    std::string v = Fresh("t");
    sink_->push_back(v + " = " + leaf.diagonal_zero);
    sink_->push_back("if " + kept + ":");
    for (const auto& l : pre) sink_->push_back(in_.indent_unit + l);
    sink_->push_back(in_.indent_unit + v + " = " + e);
    return v;
  }
  if (leaf.kind == Leaf::Kind::kGather) {
    std::string g = element(0, at);
    if (!IsSimple(g) || IsIntegerText(g)) {
      std::string v = Fresh("g");
      sink_->push_back(v + " = " + g);
      g = v;
    }
    return leaf.base + "[" + g + " if " + g + " >= 0 else " + g + " + " + leaf.base + ".shape[0]]";
  }
  if (leaf.kind == Leaf::Kind::kReshape) {
    // The flat position of the result element (extents of 1 add nothing) ...
    std::string flat;
    for (size_t j = 0; j < leaf.dims.size(); ++j) {
      if (leaf.dims[j].length == "1") continue;
      std::string p = Position(at[j]);
      flat = flat.empty() ? p : Paren(flat) + " * " + Paren(leaf.dims[j].length) + " + " + Paren(p);
    }
    if (flat.empty()) flat = "0";
    const std::vector<Dim>& shape = leaf.shapes[0];
    std::vector<std::string> src(shape.size());
    std::string rest = flat;
    if (shape.size() > 1 && !IsSimple(rest)) {
      rest = Fresh("f");
      sink_->push_back(rest + " = " + flat);
    }
    // ... unravelled over the operand's extents, last one first.
    for (size_t k = shape.size(); k-- > 1;) {
      if (shape[k].length == "1") {
        src[k] = "0";
        continue;
      }
      src[k] = Fresh("j");
      sink_->push_back(src[k] + " = " + Paren(rest) + " % " + Paren(shape[k].length));
      std::string q = Fresh("q");
      sink_->push_back(q + " = " + Paren(rest) + " // " + Paren(shape[k].length));
      rest = q;
    }
    if (!IsSimple(rest) || IsIntegerText(rest)) {
      src[0] = Fresh("j");
      sink_->push_back(src[0] + " = " + rest);
    } else {
      src[0] = rest;
    }
    for (const std::string& v : src)
      if (!IsIntegerText(v)) start_[v] = "0";
    return element(0, src);
  }
  std::string acc = Fresh("acc");
  std::string k = Fresh("k");
  start_[k] = "0";
  std::string count, e;
  std::vector<std::string> lines;
  sink_ = &inner;
  if (leaf.kind == Leaf::Kind::kProduct) {
    size_t ra = leaf.shapes[0].size(), rb = leaf.shapes[1].size();
    std::vector<std::string> ia, ib;
    if (ra == 2) ia.push_back(at.front());
    ia.push_back(k);
    ib.push_back(k);
    if (rb == 2) ib.push_back(at.back());
    std::string x = element(0, ia), y = element(1, ib);
    count = leaf.shapes[0].back().length;
    e = Paren(x) + " * " + Paren(y);
    lines.push_back(acc + " = 0.0");
  } else {
    std::vector<std::string> full = at;
    full.insert(full.begin() + static_cast<long>(leaf.axis), k);
    e = element(0, full);
    count = leaf.shapes[0][leaf.axis].length;
    if (leaf.fn->reduce == NumpyReduce::kSum) {
      lines.push_back(acc + (leaf.integer ? " = 0" : " = 0.0"));
    } else {
      // The first NaN wins, as in np.argmax over the whole array.
      std::vector<std::string> zero = at;
      zero.insert(zero.begin() + static_cast<long>(leaf.axis), "0");
      std::vector<std::string> pre;
      sink_ = &pre;
      std::string e0 = element(0, zero);
      sink_ = &inner;
      std::string best = Fresh("best"), v = Fresh("v");
      for (const auto& l : pre) lines.push_back(l);
      lines.push_back(best + " = " + e0);
      lines.push_back(acc + " = 0");
      lines.push_back("for " + k + " in range(" + count + "):");
      for (const auto& l : inner) lines.push_back(in_.indent_unit + l);
      lines.push_back(in_.indent_unit + v + " = " + e);
      bool max = leaf.fn->reduce == NumpyReduce::kArgMax;
      lines.push_back(in_.indent_unit + "if " + v + (max ? " > " : " < ") + best + " or (" + v + " != " + v + " and " +
                      best + " == " + best + "):");
      lines.push_back(in_.indent_unit + in_.indent_unit + best + " = " + v);
      lines.push_back(in_.indent_unit + in_.indent_unit + acc + " = " + k);
      sink_ = outer_sink;
      for (const auto& l : lines) sink_->push_back(l);
      return acc;
    }
  }
  lines.push_back("for " + k + " in range(" + count + "):");
  for (const auto& l : inner) lines.push_back(in_.indent_unit + l);
  lines.push_back(in_.indent_unit + acc + " += " + e);
  sink_ = outer_sink;
  for (const auto& l : lines) sink_->push_back(l);
  return acc;
}

}  // namespace caramba::numpy_lowering
