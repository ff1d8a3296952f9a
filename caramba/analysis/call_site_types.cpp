// call_site_types.cpp — see call_site_types.h.
//
// A small evaluator of types over the module's Python code. Each scope (the
// module, each plain function) binds names; a name's type is the type every
// one of its bindings in that scope gives, when they all agree (flow does not
// matter then), and nothing otherwise. Expressions are typed by NumPy 1.x's
// rules for what the module computes and by Numba's typeof for what a kernel
// receives (a Python int is int64, a float float64).
#include "caramba/analysis/call_site_types.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <set>

#include "caramba/analysis/walk.h"

#include "caramba/analysis/call_site_eval.h"

namespace caramba {

namespace call_site_detail {

// The statements that bind names in `root` (not in nested functions,
// classes, lambdas or comprehensions, which are scopes of their own).
void Evaluator::Collect(const Node& root, Scope& s) const {
  auto opaque_names = [&](const Node& target) {
    Walk(target, [&](const Node& x) {
      if (x.Type() == "identifier") s.opaque.insert(std::string(x.Text()));
      return x.Type() != "attribute" && x.Type() != "subscript";
    });
  };
  Walk(root, [&](const Node& n) {
    std::string_view t = n.Type();
    if (n != root && (t == "function_definition" || t == "class_definition")) {
      s.bindings[std::string(n.ChildByField("name").Text())].push_back(n);
      return false;
    }
    if (t == "decorated_definition" || t == "lambda" || t == "list_comprehension" || t == "set_comprehension" ||
        t == "dictionary_comprehension" || t == "generator_expression") {
      if (t == "decorated_definition") {
        Node d = n.ChildByField("definition");
        if (d) s.bindings[std::string(d.ChildByField("name").Text())].push_back(d);
      }
      return false;
    }
    if (t == "assignment") {
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      // `a = b = v`: each target gets v (the inner assignment binds b).
      Node value = r;
      while (value && value.Type() == "assignment") value = value.ChildByField("right");
      if (l && value) Bind(l, value, s);
      else if (l) opaque_names(l);  // an annotation without a value
      return true;
    }
    if (t == "augmented_assignment") {
      Node l = n.ChildByField("left");
      if (l.Type() == "identifier") s.bindings[std::string(l.Text())].push_back(n);
      return true;
    }
    if (t == "for_statement" && n.ChildByField("left").Type() == "identifier" &&
        n.ChildByField("right").Type() == "call" && n.ChildByField("right").ChildByField("function").Text() == "range") {
      // `for c in range(2)`: Python ints (checked when read: ints for bounds).
      Node left = n.ChildByField("left");
      s.bindings[std::string(left.Text())].push_back(left);
      s.range_targets[left.StartByte()] = n.ChildByField("right");
    } else if (t == "for_statement" || t == "for_in_clause") {
      opaque_names(n.ChildByField("left"));
    }
    if (t == "with_item" || t == "as_pattern" || t == "except_clause" || t == "named_expression" ||
        t == "global_statement" || t == "nonlocal_statement" || t == "delete_statement" ||
        t == "import_statement" || t == "import_from_statement") {
      if (t == "named_expression") opaque_names(n.ChildByField("name"));
      else if (t == "with_item" || t == "as_pattern") {
        for (const Node& c : n.NamedChildren())
          if (c.Type() == "as_pattern_target" || c != n.NamedChild(0)) opaque_names(c);
      } else if (t == "import_statement" || t == "import_from_statement") {
        for (const Node& c : n.NamedChildren())
          if (c != n.ChildByField("module_name")) opaque_names(c.Type() == "aliased_import" ? c.ChildByField("alias") : c);
      } else {
        opaque_names(n);
      }
    }
    return true;
  });
}

// `x = v`, `a, b = u, v`; anything else makes the names it binds opaque.
void Evaluator::Bind(const Node& target, const Node& value, Scope& s) const {
  std::string_view t = target.Type();
  if (t == "identifier") {
    s.bindings[std::string(target.Text())].push_back(value);
    return;
  }
  if (t == "attribute") {
    // `a.shape = (n, m)` changes a's rank: a is no longer evident.
    Node obj = target.ChildByField("object");
    std::string_view attr = target.ChildByField("attribute").Text();
    if (obj.Type() == "identifier" && (attr == "shape" || attr == "dtype")) s.opaque.insert(std::string(obj.Text()));
    return;
  }
  if (t == "subscript") return;  // an element store keeps the array's dtype
  if ((t == "pattern_list" || t == "tuple_pattern") && value &&
      (value.Type() == "expression_list" || value.Type() == "tuple")) {
    auto ls = target.NamedChildren(), rs = value.NamedChildren();
    if (ls.size() == rs.size()) {
      for (size_t i = 0; i < ls.size(); ++i) Bind(ls[i], rs[i], s);
      return;
    }
  }
  // `x, v = init(n)`: each name is the element of the tuple the value gives
  // at its position (checked when it is read: the tuple must have as many).
  if ((t == "pattern_list" || t == "tuple_pattern") && value) {
    auto ls = target.NamedChildren();
    bool plain = std::all_of(ls.begin(), ls.end(), [](const Node& x) { return x.Type() == "identifier"; });
    if (plain) {
      for (size_t i = 0; i < ls.size(); ++i) {
        s.bindings[std::string(ls[i].Text())].push_back(ls[i]);
        s.unpacked[ls[i].StartByte()] = {value, i};
      }
      return;
    }
  }
  Walk(target, [&](const Node& x) {
    if (x.Type() == "identifier") s.opaque.insert(std::string(x.Text()));
    return x.Type() != "attribute" && x.Type() != "subscript";
  });
}

Maybe Evaluator::Name(const std::string& name, const Scope& s, std::string* why) const {
  if (auto a = s.args.find(name); a != s.args.end()) return a->second;
  if (s.params.count(name)) {
    std::string f = s.def ? std::string(s.def.ChildByField("name").Text()) : "";
    if (why && why->empty()) *why = "'" + name + "' is a parameter of '" + f + "'";
    return std::nullopt;
  }
  if (s.opaque.count(name)) {
    if (why && why->empty()) *why = "'" + name + "' is bound by a loop, an import or another statement not followed";
    return std::nullopt;
  }
  auto b = s.bindings.find(name);
  if (b == s.bindings.end()) {
    if (s.parent) return Name(name, *s.parent, why);
    if (why && why->empty()) *why = "'" + name + "' is not bound in the module";
    return std::nullopt;
  }
  auto key = std::make_pair(&s, name);
  if (evaluating_.count(key)) {
    // A binding that reads the name again: its type is what the first
    // binding gave, which every binding is then checked against.
    if (auto a = assumed_.find(key); a != assumed_.end()) return a->second;
    // Read before any of its bindings gave a type (`un = np.empty_like(u)`
    // where `u, un = un, u` binds u): the binding that reads it is left out
    // for now, and checked when the name has a type (the second pass below).
    ++deferred_;
    return std::nullopt;
  }
  evaluating_.insert(key);
  // Every plain binding must give the same type; augmented ones must keep it.
  Maybe out;
  bool have = false, fail = false;
  const int deferred_before = deferred_;
  for (const Node& v : b->second) {
    if (v.Type() == "function_definition" || v.Type() == "class_definition") {
      Unknown(why, v, "'" + name + "' is a function or a class");
      fail = true;
      break;
    }
    if (v.Type() == "augmented_assignment") continue;
    const int deferred_at = deferred_;
    Maybe x = Binding(name, v, s, why);
    if (!x && deferred_ > deferred_at) continue;  // read a name still without a type: the second pass checks it
    if (x && have && !(*x == *out)) Unknown(why, v, "'" + name + "' is bound to values of different types");
    if (!x || (have && !(*x == *out))) {
      fail = true;
      break;
    }
    if (have) {
      if (out->literal != x->literal) out->literal.reset();
      out->py = out->py && x->py;
    } else {
      out = x;
      have = true;
      Val assumed = *x;
      assumed.literal.reset();  // a later binding may change the value, not the type
      assumed_[key] = assumed;
    }
  }
  if (!fail && !have) {
    Unknown(why, b->second[0], "'" + name + "' has no value the module gives it, or only values computed from itself");
    fail = true;
  }
  // Second pass, when some binding was left out above: every binding again,
  // with this name's type assumed, must give that type (names evaluated
  // inside are evaluated again in full, so a fixed point is checked, not guessed).
  if (!fail && deferred_ > deferred_before) {
    for (const Node& v : b->second) {
      if (v.Type() == "augmented_assignment") continue;
      const int deferred_at = deferred_;
      Maybe x = Binding(name, v, s, why);
      if (!x && deferred_ > deferred_at) continue;  // an enclosing name's second pass checks it
      if (!x || !(*x == *out)) {
        if (x) Unknown(why, v, "'" + name + "' is bound to values of different types");
        fail = true;
        break;
      }
    }
  }
  for (const Node& v : b->second) {
    if (fail || v.Type() != "augmented_assignment") continue;
    out->literal.reset();
    if (out->t.rank > 0) continue;  // in place: NumPy keeps the array's dtype (or raises)
    // A scalar: the update must keep its type (`n += 1`; `n += 0.5` makes a float).
    std::string op(v.ChildByField("operator").Text());
    Maybe r = Combine(op.substr(0, op.size() - 1), false, out, Eval(v.ChildByField("right"), s, why), v, why);
    if (!r || !(*r == *out)) {
      Unknown(why, v, "'" + name + "' changes its type in '" + std::string(v.Text()) + "'");
      fail = true;
    }
  }
  evaluating_.erase(key);
  assumed_.erase(key);
  if (fail) return std::nullopt;
  return out;
}

// One binding of `name`: its value, or its element of an unpacked tuple.
Maybe Evaluator::Binding(const std::string& name, const Node& v, const Scope& s, std::string* why) const {
  if (auto r = s.range_targets.find(v.StartByte()); v.Type() == "identifier" && r != s.range_targets.end()) {
    Node call = r->second;
    bool rebound = false;
    for (const Scope* at = &s; at; at = at->parent)
      rebound |= at->bindings.count("range") || at->opaque.count("range") || at->params.count("range");
    if (rebound || HasSplat(call)) return Unknown(why, v, "'" + name + "' iterates over a 'range' that is not Python's");
    auto args = call.ChildByField("arguments").NamedChildren();
    if (args.empty() || args.size() > 3) return Unknown(why, v, "'" + name + "' iterates over a range not followed");
    for (const Node& a : args) {
      Maybe b = a.Type() == "keyword_argument" ? Maybe() : Eval(a, s, why);
      if (!IsScalar(b) || !IsInteger(b->t.scalar))
        return Unknown(why, v, "'" + name + "' iterates over a range whose bounds are not evident integers");
    }
    return Scalar64(Scalar::kInt64, true);
  }
  auto u = s.unpacked.find(v.StartByte());
  if (v.Type() != "identifier" || u == s.unpacked.end()) return Eval(v, s, why);
  Maybe tuple = Eval(u->second.first, s, why);
  if (!tuple) return std::nullopt;
  size_t count = v.Parent() ? v.Parent().NamedChildCount() : 0;
  if (tuple->kind != Val::Kind::kTuple || tuple->elems.size() != count)
    return Unknown(why, v, "'" + name + "' unpacks a value that is not a tuple of " + std::to_string(count));
  return tuple->elems[u->second.second];
}

Maybe Evaluator::Eval(const Node& n, const Scope& s, std::string* why) const {
  std::string_view t = n.Type();
  if (t == "integer") {
    std::string txt(n.Text());
    double v = std::strtod(txt.c_str(), nullptr);
    if (txt.find_first_of("jJ") != std::string::npos) return Unknown(why, n, "a complex literal");
    if (txt.find_first_of("xXoObB_") != std::string::npos) return Scalar64(Scalar::kInt64, true);
    // Numba types a Python int beyond int64 as uint64, or not at all.
    if (std::fabs(v) >= 9.2e18) return Unknown(why, n, "an integer beyond int64");
    return Scalar64(Scalar::kInt64, true, v);
  }
  if (t == "float") {
    std::string txt(n.Text());
    if (txt.find_first_of("jJ") != std::string::npos) return Unknown(why, n, "a complex literal");
    return Scalar64(Scalar::kFloat64, true, std::strtod(txt.c_str(), nullptr));
  }
  if (t == "true" || t == "false") return Scalar64(Scalar::kBool, true, t == "true" ? 1.0 : 0.0);
  if (t == "string" || t == "concatenated_string") {
    Val v;
    v.kind = Val::Kind::kString;
    return v;
  }
  if (t == "identifier") return Name(std::string(n.Text()), s, why);
  if (t == "parenthesized_expression" && n.NamedChildCount() == 1) return Eval(n.NamedChild(0), s, why);
  if (t == "tuple" || t == "expression_list") {
    Val v;
    v.kind = Val::Kind::kTuple;
    for (const Node& c : n.NamedChildren()) {
      Maybe e = Eval(c, s, why);
      if (!e) return std::nullopt;
      v.elems.push_back(*e);
    }
    return v;
  }
  if (t == "unary_operator") {
    Maybe a = Eval(n.ChildByField("argument"), s, why);
    std::string_view op = n.ChildByField("operator").Text();
    if (!a || a->kind != Val::Kind::kValue) return std::nullopt;
    if (a->t.scalar == Scalar::kBool || (op == "~" && !IsInteger(a->t.scalar)))
      return Unknown(why, n, "'" + std::string(n.Text()) + "' of a bool or a float");
    if (op == "-" && a->literal) a->literal = -*a->literal;
    if (op == "~") a->literal.reset();
    return a;
  }
  if (t == "binary_operator" || t == "comparison_operator" || t == "boolean_operator") return Binary(n, s, why);
  if (t == "call") return Call(n, s, why);
  if (t == "augmented_assignment") return Binary(n, s, why);
  if (t == "assignment") return Eval(n.ChildByField("right"), s, why);
  if (t == "attribute") {
    Node obj = n.ChildByField("object");
    std::string_view attr = n.ChildByField("attribute").Text();
    std::string q = mod_.imports.Resolve(n);
    if (q == "numpy.pi" || q == "numpy.e" || q == "math.pi" || q == "math.e" || q == "numpy.inf" || q == "math.inf" ||
        q == "numpy.nan" || q == "math.nan")
      return Scalar64(Scalar::kFloat64, true);
    if (attr == "size" || attr == "ndim") {
      Maybe a = Eval(obj, s, why);
      if (IsArray(a)) return Scalar64(Scalar::kInt64, true);
    }
    if (attr == "T") {
      // A transpose is a view of another layout (F for a C matrix).
      Maybe a = Eval(obj, s, why);
      if (!IsArray(a)) return Unknown(why, n, "'" + std::string(n.Text()) + "' is not followed");
      if (a->t.rank > 1) a->t.layout = 'A';
      return a;
    }
    if (attr == "shape") {
      Maybe a = Eval(obj, s, why);
      if (!IsArray(a)) return std::nullopt;
      Val v;
      v.kind = Val::Kind::kTuple;
      for (int i = 0; i < a->t.rank; ++i) v.elems.push_back(Scalar64(Scalar::kInt64, true));
      return v;
    }
    return Unknown(why, n, "'" + std::string(n.Text()) + "' is not followed");
  }
  if (t == "subscript") return Subscript(n, s, why);
  return Unknown(why, n, "'" + std::string(n.Text()) + "' is not followed");
}

// NumPy 1.x's promotion: arrays by their dtypes; a scalar with an array by
// its value (it keeps the array's dtype when its category is not higher and
// its value fits); Python scalars by Python's rules.
Maybe Evaluator::Binary(const Node& n, const Scope& s, std::string* why) const {
  std::string_view t = n.Type();
  std::string op;
  Node l, r;
  if (t == "comparison_operator") {
    auto kids = n.NamedChildren();
    if (kids.size() != 2) return Unknown(why, n, "a chained comparison");
    l = kids[0], r = kids[1];
    op = "<";
    for (const Node& c : n.Children())
      if (!c.IsNamed()) op = std::string(c.Type());
    if (op == "in" || op == "not in" || op == "is" || op == "is not") return Unknown(why, n, "'" + op + "'");
  } else if (t == "boolean_operator") {
    return Unknown(why, n, "'and'/'or' give one of their operands");
  } else {
    l = n.ChildByField("left"), r = n.ChildByField("right");
    op = std::string(n.ChildByField("operator").Text());
    if (t == "augmented_assignment") op = op.substr(0, op.size() - 1);
  }
  Maybe a = Eval(l, s, why), b = Eval(r, s, why);
  return Combine(op, t == "comparison_operator", a, b, n, why);
}

Maybe Evaluator::Combine(const std::string& op, bool compare, const Maybe& a, const Maybe& b, const Node& n,
                         std::string* why) const {
  // `base * 3`, `s + "x"`, `s % v`: a string stays a string (never an argument).
  if (a && b && !compare && a->kind == Val::Kind::kString &&
      (b->kind == Val::Kind::kString || (IsScalar(b) && IsInteger(b->t.scalar)) || op == "%"))
    return a;
  if (a && b && !compare && op == "*" && b->kind == Val::Kind::kString && IsScalar(a) && IsInteger(a->t.scalar))
    return b;
  if (!a || !b || a->kind != Val::Kind::kValue || b->kind != Val::Kind::kValue) return std::nullopt;
  if (op == "@") {
    // NumPy's matmul of evident arrays: a new C array (a scalar for two
    // vectors), the operands' dtypes promoted; bools and scalars are not followed.
    int ra = a->t.rank, rb = b->t.rank;
    Scalar r = Promote(a->t.scalar, b->t.scalar);
    if (ra == 0 || rb == 0 || ra > 2 || rb > 2 || r == Scalar::kUnknown || r == Scalar::kBool || IsComplex(r))
      return Unknown(why, n, "'@' of operands that are not evident vectors or matrices");
    if (ra == 1 && rb == 1) return Scalar64(r, false);
    return ArrayOf(r, ra + rb - 2);
  }
  bool bitwise = op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>";
  Scalar x = a->t.scalar, y = b->t.scalar;
  if (IsComplex(x) || IsComplex(y)) return Unknown(why, n, "complex values");
  int rank = std::max(a->t.rank, b->t.rank);
  if (compare) {
    if (rank == 0) return Scalar64(Scalar::kBool, a->py && b->py);
    Val out = ArrayOf(Scalar::kBool, rank);
    if ((a->t.rank > 0 && a->t.layout != 'C') || (b->t.rank > 0 && b->t.layout != 'C')) out.t.layout = 'A';
    return out;
  }
  // bool arithmetic differs between Python (ints) and NumPy (bools, int8).
  if (!bitwise && (x == Scalar::kBool || y == Scalar::kBool) && !(rank > 0 && x != y))
    return Unknown(why, n, "arithmetic on bools");
  if (bitwise && (IsFloat(x) || IsFloat(y))) return Unknown(why, n, "a bitwise operator on floats");
  Scalar res;
  if (rank == 0) {
    if (!(a->py || x == Scalar::kInt64 || x == Scalar::kFloat64 || x == Scalar::kBool) ||
        !(b->py || y == Scalar::kInt64 || y == Scalar::kFloat64 || y == Scalar::kBool))
      return Unknown(why, n, "arithmetic on NumPy scalars of a narrow type");
    // Python ints, floats and their 64-bit NumPy twins.
    if (op == "**" && IsInteger(x) && IsInteger(y) && !(b->literal && *b->literal >= 0))
      return Unknown(why, n, "an integer power whose exponent may be negative");
    res = Promote(x, y);
    if (op == "/" && !IsFloat(res)) res = Scalar::kFloat64;
    Val v = Scalar64(res, a->py && b->py);
    return v;
  }
  if (a->t.rank > 0 && b->t.rank > 0) {
    res = Promote(x, y);
  } else {
    const Val& arr = a->t.rank > 0 ? *a : *b;
    const Val& sc = a->t.rank > 0 ? *b : *a;
    Scalar as = arr.t.scalar, ss = sc.t.scalar;
    // Inside a kernel, Numba types scalars by their type, not their value:
    // only 64-bit arrays give the same result as NumPy for certain.
    if (numba_depth_ > 0 && !(as == Scalar::kInt64 || as == Scalar::kFloat64))
      return Unknown(why, n, "arithmetic of a narrow array with a scalar inside a kernel");
    if (Category(ss) < Category(as)) {
      res = as;
    } else if (Category(ss) == Category(as)) {
      bool wide = as == Scalar::kInt64 || as == Scalar::kFloat64 || as == Scalar::kUInt64;
      if (as == Scalar::kUInt64 && !(sc.literal && *sc.literal >= 0)) return Unknown(why, n, "uint64 with a signed value");
      if (wide) res = as;
      else if (sc.literal && Fits(*sc.literal, as)) res = as;
      else return Unknown(why, n, "a scalar whose value decides NumPy's result type");
    } else {
      if (!sc.py) return Unknown(why, n, "a NumPy scalar of a higher kind than the array");
      res = Promote(as, ss);
    }
  }
  if (res == Scalar::kUnknown) return std::nullopt;
  if (op == "/" && !IsFloat(res)) res = Scalar::kFloat64;
  // NumPy orders the result like its operands (order 'K'): a transpose gives
  // an F-ordered result, so only C operands make a C result.
  Val out = ArrayOf(res, rank);
  if ((a->t.rank > 0 && a->t.layout != 'C') || (b->t.rank > 0 && b->t.layout != 'C')) out.t.layout = 'A';
  return out;
}

Maybe Evaluator::Call(const Node& call, const Scope& s, std::string* why) const {
  Node fn = call.ChildByField("function");
  if (!call.ChildByField("arguments") || call.ChildByField("arguments").Type() != "argument_list")
    return Unknown(why, call, "'" + std::string(call.Text()) + "' is not followed");
  // Unpacked arguments: only into the module's own functions (Helper).
  bool splat = HasSplat(call);
  if (splat && !(fn.Type() == "identifier" && functions_.count(std::string(fn.Text()))))
    return Unknown(why, call, "'" + std::string(call.Text()) + "' is not followed");
  if (fn.Type() == "attribute") {
    // Methods of arrays and of NumPy's random Generator.
    std::string q = mod_.imports.Resolve(fn);
    if (q.rfind("numpy.", 0) != 0) {
      Node obj = fn.ChildByField("object");
      std::string m(fn.ChildByField("attribute").Text());
      Maybe o = Eval(obj, s, why);
      if (!o) return std::nullopt;
      if (o->kind == Val::Kind::kGenerator) return Numpy("numpy.random.Generator." + m, call, s, why);
      if (o->kind == Val::Kind::kString && (m == "encode" || m == "upper" || m == "lower" || m == "strip"))
        return o;  // bytes or a string: a buffer for np.frombuffer, never an argument
      if (IsArray(o)) {
        if (m == "copy") {
          if (Arg(call, 0, "order")) return Unknown(why, call, "'" + std::string(call.Text()) + "' names an order");
          return ArrayOf(o->t.scalar, o->t.rank);  // order 'C'
        }
        if (m == "astype") {
          Node d = Arg(call, 0, "dtype");
          auto dt = d ? DtypeOf(d, mod_.imports) : std::nullopt;
          if (!dt) return Unknown(why, call, "the dtype of '" + std::string(call.Text()) + "' is not evident");
          if (Arg(call, 1, "order")) return Unknown(why, call, "'" + std::string(call.Text()) + "' names an order");
          Val v = ArrayOf(*dt, o->t.rank);
          v.t.layout = o->t.layout;  // order 'K': a transpose stays F-ordered
          return v;
        }
        if (m == "ravel" || m == "flatten") return ArrayOf(o->t.scalar, 1);
        if (m == "cumsum" || m == "cumprod") return Cumulative(*o, Arg(call, 0, "axis"), Arg(call, 1, "dtype"), call, why);
        if (m == "reshape") {
          if (o->t.layout != 'C') return Unknown(why, call, "'" + std::string(call.Text()) + "' reshapes a view");
          auto args = call.ChildByField("arguments").NamedChildren();
          int rank = static_cast<int>(args.size());
          if (args.size() == 1) {
            Maybe sh = Eval(args[0], s, why);
            if (!sh) return std::nullopt;
            rank = sh->kind == Val::Kind::kTuple ? static_cast<int>(sh->elems.size()) : 1;
          }
          // reshape may return a view; of a C-ordered array, a C-ordered one.
          return ArrayOf(o->t.scalar, rank);
        }
      }
      return Unknown(why, call, "'" + std::string(call.Text()) + "' is not followed");
    }
    return Numpy(q, call, s, why);
  }
  std::string q = mod_.imports.Resolve(fn);
  if (q.rfind("numpy.", 0) == 0) return Numpy(q, call, s, why);
  if (fn.Type() != "identifier") return Unknown(why, call, "'" + std::string(call.Text()) + "' is not followed");
  std::string name(fn.Text());
  auto args = call.ChildByField("arguments").NamedChildren();
  if (name == "len" && args.size() == 1 && args[0].Type() != "keyword_argument" && !s.bindings.count(name) &&
      !module_.bindings.count(name))
    return Scalar64(Scalar::kInt64, true);  // Python's len() always gives an int (or raises)
  if ((name == "int" || name == "float") && args.size() == 1 && !s.bindings.count(name)) {
    Maybe a = Eval(args[0], s, why);
    if (!a) return std::nullopt;
    return Scalar64(name == "float" ? Scalar::kFloat64 : Scalar::kInt64, true);
  }
  // The module's function, unless a scope on the way binds the name otherwise.
  auto f = functions_.find(name);
  bool resolves = f != functions_.end();
  for (const Scope* at = &s; resolves && at; at = at->parent) {
    if (at->params.count(name) || at->opaque.count(name)) resolves = false;
    auto b = at->bindings.find(name);
    if (b == at->bindings.end()) continue;
    resolves = at == &module_ && b->second.size() == 1 && b->second[0] == f->second;
    break;
  }
  if (resolves) return Helper(f->second, call, s, why);
  // Another kernel of the file: what its returns give, typed by Numba's rules
  // for its body (numba_depth_ narrows the rules to those NumPy and Numba share).
  if (auto kn = kernels_.find(name); kn != kernels_.end() && !splat) {
    Node def = tree_.Root().DescendantForByteRange(kn->second->def_start_byte, kn->second->def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    bool own = def.operator bool();
    for (const Scope* at = &s; own && at; at = at->parent) {
      if (at->params.count(name) || at->opaque.count(name)) own = false;
      auto b = at->bindings.find(name);
      if (b == at->bindings.end()) continue;
      own = at == &module_ && b->second.size() == 1 && b->second[0] == def;
      break;
    }
    if (own) return Helper(def, call, s, why, /*kernel=*/true);
  }
  return Unknown(why, call, "'" + name + "' is not a function the analysis follows");
}

// The arguments of `call`, in order, with their keywords ("" for positional
// ones); `*t` gives the elements of an evident tuple (`f(*edges(n, m))`).
std::optional<std::vector<std::pair<std::string, Val>>> Evaluator::Arguments(const Node& call, const Scope& s,
                                                                            std::string* why) const {
  std::vector<std::pair<std::string, Val>> out;
  for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
    if (a.Type() == "comment") continue;
    if (a.Type() == "dictionary_splat") {
      Unknown(why, a, "'" + std::string(a.Text()) + "' is not followed");
      return std::nullopt;
    }
    if (a.Type() == "list_splat") {
      Maybe t = a.NamedChildCount() == 1 ? Eval(a.NamedChild(0), s, why) : Maybe();
      if (!t) return std::nullopt;
      if (t->kind != Val::Kind::kTuple) {
        Unknown(why, a, "'" + std::string(a.Text()) + "' does not unpack a tuple");
        return std::nullopt;
      }
      for (const Val& e : t->elems) out.emplace_back("", e);
      continue;
    }
    bool kw = a.Type() == "keyword_argument";
    Maybe v = Eval(kw ? a.ChildByField("value") : a, s, why);
    if (!v) return std::nullopt;
    out.emplace_back(kw ? std::string(a.ChildByField("name").Text()) : "", *v);
  }
  return out;
}

// A plain function of the module: its returns, with its parameters bound to
// the call's argument types.
Maybe Evaluator::Helper(const Node& def, const Node& call, const Scope& s, std::string* why, bool kernel) const {
  if (depth_ >= 4) return Unknown(why, call, "helpers nested too deeply");
  std::unique_ptr<Scope> scope = FunctionScope(def, &module_);
  // Plain parameters, and parameters with a default (`seed=0`), which Python
  // evaluates once, where the module defines the function.
  std::vector<Node> params;
  for (const Node& p : def.ChildByField("parameters").NamedChildren()) {
    Node name = p.Type() == "default_parameter" ? p.ChildByField("name") : p;
    if (name.Type() != "identifier")
      return Unknown(why, call, "'" + std::string(def.ChildByField("name").Text()) + "' has parameters other than plain names and defaults");
    params.push_back(name);
  }
  auto args = Arguments(call, s, why);
  if (!args) return std::nullopt;
  std::vector<bool> given(params.size(), false);
  size_t pos = 0;
  for (const auto& [kw, v] : *args) {
    size_t at = pos;
    if (!kw.empty()) {
      at = params.size();
      for (size_t i = 0; i < params.size(); ++i)
        if (params[i].Text() == kw) at = i;
    } else {
      ++pos;
    }
    if (at >= params.size() || given[at]) return Unknown(why, call, "'" + std::string(call.Text()) + "' does not match its parameters");
    scope->args[std::string(params[at].Text())] = v;
    given[at] = true;
  }
  for (size_t i = 0; i < params.size(); ++i) {
    if (given[i]) continue;
    auto d = scope->defaults.find(std::string(params[i].Text()));
    if (d == scope->defaults.end()) return Unknown(why, call, "'" + std::string(call.Text()) + "' does not give every parameter");
    Maybe v = Eval(d->second, module_, why);
    if (!v) return std::nullopt;
    scope->args[std::string(params[i].Text())] = *v;
  }
  ++depth_;
  numba_depth_ += kernel;  // the body, not the arguments, is Numba's
  Maybe out;
  bool any = false, generator = false;
  Walk(def.ChildByField("body"), [&](const Node& n) {
    if (n.Type() == "function_definition" || n.Type() == "class_definition" || n.Type() == "lambda") return false;
    if (n.Type() == "yield") generator = true;
    if (n.Type() != "return_statement") return true;
    Maybe v = n.NamedChildCount() == 1 ? Eval(n.NamedChild(0), *scope, why) : Maybe();
    if (!v || (any && !(*v == *out))) {
      out = std::nullopt;
      any = true;
      return false;
    }
    if (!any) out = v;
    any = true;
    return false;
  });
  --depth_;
  numba_depth_ -= kernel;
  if (!any || !out || generator) return Unknown(why, call, "what '" + std::string(call.Text()) + "' returns is not evident");
  out->literal.reset();
  return out;
}

}  // namespace call_site_detail

using namespace call_site_detail;

namespace {

// Why Numba would not compile the signature of `v` for the translation (""
// when it does): a value that is not one array or scalar, a read-only array,
// a view of another layout.
std::string NotAnArgument(const Val& v) {
  if (v.kind != Val::Kind::kValue || v.t.scalar == Scalar::kUnknown) return "not one array or scalar";
  if (IsComplex(v.t.scalar)) return "complex values";
  if (v.readonly)
    return "a read-only array (np.frombuffer): Numba compiles `readonly array` for it; pass a copy (`.copy()`)";
  if (v.t.rank > 0 && v.t.layout != 'C')
    return "a view (a slice or a transpose) that need not be C-contiguous: Numba compiles another layout "
           "for it; pass a copy (`.copy()`, `np.ascontiguousarray`)";
  return "";
}

}  // namespace

Type EvidentType(const Tree& tree, const ModuleInfo& mod, const Node& scope, const Node& expr) {
  Evaluator ev(tree, mod);
  std::unique_ptr<Scope> fs;
  const Scope* s = &ev.Module();
  if (scope && scope.Type() == "function_definition") {
    fs = ev.FunctionScope(scope, &ev.Module());
    s = fs.get();
  }
  Maybe v = ev.Eval(expr, *s, nullptr);
  if (!v || v->kind != Val::Kind::kValue) return Type{};
  return v->t;
}

CallSiteEvidence CallSiteTypes(const Tree& tree, const ModuleInfo& mod) {
  CallSiteEvidence out;
  Evaluator ev(tree, mod);
  if (ev.Kernels().empty()) return out;
  std::set<std::string> refused;
  auto refuse = [&](const std::string& k, const std::string& why) {
    if (refused.insert(k).second) {
      out.missing[k] = why;
      out.signatures.erase(k);
    }
  };
  // Each scope: the module, then every plain function (nested ones inside
  // their enclosing function's scope), never the body of a jitted kernel.
  std::function<void(const Node&, const Scope&)> visit = [&](const Node& root, const Scope& s) {
    WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& parent) {
      if (n != root && n.Type() == "decorated_definition" && ev.IsKernelDef(n)) return false;
      if (n != root && n.Type() == "class_definition") {
        Scope cls;
        cls.parent = &s;
        ev.CollectInto(n.ChildByField("body"), cls);
        visit(n.ChildByField("body"), cls);
        return false;
      }
      if (n != root && n.Type() == "function_definition") {
        if (ev.IsKernelDef(n)) return false;
        std::unique_ptr<Scope> inner = ev.FunctionScope(n, &s);
        visit(n.ChildByField("body"), *inner);
        return false;
      }
      if (n.Type() != "identifier" || !ev.Kernels().count(std::string(n.Text()))) return true;
      std::string name(n.Text());
      const Kernel& k = *ev.Kernels().at(name);
      std::string line = "line " + std::to_string(n.StartPoint().row + 1) + ": ";
      if (parent.Type() == "function_definition" && parent.ChildByField("name") == n) return true;
      if (parent.Type() == "attribute" && parent.ChildByField("attribute") == n) return true;
      if (parent.Type() == "keyword_argument" && parent.ChildByField("name") == n) return true;
      if (s.bindings.count(name) && s.def) return true;  // a local of that name, not the kernel
      bool called = parent.Type() == "call" && parent.ChildByField("function") == n;
      if (!called) {
        refuse(name, line + "'" + name + "' is used as a value, so its calls cannot all be seen");
        return true;
      }
      // Inside a lambda or a comprehension, names may be that scope's own.
      for (Node up = parent.Parent(); up && up != root; up = up.Parent()) {
        std::string_view ut = up.Type();
        if (ut == "lambda" || ut == "list_comprehension" || ut == "generator_expression" ||
            ut == "set_comprehension" || ut == "dictionary_comprehension") {
          refuse(name, line + "a call inside a lambda or a comprehension");
          return true;
        }
      }
      if (refused.count(name)) return true;
      Node args = parent.ChildByField("arguments");
      if (!args || args.Type() != "argument_list") {
        refuse(name, line + "a call with unpacked arguments");
        return true;
      }
      std::string why;
      auto values = ev.Arguments(parent, s, &why);
      if (!values) {
        refuse(name, line + (why.empty() ? "an argument is not evident" : why));
        return true;
      }
      std::vector<std::optional<Type>> types(k.params.size());
      size_t pos = 0;
      for (const auto& [kw, v] : *values) {
        size_t at = pos;
        if (!kw.empty()) {
          at = k.params.size();
          for (size_t i = 0; i < k.params.size(); ++i)
            if (k.params[i] == kw) at = i;
        } else {
          ++pos;
        }
        if (at >= k.params.size() || types[at]) {
          refuse(name, line + "the call does not match the kernel's parameters");
          return true;
        }
        std::string what = NotAnArgument(v);
        if (!what.empty()) {
          refuse(name, line + "argument '" + k.params[at] + "': " + what);
          return true;
        }
        types[at] = v.t;
      }
      std::vector<Type> sig;
      for (size_t i = 0; i < types.size(); ++i) {
        if (!types[i]) {
          refuse(name, line + "the call leaves parameter '" + k.params[i] + "' to its default");
          return true;
        }
        sig.push_back(*types[i]);
      }
      auto& sigs = out.signatures[name];
      if (std::find(sigs.begin(), sigs.end(), sig) == sigs.end()) sigs.push_back(std::move(sig));
      return true;
    });
  };
  visit(tree.Root(), ev.Module());
  return out;
}

}  // namespace caramba
