// lowering.cpp — see lowering.h.
#include "caramba/analysis/lowering.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "caramba/analysis/function_extents.h"
#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/integer_lowering.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

Node StripParens(Node n) {
  while (n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1) n = n.NamedChild(0);
  return n;
}

Scalar TypeOf(const Node& e, const LowerEnv& env) { return TypeOfExpr(e, env.types, env.imports, &env.type_memo).scalar; }
bool IsInt(Scalar s) { return IsInteger(s) || s == Scalar::kBool; }

// Wraps non-atomic operand text in parentheses for use inside a new operator.
std::string Atom(const Node& n, const std::string& text) {
  std::string_view t = StripParens(n).Type();
  if (t == "identifier" || t == "integer" || t == "float" || t == "call" || t == "subscript" || t == "attribute" ||
      t == "true" || t == "false" || n.Type() == "parenthesized_expression")
    return text;
  // `a // b` lowered to one helper call (integer_division.h) is an atom.
  if (IsHelperCall(text)) return text;
  return "(" + text + ")";
}

std::string LastName(const std::string& q) {
  auto dot = q.rfind('.');
  return dot == std::string::npos ? q : q.substr(dot + 1);
}

// Text of `e` with every child replaced by its lowered form; text between
// children (operators, commas, comments, line breaks) is kept.
std::string Splice(const Node& e, LowerEnv& env, Prelude& pre) {
  return SpliceChildren(e, [&](const Node& c) { return LowerExpr(c, env, pre); });
}

std::string Temp(Scalar t, const std::string& value, LowerEnv& env, Prelude& pre) {
  std::string name = env.NewTemp();
  pre.push_back(name + ": " + DialectScalar(t) + " = " + value);
  return name;
}

// Lowers `e` into its own prelude, whose lines are then nested one level
// deeper (inside an `if` branch of the caller's prelude).
std::string LowerNested(const Node& e, LowerEnv& env, Prelude& pre, Prelude* nested) {
  std::string text = LowerExpr(e, env, *nested);
  (void)pre;
  return text;
}

void AppendIndented(Prelude& pre, const Prelude& nested, const std::string& unit) {
  for (const auto& l : nested) pre.push_back(unit + l);
}

// `a if c else b` -> a temporary set in an if/else (both branches lazy).
std::string LowerTernary(const Node& e, LowerEnv& env, Prelude& pre) {
  auto kids = e.NamedChildren();
  Scalar t = TypeOf(e, env);
  Prelude in_true, in_false;
  std::string cond = LowerExpr(kids[1], env, pre);
  std::string a = LowerNested(kids[0], env, pre, &in_true);
  std::string b = LowerNested(kids[2], env, pre, &in_false);
  std::string name = env.NewTemp();
  pre.push_back(name + ": " + DialectScalar(t) + " = " + ZeroOf(t));
  pre.push_back("if " + cond + ":");
  AppendIndented(pre, in_true, env.indent_unit);
  pre.push_back(env.indent_unit + name + " = " + a);
  pre.push_back("else:");
  AppendIndented(pre, in_false, env.indent_unit);
  pre.push_back(env.indent_unit + name + " = " + b);
  return name;
}

bool IsChain(const Node& n) {
  Node s = StripParens(n);
  if (s.Type() != "comparison_operator") return false;
  return s.NamedChildCount() > 2;
}
std::string BoolOp(const Node& n) {
  Node s = StripParens(n);
  if (s.Type() == "boolean_operator") return std::string(s.ChildByField("operator").Text());
  if (IsChain(s)) return "and";
  return "";
}

