// numpy_statements.cpp — which statements need lowering, and their rewriting: a statement becomes
// its prelude and its loop nest; scalar expressions keep their text with
// reductions replaced by accumulators.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>
#include <set>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

int Lowerer::Rank(const Node& n) const {
  if (n.Type() != "identifier") return 0;
  auto it = in_.types.find(n.Text());
  if (it != in_.types.end() && it->second.rank > 0) return it->second.rank;
  auto jt = new_dims_.find(std::string(n.Text()));
  return jt == new_dims_.end() ? 0 : static_cast<int>(jt->second.size());
}

const NumpyFunction* Lowerer::Row(const Node& call) const {
  if (call.Type() != "call") return nullptr;
  Node fn = call.ChildByField("function");
  if (const NumpyFunction* f = FindNumpyFunction(in_.imports.Resolve(fn))) return f;
  if (fn.Type() == "attribute" && ExprRank(fn.ChildByField("object")) > 0) {
    // Arguments only where the method takes an axis (a.sum(axis=0)).
    const NumpyFunction* f = FindNumpyMethod(fn.ChildByField("attribute").Text());
    if (call.ChildByField("arguments").NamedChildCount() == 0 ||
        (f && (f->cls == NumpyClass::kReduction || f->cls == NumpyClass::kReshape)))
      return f;
  }
  return nullptr;
}

// A scalar reduction: np.sum(a), a.max(), np.dot and @ of two vectors.
// With an axis, or with a matrix operand, it is an array (a computed operand,
// numpy_products.cpp).
bool Lowerer::IsReduction(const Node& n) const {
  Node a, b;
  if (ProductOperands(n, a, b)) return ExprRank(a) == 1 && ExprRank(b) == 1;
  const NumpyFunction* f = Row(n);
  return f && f->cls == NumpyClass::kReduction && !(AxisArgument(n) && ExprRank(n) > 0);
}

bool Lowerer::IsElementwiseCall(const Node& n) const {
  const NumpyFunction* f = Row(n);
  return f && (f->cls == NumpyClass::kMath || f->cls == NumpyClass::kBuiltin || f->cls == NumpyClass::kNanMinMax ||
               f->cls == NumpyClass::kWhere || f->cls == NumpyClass::kLogical);
}

// `a > 0`, `u != v`: one comparison (a chain of them on arrays is an error
// in NumPy, so it is left alone).
bool Lowerer::IsArrayComparison(const Node& n) const {
  if (n.Type() != "comparison_operator" || n.NamedChildCount() != 2) return false;
  // `is` and `in` are not element-wise.
  for (const Node& c : n.Children())
    if (!c.IsNamed() && c.Text() != "<" && c.Text() != "<=" && c.Text() != ">" && c.Text() != ">=" &&
        c.Text() != "==" && c.Text() != "!=")
      return false;
  for (const Node& c : n.NamedChildren())
    if (IsArrayValued(c)) return true;
  return false;
}

// `a.copy()`, `np.copy(a)`: the array it copies, or a null node.
Node Lowerer::CopiedArray(const Node& n) const {
  const NumpyFunction* f = Row(n);
  if (!f || f->cls != NumpyClass::kCopy) return Node();
  Node fn = n.ChildByField("function");
  auto args = n.ChildByField("arguments").NamedChildren();
  if (FindNumpyFunction(in_.imports.Resolve(fn))) return args.size() == 1 && IsArrayValued(args[0]) ? args[0] : Node();
  return fn.ChildByField("object");
}

// A subscript that denotes an array (a slice in it, or fewer indices than rank).
// Counts the indices of a whole chain (`a[i][j]`, the view spelling, is
// an element of a 2-D array).
bool Lowerer::IsArraySubscript(const Node& n) const {
  if (n.Type() != "subscript") return false;
  int depth = 0;
  bool slice = false;
  Node base = n;
  while (base.Type() == "subscript") {
    for (const Node& i : base.ChildrenByField("subscript")) {
      ++depth;
      slice = slice || i.Type() == "slice";
    }
    base = base.ChildByField("value");
  }
  int rank = Rank(base);
  return rank > 0 && (slice || depth < rank);
}

bool Lowerer::IsArrayValued(const Node& e) const { return ExprRank(e) > 0; }

// The statement calls np.random (refused on its own, RefuseRandom).
bool Lowerer::DrawsRandom(const Node& s) const {
  bool found = false;
  Walk(s, [&](const Node& n) {
    if (n.Type() == "call" && IsNumpyRandom(in_.imports.Resolve(n.ChildByField("function")))) found = true;
    return !found;
  });
  return found;
}

