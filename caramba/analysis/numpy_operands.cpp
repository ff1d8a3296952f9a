// numpy_operands.cpp — the array operands of an expression, NumPy broadcasting
// between them, and the element text of an expression at given indices.
// See numpy_lowerer.h for how the files share the work.
#include <algorithm>

#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"

namespace caramba::numpy_lowering {

// The array operands of an element-wise expression, left to right;
// reductions inside it are scalars, not operands.
void Lowerer::Leaves(const Node& e, std::vector<Leaf>& out) {
  Node n = StripParens(e);
  std::string_view t = n.Type();
  if ((t == "identifier" && Rank(n) > 0) || (t == "subscript" && IsArraySubscript(n))) {
    out.push_back(MakeLeaf(n));
    return;
  }
  if ((t == "call" || t == "binary_operator") && IsReduction(n)) return;
  if (IsMappedOperand(n)) {
    out.push_back(MappedLeaf(n));
    return;
  }
  if (t == "call" && CopiedArray(n)) {
    Leaves(CopiedArray(n), out);
    return;
  }
  if (t == "binary_operator" || t == "unary_operator" || t == "parenthesized_expression" ||
      t == "comparison_operator" || (t == "call" && IsElementwiseCall(n))) {
    for (const Node& c : n.NamedChildren()) Leaves(c, out);
    return;
  }
  if (t == "argument_list") {
    for (const Node& c : n.NamedChildren()) Leaves(c, out);
  }
}

// Whether Leaves() would find an array operand (without making them).
bool Lowerer::HasLeaf(const Node& e) const {
  Node n = StripParens(e);
  std::string_view t = n.Type();
  if ((t == "identifier" && Rank(n) > 0) || (t == "subscript" && IsArraySubscript(n))) return true;
  if ((t == "call" || t == "binary_operator") && IsReduction(n)) return false;
  if (IsMappedOperand(n)) return true;
  if (t == "call" && CopiedArray(n)) return true;
  if (t == "binary_operator" || t == "unary_operator" || t == "parenthesized_expression" ||
      t == "comparison_operator" || (t == "call" && IsElementwiseCall(n)) || t == "argument_list") {
    for (const Node& c : n.NamedChildren())
      if (HasLeaf(c)) return true;
  }
  return false;
}

void Lowerer::CheckOperandKinds(const Node& e) {
  // Parameters never indexed and without a signature: array or scalar?
  // Beside a known array operand (`dt * f[i, :]`) they are scalars, as
  // everywhere else in a kernel (CRB502: a float64 is assumed; an array
  // argument would be refused by the dispatch, never computed wrongly).
  if (HasLeaf(e)) return;
  Walk(e, [&](const Node& n) {
    if ((n.Type() == "call" || n.Type() == "binary_operator") && IsReduction(n)) return false;
    if (n.Type() == "subscript") return false;
    if (n.Type() == "identifier" && !in_.has_signature && Rank(n) == 0 &&
        std::find(in_.params.begin(), in_.params.end(), std::string(n.Text())) != in_.params.end()) {
      auto it = in_.types.find(n.Text());
      if (it != in_.types.end() && (IsFloat(it->second.scalar) || it->second.scalar == Scalar::kUnknown))
        Fail(DiagId::kNumpyAmbiguousOperand,
             "'" + std::string(n.Text()) + "' may be an array or a scalar in an array expression", n,
             "add an eager signature to the decorator");
    }
    return true;
  });
}

// The element of array expression `e` at the result indices `idx`
// (right-aligned: a leaf of rank r uses the last r of them).
std::string Lowerer::ElementText(const Node& e, const std::vector<std::string>& idx, std::vector<Leaf>& leaves, size_t& next) {
  Node n = StripParens(e);
  std::string_view t = n.Type();
  if ((t == "identifier" && Rank(n) > 0) || (t == "subscript" && IsArraySubscript(n)) ||
      (!((t == "call" || t == "binary_operator") && IsReduction(n)) && IsMappedOperand(n))) {
    const Leaf& leaf = leaves.at(next++);
    return Access(leaf, idx);
  }
  if ((t == "call" || t == "binary_operator") && IsReduction(n)) return ScalarText(n);
  if (!IsArrayValued(n)) return ScalarText(e);
  if (t == "call" && Row(n)->cls == NumpyClass::kNanMinMax) {
    auto args = n.ChildByField("arguments").NamedChildren();
    if (args.size() != 2) Fail(DiagId::kNumpyExpression, "calls " + std::string(n.ChildByField("function").Text()) + " with keyword arguments", n);
    std::string a = ElementText(args[0], idx, leaves, next);
    std::string b = ElementText(args[1], idx, leaves, next);
    return NanMinMax(Row(n)->scalar == "min", a, b);
  }
  if (t == "call" && CopiedArray(n)) return ElementText(CopiedArray(n), idx, leaves, next);
  // A new array of its own shape (a join, counts): only bound to a name.
  if (t == "call" && (Row(n)->cls == NumpyClass::kJoin || Row(n)->cls == NumpyClass::kCount ||
                      Row(n)->cls == NumpyClass::kHistogram || Row(n)->cls == NumpyClass::kRange ||
                      Row(n)->cls == NumpyClass::kScan))
    Fail(DiagId::kNumpyExpression, "calls " + FirstLine(n.ChildByField("function").Text()) +
                                       "() inside an array expression", n,
         "bind its result to a name first (c = np.concatenate((a, b))) and use the name");
  if (t == "call" && Row(n)->cls == NumpyClass::kLogical) {
    std::vector<std::string> args;
    for (const Node& a : n.ChildByField("arguments").NamedChildren()) {
      if (a.Type() == "comment") continue;
      if (a.Type() == "keyword_argument") Fail(DiagId::kNumpyExpression, "passes keyword arguments to a ufunc", a);
      args.push_back(ElementText(a, idx, leaves, next));
    }
    return Logical(Row(n), args, n);
  }
  if (t == "call") {
    for (const Node& a : n.ChildByField("arguments").NamedChildren())
      if (a.Type() == "keyword_argument") Fail(DiagId::kNumpyExpression, "passes keyword arguments to a ufunc", a);
  }
  if (t == "call" && Row(n)->cls == NumpyClass::kWhere) {
    auto args = n.ChildByField("arguments").NamedChildren();
    if (args.size() != 3) Fail(DiagId::kNumpyExpression, "calls " + std::string(n.ChildByField("function").Text()) + " without x and y", n);
    // In this order: the operands are numbered left to right.
    std::string c = ElementText(args[0], idx, leaves, next);
    std::string x = ElementText(args[1], idx, leaves, next);
    std::string y = ElementText(args[2], idx, leaves, next);
    return "(" + x + " if " + c + " else " + y + ")";
  }
  if (t == "unary_operator" && n.Child(0).Text() == "~" &&
      ElementScalar(n.ChildByField("argument"), in_.types, in_.imports) == Scalar::kBool)
    // ~ of a boolean array is a logical not in NumPy, ~True is -2 in Python.
    Fail(DiagId::kNumpyExpression, "inverts a boolean array with ~", n, "write (m == False) instead");
  if (e.Type() == "parenthesized_expression") return "(" + ElementText(n, idx, leaves, next) + ")";
  if (t == "binary_operator" || t == "unary_operator" || t == "call" || t == "comparison_operator")
    return Splice(n, [&](const Node& c) -> std::string {
      std::string_view ct = c.Type();
      if (ct == "argument_list")
        return Splice(c, [&](const Node& a) { return ElementText(a, idx, leaves, next); });
      if (c.IsNamed() && ct != "comment" && !(t == "call" && c == n.ChildByField("function")))
        return ElementText(c, idx, leaves, next);
      return std::string(c.Text());
    });
  Fail(DiagId::kNumpyExpression, "uses '" + FirstLine(n.Text()) + "' on arrays", n);
}

std::string Lowerer::Access(const Leaf& leaf, const std::vector<std::string>& idx) {
  if (leaf.kind != Leaf::Kind::kArray) return ComputedAccess(leaf, idx);
  std::string out = leaf.base + "[";
  size_t rank = leaf.dims.size(), j = 0, first = idx.size() - rank;
  bool comma = false;
  for (const std::string& f : leaf.fixed) {
    if (comma) out += ", ";
    comma = true;
    if (!f.empty()) {
      out += f;
      continue;
    }
    size_t r = leaf.perm.empty() ? j : leaf.perm[j];  // a transpose reads its dimensions in another order
    const Dim& d = leaf.dims[r];
    const std::string& i = idx[first + r];
    auto it = start_.find(i);
    std::string start = it == start_.end() ? "0" : it->second;
    bool mapped = !d.step.empty() || d.reversed;
    if (d.stride.empty() && !mapped && IsIntegerText(d.offset) && IsIntegerText(start)) {
      // Both literal: `a[i - 1]` in a loop from 2 over a slice from 1.
      long shift = std::stol(d.offset) - std::stol(start);
      if (IsIntegerText(i)) out += std::to_string(std::stol(i) + shift);
      else out += shift == 0 ? i : i + (shift > 0 ? " + " : " - ") + std::to_string(shift > 0 ? shift : -shift);
    } else {
      std::string p = Position(i);
      if (!d.stride.empty()) p = Paren(p) + " * " + d.stride;
      if (!d.step.empty()) p = Paren(p) + " * " + d.step;
      if (d.reversed) {
        // Counted from the last element of [offset, stop): with a step s the
        // first element is offset + (length - 1) * s.
        std::string last = d.step.empty() ? Paren(d.length) + " - 1" : "(" + Paren(d.length) + " - 1) * " + d.step;
        p = last + " - " + Paren(p);
      }
      out += d.offset == "0" ? p : d.offset + " + " + p;
    }
    ++j;
  }
  return out + "]";
}

// Broadcasting of `leaves` against result dimensions `result` (the
// target's, or computed from the leaves when `result` is empty): fills
// strides, returns the shape check clauses (NumPy raises ValueError when
// one holds) and the result lengths.
std::vector<std::string> Lowerer::Broadcast(std::vector<Leaf>& leaves, std::vector<Dim>& result, bool from_leaves) {
  std::vector<std::string> clauses;
  if (from_leaves) {
    size_t rank = 0;
    for (const Leaf& l : leaves) rank = std::max(rank, l.dims.size());
    result.assign(rank, Dim{});
    for (size_t d = 0; d < rank; ++d) {
      std::vector<const Dim*> here;
      for (const Leaf& l : leaves)
        if (d + l.dims.size() >= rank) here.push_back(&l.dims[d + l.dims.size() - rank]);
      bool same = true;
      for (const Dim* x : here) same = same && x->key == here[0]->key;
      if (same) {
        result[d] = *here[0];
        continue;
      }
      // Lengths are all 1 or all B once the check passed: B is the largest
      // of them, 0 when one is 0.
      std::string mx = "max(", mn = "min(";
      std::set<std::string> seen;  // the same operand twice adds nothing
      for (size_t k = 0; k < here.size(); ++k) {
        if (!seen.insert(here[k]->length).second) continue;
        mx += (seen.size() > 1 ? ", " : "") + here[k]->length;
        mn += (seen.size() > 1 ? ", " : "") + here[k]->length;
      }
      result[d].offset = "0";
      result[d].stop = mx + ") * " + mn + ", 1)";
      result[d].length = result[d].stop;
      result[d].key = "broadcast" + std::to_string(d);
    }
  }
  size_t rank = result.size();
  for (Leaf& l : leaves) {
    if (l.dims.size() > rank)
      Fail(DiagId::kNumpyRank, "'" + FirstLine(l.node.Text()) + "' has more dimensions than the result", l.node);
    for (size_t j = 0; j < l.dims.size(); ++j) {
      Dim& d = l.dims[j];
      const Dim& r = result[rank - l.dims.size() + j];
      if (d.key == r.key) continue;
      clauses.push_back("(" + d.length + " != " + r.length + " and " + d.length + " != 1)");
      // 1 where the lengths agree, 0 where this one is 1 and broadcasts.
      d.stride = "min(" + d.length + " - 1, 1)";
    }
  }
  return clauses;
}

}  // namespace caramba::numpy_lowering