// `a < b <= c` -> `(a < b and b <= c)`, each operand evaluated from one text.
std::string LowerChain(const Node& e, LowerEnv& env, Prelude& pre) {
  std::vector<std::string> operands, ops;
  for (uint32_t i = 0; i < e.ChildCount(); ++i) {
    Node c = e.Child(i);
    if (c.IsNamed() && c.Type() != "comment") operands.push_back(LowerExpr(c, env, pre));
    else if (!c.IsNamed()) ops.emplace_back(c.Text());
  }
  // Operators spelled with two tokens ("not in") are refused by the plan.
  std::string out = "(";
  for (size_t i = 0; i + 1 < operands.size() && i < ops.size(); ++i) {
    if (i) out += " and ";
    out += operands[i] + " " + ops[i] + " " + operands[i + 1];
  }
  return out + ")";
}

// A boolean operator with an operand of the other kind: upstream drops the
// parentheses, so compute it into a bool temporary, keeping short-circuit
// evaluation with an `if`.
std::string LowerMixedBool(const Node& e, LowerEnv& env, Prelude& pre) {
  std::string op(e.ChildByField("operator").Text());
  std::string left = LowerExpr(e.ChildByField("left"), env, pre);
  Prelude nested;
  std::string right = LowerExpr(e.ChildByField("right"), env, nested);
  // A lowered operand that is still a chain/bool of the other kind is already
  // a temporary (LowerExpr of a mixed node returns a name), so plain text here
  // never mixes operators.
  std::string name = env.NewTemp();
  pre.push_back(name + ": bool = " + left);
  pre.push_back((op == "and" ? "if " : "if not ") + name + ":");
  AppendIndented(pre, nested, env.indent_unit);
  pre.push_back(env.indent_unit + name + " = " + right);
  return name;
}

bool BothUInt64(const Node& l, const Node& r, LowerEnv& env) {
  return TypeOf(l, env) == Scalar::kUInt64 && TypeOf(r, env) == Scalar::kUInt64;
}

std::string FloorDivText(const Node& l, const Node& r, LowerEnv& env, Prelude& pre) {
  std::string x = LowerExpr(l, env, pre);
  return IntFloorDiv(x, LowerExpr(r, env, pre), env, ChecksZeroDivision(r, env), BothUInt64(l, r, env));
}

}  // namespace

bool NonNegativeValue(const Node& node, const ImportTable& imports, const std::set<std::string, std::less<>>* names) {
  Node n = StripParens(node);
  std::string_view t = n.Type();
  if (t == "integer" || t == "float") return true;
  if (t == "identifier") return names && names->count(n.Text()) > 0;
  if (t == "binary_operator") {
    std::string_view op = n.ChildByField("operator").Text();
    Node l = n.ChildByField("left"), r = n.ChildByField("right");
    if (op == "+" || op == "/") return NonNegativeValue(l, imports, names) && NonNegativeValue(r, imports, names);
    if (op == "*") {
      if (NonNegativeValue(l, imports, names) && NonNegativeValue(r, imports, names)) return true;
      bool pure = true;
      Walk(l, [&](const Node& x) {
        if (x.Type() == "call") pure = false;
        return pure;
      });
      return pure && StripParens(l).Text() == StripParens(r).Text();
    }
    if (op == "**" && StripParens(r).Type() == "integer") {
      long k = std::strtol(std::string(StripParens(r).Text()).c_str(), nullptr, 10);
      return k > 0 && k % 2 == 0;
    }
    return false;
  }
  if (t == "call") {
    std::string q = imports.Resolve(n.ChildByField("function"));
    auto args = n.ChildByField("arguments").NamedChildren();
    if (q == "abs" || q == "math.fabs" || q == "numpy.abs" || q == "numpy.fabs" || q == "math.exp" ||
        q == "numpy.exp" || q == "math.hypot")
      return true;
    if ((q == "math.sqrt" || q == "numpy.sqrt") && args.size() == 1) return NonNegativeValue(args[0], imports, names);
  }
  return false;
}