// A slice used as a plain value: bound to a name (`row = a[i, :]`) or
// passed to a function that is not NumPy's. Those are subviews, the
// SubviewTransformer's business, not array expressions.
bool Lowerer::IsPlainValue(const Node& sub) const {
  Node p = sub.Parent();
  if (p.Type() == "assignment" && p.ChildByField("right") == sub && p.ChildByField("left").Type() == "identifier")
    return true;
  if (p.Type() == "argument_list") {
    Node call = p.Parent();
    return !Row(call);
  }
  return false;
}

bool Lowerer::NeedsLowering(const Node& root) const {
  bool found = false;
  Walk(root, [&](const Node& n) {
    if (found) return false;
    std::string_view t = n.Type();
    if (t == "subscript" && IsArraySubscript(n) && IsPlainValue(n)) return false;
    if (t == "slice") found = true;
    // `x[idx]`, `data[mask]` with an array index: NumPy's indexing by an
    // array, a new array (never an element, whatever the rank says).
    else if (t == "subscript" && GatherIndex(n)) found = true;
    // `C *= alpha`: an in-place update of the whole array, with no slice
    // or array operator on either side.
    else if (t == "augmented_assignment" && Rank(n.ChildByField("left")) > 0) found = true;
    else if (t == "call" && (IsReduction(n) || (Row(n) && (Row(n)->cls == NumpyClass::kNanMinMax ||
                                                            Row(n)->cls == NumpyClass::kLogical))))
      found = true;
    else if (t == "binary_operator" && IsReduction(n)) found = true;  // `u @ v`
    else if ((t == "binary_operator" || t == "unary_operator" || t == "call" || t == "comparison_operator" ||
              t == "attribute") &&
             IsArrayValued(n))
      found = true;
    return !found;
  });
  return found;
}

void Lowerer::Block(const Node& block) {
  for (const Node& s : Statements(block)) Statement(s);
}

void Lowerer::Statement(const Node& s) {
  std::string_view t = s.Type();
  if (t == "expression_statement" || t == "return_statement") {
    Simple(s);
    return;
  }
  if (t == "if_statement") {
    Header(s, s.ChildByField("condition"), true);
    Block(s.ChildByField("consequence"));
    for (const Node& alt : s.ChildrenByField("alternative")) {
      if (alt.Type() == "elif_clause") Header(alt, alt.ChildByField("condition"), false);
      if (Node b = alt.ChildByField("consequence")) Block(b);
      else if (Node b2 = alt.ChildByField("body")) Block(b2);
    }
    return;
  }
  if (t == "for_statement") {
    Header(s, s.ChildByField("right"), true);
    Block(s.ChildByField("body"));
    return;
  }
  if (t == "while_statement") {
    Header(s, s.ChildByField("condition"), false);
    Block(s.ChildByField("body"));
    return;
  }
}

// A compound statement's condition or loop header: its prelude goes
// before the statement (evaluated once, as the header is).
void Lowerer::Header(const Node& stmt, const Node& expr, bool room) {
  if (!expr || !NeedsLowering(expr)) return;
  out_.covered.push_back({expr.StartByte(), expr.EndByte()});
  try {
    if (!room) Fail(DiagId::kNumpyPosition, "uses NumPy on arrays in a while or elif condition", expr);
    lines_.clear();
    held_.clear();
    ids_.clear();
    stmt_ = stmt;
    top_ = stmt.Parent() == body_;
    std::string text = ScalarText(expr);
    std::string indent = Indentation(stmt);
    std::string pre;
    for (const auto& l : lines_) pre += ShiftContinuations(l, indent) + in_.newline + indent;
    if (!pre.empty()) out_.rewrites.push_back({stmt.StartByte(), stmt.StartByte(), pre});
    out_.rewrites.push_back({expr.StartByte(), expr.EndByte(), text});
  } catch (const Failure&) {
  } catch (const Abstain&) {
    out_.covered.pop_back();
    abstained_ = true;
  }
}

std::string Lowerer::Indentation(const Node& n) const {
  std::string_view src = n.SourceView();
  uint32_t s = n.StartByte(), b = s;
  while (b > 0 && src[b - 1] != '\n') --b;
  std::string ind(src.substr(b, s - b));
  for (char& c : ind)
    if (c != '\t') c = ' ';
  return ind;
}

