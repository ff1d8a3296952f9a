// numpy_temporaries.cpp — array expressions bound to names (`x = a * 2.0`,
// `m = a > 0`, `c = np.where(...)`, `y = a.copy()`): a top-level allocation
// `x = np.empty(shape, dtype=...)` that the caller performs, then the loop
// nest that fills it. Also the refusal of np.random.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/type_inference.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

void Lowerer::NewArray(const Node& s, const Node& left, const Node& right) {
  std::string name(left.Text());
  // One binding: then the name always denotes the array this statement
  // allocated, with the dimensions it computes (new_dims_). A second binding
  // (`u, un = un, u`) is left to the host program, which runs NumPy itself,
  // outside its parallel phases.
  bool parallel = !top_ && InParallelLoop(s);
  // `a = a.copy()`, `x = x * 2.0`: the value reads the name it rebinds, and
  // the lowered fill would read the new, empty array (sorting_searching.py's
  // quickselect returned garbage). Like a second binding, it is left to the
  // host program, where NumPy computes the value before the name changes.
  bool reads_itself = false;
  Walk(right, [&](const Node& n) {
    reads_itself = reads_itself || (n.Type() == "identifier" && n.Text() == name);
    return !reads_itself;
  });
  if (reads_itself) {
    if (!parallel) out_.host_runs.push_back(s.StartByte());
    Fail(DiagId::kNumpyNewArray, "binds '" + name + "' to a new array computed from '" + name + "' itself", s,
         "give the new array its own name (b = " + name + ".copy())");
  }
  if (bound_[name] != 1 && !reads_itself) {
    if (!parallel) out_.host_runs.push_back(s.StartByte());
    Fail(DiagId::kNumpyNewArray,
         "binds '" + name + "' to a new array " + (top_ ? "" : "inside a loop or branch ") + "and assigns '" +
             name + "' again",
         s, "allocate it once (x = np.empty(...)) and assign into it (x[:] = ...)");
  }
  // In a prange loop every iteration needs its own array (one allocated
  // before the loop would be shared by them), and a host program cannot
  // allocate inside a parallel phase either.
  if (parallel)
    Fail(DiagId::kNumpyNewArray, "binds '" + name + "' to a new array inside a prange loop", s,
         "allocate one array with a row per iteration before the loop (x = np.empty((n, m))) and assign into "
         "its row (x[i, :] = ...)");
  if (numpy_.empty()) Fail(DiagId::kNumpyNewArray, "needs numpy imported to allocate '" + name + "'", s);
  Emit(s, FillNewArray(s, name, right));
}

// `pn = p.copy()` inside a time loop: Numba allocates a fresh array at every
// step, and the old one is garbage as soon as the name is bound again. When
// nothing else can still see the old array (the name is bound once, never
// aliased, passed to a helper or viewed by a name), one array allocated
// before the loop holds exactly the values every step's fresh array holds:
// what a person porting the code writes. The reason it cannot, or "".
bool Lowerer::HeldBefore(const std::string& name, const Node& s) const {
  if (std::find(in_.params.begin(), in_.params.end(), name) != in_.params.end()) return true;
  bool before = false;
  Walk(body_, [&](const Node& n) {
    if (before || n.StartByte() >= s.StartByte()) return false;
    before = n.Type() == "identifier" && n.Text() == name;
    return !before;
  });
  return before;
}

std::string Lowerer::LoopReuseProblem(const std::string& name, size_t rank) const {
  std::string why;
  Walk(body_, [&](const Node& n) {
    if (!why.empty()) return false;
    if (n.Type() != "identifier" || n.Text() != name) return true;
    Node p = n.Parent(), use = n;
    // `pn[i, :]`, `pn[1:-1]`: a view when it keeps fewer indices than the rank or slices.
    size_t depth = 0;
    bool slice = false;
    while (p.Type() == "subscript" && p.ChildByField("value") == use) {
      for (const Node& i : p.ChildrenByField("subscript")) {
        ++depth;
        slice = slice || i.Type() == "slice";
      }
      use = p;
      p = p.Parent();
    }
    bool view = use == n || slice || depth < rank;
    while (p && (p.Type() == "parenthesized_expression" || p.Type() == "expression_list" || p.Type() == "tuple")) {
      use = p;
      p = p.Parent();
    }
    if (!view) return true;
    if (p.Type() == "assignment" && p.ChildByField("right") == use && p.ChildByField("left").Type() != "subscript")
      why = "'" + FirstLine(p.Text()) + "' keeps it under another name";
    else if (p.Type() == "argument_list" && !Row(p.Parent()))
      why = "'" + FirstLine(p.Parent().Text()) + "' passes it to a function that may keep it";
    return why.empty();
  });
  return why;
}