namespace {

// 0.5 or -0.5 when `r` is that float literal (`0.5`, `.5`, `-0.5`, `5e-1`).
double HalfPower(const Node& node) {
  Node r = StripParens(node);
  double sign = 1;
  if (r.Type() == "unary_operator" && r.ChildByField("operator").Text() == "-") {
    sign = -1;
    r = StripParens(r.ChildByField("argument"));
  }
  if (r.Type() != "float") return 0;
  std::string text(r.Text());
  text.erase(std::remove(text.begin(), text.end(), '_'), text.end());
  return std::strtod(text.c_str(), nullptr) == 0.5 ? sign * 0.5 : 0;
}

std::string LowerBinary(const Node& e, LowerEnv& env, Prelude& pre) {
  std::string op(e.ChildByField("operator").Text());
  Node l = e.ChildByField("left"), r = e.ChildByField("right");
  Scalar lt = TypeOf(l, env), rt = TypeOf(r, env);
  bool ints = IsInt(lt) && IsInt(rt);
  if (op == "//") {
    if (ints) return FloorDivText(l, r, env, pre);
    env.uses_math = true;
    return "math.floor(" + Atom(l, LowerExpr(l, env, pre)) + " / " + Atom(r, LowerExpr(r, env, pre)) + ")";
  }
  if (op == "%") {
    std::string a = Atom(l, LowerExpr(l, env, pre)), b = Atom(r, LowerExpr(r, env, pre));
    // `(i - 1 + v.extent(0)) % v.extent(0)` (the ArrayTransformer's wrap) is
    // non-negative on both sides: C's remainder is Python's there.
    Node rs = StripParens(r);
    bool extent = rs.Type() == "call" && rs.ChildByField("function").Type() == "attribute" &&
                  rs.ChildByField("function").ChildByField("attribute").Text() == "extent";
    if (ints && extent) return a + " % " + b;
    if (ints) return IntPyMod(a, b, env, ChecksZeroDivision(r, env), BothUInt64(l, r, env));
    env.uses_math = true;
    return "math.fmod(math.fmod(" + a + ", " + b + ") + " + b + ", " + b + ")";
  }
  if (op == "**" && ints) return Temp(Scalar::kInt64, Splice(e, env, pre), env, pre);
  if (op == "**" && (IsInteger(lt) || lt == Scalar::kFloat64) && HalfPower(r) != 0 &&
      (IsInteger(lt) || NonNegativeValue(l, env.imports, &env.nonnegative_names))) {
    // Numba's LLVM turns `pow(x, 0.5)` into `x == -inf ? inf : fabs(sqrt(x))`;
    // C++ compilers keep the slow pow() call. On an integer or a base that is
    // never -0.0 or -inf (NonNegative) sqrt() is that same value. `** -0.5`
    // becomes 1 / sqrt(x), within one rounding of pow(x, -0.5).
    env.uses_math = true;
    std::string root = "math.sqrt(" + LowerExpr(StripParens(l), env, pre) + ")";
    return HalfPower(r) > 0 ? root : "(1.0 / " + root + ")";
  }
  if (op == "**" && IsFloat(lt) && r.Type() == "integer") {
    // Numba unrolls a float to a constant integer power into multiplications
    // by squaring (static_power_impl); the dialect's `**` is C's pow(), which
    // rounds differently and is many times slower (the Lennard-Jones `** 6`).
    // Same multiplications, same order; the base is repeated only when it is
    // a pure expression (no calls), which the C++ compiler evaluates once.
    long n = std::strtol(std::string(r.Text()).c_str(), nullptr, 10);
    bool pure = true;
    Walk(l, [&](const Node& x) {
      if (x.Type() == "call") pure = false;
      return pure;
    });
    if (pure && n >= 2 && n <= 16) {
      std::string a = Atom(l, LowerExpr(l, env, pre)), res;
      for (long k = n;;) {
        if (k & 1) res = res.empty() ? a : "(" + res + " * " + a + ")";
        k >>= 1;
        if (!k) break;
        a = "(" + a + " * " + a + ")";
      }
      return res;
    }
  }
  if ((op == "*" || op == "<<" || op == "+" || op == "-") && ints) {
    // Numba computes scalar integer arithmetic in 64 bits (int32 + int32 is
    // an int64, uint8 - uint8 a uint64); C++ computes in int (or unsigned
    // int) when both operands are 32-bit or narrower, where a sum of int32
    // elements overflows and a difference of uint8 elements turns negative.
    // Such operands are 32-bit loop variables (the dialect's), values of a
    // narrow integer type and literals; when both are, and the C++ result
    // can differ from Numba's, one operand is widened through a declared
    // 64-bit temporary.
    auto bare = [&](const Node& n) { return StripParens(n); };
    auto loop_var = [&](const Node& n) {
      return bare(n).Type() == "identifier" && env.int32_names.count(bare(n).Text()) > 0;
    };
    auto narrow = [&](const Node& n, Scalar s) {
      return bare(n).Type() != "integer" && !loop_var(n) && s != Scalar::kBool && IsInteger(s) && BitWidth(s) < 64;
    };
    auto small = [&](const Node& n, Scalar s) { return loop_var(n) || narrow(n, s) || bare(n).Type() == "integer"; };
    bool unsigned_pair = narrow(l, lt) && narrow(r, rt) && !IsSigned(lt) && !IsSigned(rt);
    // Where C++'s int can differ: any unsigned pair (Numba's uint64 wraps
    // where int goes negative); a product or shift of a loop variable or of
    // a 16- or 32-bit value; a sum or difference of a 32-bit value.
    auto risky = [&](const Node& n, Scalar s) {
      if (loop_var(n)) return op == "*" || op == "<<";
      if (!narrow(n, s)) return false;
      if (op == "<<") return true;
      return BitWidth(s) >= (op == "*" ? 16 : 32);
    };
    if (small(l, lt) && small(r, rt) && (unsigned_pair || risky(l, lt) || risky(r, rt))) {
      bool left = unsigned_pair || risky(l, lt);
      const Node& w = left ? l : r;
      std::string wide =
          Temp(unsigned_pair ? Scalar::kUInt64 : Scalar::kInt64, LowerExpr(bare(w), env, pre), env, pre);
      std::string other = LowerExpr(left ? r : l, env, pre);
      return left ? wide + " " + op + " " + Atom(r, other) : Atom(l, other) + " " + op + " " + wide;
    }
  }
  return Splice(e, env, pre);
}

std::string LowerCall(const Node& e, LowerEnv& env, Prelude& pre) {
  Node fn = e.ChildByField("function");
  std::vector<Node> args = e.ChildByField("arguments").NamedChildren();
  std::string q = ScalarBuiltinAlias(env.imports.Resolve(fn));
  if (q == "abs" && fn.Text() != "abs" && args.size() == 1) return "abs(" + LowerExpr(args[0], env, pre) + ")";
  auto lowered_args = [&]() {
    std::string out;
    for (size_t i = 0; i < args.size(); ++i) {
      if (i) out += ", ";
      out += LowerExpr(args[i], env, pre);
    }
    return out;
  };
  std::string array;
  int dim = 0;
  if (!env.extent_names.empty() && AsLiteralExtent(e, &array, &dim)) {
    auto own = env.extent_names.find({array, dim});
    if (own != env.extent_names.end()) return own->second;
  }
  auto helper = env.renamed_calls.find(e.StartByte());
  if (helper != env.renamed_calls.end()) {
    std::string out = helper->second + "(" + lowered_args();
    // The extents the helper takes as parameters (function_extents.h).
    auto extents = env.helper_extents.find(helper->second);
    if (extents != env.helper_extents.end())
      for (const auto& [index, d] : extents->second) {
        if (index >= args.size()) continue;
        std::string a = LowerExpr(args[index], env, pre);
        auto own = env.extent_names.find({a, d});
        out += ", " + (own != env.extent_names.end() ? own->second : Atom(args[index], a) + ".extent(" + std::to_string(d) + ")");
      }
    // The zero-division flag, for a helper that may divide by zero
    // (function_zero_division.h).
    auto flagged = env.helper_zero_division.find(helper->second);
    if (flagged != env.helper_zero_division.end() && !env.zero_division_flag.empty()) {
      out += ", " + env.zero_division_flag;
      env.zero_division_codes.insert(flagged->second.begin(), flagged->second.end());
    }
    return out + ")";
  }
  if ((q == "float" || q == "numpy.float64") && args.size() == 1) return "pk.double(" + LowerExpr(args[0], env, pre) + ")";
  // np.uint32(x), np.int8(x) ... of an integer: wraparound, Numba's types
  // for what follows (integer_lowering.h).
  if (auto cast = IntegerCastOf(e, env.imports); cast && (IsInt(TypeOf(args[0], env)) || IntegerLiteralBits(args[0])))
    return LowerIntegerCast(e, *cast, Scalar::kUnknown, env, pre);
  // The dialect's float() is a C++ float: np.float32's value exactly.
  if (q == "numpy.float32" && args.size() == 1) return "float(" + LowerExpr(args[0], env, pre) + ")";
  if (q == "numpy.int64" && args.size() == 1) {
    if (IsInt(TypeOf(args[0], env))) return LowerExpr(args[0], env, pre);
    return Temp(Scalar::kInt64, LowerExpr(args[0], env, pre), env, pre);
  }
  if (const NumpyFunction* f = FindNumpyFunction(q); f && f->cls == NumpyClass::kSign && args.size() == 1) {
    // Numba's np.sign: 1 or -1 in the operand's type, else the operand
    // itself (a zero keeps its sign, NaN stays NaN).
    Scalar t = TypeOf(e, env);
    std::string name = Temp(t, LowerExpr(args[0], env, pre), env, pre);
    bool fl = IsFloat(t);
    pre.push_back("if " + name + " > 0:");
    pre.push_back(env.indent_unit + name + " = " + (fl ? "1.0" : "1"));
    if (IsSigned(t) || fl) {
      pre.push_back("elif " + name + " < 0:");
      pre.push_back(env.indent_unit + name + " = " + (fl ? "-1.0" : "-1"));
    }
    return name;
  }
  if (q == "bool" && args.size() == 1) return "(" + Atom(args[0], LowerExpr(args[0], env, pre)) + " != 0)";
  if (q == "int" && args.size() == 1) {
    Node a = StripParens(args[0]);
    Scalar at = TypeOf(a, env);
    // int(v.extent(d)) is the signed extent the ArrayTransformer wrote.
    bool extent = a.Type() == "call" && a.ChildByField("function").Type() == "attribute" &&
                  a.ChildByField("function").ChildByField("attribute").Text() == "extent";
    if (extent) return Splice(e, env, pre);
    if (IsInt(at)) return LowerExpr(args[0], env, pre);
    return Temp(Scalar::kInt64, LowerExpr(args[0], env, pre), env, pre);
  }
  if (q == "round" && args.size() == 1) {
    env.uses_math = true;
    std::string x = Atom(args[0], LowerExpr(args[0], env, pre));
    if (IsInt(TypeOf(args[0], env))) return x;
    // remainder() rounds half to even, as Python's round() does.
    return Temp(Scalar::kInt64, x + " - math.remainder(" + x + ", 1.0)", env, pre);
  }
  if ((q == "min" || q == "max") && args.size() >= 2) {
    Scalar t = TypeOf(e, env);
    if (IsFloat(t)) {
      env.uses_math = true;
      std::string f = q == "min" ? "math.fmin" : "math.fmax";
      std::string acc = LowerExpr(args[0], env, pre);
      for (size_t i = 1; i < args.size(); ++i) acc = f + "(" + acc + ", " + LowerExpr(args[i], env, pre) + ")";
      return acc;
    }
    // Integers: a typed temporary and explicit comparisons (Python keeps the
    // first of equal values; for integers that is the same value).
    std::string name = Temp(t, LowerExpr(args[0], env, pre), env, pre);
    for (size_t i = 1; i < args.size(); ++i) {
      std::string v = LowerExpr(args[i], env, pre);
      if (args[i].Type() != "identifier" && args[i].Type() != "integer") v = Temp(t, v, env, pre);
      pre.push_back("if " + v + (q == "min" ? " < " : " > ") + name + ":");
      pre.push_back(env.indent_unit + name + " = " + v);
    }
    return name;
  }
  std::string last = LastName(q);
  if (q.rfind("numpy.", 0) == 0) {
    const MathFunction* f = FindNumpyScalarFunction(last);
    if (f && f->dialect == "remainder" && args.size() == 1) {
      // np.round/np.rint: half to even, a float (numpy_table.cpp).
      env.uses_math = true;
      std::string x = Atom(args[0], LowerExpr(args[0], env, pre));
      if (IsInt(TypeOf(args[0], env))) return x;
      return "(" + x + " - math.remainder(" + x + ", 1.0))";
    }
    if (f) {
      env.uses_math = true;
      return "math." + std::string(f->dialect) + "(" + lowered_args() + ")";
    }
  }
  if (q.rfind("math.", 0) == 0) {
    const MathFunction* f = FindMathFunction(last);
    // Numba multiplies by the constant pi/180 (180/pi) in the argument's
    // type (mathimpl.radians_float_impl); the runtime has no radians().
    if ((last == "radians" || last == "degrees") && args.size() == 1)
      return "(" + Atom(args[0], LowerExpr(args[0], env, pre)) +
             (last == "radians" ? " * 0.017453292519943295)" : " * 57.29577951308232)");
    if (f && f->returns_int_in_math) return Temp(Scalar::kInt64, Splice(e, env, pre), env, pre);
  }
  return Splice(e, env, pre);
}

}  // namespace