void Lowerer::Simple(const Node& s) {
  if (HoistAllocation(s)) return;
  if (!NeedsLowering(s) || DrawsRandom(s)) return;
  out_.covered.push_back({s.StartByte(), s.EndByte()});
  lines_.clear();
  held_.clear();
  ids_.clear();
  stmt_ = s;
  top_ = s.Parent() == body_;
  try {
    std::string text;
    if (s.Type() == "return_statement") {
      Node v = s.NamedChildCount() ? s.NamedChild(0) : Node();
      Node sv = v ? StripParens(v) : Node();
      if (v && IsArrayValued(v) && sv.Type() != "identifier" && sv.Type() != "subscript") {
        ReturnNewArray(s, v);
        return;
      }
      if (v && IsArrayValued(v)) Fail(DiagId::kNumpyNewArray, "returns an array expression", v);
      text = "return " + ScalarText(v);
    } else {
      Node a = s.NamedChild(0);
      if (s.NamedChildCount() != 1 || (a.Type() != "assignment" && a.Type() != "augmented_assignment"))
        Fail(DiagId::kNumpyExpression, "uses NumPy in a statement that is not an assignment", s);
      Node left = a.ChildByField("left"), right = a.ChildByField("right");
      std::string op = a.Type() == "assignment" ? "=" : std::string(a.ChildByField("operator").Text());
      if (right && right.Type() == "assignment" && op == "=") {
        Chain(s, a);
        return;
      }
      if (!right || right.Type() == "assignment")
        Fail(DiagId::kNumpyExpression, "uses a chained assignment with arrays", s);
      Node called = StripParens(right);
      if (op == "=" && called.Type() == "call" && Row(called) && Row(called)->cls == NumpyClass::kHistogram) {
        if (left.Type() != "pattern_list" && left.Type() != "tuple_pattern")
          Fail(DiagId::kNumpyExpression, "binds the two arrays np.histogram returns to one name", s,
               "unpack them: counts, edges = np.histogram(...)");
        Histogram(s, left, called);
        return;
      }
      if (op == "=" && MaskIndex(left)) {
        MaskedAssign(s, left, right);
        return;
      }
      if (IsArraySubscript(left) || (left.Type() == "identifier" && Rank(left) > 0 && op != "=")) {
        ElementWise(s, left, op, right);
        return;
      }
      Node view = StripParens(right);
      if (left.Type() == "identifier" && op == "=" &&
          ((view.Type() == "attribute" && FindNumpyAttribute(view.ChildByField("attribute").Text())) ||
           (view.Type() == "call" && Row(view) &&
            (Row(view)->cls == NumpyClass::kTranspose || Row(view)->cls == NumpyClass::kFlip))))
        // `b = a.T` is a view of a in NumPy, not a copy: writes through
        // either name show in the other. Left to the plan's refusals.
        throw Abstain{};
    if (left.Type() == "identifier" && op == "=" && view.Type() == "call" && Row(view) &&
        Row(view)->cls == NumpyClass::kReshape && !Operands(view).empty()) {
      // `b = a.reshape(n, m)` of an array is a view of a too; of an
      // expression it is a new array. A copy serves where nothing stores
      // through either name (and b is not returned, where the caller would
      // see a copy instead of a view).
      Node o = StripParens(Operands(view)[0]);
      while (o.Type() == "subscript") o = o.ChildByField("value");
      std::string b(left.Text());
      if (o.Type() == "identifier" &&
          (WrittenThrough(std::string(o.Text())) || WrittenThrough(b) || Escapes(b) || bound_[b] > 1))
        throw Abstain{};
    }
      if (op == "=" && MaskAlias(s, left, right)) return;
      if (left.Type() == "identifier" && op == "=" && IsArrayValued(right)) {
        NewArray(s, left, right);
        return;
      }
      if (left.Type() != "identifier" && NeedsLowering(left))
        Fail(DiagId::kNumpyExpression, "indexes with a NumPy expression", left);
      text = std::string(left.Text()) + " " + op + " " + ScalarText(right);
    }
    Emit(s, text);
  } catch (const Failure&) {
    // A refused `x = <array expression>` whose rank nothing else knows: the
    // statements after it would take x for a scalar, so none of the
    // kernel's lowerings may stand without this one.
    Node a = s.Type() == "expression_statement" && s.NamedChildCount() == 1 ? s.NamedChild(0) : Node();
    if (a && a.Type() == "assignment") {
      Walk(a.ChildByField("left"), [&](const Node& id) {
        if (id.Type() == "identifier" && Rank(id) == 0) out_.unknown_arrays = true;
        return id.Type() != "subscript" && id.Type() != "attribute";
      });
    }
  } catch (const Abstain&) {
    out_.covered.pop_back();
    out_.guard_sites.erase(std::remove_if(out_.guard_sites.begin(), out_.guard_sites.end(),
                                          [&](const NumpyGuardSite& g) { return g.start == s.StartByte(); }),
                           out_.guard_sites.end());
    abstained_ = true;
  }
}

