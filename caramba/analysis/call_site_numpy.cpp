// call_site_numpy.cpp — the NumPy calls the evaluator of call_site_types.cpp
// follows: allocations, random numbers, ranges, literal arrays and unary
// ufuncs, each with NumPy's default dtype and the rank its shape gives.
#include <algorithm>
#include <functional>
#include <set>

#include "caramba/analysis/call_site_eval.h"

namespace caramba::call_site_detail {

// A dtype argument: np.float32, "float32", float, int, bool, np.bool_.
std::optional<Scalar> DtypeOf(const Node& n, const ImportTable& imports) {
  std::string name;
  if (n.Type() == "string") {
    std::string_view t = n.Text();
    if (t.size() < 2) return std::nullopt;
    name = std::string(t.substr(1, t.size() - 2));
  } else {
    std::string q = imports.Resolve(n);
    if (q == "float") return Scalar::kFloat64;
    if (q == "int") return Scalar::kInt64;
    if (q == "bool") return Scalar::kBool;
    if (q.rfind("numpy.", 0) != 0) return std::nullopt;
    name = q.substr(6);
  }
  // NumPy's names (numba's table reads float_ as float32, NumPy as float64).
  static const std::map<std::string, Scalar, std::less<>> kNames = {
      {"float64", Scalar::kFloat64}, {"double", Scalar::kFloat64}, {"float_", Scalar::kFloat64},
      {"f8", Scalar::kFloat64},      {"float32", Scalar::kFloat32}, {"single", Scalar::kFloat32},
      {"f4", Scalar::kFloat32},      {"int64", Scalar::kInt64},     {"int_", Scalar::kInt64},
      {"intp", Scalar::kInt64},      {"i8", Scalar::kInt64},        {"int32", Scalar::kInt32},
      {"intc", Scalar::kInt32},      {"i4", Scalar::kInt32},        {"int16", Scalar::kInt16},
      {"int8", Scalar::kInt8},       {"uint8", Scalar::kUInt8},     {"u1", Scalar::kUInt8},
      {"uint16", Scalar::kUInt16},   {"uint32", Scalar::kUInt32},   {"uint64", Scalar::kUInt64},
      {"bool_", Scalar::kBool},      {"bool", Scalar::kBool},       {"bool8", Scalar::kBool},
  };
  auto it = kNames.find(name);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

// The rank a size/shape argument gives (absent: a scalar); -1 when unknown.
int ShapeRank(const Maybe& sh) {
  if (!sh) return -1;
  if (sh->kind == Val::Kind::kTuple) {
    for (const Val& e : sh->elems)
      if (e.kind != Val::Kind::kValue || e.t.rank != 0 || !IsInteger(e.t.scalar)) return -1;
    return static_cast<int>(sh->elems.size());
  }
  if (sh->kind == Val::Kind::kValue && sh->t.rank == 0 && IsInteger(sh->t.scalar)) return 1;
  return -1;
}

// np.cumsum/np.cumprod (and the methods): NumPy accumulates integers
// narrower than the platform's int in int64 (uint64 for unsigned ones, bools
// in int64), other dtypes in their own; without an axis the result is 1-D.
Maybe Evaluator::Cumulative(const Val& a, const Node& axis, const Node& dtype, const Node& call,
                            std::string* why) const {
  if (!IsArray(a) || IsComplex(a.t.scalar))
    return Unknown(why, call, "the type of '" + std::string(call.Text()) + "' is not evident");
  Scalar r = a.t.scalar;
  if (r == Scalar::kBool || r == Scalar::kInt8 || r == Scalar::kInt16 || r == Scalar::kInt32) r = Scalar::kInt64;
  if (r == Scalar::kUInt8 || r == Scalar::kUInt16 || r == Scalar::kUInt32) r = Scalar::kUInt64;
  if (dtype && dtype.Type() != "none") {
    auto dt = DtypeOf(dtype, mod_.imports);
    if (!dt) return Unknown(why, call, "the dtype of '" + std::string(call.Text()) + "' is not evident");
    r = *dt;
  }
  bool flat = !axis || axis.Type() == "none";
  Val v = ArrayOf(r, flat ? 1 : a.t.rank);
  if (!flat && a.t.layout != 'C') v.t.layout = 'A';
  return v;
}

Maybe Evaluator::Numpy(const std::string& q, const Node& call, const Scope& s, std::string* why) const {
  auto args = call.ChildByField("arguments").NamedChildren();
  auto positional = [&]() {
    size_t k = 0;
    for (const Node& a : args) k += a.Type() != "keyword_argument";
    return k;
  };
  auto dtype_arg = [&](size_t pos, Scalar def) -> std::optional<Scalar> {
    Node d = Arg(call, pos, "dtype");
    if (!d) return def;
    return DtypeOf(d, mod_.imports);
  };
  auto sized = [&](Scalar dt, size_t size_pos) -> Maybe {
    Node sz = Arg(call, size_pos, "size");
    if (!sz || sz.Type() == "none") return Scalar64(dt, dt == Scalar::kFloat64 || dt == Scalar::kInt64);
    int rank = ShapeRank(Eval(sz, s, why));
    if (rank < 0) return Unknown(why, call, "the size of '" + std::string(call.Text()) + "' is not evident");
    if (rank == 0) return Unknown(why, call, "an empty shape (a 0-d array)");
    return ArrayOf(dt, rank);
  };
  auto not_evident = [&]() { return Unknown(why, call, "the type of '" + std::string(call.Text()) + "' is not evident"); };
  // Inside a kernel (a result of another kernel), only the allocations,
  // whose types Numba and NumPy give alike.
  static const std::set<std::string, std::less<>> kInKernels = {
      "numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full", "numpy.zeros_like", "numpy.ones_like",
      "numpy.empty_like", "numpy.full_like", "numpy.copy", "numpy.arange", "numpy.linspace", "numpy.eye",
      "numpy.identity"};
  if (numba_depth_ > 0 && !kInKernels.count(q)) return not_evident();
  // Arrays of floats by dimensions: rand(n, m), randn(n).
  if (q == "numpy.random.rand" || q == "numpy.random.randn") {
    for (const Node& a : args)
      if (a.Type() == "keyword_argument") return not_evident();
    if (args.empty()) return Scalar64(Scalar::kFloat64, true);
    return ArrayOf(Scalar::kFloat64, static_cast<int>(args.size()));
  }
  if (q == "numpy.random.random" || q == "numpy.random.random_sample" || q == "numpy.random.sample" ||
      q == "numpy.random.ranf" || q == "numpy.random.Generator.random" ||
      q == "numpy.random.Generator.standard_normal" || q == "numpy.random.standard_normal") {
    if (q == "numpy.random.Generator.random" && Arg(call, 1, "dtype")) {
      auto dt = dtype_arg(1, Scalar::kFloat64);
      if (!dt) return not_evident();
      return sized(*dt, 0);
    }
    return sized(Scalar::kFloat64, 0);
  }
  if (q == "numpy.random.uniform" || q == "numpy.random.normal" || q == "numpy.random.Generator.uniform" ||
      q == "numpy.random.Generator.normal" || q == "numpy.random.exponential" ||
      q == "numpy.random.Generator.exponential") {
    // Scalar parameters (arrays would broadcast into the result's shape).
    bool two = q.find("exponential") == std::string::npos;
    for (size_t i = 0; i < (two ? 2u : 1u); ++i) {
      Node p = Arg(call, i, i == 0 ? (q.find("normal") != std::string::npos ? "loc" : two ? "low" : "scale")
                                   : (q.find("normal") != std::string::npos ? "scale" : "high"));
      if (p && !IsScalar(Eval(p, s, why))) return not_evident();
    }
    return sized(Scalar::kFloat64, two ? 2 : 1);
  }
  if (q == "numpy.random.randint" || q == "numpy.random.Generator.integers") {
    Node lo = Arg(call, 0, "low"), hi = Arg(call, 1, "high");
    if (!lo || !IsScalar(Eval(lo, s, why)) || (hi && hi.Type() != "none" && !IsScalar(Eval(hi, s, why))))
      return not_evident();
    auto dt = dtype_arg(3, Scalar::kInt64);
    if (!dt) return not_evident();
    return sized(*dt, 2);
  }
  if (q == "numpy.random.default_rng" || q == "numpy.random.Generator") {
    Val v;
    v.kind = Val::Kind::kGenerator;
    return v;
  }
  if (q == "numpy.zeros" || q == "numpy.ones" || q == "numpy.empty" || q == "numpy.full") {
    bool full = q == "numpy.full";
    Node shape = Arg(call, 0, "shape");
    if (!shape) return not_evident();
    int rank = ShapeRank(Eval(shape, s, why));
    if (rank <= 0) return not_evident();
    Scalar def = Scalar::kFloat64;
    if (full) {
      Node fill = Arg(call, 1, "fill_value");
      Maybe f = fill ? Eval(fill, s, why) : Maybe();
      if (!IsScalar(f)) return not_evident();
      def = f->t.scalar;  // a Python int fills an int64 array, a float a float64 one
    }
    auto dt = dtype_arg(full ? 2 : 1, def);
    if (!dt) return not_evident();
    if (Arg(call, full ? 3 : 2, "order")) return not_evident();
    return ArrayOf(*dt, rank);
  }
  if (q == "numpy.zeros_like" || q == "numpy.ones_like" || q == "numpy.empty_like" || q == "numpy.full_like" ||
      q == "numpy.copy" || q == "numpy.ascontiguousarray") {
    Node src = Arg(call, 0, q == "numpy.copy" ? "a" : "a");
    Maybe a = src ? Eval(src, s, why) : Maybe();
    if (!IsArray(a)) return not_evident();
    bool full = q == "numpy.full_like";
    auto dt = dtype_arg(full ? 2 : 1, a->t.scalar);
    if (!dt || (q != "numpy.ascontiguousarray" && Arg(call, full ? 3 : 2, "order"))) return not_evident();
    // order 'K': the new array is laid out like `a` (F for a transpose).
    Val v = ArrayOf(*dt, a->t.rank);
    if (q != "numpy.ascontiguousarray" && a->t.layout != 'C') v.t.layout = 'A';
    return v;
  }
  if (q == "numpy.cumsum" || q == "numpy.cumprod") {
    Node src = Arg(call, 0, "a");
    Maybe a = src ? Eval(src, s, why) : Maybe();
    if (!a) return std::nullopt;
    return Cumulative(*a, Arg(call, 1, "axis"), Arg(call, 2, "dtype"), call, why);
  }
  if (q == "numpy.where") {
    // np.where(cond, x, y): x and y promoted as by arithmetic, in the
    // broadcast shape of the three.
    Node c = Arg(call, 0, "condition"), x = Arg(call, 1, "x"), y = Arg(call, 2, "y");
    if (!c || !x || !y) return not_evident();
    Maybe cv = Eval(c, s, why), xv = Eval(x, s, why), yv = Eval(y, s, why);
    if (!cv || cv->kind != Val::Kind::kValue) return not_evident();
    Maybe r = Combine("+", false, xv, yv, call, why);
    if (!r) return std::nullopt;
    int rank = std::max(cv->t.rank, r->t.rank);
    if (rank == 0) return not_evident();  // a 0-d array
    Val v = ArrayOf(r->t.scalar, rank);
    if ((cv->t.rank > 0 && cv->t.layout != 'C') || (r->t.rank > 0 && r->t.layout != 'C')) v.t.layout = 'A';
    return v;
  }
  if (q == "numpy.random.choice" || q == "numpy.random.Generator.choice") {
    // choice(a, size): from range(a) (int64) for an int, else a's elements.
    Node a = Arg(call, 0, "a");
    Maybe av = a ? Eval(a, s, why) : Maybe();
    if (!av) return std::nullopt;
    if (IsScalar(av) && IsInteger(av->t.scalar)) return sized(Scalar::kInt64, 1);
    if (IsArray(av) && av->t.rank == 1) return sized(av->t.scalar, 1);
    return not_evident();
  }
  if (q == "numpy.random.permutation" || q == "numpy.random.Generator.permutation") {
    Node a = Arg(call, 0, "x");
    Maybe av = a ? Eval(a, s, why) : Maybe();
    if (!av) return std::nullopt;
    if (IsScalar(av) && IsInteger(av->t.scalar)) return ArrayOf(Scalar::kInt64, 1);
    if (IsArray(av) && !Arg(call, 1, "axis")) return ArrayOf(av->t.scalar, av->t.rank);
    return not_evident();
  }
  if (q == "numpy.frombuffer") {
    // A 1-D array of `dtype` over the buffer, whatever it holds; read-only
    // over bytes, so only a copy of it is an argument.
    if (Arg(call, 1, "dtype") && !dtype_arg(1, Scalar::kFloat64)) return not_evident();
    auto dt = dtype_arg(1, Scalar::kFloat64);
    Val v = ArrayOf(*dt, 1);
    v.readonly = true;
    return v;
  }
  if (q == "numpy.repeat") {
    Node a = Arg(call, 0, "a"), r = Arg(call, 1, "repeats");
    Maybe av = a ? Eval(a, s, why) : Maybe();
    Maybe rv = r ? Eval(r, s, why) : Maybe();
    if (!IsArray(av) || !IsScalar(rv) || !IsInteger(rv->t.scalar) || Arg(call, 2, "axis")) return not_evident();
    return ArrayOf(av->t.scalar, 1);
  }
  if (q == "numpy.sort") {
    // A sorted copy (order 'K': laid out like `a`).
    Node a = Arg(call, 0, "a");
    Maybe av = a ? Eval(a, s, why) : Maybe();
    if (!IsArray(av) || positional() > 1 || args.size() > 1) return not_evident();
    Val v = ArrayOf(av->t.scalar, av->t.rank);
    if (av->t.layout != 'C') v.t.layout = 'A';
    return v;
  }
  if (auto dt = DtypeOf(call.ChildByField("function"), mod_.imports);
      dt && q.rfind("numpy.", 0) == 0 && args.size() == 1 && args[0].Type() != "keyword_argument") {
    // `np.int32(-2)`, `np.float32(x)`: a NumPy scalar of that type, as Numba
    // types it, from an evident scalar whose literal value (if any) fits.
    Maybe v = Eval(args[0], s, why);
    if (!IsScalar(v) || IsComplex(v->t.scalar) || *dt == Scalar::kBool) return not_evident();
    if (v->literal && (!Fits(*v->literal, *dt) || (IsInteger(*dt) && !IsInteger(v->t.scalar)) ||
                       (*dt == Scalar::kUInt64 && *v->literal < 0)))
      return not_evident();
    if (!v->literal && IsInteger(*dt) && *dt != v->t.scalar) return not_evident();  // a value that may wrap
    Val out = Scalar64(*dt, false, v->literal);
    return out;
  }
  if (q == "numpy.argsort" || q == "numpy.lexsort") {
    // Indices: int64 (intp); argsort keeps the rank, lexsort of 1-D keys is 1-D.
    Node a = Arg(call, 0, q == "numpy.argsort" ? "a" : "keys");
    Maybe av = a ? Eval(a, s, why) : Maybe();
    if (!av || Arg(call, 1, "axis")) return not_evident();
    if (q == "numpy.argsort" && IsArray(av)) return ArrayOf(Scalar::kInt64, av->t.rank);
    if (q == "numpy.lexsort" && av->kind == Val::Kind::kTuple && !av->elems.empty() &&
        std::all_of(av->elems.begin(), av->elems.end(), [](const Val& e) { return IsArray(e) && e.t.rank == 1; }))
      return ArrayOf(Scalar::kInt64, 1);
    return not_evident();
  }
  if (q == "numpy.arange") {
    Scalar kind = Scalar::kInt64;
    size_t n = 0;
    for (const Node& a : args) {
      if (a.Type() == "keyword_argument") {
        std::string_view k = a.ChildByField("name").Text();
        if (k == "dtype") continue;
        if (k != "start" && k != "stop" && k != "step") return not_evident();
      }
      Maybe v = Eval(a.Type() == "keyword_argument" ? a.ChildByField("value") : a, s, why);
      if (!IsScalar(v) || !(v->t.scalar == Scalar::kInt64 || v->t.scalar == Scalar::kFloat64)) return not_evident();
      if (v->t.scalar == Scalar::kFloat64) kind = Scalar::kFloat64;
      ++n;
    }
    if (n == 0) return not_evident();
    auto dt = dtype_arg(99, kind);
    if (!dt) return not_evident();
    return ArrayOf(*dt, 1);
  }
  if (q == "numpy.linspace") {
    if (Arg(call, 4, "retstep") || Arg(call, 99, "axis")) return not_evident();
    for (size_t i = 0; i < 2; ++i) {
      Node p = Arg(call, i, i == 0 ? "start" : "stop");
      if (!p || !IsScalar(Eval(p, s, why))) return not_evident();
    }
    auto dt = dtype_arg(5, Scalar::kFloat64);
    if (!dt) return not_evident();
    return ArrayOf(*dt, 1);
  }
  if (q == "numpy.eye" || q == "numpy.identity") {
    if (positional() > 1 && q == "numpy.eye") return not_evident();
    auto dt = dtype_arg(q == "numpy.eye" ? 3 : 1, Scalar::kFloat64);
    if (!dt) return not_evident();
    return ArrayOf(*dt, 2);
  }
  if (q == "numpy.array" || q == "numpy.asarray") {
    Node src = Arg(call, 0, "object");
    if (!src) return not_evident();
    std::optional<Scalar> dt;
    if (Arg(call, 1, "dtype")) {
      dt = dtype_arg(1, Scalar::kUnknown);
      if (!dt) return not_evident();
    }
    for (const Node& a : args)
      if (a.Type() == "keyword_argument" && a.ChildByField("name").Text() != "dtype") return not_evident();
    if (src.Type() != "list") {
      Maybe a = Eval(src, s, why);
      if (!IsArray(a)) return not_evident();
      // order 'K': laid out like `a`; np.asarray may return `a` itself.
      Val v = ArrayOf(dt ? *dt : a->t.scalar, a->t.rank);
      if (a->t.layout != 'C') v.t.layout = 'A';
      v.readonly = q == "numpy.asarray" && a->readonly && (!dt || *dt == a->t.scalar);
      return v;
    }
    // A nested list of literals: rank by nesting (every level the same
    // length), dtype by the kinds of its elements.
    int rank = -1;
    Scalar kind = Scalar::kUnknown;
    bool ok = true;
    std::function<void(const Node&, int)> visit = [&](const Node& l, int depth) {
      auto items = l.NamedChildren();
      if (items.empty()) ok = false;
      size_t lists = 0;
      for (const Node& it : items) lists += it.Type() == "list";
      if (lists != 0 && lists != items.size()) ok = false;
      for (const Node& it : items) {
        if (!ok) return;
        if (it.Type() == "list") {
          visit(it, depth + 1);
          continue;
        }
        if (rank >= 0 && rank != depth) ok = false;
        rank = depth;
        Maybe v = Eval(it, s, why);
        if (!IsScalar(v) || !v->py) {
          ok = false;
          return;
        }
        Scalar e = v->t.scalar;
        kind = kind == Scalar::kUnknown ? e
               : (kind == Scalar::kFloat64 || e == Scalar::kFloat64) ? Scalar::kFloat64
               : (kind == Scalar::kInt64 || e == Scalar::kInt64)     ? Scalar::kInt64
                                                                      : Scalar::kBool;
      }
    };
    visit(src, 1);
    // Sublists of different lengths make an object array (or an error).
    std::function<std::optional<std::vector<size_t>>(const Node&)> shape = [&](const Node& l)
        -> std::optional<std::vector<size_t>> {
      if (l.Type() != "list") return std::vector<size_t>{};
      auto items = l.NamedChildren();
      std::optional<std::vector<size_t>> inner;
      for (const Node& it : items) {
        auto sub = shape(it);
        if (!sub || (inner && *sub != *inner)) return std::nullopt;
        inner = sub;
      }
      std::vector<size_t> out{items.size()};
      if (inner) out.insert(out.end(), inner->begin(), inner->end());
      return out;
    };
    if (!shape(src)) return not_evident();
    if (!ok || rank < 1 || kind == Scalar::kUnknown) return not_evident();
    return ArrayOf(dt ? *dt : kind, rank);
  }
  static const std::set<std::string, std::less<>> kFloatUfuncs = {"numpy.sqrt", "numpy.exp", "numpy.log",
                                                                 "numpy.sin", "numpy.cos", "numpy.tanh"};
  if (kFloatUfuncs.count(q) || q == "numpy.abs" || q == "numpy.absolute") {
    if (args.size() != 1 || args[0].Type() == "keyword_argument") return not_evident();
    Maybe a = Eval(args[0], s, why);
    if (!IsArray(a) || a->t.scalar == Scalar::kBool) return not_evident();
    Scalar r = a->t.scalar;
    if (kFloatUfuncs.count(q) && IsInteger(r)) r = BitWidth(r) <= 16 ? Scalar::kFloat32 : Scalar::kFloat64;
    if (kFloatUfuncs.count(q) && BitWidth(a->t.scalar) == 8 && IsInteger(a->t.scalar)) return not_evident();
    Val v = ArrayOf(r, a->t.rank);
    v.t.layout = a->t.layout == 'C' ? 'C' : 'A';  // order 'K'
    return v;
  }
  return not_evident();
}

}  // namespace caramba::call_site_detail