bool Lowerer::HoistAllocation(const Node& s) {
  if (s.Type() != "expression_statement" || s.NamedChildCount() != 1 || s.Parent() == body_ || numpy_.empty())
    return false;
  Node a = s.NamedChild(0);
  if (a.Type() != "assignment" || a.ChildByField("left").Type() != "identifier") return false;
  Node call = StripParens(a.ChildByField("right"));
  if (call.Type() != "call") return false;
  const NumpyFunction* f = FindNumpyFunction(in_.imports.Resolve(call.ChildByField("function")));
  if (!f || f->cls != NumpyClass::kAllocation) return false;
  // np.eye & co would need their values again at every step: left where they are.
  bool refill = f->name.rfind("zeros", 0) == 0 || f->name.rfind("ones", 0) == 0 || f->name.rfind("full", 0) == 0;
  if (!refill && f->name.rfind("empty", 0) != 0) return false;
  std::string name(a.ChildByField("left").Text());
  auto type = in_.types.find(name);
  if (bound_[name] != 1 || type == in_.types.end() || type->second.rank < 1) return false;
  // A name holding a value before this statement (a parameter, an earlier
  // binding) would lose it to an array allocated before the loop.
  if (HeldBefore(name, s)) return false;
  // Only out of loops (a branch alone allocates at most once anyway), and
  // never out of a prange loop, whose iterations each need their own array.
  bool in_loop = false;
  for (Node p = s.Parent(); p && p != body_; p = p.Parent())
    if (p.Type() == "for_statement" || p.Type() == "while_statement") in_loop = true;
  if (!in_loop || InParallelLoop(s)) return false;
  // The block keeps a statement in its place (an empty block does not parse).
  if (Statements(s.Parent()).size() < 2 && f->name.find("empty") != std::string_view::npos) return false;
  // The names the allocation reads (not numpy, not keyword names): the same
  // before the top-level statement around the loop as at every step.
  std::string reads;
  Walk(call.ChildByField("arguments"), [&](const Node& n) {
    if (n.Type() == "keyword_argument") {
      Walk(n.ChildByField("value"), [&](const Node& v) {
        if (v.Type() == "identifier" && in_.imports.Resolve(v).rfind("numpy", 0) != 0) reads += " " + std::string(v.Text());
        return v.Type() != "attribute" || (Walk(v.ChildByField("object"), [&](const Node& o) {
                 if (o.Type() == "identifier" && in_.imports.Resolve(o).rfind("numpy", 0) != 0)
                   reads += " " + std::string(o.Text());
                 return true;
               }), false);
      });
      return false;
    }
    if (n.Type() == "attribute") {
      Node o = n.ChildByField("object");
      while (o.Type() == "attribute") o = o.ChildByField("object");
      if (o.Type() == "identifier" && in_.imports.Resolve(o).rfind("numpy", 0) != 0) reads += " " + std::string(o.Text());
      return false;
    }
    if (n.Type() == "identifier") reads += " " + std::string(n.Text());
    return true;
  });
  // An array parameter updated only in place (`p += ...`) keeps its shape.
  std::string kept;
  for (const std::string& id : NamesIn(reads)) {
    bool param = std::find(in_.params.begin(), in_.params.end(), id) != in_.params.end();
    bool rebound = false;
    Walk(body_, [&](const Node& n) {
      if (rebound) return false;
      if (n.Type() == "assignment" || n.Type() == "for_statement" || n.Type() == "named_expression")
        Walk(n.ChildByField(n.Type() == "named_expression" ? "name" : "left"), [&](const Node& t) {
          if (t.Type() == "identifier" && t.Text() == id) rebound = true;
          return !rebound && t.Type() != "subscript" && t.Type() != "attribute";
        });
      return true;
    });
    if (!(param && !rebound && in_.types.count(id) && in_.types.at(id).rank > 0))
      kept += " " + id;
  }
  Node host = HostStatement(s, kept);
  if (!host || host == s || !LoopReuseProblem(name, static_cast<size_t>(type->second.rank)).empty()) return false;
  hoisted_[host.StartByte()] += name + " = " + std::string(call.Text()) + in_.newline + Indentation(host);
  out_.covered.push_back({s.StartByte(), s.EndByte()});
  lines_.clear();
  // np.empty: the previous step's values stand for the fresh array's
  // unspecified ones. Otherwise every element gets the fill value again.
  std::string value;
  std::vector<Node> args;
  for (const Node& x : call.ChildByField("arguments").NamedChildren())
    if (x.Type() != "comment") args.push_back(x);
  if (f->name.rfind("zeros", 0) == 0) value = "0";
  else if (f->name.rfind("ones", 0) == 0) value = "1";
  else if (f->name.rfind("full", 0) == 0) {
    for (const Node& x : args)
      if (x.Type() == "keyword_argument" && x.ChildByField("name").Text() == "fill_value")
        value = "(" + std::string(x.ChildByField("value").Text()) + ")";
    if (value.empty() && args.size() >= 2 && args[1].Type() != "keyword_argument")
      value = "(" + std::string(args[1].Text()) + ")";
    if (value.empty()) return false;
  }
  if (value.empty()) {
    out_.rewrites.push_back({s.StartByte(), s.EndByte(), "# " + FirstLine(s.Text()) + "  (allocated once, before the loop)"});
    return true;
  }
  std::vector<Dim> dims(static_cast<size_t>(type->second.rank));
  for (size_t d = 0; d < dims.size(); ++d) dims[d].length = name + ".shape[" + std::to_string(d) + "]";
  std::vector<std::string> body, idx;
  std::string ind = Loops(dims, body, idx);
  std::string at;
  for (size_t d = 0; d < idx.size(); ++d) at += (d ? ", " : "") + idx[d];
  body.push_back(ind + name + "[" + at + "] = " + value);
  std::string indent = Indentation(s), text;
  for (size_t k = 0; k < body.size(); ++k) text += (k ? in_.newline + indent : "") + body[k];
  Emit(s, text);
  return true;
}