// Replaces statement `s` by the prelude lines and `text` (which may hold
// several lines, already indented relative to the statement).
void Lowerer::Emit(const Node& s, const std::string& text) {
  std::string indent = Indentation(s);
  std::string out = emitted_ && !emitted_->empty() ? "" : "# " + FirstLine(s.Text()) + in_.newline + indent;
  for (const auto& l : lines_) out += ShiftContinuations(l, indent) + in_.newline + indent;
  out += ShiftContinuations(text, indent);  // (the loop nest of ElementWise is shifted already)
  if (emitted_) emitted_->push_back(out);
  else out_.rewrites.push_back({s.StartByte(), s.EndByte(), out});
}

// `a[i:, i] = a[i, i:] = <value>`: Python evaluates the value once and stores
// it into each target, left to right. When the value reads none of the
// targets' arrays and calls nothing but NumPy's table and pure builtins,
// evaluating it again for each target gives the same elements, so the chain
// is one lowered assignment per target (covariance's symmetric fill).
void Lowerer::Chain(const Node& s, const Node& a) {
  std::vector<Node> targets;
  Node value = a;
  while (value.Type() == "assignment" && value.ChildByField("right")) {
    if (value.ChildByField("type")) break;
    targets.push_back(value.ChildByField("left"));
    value = value.ChildByField("right");
  }
  std::set<std::string> bases;
  for (const Node& t : targets) {
    Node b = t.Type() == "subscript" ? t.ChildByField("value") : Node();
    if (!b || b.Type() != "identifier")
      Fail(DiagId::kNumpyExpression, "uses a chained assignment with arrays whose target '" + FirstLine(t.Text()) +
                                         "' is not a subscript of an array", s,
           "write one assignment per target");
    bases.insert(std::string(b.Text()));
  }
  static const std::set<std::string, std::less<>> kPure = {"len", "min", "max", "abs", "float", "int"};
  auto check = [&](const Node& root) {
    Walk(root, [&](const Node& n) {
      if (n.Type() == "identifier" && bases.count(std::string(n.Text())))
        Fail(DiagId::kNumpyExpression, "uses a chained assignment with arrays whose value reads '" +
                                           std::string(n.Text()) + "', which it also writes", s,
             "compute the value into its own array first, then assign it to each target");
      if (n.Type() == "call" && !Row(n) && !kPure.count(n.ChildByField("function").Text()))
        Fail(DiagId::kNumpyExpression, "uses a chained assignment with arrays whose value calls '" +
                                           FirstLine(n.ChildByField("function").Text()) + "'", s,
             "compute the value into a name first, then assign it to each target");
      return true;
    });
  };
  check(value);
  for (const Node& t : targets)
    for (const Node& i : t.ChildrenByField("subscript")) check(i);
  std::vector<std::string> parts;
  emitted_ = &parts;
  try {
    for (const Node& t : targets) {
      lines_.clear();
      held_.clear();
      if (IsArraySubscript(t)) ElementWise(s, t, "=", value);
      else Emit(s, std::string(t.Text()) + " = " + ScalarText(value));
    }
  } catch (...) {
    emitted_ = nullptr;
    throw;
  }
  emitted_ = nullptr;
  std::string text;
  for (size_t k = 0; k < parts.size(); ++k) text += (k ? in_.newline + Indentation(s) : "") + parts[k];
  out_.rewrites.push_back({s.StartByte(), s.EndByte(), text});
}