std::string LowerExpr(const Node& e, LowerEnv& env, Prelude& pre) {
  std::string_view t = e.Type();
  if (t == "conditional_expression") return LowerTernary(e, env, pre);
  if (t == "comparison_operator" && IsChain(e)) return LowerChain(e, env, pre);
  if (t == "comparison_operator") {
    std::string c = LowerIntegerComparison(e, env, pre);
    if (!c.empty()) return c;
  }
  if (t == "unary_operator") {
    std::string u = LowerUnsignedUnary(e, env, pre);
    if (!u.empty()) return u;
  }
  if (t == "boolean_operator") {
    std::string op(e.ChildByField("operator").Text());
    std::string lo = BoolOp(e.ChildByField("left")), ro = BoolOp(e.ChildByField("right"));
    if ((!lo.empty() && lo != op) || (!ro.empty() && ro != op)) return LowerMixedBool(e, env, pre);
    return Splice(e, env, pre);
  }
  if (t == "binary_operator") return IsUnsignedArithmetic(e, env) ? LowerUnsignedBinary(e, env, pre) : LowerBinary(e, env, pre);
  if (t == "call") return LowerCall(e, env, pre);
  if (t == "attribute") {
    std::string q = env.imports.Resolve(e);
    if (q == "numpy.pi" || q == "numpy.e" || q == "numpy.inf" || q == "numpy.nan") {
      env.uses_math = true;
      return "math." + LastName(q);
    }
    return std::string(e.Text());
  }
  return Splice(e, env, pre);
}