void Lowerer::ReturnNewArray(const Node& s, const Node& value) {
  if (!top_ || numpy_.empty())
    Fail(DiagId::kNumpyNewArray, "returns an array expression inside a loop or branch", value,
         "compute it into an array allocated at the top level (x = np.empty(...); x[:] = ...) and return that");
  std::string name = Fresh("r");
  Emit(s, FillNewArray(s, name, value) + in_.newline + Indentation(s) + "return " + name);
}

std::string Lowerer::FillNewArray(const Node& s, const std::string& name, const Node& right) {
  Node joined = StripParens(right);
  if (joined.Type() == "call" && Row(joined) && Row(joined)->cls == NumpyClass::kJoin)
    return FillJoinedArray(s, name, joined);
  if (joined.Type() == "call" && Row(joined) && Row(joined)->cls == NumpyClass::kCount)
    return FillBincount(s, name, joined);
  if (joined.Type() == "call" && Row(joined) && Row(joined)->cls == NumpyClass::kRange)
    return FillRange(s, name, joined);
  if (joined.Type() == "call" && Row(joined) && Row(joined)->cls == NumpyClass::kScan)
    return FillScan(s, name, joined);
  Node src = right;
  if (Node copied = CopiedArray(StripParens(right))) src = copied;
  CheckOperandKinds(src);
  std::vector<Leaf> leaves;
  Leaves(src, leaves);  // first: it refuses what is not element-wise
  std::string dtype = TemporaryDtype(src);
  // A mask the kernel only reads element by element is stored as 0 and 1 in
  // uint8 (kernels cannot write bool arrays, CRB305); one that leaves the
  // kernel keeps NumPy's bool dtype.
  if (dtype == numpy_ + ".bool_" && !Escapes(name)) dtype = numpy_ + ".uint8";
  new_scalar_[name] = ResultScalar(src, in_.types);
  for (Leaf& l : leaves) HoldDims(l.dims, true);
  std::vector<Dim> result;
  std::vector<std::string> clauses = Broadcast(leaves, result, true);
  std::vector<std::string> spelled;
  for (const Dim& d : result) spelled.push_back(d.length);
  HoldDims(result, true);
  // The check reads the held result lengths rather than spelling them again.
  for (std::string& c : clauses)
    for (size_t d = 0; d < result.size(); ++d)
      for (size_t at = c.find(spelled[d]); spelled[d] != result[d].length && at != std::string::npos;
           at = c.find(spelled[d], at + result[d].length.size()))
        c.replace(at, spelled[d].size(), result[d].length);
  if (!clauses.empty()) Note(DiagId::kNumpyGuard, "checks the shapes of '" + FirstLine(s.Text()) + "' in the caller", s);
  Guard(clauses, "ValueError", "operands could not be broadcast together in " + Squeeze(FirstLine(s.Text())));
  for (Leaf& l : leaves) {
    // Operands with the result's bounds share its lengths.
    for (size_t j = 0; j < l.dims.size(); ++j) {
      const Dim& r = result[result.size() - l.dims.size() + j];
      if (l.dims[j].key == r.key && l.dims[j].stride.empty()) l.dims[j].length = r.length;
    }
    HoldDims(l.dims, false);
  }
  std::string shape;
  for (size_t d = 0; d < result.size(); ++d) shape += (d ? ", " : "") + result[d].length;
  if (result.size() > 1) shape = "(" + shape + ")";
  std::string alloc = name + " = " + numpy_ + ".empty(" + shape + ", dtype=" + dtype + ")";
  // Inside a loop or branch: allocated once before the top-level statement
  // around it when one array can serve every step (LoopReuseProblem) and
  // the shape, as spelled from the operands (the held lengths are computed
  // inside the loop), reads only names that are the same before it.
  // Otherwise allocated where Numba allocates it, at every step: a host
  // program does that on the host, the one-workunit model refuses it (CRB202).
  Node host;
  std::string hoisted;
  if (!top_) {
    std::string outer;
    for (size_t d = 0; d < spelled.size(); ++d) outer += (d ? ", " : "") + spelled[d];
    if (spelled.size() > 1) outer = "(" + outer + ")";
    host = HostStatement(s, outer);
    std::string why = !host ? "its shape (" + outer + ") cannot be computed once before the loop"
                            : LoopReuseProblem(name, result.size());
    // One array allocated before the loop would replace the value the name
    // holds until this statement first runs (a parameter, `u = u_new.copy()`
    // at the end of a time loop that reads u first).
    if (why.empty() && HeldBefore(name, s))
      why = "'" + name + "' holds another array until this statement runs";
    if (!why.empty()) {
      host = Node();
      out_.host_only.push_back(
          Diagnostic::Make(DiagId::kNumpyNewArray,
                           "'" + in_.kernel + "': binds '" + name +
                               "' to a new array inside a loop or branch, which only a host program can allocate "
                               "at every step: one array allocated before it cannot serve every step (" + why + ")",
                           in_.path)
              .At(s.StartByte(), s.EndByte())
              .Help("allocate it once before the loop (x = np.empty(...)) and assign into it (x[:] = ...)"));
    }
    if (host) hoisted = name + " = " + numpy_ + ".empty(" + outer + ", dtype=" + dtype + ")" + in_.newline + Indentation(host);
  }
  std::vector<Dim>& own = new_dims_[name];
  own.clear();
  for (size_t d = 0; d < result.size(); ++d) {
    Dim x;
    x.offset = "0";
    x.stop = name + ".shape[" + std::to_string(d) + "]";
    // Hoisted, the held lengths are the loop's own names: later
    // statements, after the loop too, read the lengths spelled before it.
    x.length = host ? spelled[d] : result[d].length;
    x.key = result[d].key;
    x.plain = true;
    own.push_back(x);
  }
  rank_memo_.clear();  // `name` now has a rank: ranks of expressions naming it change
  std::vector<std::string> idx = Indices(result);
  size_t next = 0;
  std::vector<std::string> per;  // per-element temporaries, inside the loop
  sink_ = &per;
  std::string value = ElementText(src, idx, leaves, next);
  sink_ = &lines_;
  // After the prelude of the expression (its reductions and their checks):
  // the allocation is a statement of its own, as the overlap temporary's.
  if (!host) lines_.push_back(alloc);
  std::vector<std::string> body;
  std::string ind = Loops(result, body, idx);
  for (const auto& l : per) body.push_back(ind + l);
  std::string at = name + "[";
  for (size_t d = 0; d < idx.size(); ++d) at += (d ? ", " : "") + Position(idx[d]);
  body.push_back(ind + at + "] = " + value);
  std::string indent = Indentation(s), text;
  for (size_t k = 0; k < body.size(); ++k) text += (k ? in_.newline + indent : "") + ShiftContinuations(body[k], indent);
  if (host) hoisted_[host.StartByte()] += hoisted;  // last: nothing after it refuses the statement
  return text;
}

