// call_site_indexing.cpp — subscripts in the evaluator of call_site_types.cpp:
// NumPy's basic and advanced indexing of evident arrays, with the layout
// that decides whether the result is an argument Numba compiles like the
// translation's C views.
#include <cstdlib>

#include "caramba/analysis/call_site_eval.h"

namespace caramba::call_site_detail {

// `x[i, 1:-1]`, `x[idx]`, `shape[0]`: NumPy's indexing of an evident array.
// Integers and slices are basic indexing: an element (a NumPy scalar of the
// array's dtype) or a view, whose layout is left open ('A'; only a copy of it
// is an argument). An integer array index, or a bool mask of the array's
// rank, is advanced indexing: a new C-ordered array.
Maybe Evaluator::Subscript(const Node& n, const Scope& s, std::string* why) const {
  Node value = n.ChildByField("value");
  auto index = n.ChildrenByField("subscript");
  auto not_followed = [&](const std::string& what) {
    return Unknown(why, n, "'" + std::string(n.Text()) + "' " + what);
  };
  Maybe a = Eval(value, s, why);
  if (!a) return std::nullopt;
  auto integer = [&](const Node& x) {
    Maybe v = Eval(x, s, why);
    return IsScalar(v) && IsInteger(v->t.scalar);
  };
  if (a->kind == Val::Kind::kString) return a;  // a character or a substring
  if (a->kind == Val::Kind::kTuple) {
    // `a.shape[0]`, `t[1]`: a literal position in a tuple.
    Maybe pos = index.size() == 1 ? Eval(index[0], s, why) : Maybe();
    if (!IsScalar(pos) || !IsInteger(pos->t.scalar) || !pos->literal) return not_followed("is not a literal position");
    long i = static_cast<long>(*pos->literal);
    if (i < 0) i += static_cast<long>(a->elems.size());
    if (i < 0 || static_cast<size_t>(i) >= a->elems.size()) return not_followed("is out of the tuple");
    return a->elems[static_cast<size_t>(i)];
  }
  if (!IsArray(a)) return not_followed("is a subscript of a value that is not an evident array");
  if (index.size() == 1 && index[0].Type() != "slice" && index[0].Type() != "ellipsis") {
    Maybe ix = Eval(index[0], s, why);
    if (!ix) return std::nullopt;
    if (IsArray(ix) && IsInteger(ix->t.scalar)) return ArrayOf(a->t.scalar, ix->t.rank + a->t.rank - 1);
    if (IsArray(ix) && ix->t.scalar == Scalar::kBool && ix->t.rank == a->t.rank) return ArrayOf(a->t.scalar, 1);
    if (IsArray(ix)) return not_followed("indexes with an array of another kind or rank");
  }
  int rank = a->t.rank;
  for (const Node& ix : index) {
    if (ix.Type() == "slice") {
      for (const Node& b : ix.NamedChildren())
        if (b.Type() != "none" && !integer(b)) return not_followed("has a slice bound that is not an evident integer");
      continue;
    }
    if (!integer(ix)) return not_followed("has an index that is not an evident integer");
    --rank;
  }
  if (static_cast<int>(index.size()) > a->t.rank) return not_followed("has more indices than the array dimensions");
  if (rank == 0) return Scalar64(a->t.scalar, false);  // a NumPy scalar
  Val v = ArrayOf(a->t.scalar, rank);
  v.t.layout = 'A';
  v.readonly = a->readonly;
  return v;
}

}  // namespace caramba::call_site_detail