// The text of a scalar expression: reductions become accumulators computed
// by loops in the prelude; np.minimum/np.maximum of scalars NaN-propagating
// conditional expressions.
std::string Lowerer::ScalarText(const Node& e) {
  if (!e) return "";
  std::string_view t = e.Type();
  if ((t == "call" || t == "binary_operator") && IsReduction(e)) return Reduce(e);
  if (t == "call" && Row(e) && Row(e)->cls == NumpyClass::kNanMinMax) {
    auto args = e.ChildByField("arguments").NamedChildren();
    if (args.size() != 2 || IsArrayValued(args[0]) || IsArrayValued(args[1]))
      Fail(DiagId::kNumpyExpression, "calls " + std::string(e.ChildByField("function").Text()) + " on arrays here", e);
    return NanMinMax(Row(e)->scalar == "min", ScalarText(args[0]), ScalarText(args[1]));
  }
  if (t == "call" && Row(e) && Row(e)->cls == NumpyClass::kLogical) {
    std::vector<std::string> args;
    for (const Node& a : e.ChildByField("arguments").NamedChildren()) {
      if (a.Type() == "comment") continue;
      if (a.Type() == "keyword_argument" || IsArrayValued(a))
        Fail(DiagId::kNumpyExpression, "calls " + std::string(e.ChildByField("function").Text()) + " on arrays here", e);
      args.push_back(ScalarText(a));
    }
    return Logical(Row(e), args, e);
  }
  if (t == "subscript" && IsArraySubscript(e) && IsPlainValue(e)) return std::string(e.Text());  // a subview
  if (t == "subscript" && !IsArraySubscript(e)) return ElementChain(e);
  if (IsArrayValued(e)) Fail(DiagId::kNumpyExpression, "uses the array expression '" + FirstLine(e.Text()) + "' where a scalar is needed", e);
  if (t == "slice") Fail(DiagId::kNumpyExpression, "slices where a scalar is needed", e);
  // `a.size`, `a.ndim`, `np.pi`: a scalar attribute of a name.
  if (t == "attribute" && e.ChildByField("object").Type() == "identifier") return std::string(e.Text());
  if (t == "conditional_expression" || t == "boolean_operator") {
    // Only the first operand (the condition of a ternary, the left of
    // and/or) is always evaluated: a reduction elsewhere would run eagerly.
    auto kids = e.NamedChildren();
    for (size_t i = 0; i < kids.size(); ++i) {
      bool always = t == "conditional_expression" ? i == 1 : i == 0;
      if (!always && NeedsLowering(kids[i]))
        Fail(DiagId::kNumpyPosition, "computes a NumPy reduction in a branch that Python evaluates lazily", kids[i]);
    }
  }
  return Splice(e, [&](const Node& c) { return ScalarText(c); });
}

// An element `a[i, j]` / `a[i][j]`: its indices may hold reductions.
std::string Lowerer::ElementChain(const Node& e) {
  if (e.Type() != "subscript") {
    if (e.Type() != "identifier" && NeedsLowering(e)) throw Abstain{};  // `(a[1:] * 2.0)[0]`
    return std::string(e.Text());
  }
  Node value = e.ChildByField("value");
  return Splice(e, [&](const Node& c) { return c == value ? ElementChain(c) : ScalarText(c); });
}

// np.minimum(x, y): y when y is NaN, x when x is NaN (x != x), else the
// smaller; x and y are pure, so repeating them is exact.
// np.logical_and(x, y) is `(x != 0) & (y != 0)`: a bool of each operand's
// truth (NaN is nonzero, so true, as in NumPy), combined with the bitwise
// operator of bools, which keeps its parentheses in every spelling.
std::string Lowerer::Logical(const NumpyFunction* f, const std::vector<std::string>& args, const Node& call) {
  if (static_cast<int>(args.size()) < f->min_args || static_cast<int>(args.size()) > f->max_args)
    Fail(DiagId::kNumpyExpression, "calls " + std::string(call.ChildByField("function").Text()) + " with " +
                                       std::to_string(args.size()) + " arguments", call);
  auto truth = [](const std::string& x) { return "(" + Paren(x) + " != 0)"; };
  if (f->scalar == "not") return "(" + Paren(args[0]) + " == 0)";
  if (f->scalar != "and" && f->scalar != "or" && f->scalar != "xor")  // np.less & co
    return "(" + Paren(args[0]) + " " + std::string(f->scalar) + " " + Paren(args[1]) + ")";
  std::string op = f->scalar == "and" ? " & " : f->scalar == "or" ? " | " : " != ";
  return "(" + truth(args[0]) + op + truth(args[1]) + ")";
}

std::string Lowerer::NanMinMax(bool min, const std::string& x, const std::string& y) {
  std::string px = Paren(HoldValue(x)), py = Paren(HoldValue(y));
  return "(" + px + " if " + px + (min ? " <= " : " >= ") + py + " or " + px + " != " + px + " else " + py + ")";
}

}  // namespace caramba::numpy_lowering