std::string LowerAssignedValue(const Node& e, Scalar target, LowerEnv& env, Prelude& pre) {
  Node s = StripParens(e);
  if (IsInteger(target)) {
    if (s.Type() == "binary_operator") {
      std::string op(s.ChildByField("operator").Text());
      Node l = s.ChildByField("left"), r = s.ChildByField("right");
      bool ints = IsInt(TypeOf(l, env)) && IsInt(TypeOf(r, env));
      if (op == "//" && ints && !IsUnsignedArithmetic(s, env)) return FloorDivText(l, r, env, pre);
      if (op == "**" && ints) return Splice(s, env, pre);
    }
    if (s.Type() == "call") {
      std::string q = env.imports.Resolve(s.ChildByField("function"));
      auto args = s.ChildByField("arguments").NamedChildren();
      // `c = np.uint8(c + b)`: the declared target converts the same way.
      if (auto cast = IntegerCastOf(s, env.imports);
          cast && args.size() == 1 && (IsInt(TypeOf(args[0], env)) || IntegerLiteralBits(args[0])))
        return LowerIntegerCast(s, *cast, target, env, pre);
      if ((q == "int" || q == "numpy.int64") && args.size() == 1 && !IsInt(TypeOf(args[0], env)))
        return LowerExpr(args[0], env, pre);
      if (q.rfind("math.", 0) == 0) {
        const MathFunction* f = FindMathFunction(LastName(q));
        if (f && f->returns_int_in_math) return Splice(s, env, pre);
      }
      if (q == "round" && args.size() == 1 && !IsInt(TypeOf(args[0], env))) {
        env.uses_math = true;
        std::string x = Atom(args[0], LowerExpr(args[0], env, pre));
        return x + " - math.remainder(" + x + ", 1.0)";
      }
    }
  }
  return LowerExpr(e, env, pre);
}