bool Lowerer::Escapes(const std::string& name) const {
  bool escapes = false;
  Walk(body_, [&](const Node& n) {
    if (escapes) return false;
    if (n.Type() != "identifier" || n.Text() != name) return true;
    Node p = n.Parent();
    while (p && (p.Type() == "parenthesized_expression" || p.Type() == "expression_list" || p.Type() == "tuple"))
      p = p.Parent();
    if (p.Type() == "return_statement") escapes = true;
    if (p.Type() == "assignment" && p.ChildByField("right") == n) escapes = true;  // another name for it
    if (p.Type() == "argument_list" && !Row(p.Parent())) escapes = true;         // a helper sees its dtype
    if (p.Type() == "attribute") escapes = true;                                  // mask.dtype, mask.astype
    return true;
  });
  return escapes;
}

bool Lowerer::WrittenThrough(const std::string& name) const {
  bool written = false;
  Walk(body_, [&](const Node& n) {
    if (written) return false;
    std::string_view t = n.Type();
    if (t == "assignment" || t == "augmented_assignment") {
      Node l = n.ChildByField("left");
      bool element = l.Type() == "subscript";
      while (l.Type() == "subscript") l = l.ChildByField("value");
      if (l.Type() == "identifier" && l.Text() == name && (element || t == "augmented_assignment")) written = true;
    }
    if (t != "identifier" || n.Text() != name) return true;
    Node p = n.Parent();
    while (p && (p.Type() == "parenthesized_expression" || p.Type() == "expression_list" || p.Type() == "tuple"))
      p = p.Parent();
    if (p.Type() == "assignment" && p.ChildByField("right") == n) written = true;  // another name for it
    if (p.Type() == "argument_list" && !Row(p.Parent())) written = true;         // a helper may store
    return true;
  });
  return written;
}

