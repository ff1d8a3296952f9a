// call_site_eval.h — private to call_site_types*.cpp: the evaluator of
// types over the module's Python code (call_site_types.cpp: scopes, names,
// operators, calls; call_site_numpy.cpp: NumPy's constructors and ufuncs).
#pragma once

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/analysis/call_site_types.h"

namespace caramba::call_site_detail {


/// A value the module computes: a scalar or an array (`t`), a tuple of
/// values (a shape), a NumPy random Generator, or a str/bytes (only ever a
/// buffer for np.frombuffer or an operand of len(): never an argument).
struct Val {
  enum class Kind { kValue, kTuple, kGenerator, kString } kind = Kind::kValue;
  Type t;
  bool py = false;                 // a Python int/float/bool (not a NumPy scalar)
  std::optional<double> literal;   // its value, when a literal fixes it
  bool readonly = false;           // np.frombuffer's array: Numba types it `readonly array`
  std::vector<Val> elems;          // kTuple
  bool operator==(const Val& o) const {
    if (kind != o.kind || t != o.t || (t.rank == 0 && t.scalar != o.t.scalar) || elems.size() != o.elems.size())
      return false;
    for (size_t i = 0; i < elems.size(); ++i)
      if (!(elems[i] == o.elems[i])) return false;
    return true;
  }
};
using Maybe = std::optional<Val>;

inline Val Scalar64(Scalar s, bool py, std::optional<double> lit = std::nullopt) {
  Val v;
  v.t = Type{s, 0, 'A'};
  v.py = py;
  v.literal = lit;
  return v;
}

inline Val ArrayOf(Scalar s, int rank) {
  Val v;
  v.t = Type{s, rank, 'C'};
  return v;
}

inline bool IsArray(const Maybe& v) { return v && v->kind == Val::Kind::kValue && v->t.rank > 0; }
inline bool IsScalar(const Maybe& v) { return v && v->kind == Val::Kind::kValue && v->t.rank == 0; }

// NumPy's type categories, in promotion order.
inline int Category(Scalar s) { return IsComplex(s) ? 3 : IsFloat(s) ? 2 : IsInteger(s) ? 1 : 0; }

// True when `v` fits the scalar type `s` without NumPy 1.x's value-based
// casting widening it.
inline bool Fits(double v, Scalar s) {
  switch (s) {
    case Scalar::kInt8: return v >= -128 && v <= 127;
    case Scalar::kInt16: return v >= -32768 && v <= 32767;
    case Scalar::kInt32: return v >= -2147483648.0 && v <= 2147483647.0;
    case Scalar::kUInt8: return v >= 0 && v <= 255;
    case Scalar::kUInt16: return v >= 0 && v <= 65535;
    case Scalar::kUInt32: return v >= 0 && v <= 4294967295.0;
    case Scalar::kFloat32: return std::isfinite(v) && std::fabs(v) <= 3.4028234663852886e38;
    default: return true;
  }
}


/// One scope: the module or a plain function, with what binds each name.
struct Scope {
  Node def;                       // function_definition, or null for the module
  const Scope* parent = nullptr;  // where names it does not bind are found
  std::map<std::string, std::vector<Node>> bindings;  // name -> binding statements/targets
  std::set<std::string> opaque;   // bound in a way not followed (loops, imports, global, ...)
  std::set<std::string> params;   // parameters without a value
  std::map<std::string, Val> args;  // parameters bound to a call's argument types
  /// `a, b = f(x)`: each target identifier (by its start byte, as pushed to
  /// `bindings`) -> the value it unpacks and its position in it.
  std::map<uint32_t, std::pair<Node, size_t>> unpacked;
  /// `for c in range(n)`: the loop variable (by its start byte) -> the range call.
  std::map<uint32_t, Node> range_targets;
  /// `def f(n, seed=0)`: the defaults of parameters a call may leave out.
  std::map<std::string, Node> defaults;
};

class Evaluator {
 public:
  Evaluator(const Tree& tree, const ModuleInfo& mod) : tree_(tree), mod_(mod) {
    for (const Kernel& k : mod.kernels) {
      kernel_defs_.insert(k.def_start_byte);
      if ((k.kind == JitKind::kNjit || k.kind == JitKind::kJit) && !k.nested && k.via_decorator && !k.is_class)
        kernels_[k.name] = &k;
    }
    module_.def = Node();
    Collect(tree.Root(), module_);
    for (const Node& c : tree.Root().NamedChildren()) {
      Node d = c.Type() == "decorated_definition" ? c.ChildByField("definition") : c;
      if (d.Type() == "function_definition" && !kernel_defs_.count(d.StartByte()) && !IsKernelDef(c))
        functions_[std::string(d.ChildByField("name").Text())] = d;
    }
  }