std::set<std::string, std::less<>> Int32LoopVariables(const Node& body, const ImportTable& imports, bool parallel) {
  std::set<std::string, std::less<>> out;
  Walk(body, [&](const Node& n) {
    if (n.Type() == "for_statement" && n.ChildByField("left").Type() == "identifier") {
      Node r = n.ChildByField("right");
      bool prange = r.Type() == "call" && imports.Resolve(r.ChildByField("function")) == "numba.prange";
      if (!(prange && parallel)) out.insert(std::string(n.ChildByField("left").Text()));
    }
    return true;
  });
  return out;
}

std::string JoinLines(const Prelude& lines, const std::string& indent, std::string_view newline) {
  std::string out;
  for (const auto& l : lines) {
    out += indent;
    out += l;
    out += newline;
  }
  return out;
}

std::set<std::string, std::less<>> NonNegativeLocals(const Node& body, const ImportTable& imports) {
  // Candidates: every identifier assigned; a name drops out at a binding
  // that is not provably non-negative (checked against the names still in,
  // until nothing changes), or at any other kind of binding.
  std::vector<std::pair<std::string, Node>> bindings;  // (name, value) or value null: any other binding
  Walk(body, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "function_definition" || t == "lambda") return false;
    if (t == "assignment" || t == "augmented_assignment") {
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      if (l.Type() != "identifier") {
        Walk(l, [&](const Node& x) {
          if (x.Type() == "identifier") bindings.push_back({std::string(x.Text()), Node()});
          return true;
        });
        return true;
      }
      std::string op = t == "assignment" ? "=" : std::string(n.ChildByField("operator").Text());
      bool ok = r && (op == "=" || op == "+=" || op == "*=");
      bindings.push_back({std::string(l.Text()), ok ? r : Node()});
    } else if (t == "for_statement" || t == "named_expression" || t == "with_statement" || t == "global_statement" ||
               t == "nonlocal_statement") {
      Node target = t == "named_expression" ? n.ChildByField("name") : n.ChildByField("left");
      Walk(target ? target : n, [&](const Node& x) {
        if (x.Type() == "identifier") bindings.push_back({std::string(x.Text()), Node()});
        return true;
      });
    }
    return true;
  });
  std::set<std::string, std::less<>> names;
  for (const auto& b : bindings) names.insert(b.first);
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [name, value] : bindings)
      if (names.count(name) && (!value || !NonNegativeValue(value, imports, &names))) {
        names.erase(name);
        changed = true;
      }
  }
  return names;
}

}  // namespace caramba