namespace {
// A scalar's kind in Numba's (and NumPy's) casting order: bool < integer <
// floating point < complex. A Python number of a lower kind than an array
// operand takes the array's dtype (ResultScalar).
int ScalarKind(Scalar s) { return s == Scalar::kBool ? 0 : IsInteger(s) ? 1 : IsComplex(s) ? 3 : 2; }
}  // namespace

Scalar Lowerer::ResultScalar(const Node& e, const TypeTable& types) const {
  Node n = StripParens(e);
  std::string_view t = n.Type();
  if (t == "comparison_operator") return Scalar::kBool;
  // A new array of this lowering, or a slice or element of one (`un[1:-1]`
  // of `un = np.copy(u)`): the element type it was allocated with.
  Node base = n;
  while (base.Type() == "subscript") base = base.ChildByField("value");
  if (base.Type() == "identifier") {
    auto it = new_scalar_.find(std::string(base.Text()));
    auto known = types.find(base.Text());
    if (it != new_scalar_.end() && (known == types.end() || known->second.scalar == Scalar::kUnknown))
      return it->second;
  }
  if (t == "attribute" && FindNumpyAttribute(n.ChildByField("attribute").Text()))
    return ResultScalar(n.ChildByField("object"), types);
  Node pa, pb;
  if (ProductOperands(n, pa, pb)) {
    Scalar l = ResultScalar(pa, types), r = ResultScalar(pb, types);
    return l == Scalar::kUnknown || r == Scalar::kUnknown ? Scalar::kUnknown : Promote(l, r);
  }
  if (t == "call" && Row(n) && !IsReduction(n)) {
    const NumpyFunction* f = Row(n);
    std::vector<Node> ops = Operands(n);
    if ((f->cls == NumpyClass::kReshape || f->cls == NumpyClass::kTriangle) && !ops.empty())
      return ResultScalar(ops[0], types);
    if ((f->cls == NumpyClass::kTranspose || f->cls == NumpyClass::kFlip) && ops.size() == 1)
      return ResultScalar(ops[0], types);
    if (f->cls == NumpyClass::kOuter && ops.size() == 2) {
      Scalar l = ResultScalar(ops[0], types), r = ResultScalar(ops[1], types);
      if (l == Scalar::kUnknown || r == Scalar::kUnknown || (l == Scalar::kBool && r == Scalar::kBool))
        return Scalar::kUnknown;
      return Promote(l == Scalar::kBool ? Scalar::kInt64 : l, r == Scalar::kBool ? Scalar::kInt64 : r);
    }
    if (f->cls == NumpyClass::kCount) return Scalar::kInt64;
    if (f->cls == NumpyClass::kJoin) {
      // The operands' promoted dtype, as np.concatenate's.
      Scalar r = Scalar::kUnknown;
      for (const Node& p : Join(n).parts) {
        Scalar ps = ResultScalar(p, types);
        if (ps == Scalar::kUnknown) return ps;
        r = r == Scalar::kUnknown ? ps : Promote(r, ps);
      }
      return r;
    }
    if (f->cls == NumpyClass::kReduction && !ops.empty()) {
      // Per axis: np.sum accumulates integers and booleans in int64 (Numba
      // does so too), argmax/argmin give int64 positions.
      Scalar s = ResultScalar(ops[0], types);
      if (f->dtype == NumpyDtype::kIndex) return Scalar::kInt64;
      if (s == Scalar::kUnknown) return s;
      if (f->dtype == NumpyDtype::kSumLike)
        return (IsInteger(s) && s != Scalar::kUInt64) || s == Scalar::kBool ? Scalar::kInt64 : s;
      return Scalar::kUnknown;
    }
  }
  if (t == "call" && IsReduction(n)) {
    // The table's dtype rule over the operands' element types.
    const NumpyFunction* f = Row(n);
    Node fn = n.ChildByField("function");
    std::vector<Node> args;
    if (FindNumpyFunction(in_.imports.Resolve(fn))) args = n.ChildByField("arguments").NamedChildren();
    else args = {fn.ChildByField("object")};
    Scalar s = Scalar::kUnknown;
    for (const Node& a : args) {
      Scalar as = ResultScalar(a, types);
      if (as == Scalar::kUnknown) return as;
      s = s == Scalar::kUnknown ? as : Promote(s, as);
    }
    switch (f->dtype) {
      case NumpyDtype::kFloat: return s == Scalar::kFloat32 ? s : Scalar::kFloat64;
      case NumpyDtype::kSumLike: return (IsInteger(s) && s != Scalar::kUInt64) || s == Scalar::kBool ? Scalar::kInt64 : s;
      case NumpyDtype::kIndex: return Scalar::kInt64;
      default: return s;
    }
  }
  if (t == "call") {
    if (Node copied = CopiedArray(n)) return ResultScalar(copied, types);
    const NumpyFunction* f = Row(n);
    if (f && (f->cls == NumpyClass::kMath || f->cls == NumpyClass::kBuiltin || f->cls == NumpyClass::kNanMinMax)) {
      // The table's dtype rule over the operands' result types (which know
      // this lowering's new arrays and axis reductions). As for operators
      // (below), a scalar of a lower kind than an array operand's takes the
      // array's dtype in Numba's ufunc loop selection: np.maximum(f32, 0) and
      // np.add(f32, 1) are float32, np.maximum(f32, 0.5) float64 and
      // np.maximum(i32, 0) int64 (checked against Numba 0.56).
      std::vector<std::pair<Scalar, bool>> operands;  // result type, array-valued
      int array_kind = -1;
      for (const Node& x : Operands(n)) {
        Scalar xs = ResultScalar(x, types);
        if (xs == Scalar::kUnknown) return xs;
        bool array = IsArrayValued(x);
        operands.push_back({xs, array});
        if (array) array_kind = std::max(array_kind, ScalarKind(xs));
      }
      Scalar r = Scalar::kUnknown;
      for (const auto& [xs, array] : operands) {
        if (!array && ScalarKind(xs) < array_kind) continue;
        r = r == Scalar::kUnknown ? xs : Promote(r, xs);
      }
      if (r == Scalar::kUnknown) return r;
      if (f->dtype == NumpyDtype::kBool) return Scalar::kBool;
      if (f->dtype == NumpyDtype::kFloat) return r == Scalar::kFloat32 ? r : Scalar::kFloat64;
      return r == Scalar::kBool ? Scalar::kInt64 : r;
    }
    if (f && f->cls == NumpyClass::kWhere) {
      auto args = n.ChildByField("arguments").NamedChildren();
      if (args.size() != 3) return Scalar::kUnknown;
      Scalar x = ResultScalar(args[1], types), y = ResultScalar(args[2], types);
      if (x == Scalar::kUnknown || y == Scalar::kUnknown) return Scalar::kUnknown;
      return x == y ? x : Promote(x == Scalar::kBool ? Scalar::kInt64 : x, y == Scalar::kBool ? Scalar::kInt64 : y);
    }
  }
  if (t == "binary_operator") {
    Node ln = n.ChildByField("left"), rn = n.ChildByField("right");
    Scalar l = ResultScalar(ln, types), r = ResultScalar(rn, types);
    if (l == Scalar::kUnknown || r == Scalar::kUnknown) return Scalar::kUnknown;
    // An array with a scalar of a lower kind (bool < integer < floating
    // point < complex) keeps the array's dtype in Numba: `1 * f32` and
    // `f32 / 3` are float32. A scalar of the same or a higher kind promotes
    // as usual: `f32 * 2.0` is float64, `i8 + 3` is int64 (checked against
    // Numba 0.56; NumPy's own value-based rules differ there).
    bool left_array = IsArrayValued(ln), right_array = IsArrayValued(rn);
    if (left_array && !right_array && ScalarKind(r) < ScalarKind(l)) r = l;
    if (right_array && !left_array && ScalarKind(l) < ScalarKind(r)) l = r;
    std::string_view op = n.ChildByField("operator").Text();
    if (op == "&" || op == "|" || op == "^") return l == Scalar::kBool && r == Scalar::kBool ? l : Promote(l, r);
    // NumPy adds booleans as booleans, Python as integers: left unknown.
    if (l == Scalar::kBool && r == Scalar::kBool) return Scalar::kUnknown;
    if (op == "/") return l == Scalar::kFloat32 && r == Scalar::kFloat32 ? l : Scalar::kFloat64;
    return Promote(l == Scalar::kBool ? Scalar::kInt64 : l, r == Scalar::kBool ? Scalar::kInt64 : r);
  }
  if (t == "unary_operator") {
    Scalar a = ResultScalar(n.ChildByField("argument"), types);
    return a == Scalar::kBool ? Scalar::kUnknown : a;
  }
  return ElementScalar(n, types, in_.imports);
}

