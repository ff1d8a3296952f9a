// kernel_compiler_expressions.cpp — expressions, calls (math, atomics,
// casts, @pk.functions) and view access (pykokkos-dialect.md §3.3-3.4).
#include "kernel_compiler_internal.h"

#include <cerrno>
#include <cstdlib>

namespace pykokkos_rt::front {

std::vector<Node> Compiler::Args(const Node& call) {
  Node args = call.ChildByField("arguments");
  std::vector<Node> out;
  if (!args) return out;
  if (args.Type() == "generator_expression") Fail(args, "generator expression", "write a for loop over range()");
  for (const Node& a : args.NamedChildren()) {
    if (a.Type() == "comment") continue;
    if (a.Type() == "keyword_argument") Fail(a, "keyword argument '" + std::string(a.Text()) + "' in a call", "pass arguments by position inside workunits");
    if (a.Type() == "list_splat" || a.Type() == "dictionary_splat") Fail(a, "argument unpacking", "pass arguments one by one");
    out.push_back(a);
  }
  return out;
}

Expr Compiler::Integer(const Node& n) {
  std::string t;
  for (char c : n.Text())
    if (c != '_') t += c;
  if (!t.empty() && (t.back() == 'j' || t.back() == 'J')) Fail(n, "complex literal", "complex numbers are not supported in workunits");
  if (!t.empty() && (t.back() == 'l' || t.back() == 'L')) t.pop_back();
  int base = 10;
  std::string digits = t;
  if (t.size() > 2 && t[0] == '0') {
    char p = t[1] | 0x20;
    if (p == 'x') base = 16;
    if (p == 'o') base = 8;
    if (p == 'b') base = 2;
    if (base != 10) digits = t.substr(2);
  }
  errno = 0;
  unsigned long long v = std::strtoull(digits.c_str(), nullptr, base);
  if (errno == ERANGE || v > 0x7fffffffffffffffULL) Fail(n, "integer literal " + t + " does not fit in 64 bits", "use a smaller value");
  std::string code = std::to_string(v);
  if (v > 0x7fffffffULL) return Expr{code + "LL", TypeRef::Of(Scalar::kI64)};
  return Expr{code, TypeRef::Of(Scalar::kI32)};
}

Expr Compiler::E(const Node& n) {
  std::string_view type = n.Type();
  auto rej = kRejectedExpressions.find(std::string(type));
  if (rej != kRejectedExpressions.end()) Fail(n, rej->second.first, rej->second.second);
  if (type == "identifier") {
    const Sym* s = Lookup(n.Text());
    if (!s) {
      std::string name(n.Text());
      if (functions_.count(name)) Fail(n, "function '" + name + "' used as a value", "call it");
      Fail(n, "name '" + name + "' is not defined in the workunit",
           "workunits see only their parameters and declared locals; pass it as a keyword argument");
    }
    return Expr{s->cpp, s->type};
  }
  if (type == "integer") return Integer(n);
  if (type == "float") {
    std::string t;
    for (char c : n.Text())
      if (c != '_') t += c;
    if (!t.empty() && (t.back() == 'j' || t.back() == 'J')) Fail(n, "complex literal", "complex numbers are not supported in workunits");
    return Expr{t, TypeRef::Of(Scalar::kF64)};
  }
  if (type == "true") return Expr{"true", TypeRef::Of(Scalar::kBool)};
  if (type == "false") return Expr{"false", TypeRef::Of(Scalar::kBool)};
  if (type == "parenthesized_expression") {
    Node inner = n.NamedChild(0);
    Expr e = E(inner);
    e.code = "(" + e.code + ")";
    return e;
  }
  if (type == "unary_operator") {
    Expr a = Value(n.ChildByField("argument"));
    std::string op(n.ChildByField("operator").Text());
    if (op == "~" && IsFloat(S(a))) Fail(n, "`~` on a floating-point value", "`~` is for integers");
    Scalar s = IsFloat(S(a)) ? S(a) : Promote(S(a), Scalar::kI32);
    return Expr{op + a.code, TypeRef::Of(s)};
  }
  if (type == "not_operator") {
    Expr a = Value(n.ChildByField("argument"));
    return Expr{"!(" + a.code + ")", TypeRef::Of(Scalar::kBool)};
  }
  if (type == "boolean_operator") return Boolean(n);
  if (type == "binary_operator") return Binary(n);
  if (type == "comparison_operator") return Comparison(n);
  if (type == "call") return Call(n);
  if (type == "subscript") return Access(n);
  if (type == "attribute") return Attribute(n);
  if (type == "slice") Fail(n, "slice outside a subview", "slices only appear in `s = v[i, a:b]` subview assignments");
  Fail(n, "expression '" + std::string(n.Text()) + "'", "this expression is not part of the PyKokkos dialect");
}

Expr Compiler::Boolean(const Node& n) {
  std::string op(n.ChildByField("operator").Text());
  // Upstream prints nested and/or without parentheses, so `(a or b) and c`
  // silently becomes `a || b && c`; refusing it keeps a green test honest.
  for (const char* side : {"left", "right"}) {
    Node s = n.ChildByField(side);
    while (s.Type() == "parenthesized_expression") s = s.NamedChild(0);
    if (s.Type() == "boolean_operator" && s.ChildByField("operator").Text() != op)
      Fail(n, "mixed nested `and`/`or`", "upstream drops the parentheses: hoist the inner one into a declared temporary (`t: bool = a or b`)");
  }
  Expr l = Value(n.ChildByField("left"));
  Expr r = Value(n.ChildByField("right"));
  return Expr{l.code + (op == "and" ? " && " : " || ") + r.code, TypeRef::Of(Scalar::kBool)};
}

Expr Compiler::Binary(const Node& n) {
  std::string op(n.ChildByField("operator").Text());
  Expr l = Value(n.ChildByField("left"));
  Expr r = Value(n.ChildByField("right"));
  Scalar ls = S(l), rs = S(r);
  if (op == "/")
    return Expr{"static_cast<double>(" + l.code + ") / static_cast<double>(" + r.code + ")", TypeRef::Of(Scalar::kF64)};
  if (op == "//")  // C truncation to 32 bits (dialect §3.3), as upstream emits it.
    return Expr{"static_cast<int32_t>(" + l.code + " / " + r.code + ")", TypeRef::Of(Scalar::kI32)};
  if (op == "**" && IsInteger(ls) && IsInteger(rs)) {
    // Both integers: Numba's integer power (int64, or uint64 for two unsigned).
    bool unsigned_ = (ls == Scalar::kU8 || ls == Scalar::kU16 || ls == Scalar::kU32 || ls == Scalar::kU64) &&
                     (rs == Scalar::kU8 || rs == Scalar::kU16 || rs == Scalar::kU32 || rs == Scalar::kU64);
    const char* t = unsigned_ ? "uint64_t" : "int64_t";
    int_power_ = true;
    return Expr{"crb_int_pow<" + std::string(t) + ">(static_cast<" + t + ">(" + l.code + "), static_cast<int64_t>(" +
                    r.code + "))",
                TypeRef::Of(unsigned_ ? Scalar::kU64 : Scalar::kI64)};
  }
  if (op == "**") return Expr{Power(l.code, n.ChildByField("right"), r.code), TypeRef::Of(Scalar::kF64)};
  if (op == "%" && (IsFloat(ls) || IsFloat(rs)))
    Fail(n, "`%` on floating-point values", "use math.fmod(a, b) (note: C sign rules, like `%` on integers)");
  if (op == "@") Fail(n, "matrix product `@`", "write the loops explicitly");
  if ((op == "<<" || op == ">>" || op == "&" || op == "|" || op == "^") && (IsFloat(ls) || IsFloat(rs)))
    Fail(n, "`" + op + "` on floating-point values", "bitwise operators need integers");
  Scalar s = (op == "<<" || op == ">>") ? Promote(ls, Scalar::kI32) : Promote(ls, rs);
  return Expr{l.code + " " + op + " " + r.code, TypeRef::Of(s)};
}

Expr Compiler::Comparison(const Node& n) {
  std::vector<Node> operands;
  std::vector<std::string> ops;
  for (uint32_t k = 0; k < n.ChildCount(); ++k) {
    Node c = n.Child(k);
    if (c.IsNamed() && c.Type() != "comment") operands.push_back(c);
    else if (!c.IsNamed()) ops.emplace_back(c.Text());
  }
  for (const auto& op : ops)
    if (op == "in" || op == "not" || op == "is" || op.find("in") != std::string::npos || op.find("is") != std::string::npos)
      Fail(n, "`" + std::string(n.Text()) + "` (`is`/`in` comparison)", "compare values with ==, !=, <, <=, >, >=");
  if (operands.size() != 2) Fail(n, "chained comparison `" + std::string(n.Text()) + "`", "split it: `a < b and b < c`");
  Expr l = Value(operands[0]);
  Expr r = Value(operands[1]);
  std::string op = ops[0] == "<>" ? "!=" : ops[0];
  return Expr{l.code + " " + op + " " + r.code, TypeRef::Of(Scalar::kBool)};
}

std::string Compiler::ViewElement(const Node& view, const Node& index_list, TypeRef* type) {
  // Atomics take `(view, [i, j], ...)`: the index is always a list literal.
  const Sym* vs = SymbolOf(view);
  if (!vs || vs->type.kind != TypeRef::Kind::kView) Fail(view, "atomic on '" + std::string(view.Text()) + "'", "atomics take a view by name as their first argument");
  if (index_list.Type() != "list") Fail(index_list, "atomic index '" + std::string(index_list.Text()) + "'", "the index of an atomic is a list literal: [i] or [i, j]");
  std::string code = vs->cpp + "(";
  int n = 0;
  for (const Node& i : index_list.NamedChildren()) {
    Expr e = Value(i);
    if (IsFloat(S(e))) Fail(i, "floating-point index", "indices must be integers");
    code += (n++ ? ", " : "") + e.code;
  }
  if (n != vs->type.rank) Fail(index_list, "atomic with " + std::to_string(n) + " indices on a " + std::to_string(vs->type.rank) + "-D view", "give one index per dimension");
  *type = TypeRef::Of(vs->type.scalar);
  return code + ")";
}

Expr Compiler::Access(const Node& n) {
  std::vector<Node> idx;
  Node base = n;
  while (base.Type() == "subscript") {
    auto subs = base.ChildrenByField("subscript");
    for (const Node& s : subs)
      if (s.Type() == "slice") Fail(s, "slice in an expression", "slices only appear in `s = v[i, a:b]` subview assignments (a statement of their own)");
    if (subs.size() != 1) Fail(base, "multi-index element access `" + std::string(base.Text()) + "`", "write one subscript per dimension: v[i][j]");
    idx.insert(idx.begin(), subs[0]);
    base = base.ChildByField("value");
  }
  if (base.Type() == "attribute" && base.ChildByField("attribute").Text() == "shape")
    Fail(base, "`" + std::string(base.Text()) + "`", "use " + std::string(base.ChildByField("object").Text()) + ".extent(d)");
  const Sym* vs = SymbolOf(base);
  if (!vs) {
    if (base.Type() == "identifier" || IsSelfMember(base)) E(base);  // reports the undefined name
    Fail(base, "subscript of '" + std::string(base.Text()) + "'", "only views and local arrays can be indexed");
  }
  std::string code;
  if (vs->type.kind == TypeRef::Kind::kList) {
    if (idx.size() != 1) Fail(n, "local array indexed with " + std::to_string(idx.size()) + " subscripts", "local arrays are 1-D");
    Expr e = Index(idx[0]);
    return Expr{vs->cpp + "[" + e.code + "]", TypeRef::Of(vs->type.scalar)};
  }
  if (vs->type.kind != TypeRef::Kind::kView) Fail(base, "subscript of scalar '" + std::string(base.Text()) + "'", "only views and local arrays can be indexed");
  if ((int)idx.size() != vs->type.rank)
    Fail(n, std::to_string(idx.size()) + " subscript(s) on " + std::to_string(vs->type.rank) + "-D view '" + std::string(base.Text()) + "'",
         "element access needs exactly one subscript per dimension; take a subview with `s = v[i, :]` in its own statement");
  code = vs->cpp + "(";
  for (size_t k = 0; k < idx.size(); ++k) {
    Expr e = Index(idx[k]);
    Node inner = idx[k];
    while (inner.Type() == "parenthesized_expression") inner = inner.NamedChild(0);
    Scalar is = S(e);
    bool signed_load = inner.Type() == "subscript" &&
                       (is == Scalar::kI8 || is == Scalar::kI16 || is == Scalar::kI32 || is == Scalar::kI64);
    if (signed_load) e.code = "crb_wrap(" + e.code + ", " + vs->cpp + ".extent(" + std::to_string(k) + "))";
    code += (k ? ", " : "") + e.code;
  }
  return Expr{code + ")", TypeRef::Of(vs->type.scalar)};
}

Expr Compiler::Attribute(const Node& n) {
  Node obj = n.ChildByField("object");
  std::string attr(n.ChildByField("attribute").Text());
  Expr field;
  if (ClassField(n, &field)) return field;
  if (IsSelfMember(n)) {
    const Sym* m = SymbolOf(n);
    if (!m)
      Fail(n, "member '" + std::string(n.Text()) + "' is not available in kernels",
           "functor members that kernels read are views and int/float/bool (or NumPy scalar) values set in __init__");
    return Expr{m->cpp, m->type};
  }
  std::string module = imports_.Resolve(obj);
  if ((module == "math" || IsAlias(obj) || module == "numpy") && kMathConstants.count(attr)) {
    if (module == "numpy") Fail(n, "`" + std::string(n.Text()) + "`", "use math." + attr);
    return Expr{kMathConstants.at(attr), TypeRef::Of(Scalar::kF64)};
  }
  const Sym* s = obj.Type() == "identifier" ? Lookup(obj.Text()) : nullptr;
  if (s && s->type.kind == TypeRef::Kind::kView) {
    if (attr == "shape" || attr == "size" || attr == "ndim")
      Fail(n, "`" + std::string(n.Text()) + "`", "use " + std::string(obj.Text()) + ".extent(d) (products of extents for the size)");
    if (attr == "extent") Fail(n, "`extent` without a call", "call it: " + std::string(obj.Text()) + ".extent(0)");
  }
  Fail(n, "attribute '" + std::string(n.Text()) + "'", "workunits read parameters, locals, view elements, extents and math constants only");
}

Expr Compiler::Call(const Node& n) {
  Node fn = n.ChildByField("function");
  auto args = Args(n);
  std::string last, qualifier;
  Node object;
  if (fn.Type() == "identifier") {
    last = fn.Text();
  } else if (fn.Type() == "attribute") {
    last = fn.ChildByField("attribute").Text();
    object = fn.ChildByField("object");
    qualifier = imports_.Resolve(object);
  } else {
    Fail(fn, "call of '" + std::string(fn.Text()) + "'", "call a math function, an atomic, or a @pk.function by name");
  }
  auto arity = [&](size_t k) {
    if (args.size() != k) Fail(n, "`" + last + "` with " + std::to_string(args.size()) + " argument(s)", "`" + last + "` takes " + std::to_string(k));
  };
  // Classtypes: `T(args)` constructs one, `self.f(...)` inside its methods calls another method.
  if (fn.Type() == "identifier" && IsClassType(last)) return Construct(n, last, args);
  if (!class_.empty() && object && object.Type() == "identifier" && object.Text() == self_name_)
    return ClassMethodCall(n, "(*this)", class_, last, args);
  // Methods of the functor: its @pk.function methods, called as self.f(...).
  if (object && object.Type() == "identifier" && !self_name_.empty() && object.Text() == self_name_) {
    auto f = functions_.find(last);
    if (f == functions_.end() || !f->second.method)
      Fail(n, "call of method '" + std::string(fn.Text()) + "'", "only @" + alias_ + ".function methods can be called from a workunit");
  }
  // Methods of views (only extent(d)) and of the team member.
  if (object && (object.Type() == "identifier" || IsSelfMember(object))) {
    const Sym* s = SymbolOf(object);
    if (s && s->type.kind == TypeRef::Kind::kTeam) return TeamMemberCall(n, *s, last, args);
    if (s && s->type.kind == TypeRef::Kind::kClass) return ClassMethodCall(n, s->cpp, s->type.classtype, last, args);
    if (s && s->type.kind == TypeRef::Kind::kView) {
      if (last != "extent") Fail(n, "method `" + last + "` of view '" + std::string(object.Text()) + "'", "views offer extent(d) inside workunits");
      if (in_function_ && req_.strict)
        Fail(n, "`" + std::string(fn.Text()) + "(...)` inside a @" + alias_ + ".function (upstream: \"Function extent not supported for translation\")",
             "pass the extent to the function as an int parameter from the workunit");
      arity(1);
      Expr d = Value(args[0]);
      return Expr{s->cpp + ".extent(" + d.code + ")", TypeRef::Of(Scalar::kU64)};
    }
  }
  bool via_pk = object && IsAlias(object);
  if (qualifier == "numpy" || qualifier.rfind("numpy.", 0) == 0)
    Fail(n, "NumPy call `" + std::string(fn.Text()) + "` inside a workunit",
         kMath.count(last) ? "use math." + last + " for scalars" : "lower array expressions to loops; np.* is not available in kernels");
  bool self_call = object && object.Type() == "identifier" && !self_name_.empty() && object.Text() == self_name_;
  if (fn.Type() == "identifier" && !functions_.count(last)) {
    if (last == "range") Fail(n, "range() outside a for loop", "range() only appears as `for j in range(...)`");
    if (last == "len") Fail(n, "len()", "use v.extent(0)");
    if (last == "min" || last == "max")
      Fail(n, last + "()", "use math.f" + last + " for floats; for integers write an `if` into a declared temporary");
    if (last == "print") Fail(n, "print()", "use " + alias_ + ".printf(fmt, ...)");
    if (last == "int" || last == "float" || last == "bool") {
      arity(1);
      Expr a = Value(args[0]);
      // Dialect §3.3: int() is C++ int (32-bit), float() is C++ float (32-bit).
      Scalar s = last == "int" ? Scalar::kI32 : last == "float" ? Scalar::kF32 : Scalar::kBool;
      return Expr{std::string("static_cast<") + ScalarCpp(s) + ">(" + a.code + ")", TypeRef::Of(s)};
    }
    if (last == "abs") {
      arity(1);
      Expr a = Value(args[0]);
      Scalar s = IsFloat(S(a)) ? S(a) : Promote(S(a), Scalar::kI32);
      return Expr{"std::abs(" + a.code + ")", TypeRef::Of(s)};
    }
  }
  if (fn.Type() == "identifier" || self_call) {
    auto f = functions_.find(last);
    if (f != functions_.end() && f->second.method && !self_call)
      Fail(n, "call of method '" + last + "' without `" + (self_name_.empty() ? std::string("self") : self_name_) + ".`", "call @" + alias_ + ".function methods as self." + last + "(...)");
    if (f != functions_.end()) {
      // A classtype is a struct of its own: it cannot reach the functor's member functions.
      if (!class_.empty())
        Fail(n, "call of @" + alias_ + ".function '" + last + "' from classtype " + class_,
             "a classtype's methods call its other methods (self.f(...)) and math functions");
      if (calls_) calls_->insert(last);
      if (args.size() != f->second.params.size())
        Fail(n, "call of @pk.function '" + last + "' with " + std::to_string(args.size()) + " argument(s)", "it takes " + std::to_string(f->second.params.size()));
      std::string code = Mangle(last) + "(";
      for (size_t k = 0; k < args.size(); ++k) {
        const TypeRef& want = f->second.params[k].second;
        Expr a = E(args[k]);
        if (want.kind == TypeRef::Kind::kView) {
          if (a.type.kind != TypeRef::Kind::kView || a.type.rank != want.rank || a.type.scalar != want.scalar)
            Fail(args[k], "argument '" + std::string(args[k].Text()) + "' of '" + last + "'", "parameter '" + f->second.params[k].first + "' expects " + want.Describe());
        } else if (want.kind == TypeRef::Kind::kClass || a.type.kind == TypeRef::Kind::kClass) {
          if (a.type.kind != want.kind || a.type.classtype != want.classtype)
            Fail(args[k], "argument '" + std::string(args[k].Text()) + "' of '" + last + "'", "parameter '" + f->second.params[k].first + "' expects " + want.Describe());
        } else if (a.type.kind == TypeRef::Kind::kView || a.is_void || a.type.kind == TypeRef::Kind::kList) {
          Fail(args[k], "argument '" + std::string(args[k].Text()) + "' of '" + last + "'", "parameter '" + f->second.params[k].first + "' expects " + want.Describe());
        }
        code += (k ? ", " : "") + a.code;
      }
      Expr r{code + ")", f->second.ret};
      r.is_void = f->second.ret.kind == TypeRef::Kind::kUnknown;
      return r;
    }
  }
  if (via_pk && (last == "parallel_for" || last == "parallel_reduce" || last == "parallel_scan" || last == "single"))
    return TeamCall(n, last, args);
  if (via_pk) {
    if (last == "double" || last == "float64") {
      arity(1);
      return Expr{"static_cast<double>(" + Value(args[0]).code + ")", TypeRef::Of(Scalar::kF64)};
    }
    if (kPkDtypes.count(last))
      Fail(n, "cast `" + std::string(fn.Text()) + "(...)`", "upstream supports only " + alias_ + ".double(x) as a cast; declare `t: " + alias_ + "." + last + " = x` instead");
    if (last == "printf") {
      if (args.empty() || args[0].Type() != "string") Fail(n, "printf without a format string", "pk.printf(\"%d\\n\", x)");
      std::string code = "printf(" + CppString(args[0]);
      // An integer argument is passed as its dialect type: a loop counter is
      // int64_t in C++ (Compiler::For) but int32 for `%d`.
      for (size_t k = 1; k < args.size(); ++k) {
        Expr a = Value(args[k]);
        bool integer = a.type.kind == TypeRef::Kind::kScalar && !IsFloat(a.type.scalar) && a.type.scalar != Scalar::kBool;
        code += ", " + (integer ? "static_cast<" + std::string(ScalarCpp(a.type.scalar)) + ">(" + a.code + ")" : a.code);
      }
      Expr r{code + ")", {}};
      r.is_void = true;
      return r;
    }
    if (kAtomics.count(last)) {
      TypeRef t;
      size_t want = last == "atomic_increment" ? 2 : last == "atomic_compare_exchange" ? 4 : 3;
      arity(want);
      std::string elem = ViewElement(args[0], args[1], &t);
      std::string code = "Kokkos::" + last + "(&" + elem;
      for (size_t k = 2; k < args.size(); ++k) code += ", static_cast<" + std::string(ScalarCpp(t.scalar)) + ">(" + Value(args[k]).code + ")";
      Expr r{code + ")", t};
      r.is_void = last == "atomic_add" || last == "atomic_increment";
      return r;
    }
  }
  if (last == "degrees" || last == "radians" || last == "rsqrt")
    Fail(n, "`" + last + "`", "upstream accepts it but the C++ does not compile: expand it by hand (x * math.pi / 180.0, 1.0 / math.sqrt(x))");
  if (last == "modf") Fail(n, "`modf`", "modf returns a tuple; use math.trunc(x) and x - math.trunc(x)");
  auto m = kMath.find(last);
  if (m != kMath.end()) {
    arity(m->second.arity);
    std::string code = "std::" + last + "(";
    Scalar s = Scalar::kF32;
    for (size_t k = 0; k < args.size(); ++k) {
      Expr a = Value(args[k]);
      if (S(a) != Scalar::kF32) s = Scalar::kF64;
      code += (k ? ", " : "") + a.code;
    }
    code += ")";
    if (m->second.result == 'b') return Expr{code, TypeRef::Of(Scalar::kBool)};
    if (m->second.result == 'd') return Expr{"static_cast<double>(" + code + ")", TypeRef::Of(Scalar::kF64)};
    return Expr{code, TypeRef::Of(s)};
  }
  if (via_pk) Fail(n, "`" + std::string(fn.Text()) + "` inside a workunit", "this PyKokkos function is a host function; only math, atomics, casts and printf work in kernels");
  Fail(n, "call of '" + std::string(fn.Text()) + "'",
       "ordinary Python functions cannot be called from a workunit; make it a top-level @" + alias_ + ".function with annotated parameters and return type");
}

}  // namespace pykokkos_rt::front