  const Scope& Module() const { return module_; }
  const std::map<std::string, const Kernel*>& Kernels() const { return kernels_; }

  /// The scope of a plain function `def` whose enclosing scope is `parent`.
  std::unique_ptr<Scope> FunctionScope(const Node& def, const Scope* parent) const {
    auto s = std::make_unique<Scope>();
    s->def = def;
    s->parent = parent;
    for (const Node& p : def.ChildByField("parameters").NamedChildren()) {
      Node name = p.Type() == "identifier" ? p : p.ChildByField("name");
      if (!name && p.NamedChildCount() > 0) name = p.NamedChild(0);
      if (name && name.Type() == "identifier") s->params.insert(std::string(name.Text()));
      if (p.Type() == "default_parameter") s->defaults[std::string(name.Text())] = p.ChildByField("value");
    }
    Collect(def.ChildByField("body"), *s);
    return s;
  }

  bool IsKernelDef(const Node& n) const {
    Node d = n.Type() == "decorated_definition" ? n.ChildByField("definition") : n;
    return d.Type() == "function_definition" && kernel_defs_.count(d.StartByte()) > 0;
  }

  Maybe Eval(const Node& n, const Scope& s, std::string* why) const;
  /// A call's arguments, in order, with their keywords ("" for positional ones).
  std::optional<std::vector<std::pair<std::string, Val>>> Arguments(const Node& call, const Scope& s,
                                                                    std::string* why) const;
  void CollectInto(const Node& root, Scope& s) const { Collect(root, s); }
  Maybe Name(const std::string& name, const Scope& s, std::string* why) const;

 private:
  void Collect(const Node& root, Scope& s) const;
  void Bind(const Node& target, const Node& value, Scope& s) const;
  Maybe Call(const Node& call, const Scope& s, std::string* why) const;
  Maybe Numpy(const std::string& q, const Node& call, const Scope& s, std::string* why) const;
  Maybe Binary(const Node& n, const Scope& s, std::string* why) const;
  Maybe Combine(const std::string& op, bool compare, const Maybe& a, const Maybe& b, const Node& n,
                std::string* why) const;
  Maybe Helper(const Node& def, const Node& call, const Scope& s, std::string* why, bool kernel = false) const;
  Maybe Subscript(const Node& n, const Scope& s, std::string* why) const;
  Maybe Cumulative(const Val& a, const Node& axis, const Node& dtype, const Node& call, std::string* why) const;
  Maybe Binding(const std::string& name, const Node& v, const Scope& s, std::string* why) const;
  Maybe Unknown(std::string* why, const Node& n, const std::string& what) const {
    if (why && why->empty()) why->assign("line " + std::to_string(n.StartPoint().row + 1) + ": " + what);
    return std::nullopt;
  }

  const Tree& tree_;
  const ModuleInfo& mod_;
  Scope module_;
  std::set<uint32_t> kernel_defs_;
  std::map<std::string, const Kernel*> kernels_;
  std::map<std::string, Node> functions_;  // plain module-level functions
  mutable std::set<std::pair<const Scope*, std::string>> evaluating_;
  /// Names being evaluated -> the type their first binding gave: a binding
  /// that reads the name again (`a, b = b, a` in a time loop) is evaluated
  /// with that type, and must then agree with it (an optimistic fixed point:
  /// every binding is checked against the assumption).
  mutable std::map<std::pair<const Scope*, std::string>, Val> assumed_;
  /// How many reads of a name without a type yet were left for a second pass.
  mutable int deferred_ = 0;
  /// > 0 while a kernel's body is evaluated for its result (Numba's rules).
  mutable int numba_depth_ = 0;
  mutable int depth_ = 0;
};


/// A dtype argument: np.float32, "float32", float, int, bool, np.bool_.
std::optional<Scalar> DtypeOf(const Node& n, const ImportTable& imports);

// The argument at `pos`, or the keyword `kw`; null when absent.
inline Node Arg(const Node& call, size_t pos, std::string_view kw) {
  size_t i = 0;
  for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
    if (a.Type() == "keyword_argument") {
      if (a.ChildByField("name").Text() == kw) return a.ChildByField("value");
      continue;
    }
    if (a.Type() == "list_splat" || a.Type() == "dictionary_splat") return Node();
    if (i++ == pos) return a;
  }
  return Node();
}

inline bool HasSplat(const Node& call) {
  for (const Node& a : call.ChildByField("arguments").NamedChildren())
    if (a.Type() == "list_splat" || a.Type() == "dictionary_splat") return true;
  return false;
}


}  // namespace caramba::call_site_detail