std::string Lowerer::TemporaryDtype(const Node& e) {
  Scalar s = KnownScalar(e, "the new array '" + FirstLine(e.Text()) + "'");
  if (s == Scalar::kUnknown || IsComplex(s) || s == Scalar::kNone)
    Fail(DiagId::kNumpyNewArray, "the element type of the new array '" + FirstLine(e.Text()) + "' is unknown", e,
         "write the array's dtype: allocate it (x = np.empty(shape, dtype)) and assign into it (x[:] = ...)");
  return numpy_ + "." + std::string(s == Scalar::kBool ? "bool_" : ScalarName(s));
}

Scalar Lowerer::KnownScalar(const Node& e, const std::string& what) {
  Scalar s = ResultScalar(e, in_.types);
  // Retyped as integers, the assumed names must give the same dtype:
  // otherwise the dtype is a guess (the rule of DtypeDecides).
  std::vector<std::string> deciding;
  for (const std::string& a : in_.assumed_dtype) {
    auto it = in_.types.find(a);
    if (it == in_.types.end()) continue;
    TypeTable alt = in_.types;
    alt[a].scalar = Scalar::kInt64;
    if (ResultScalar(e, alt) != s) deciding.push_back("'" + a + "'");
  }
  if (!deciding.empty()) {
    std::string names;
    for (const auto& d : deciding) names += (names.empty() ? "" : ", ") + d;
    Fail(DiagId::kNoTypeEvidence,
         "the element type of " + what + " depends on the element type of " + names +
             " (integer or floating point), and nothing in the kernel says which it is",
         e, kRecordTypesHelp);
  }
  return s;
}

void Lowerer::RefuseRandom() {
  Walk(body_, [&](const Node& n) {
    if (n.Type() != "call" || !IsNumpyRandom(in_.imports.Resolve(n.ChildByField("function")))) return true;
    out_.covered.push_back({n.StartByte(), n.EndByte()});
    out_.refusals.push_back(Diagnostic::Make(DiagId::kNumpyRandom,
                                             "'" + in_.kernel + "': draws random numbers with " +
                                                 FirstLine(n.ChildByField("function").Text()) + "()",
                                             in_.path)
                                .At(n.StartByte(), n.EndByte())
                                .Help("draw the numbers outside the kernel and pass them in as an array"));
    return false;
  });
}

}  // namespace caramba::numpy_lowering
