// call_site_numpy.cpp — the NumPy calls the evaluator of call_site_types.cpp
// follows: allocations, random numbers, ranges, literal arrays and unary
// ufuncs, each with NumPy's default dtype and the rank its shape gives.
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
    return ArrayOf(*dt, a->t.rank);
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
      return ArrayOf(dt ? *dt : a->t.scalar, a->t.rank);
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
    return ArrayOf(r, a->t.rank);
  }
  return not_evident();
}

}  // namespace caramba::call_site_detail
