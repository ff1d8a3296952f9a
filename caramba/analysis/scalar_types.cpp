// scalar_types.cpp — see scalar_types.h.
#include "caramba/analysis/scalar_types.h"

#include <algorithm>
#include <vector>

#include "caramba/analysis/integer_typing.h"
#include "caramba/analysis/numpy_table.h"

namespace caramba {

namespace {

// Dialect §3.4 math names, and what Numba's `math.` versions return.
const MathFunction kMath[] = {
    {"acos", "acos", false, false},   {"acosh", "acosh", false, false}, {"asin", "asin", false, false},
    {"asinh", "asinh", false, false}, {"atan", "atan", false, false},   {"atan2", "atan2", false, false},
    {"atanh", "atanh", false, false}, {"ceil", "ceil", true, false},    {"copysign", "copysign", false, false},
    {"cos", "cos", false, false},     {"cosh", "cosh", false, false},   {"erf", "erf", false, false},
    {"erfc", "erfc", false, false},   {"exp", "exp", false, false},     {"expm1", "expm1", false, false},
    {"fabs", "fabs", false, false},   {"floor", "floor", true, false},  {"fmod", "fmod", false, false},
    {"hypot", "hypot", false, false}, {"isfinite", "isfinite", false, true},
    {"isinf", "isinf", false, true},  {"isnan", "isnan", false, true},  {"lgamma", "lgamma", false, false},
    {"log", "log", false, false},     {"log10", "log10", false, false}, {"log1p", "log1p", false, false},
    {"log2", "log2", false, false},   {"pow", "pow", false, false},     {"sin", "sin", false, false},
    {"sinh", "sinh", false, false},   {"sqrt", "sqrt", false, false},   {"tan", "tan", false, false},
    {"tanh", "tanh", false, false},   {"gamma", "tgamma", false, false}, {"trunc", "trunc", true, false},
    // Lowered as a product with a constant (lowering.cpp), as Numba computes them.
    {"radians", "radians", false, false}, {"degrees", "degrees", false, false},
};

bool IsIntLike(Scalar s) { return IsInteger(s) || s == Scalar::kBool; }

Scalar Arith(Scalar a, Scalar b) {
  if (a == Scalar::kUnknown || b == Scalar::kUnknown) return Scalar::kUnknown;
  // Numba computes scalar integer arithmetic in (at least) 64 bits.
  if (IsIntLike(a) && IsIntLike(b)) {
    if ((a == Scalar::kUInt64 && IsSigned(b)) || (b == Scalar::kUInt64 && IsSigned(a))) return Scalar::kFloat64;
    return (a == Scalar::kUInt64 || b == Scalar::kUInt64) ? Scalar::kUInt64 : Scalar::kInt64;
  }
  return Promote(a, b);
}

std::string LastName(std::string_view q) {
  auto dot = q.rfind('.');
  return std::string(dot == std::string_view::npos ? q : q.substr(dot + 1));
}

Type ScalarType(Scalar s) { return Type{s, 0, 'A'}; }

// The scalar a reduction returns for elements of type `s` (numpy_table.h).
Scalar ReductionScalar(NumpyDtype rule, Scalar s) {
  if (rule == NumpyDtype::kSumLike) return IsIntLike(s) ? (s == Scalar::kUInt64 ? s : Scalar::kInt64) : s;
  if (rule == NumpyDtype::kFloat) return s == Scalar::kFloat32 ? s : Scalar::kFloat64;
  if (rule == NumpyDtype::kIndex) return Scalar::kInt64;
  return s;
}

// Element type of a subscript chain `a[i][j]` / `a[i, j]`: the base array's
// dtype when fully indexed, unknown otherwise (subviews are issue 5).
Type SubscriptType(const Node& e, const TypeTable& names, const ImportTable& imports, TypeMemo* memo) {
  int depth = 0, slices = 0;
  Node base = e;
  while (base.Type() == "subscript") {
    for (const Node& i : base.ChildrenByField("subscript")) {
      ++depth;
      if (i.Type() == "slice") ++slices;
    }
    base = base.ChildByField("value");
  }
  // a.shape[d]
  if (base.Type() == "attribute" && base.ChildByField("attribute").Text() == "shape") return ScalarType(Scalar::kInt64);
  Type t = TypeOfExpr(base, names, imports, memo);
  // Slices keep their dimension and missing indices leave whole trailing
  // dimensions: `a[i, :]` and `a[i]` of a 2-D array are 1-D views.
  if (t.rank > 0 && depth == t.rank && slices == 0) return ScalarType(t.scalar);
  if (t.rank > 0 && depth <= t.rank) return Type{t.scalar, t.rank - depth + slices, 'A'};
  return Type{};
}

// TypeOfExpr without the memo's lookup of `e` itself (its operands are
// looked up).
Type ComputeType(const Node& e, const TypeTable& names, const ImportTable& imports, TypeMemo* memo);

}  // namespace

const MathFunction* FindMathFunction(std::string_view name) {
  for (const auto& f : kMath)
    if (f.name == name) return &f;
  return nullptr;
}

const MathFunction* FindNumpyScalarFunction(std::string_view name) {
  // The kMath rows of the NumPy table (numpy_table.cpp), as MathFunctions.
  static const std::vector<MathFunction> rows = [] {
    std::vector<MathFunction> out;
    for (const NumpyFunction* f : NumpyRows(NumpyClass::kMath))
      out.push_back({f->name, f->scalar, false, f->dtype == NumpyDtype::kBool});
    return out;
  }();
  for (const auto& f : rows)
    if (f.name == name) return &f;
  return nullptr;
}

bool IsNumpyAllocation(std::string_view q) {
  const NumpyFunction* f = FindNumpyFunction(q);
  return f && f->cls == NumpyClass::kAllocation;
}

std::string ScalarBuiltinAlias(const std::string& q) {
  const NumpyFunction* f = FindNumpyFunction(q);
  if (f && (f->cls == NumpyClass::kBuiltin || f->cls == NumpyClass::kNanMinMax)) return std::string(f->scalar);
  return q;
}

Scalar Unify(Scalar a, Scalar b) {
  if (a == Scalar::kUnknown) return b;
  if (b == Scalar::kUnknown) return a;
  if (a == b) return a;
  // Two integers where control flow joins: NumPy's promotion (measured with
  // Numba 0.56: int8 with uint8 is int16, uint32 with int64 int64, uint64
  // with any signed type float64), not the arithmetic's int64/uint64.
  if (IsIntLike(a) && IsIntLike(b)) return Promote(a, b);
  return Arith(a, b);
}

std::string DialectScalar(Scalar s) {
  switch (s) {
    case Scalar::kBool: return "bool";
    case Scalar::kFloat32: return "pk.float";
    case Scalar::kFloat64: return "pk.double";
    default: return "pk." + std::string(ScalarName(s));
  }
}

std::string ViewScalar(Scalar s) { return s == Scalar::kBool ? "pk.uint8" : DialectScalar(s); }

std::string ZeroOf(Scalar s) {
  if (s == Scalar::kBool) return "False";
  return IsFloat(s) ? "0.0" : "0";
}

namespace {
Type ComputeType(const Node& e, const TypeTable& names, const ImportTable& imports, TypeMemo* memo) {
  std::string_view t = e.Type();
  if (t == "integer") return ScalarType(Scalar::kInt64);
  if (t == "float") return ScalarType(Scalar::kFloat64);
  if (t == "true" || t == "false") return ScalarType(Scalar::kBool);
  if (t == "parenthesized_expression") return TypeOfExpr(e.NamedChild(0), names, imports, memo);
  if (t == "identifier") {
    auto it = names.find(e.Text());
    return it == names.end() ? Type{} : it->second;
  }
  if (t == "attribute") {
    std::string attr(e.ChildByField("attribute").Text());
    std::string q = imports.Resolve(e);
    if (q == "math.pi" || q == "math.e" || q == "math.inf" || q == "math.nan" || q == "math.tau" ||
        q == "numpy.pi" || q == "numpy.e" || q == "numpy.inf" || q == "numpy.nan")
      return ScalarType(Scalar::kFloat64);
    Type base = TypeOfExpr(e.ChildByField("object"), names, imports, memo);
    if (base.rank > 0 && (attr == "size" || attr == "ndim")) return ScalarType(Scalar::kInt64);
    return Type{};
  }
  if (t == "subscript") return SubscriptType(e, names, imports, memo);
  if (t == "not_operator" || t == "comparison_operator") return ScalarType(Scalar::kBool);
  if (t == "boolean_operator") {
    Scalar a = TypeOfExpr(e.ChildByField("left"), names, imports, memo).scalar;
    Scalar b = TypeOfExpr(e.ChildByField("right"), names, imports, memo).scalar;
    return ScalarType(a == Scalar::kBool && b == Scalar::kBool ? Scalar::kBool : Unify(a, b));
  }
  if (t == "unary_operator") {
    Scalar a = TypeOfExpr(e.ChildByField("argument"), names, imports, memo).scalar;
    std::string_view op = e.Child(0).Text();
    if (op == "~" || a == Scalar::kBool) return ScalarType(a == Scalar::kUnknown ? a : NumbaIntegerUnary(op, a) == Scalar::kUInt64 ? Scalar::kUInt64 : Scalar::kInt64);
    // Numba computes -x of an integer at 64 bits, unsigned for unsigned x.
    if (IsInteger(a)) return ScalarType(NumbaIntegerUnary(op, a));
    return ScalarType(a);
  }
  if (t == "conditional_expression") {
    auto kids = e.NamedChildren();
    if (kids.size() != 3) return Type{};
    Type a = TypeOfExpr(kids[0], names, imports, memo), b = TypeOfExpr(kids[2], names, imports, memo);
    if (a.rank || b.rank) return Type{};
    if (a.scalar == Scalar::kUnknown || b.scalar == Scalar::kUnknown) return Type{};
    return ScalarType(Unify(a.scalar, b.scalar));
  }
  if (t == "binary_operator") {
    Type l = TypeOfExpr(e.ChildByField("left"), names, imports, memo);
    Type r = TypeOfExpr(e.ChildByField("right"), names, imports, memo);
    if (l.rank || r.rank) {
      // An element-wise array expression: the broadcast rank, the element
      // dtype by Numba's rules (the NumpyTransformer lowers it to loops).
      Scalar es = ElementScalar(e, names, imports, memo);
      if (es == Scalar::kUnknown) return Type{};
      return Type{es, std::max(l.rank, r.rank), 'A'};
    }
    std::string_view op = e.ChildByField("operator").Text();
    if (l.scalar == Scalar::kUnknown || r.scalar == Scalar::kUnknown) return Type{};
    // Integer operands: Numba's table (integer_typing.h).
    if (Scalar s = NumbaIntegerBinary(op, l.scalar, r.scalar); s != Scalar::kUnknown) return ScalarType(s);
    if (op == "/") {
      if (l.scalar == Scalar::kFloat32 && (r.scalar == Scalar::kFloat32 || IsIntLike(r.scalar))) return l;
      if (r.scalar == Scalar::kFloat32 && IsIntLike(l.scalar)) return r;
      return ScalarType(IsComplex(l.scalar) || IsComplex(r.scalar) ? Scalar::kComplex128 : Scalar::kFloat64);
    }
    if (op == "**") {
      Scalar s = Arith(l.scalar, r.scalar);
      return ScalarType(s);
    }
    if (op == "&" || op == "|" || op == "^") {
      if (l.scalar == Scalar::kBool && r.scalar == Scalar::kBool) return l;
      return ScalarType(Arith(l.scalar, r.scalar));
    }
    return ScalarType(Arith(l.scalar, r.scalar));
  }
  if (t == "call") {
    // Calls to other jitted functions: the KernelPlan analysis records the
    // helper's return type under "()" + the call's text (call_graph.h).
    auto helper = names.find("()" + std::string(e.Text()));
    if (helper != names.end()) return helper->second;
    Node fn = e.ChildByField("function");
    auto args = e.ChildByField("arguments").NamedChildren();
    std::string q = imports.Resolve(fn);
    if (q.rfind("numpy.", 0) == 0) {
      std::string alias = ScalarBuiltinAlias(q);
      if (alias != q) {
        for (const Node& a : args)
          if (TypeOfExpr(a, names, imports, memo).rank) return Type{};
        q = alias;
      }
    }
    if (fn.Type() == "attribute" && fn.ChildByField("attribute").Text() == "extent") return ScalarType(Scalar::kInt64);
    if (q == "len" || q == "int" || q == "round") {
      if (q == "round" && args.size() == 2) return ScalarType(Scalar::kFloat64);
      return ScalarType(Scalar::kInt64);
    }
    if (q == "float" || q == "pk.double" || q == "pykokkos.double" || q == "numpy.float64") return ScalarType(Scalar::kFloat64);
    if (q.rfind("numpy.", 0) == 0)
      if (auto cast = IntegerCastTarget(q.substr(6)); cast && args.size() == 1) return ScalarType(*cast);
    if (q == "numpy.float32") return ScalarType(Scalar::kFloat32);
    if (q == "bool") return ScalarType(Scalar::kBool);
    if (q == "abs" && args.size() == 1) {
      Type a = TypeOfExpr(args[0], names, imports, memo);
      return a.scalar == Scalar::kBool ? ScalarType(Scalar::kInt64) : a;
    }
    if ((q == "min" || q == "max") && args.size() >= 2) {
      Scalar s = Scalar::kUnknown;
      for (const Node& a : args) {
        Type at = TypeOfExpr(a, names, imports, memo);
        if (at.rank || at.scalar == Scalar::kUnknown) return Type{};
        s = s == Scalar::kUnknown ? at.scalar : Unify(s, at.scalar);
      }
      return ScalarType(s);
    }
    std::string last = LastName(q);
    if (q.rfind("math.", 0) == 0) {
      if (const MathFunction* f = FindMathFunction(last))
        return ScalarType(f->returns_bool ? Scalar::kBool : f->returns_int_in_math ? Scalar::kInt64 : Scalar::kFloat64);
    }
    if (q.rfind("numpy.", 0) == 0) {
      if (const MathFunction* f = FindNumpyScalarFunction(last)) {
        for (const Node& a : args)
          if (TypeOfExpr(a, names, imports, memo).rank) return Type{};
        return ScalarType(f->returns_bool ? Scalar::kBool : Scalar::kFloat64);
      }
    }
    // np.sign of a scalar keeps its type (a bool's is int8, as in Numba).
    if (const NumpyFunction* f = FindNumpyFunction(q); f && f->cls == NumpyClass::kSign && args.size() == 1) {
      Type a = TypeOfExpr(args[0], names, imports, memo);
      if (a.rank || a.scalar == Scalar::kUnknown) return Type{};
      return ScalarType(a.scalar == Scalar::kBool ? Scalar::kInt8 : a.scalar);
    }
    // Reductions (np.sum(a), a.sum(), np.dot(u, v) ...): a scalar of the
    // table's dtype rule.
    const NumpyFunction* red = FindNumpyFunction(q);
    std::vector<Node> operands = args;
    if (!red && fn.Type() == "attribute" && args.empty() &&
        TypeOfExpr(fn.ChildByField("object"), names, imports, memo).rank > 0) {
      red = FindNumpyMethod(fn.ChildByField("attribute").Text());
      operands = {fn.ChildByField("object")};
    }
    if (red && red->cls == NumpyClass::kReduction && !operands.empty()) {
      if (red->reduce == NumpyReduce::kDot && operands.size() == 2) {
        // np.dot of a matrix is a matrix product: an array of rank r1 + r2 - 2.
        int r = TypeOfExpr(operands[0], names, imports, memo).rank + TypeOfExpr(operands[1], names, imports, memo).rank - 2;
        if (r > 0) return Type{Arith(ElementScalar(operands[0], names, imports, memo), ElementScalar(operands[1], names, imports, memo)), r, 'C'};
      }
      Scalar s = Scalar::kUnknown;
      for (const Node& a : operands) {
        Scalar as = ElementScalar(a, names, imports, memo);
        if (as == Scalar::kUnknown) return Type{};
        s = s == Scalar::kUnknown ? as : Arith(s, as);
      }
      return ScalarType(ReductionScalar(red->dtype, s));
    }
    return Type{};
  }
  return Type{};
}

}  // namespace

Type TypeOfExpr(const Node& e, const TypeTable& names, const ImportTable& imports, TypeMemo* memo) {
  if (!memo) return ComputeType(e, names, imports, nullptr);
  if (const Type* known = memo->Find(e)) return *known;
  Type t = ComputeType(e, names, imports, memo);
  memo->Put(e, t);
  return t;
}

Scalar ElementScalar(const Node& e, const TypeTable& names, const ImportTable& imports, TypeMemo* memo) {
  std::string_view t = e.Type();
  if (t == "parenthesized_expression" && e.NamedChildCount() == 1) return ElementScalar(e.NamedChild(0), names, imports, memo);
  if (t == "identifier") {
    auto it = names.find(e.Text());
    return it == names.end() ? Scalar::kUnknown : it->second.scalar;
  }
  if (t == "subscript") {
    // `a.shape[d]`: an extent, int64 in Numba.
    Node v = e.ChildByField("value");
    if (v.Type() == "attribute" && v.ChildByField("attribute").Text() == "shape") return Scalar::kInt64;
    Node base = e;
    while (base.Type() == "subscript") base = base.ChildByField("value");
    return ElementScalar(base, names, imports, memo);
  }
  if (t == "unary_operator") {
    Scalar a = ElementScalar(e.ChildByField("argument"), names, imports, memo);
    if (a == Scalar::kBool) return Scalar::kInt64;
    return a;
  }
  if (t == "binary_operator") {
    Scalar l = ElementScalar(e.ChildByField("left"), names, imports, memo);
    Scalar r = ElementScalar(e.ChildByField("right"), names, imports, memo);
    if (l == Scalar::kUnknown || r == Scalar::kUnknown) return Scalar::kUnknown;
    std::string_view op = e.ChildByField("operator").Text();
    if (op == "/") return (l == Scalar::kFloat32 && r == Scalar::kFloat32) ? Scalar::kFloat32 : Scalar::kFloat64;
    return Arith(l, r);
  }
  if (t == "call") {
    const NumpyFunction* f = FindNumpyFunction(imports.Resolve(e.ChildByField("function")));
    auto args = e.ChildByField("arguments").NamedChildren();
    if (f && f->cls == NumpyClass::kLogical) return Scalar::kBool;
    // A reshape keeps its operand's elements (np.reshape(a, s), a.reshape(s)).
    Node fn = e.ChildByField("function");
    if (f && (f->cls == NumpyClass::kReshape || f->cls == NumpyClass::kTriangle) && !args.empty())
      return ElementScalar(args[0], names, imports, memo);
    if (!f && fn.Type() == "attribute" && FindNumpyMethod(fn.ChildByField("attribute").Text()) &&
        FindNumpyMethod(fn.ChildByField("attribute").Text())->cls == NumpyClass::kReshape)
      return ElementScalar(fn.ChildByField("object"), names, imports, memo);
    if (f && (f->cls == NumpyClass::kMath || f->cls == NumpyClass::kBuiltin || f->cls == NumpyClass::kNanMinMax)) {
      Scalar s = Scalar::kUnknown;
      for (const Node& a : args) {
        Scalar as = ElementScalar(a, names, imports, memo);
        if (as == Scalar::kUnknown) return Scalar::kUnknown;
        s = s == Scalar::kUnknown ? as : Arith(s, as);
      }
      if (f->dtype == NumpyDtype::kBool) return Scalar::kBool;
      if (f->dtype == NumpyDtype::kFloat) return s == Scalar::kFloat32 ? s : Scalar::kFloat64;
      return s == Scalar::kBool ? Scalar::kInt64 : s;
    }
  }
  Type ty = TypeOfExpr(e, names, imports, memo);
  return ty.scalar;
}

}  // namespace caramba
