// inference.cpp — see inference.h.
#include "caramba/difftest/inference.h"

#include "caramba/analysis/call_site_types.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace caramba::difftest {

namespace {

// Evidence collected for one parameter while walking the kernel body.
struct Evidence {
  std::string name;
  bool has_default = false;
  std::string splat;            // "*args" / "**kw": cannot be generated
  bool array = false;
  int rank_lb = 0;
  int rank_exact = -1;
  bool elem_int = false, elem_bool = false;
  bool int_scalar = false, bound = false, index = false, count = false, int_hint = false;
  bool bool_hint = false, float_hint = false;
  int min_extent = 1;
  std::string unsupported;
};

const std::set<std::string, std::less<>> kArrayAttributes = {
    "shape", "size", "ndim", "T", "dtype", "flat", "copy", "sum", "max", "min", "mean", "prod", "fill",
    "reshape", "ravel", "flatten", "astype", "argmax", "argmin", "any", "all", "cumsum", "dot", "transpose",
    "itemsize", "nbytes", "strides", "conj", "std", "var", "nonzero", "item", "real", "imag"};
// NumPy constructors whose arguments are sizes.
const std::set<std::string, std::less<>> kShapeFunctions = {"empty", "zeros", "ones", "full", "arange", "identity",
                                                            "eye", "linspace"};
// Calls that make their argument a number.
const std::set<std::string, std::less<>> kScalarFunctions = {
    "int", "float", "abs", "round", "sqrt", "exp", "log", "log10", "log2", "log1p", "expm1", "sin", "cos", "tan",
    "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "floor", "ceil", "trunc", "fabs", "pow", "hypot",
    "isnan", "isinf", "isfinite", "erf", "erfc", "gamma", "lgamma", "copysign", "fmod", "degrees", "radians"};

std::string LastName(std::string_view dotted) {
  size_t p = dotted.rfind('.');
  return std::string(p == std::string_view::npos ? dotted : dotted.substr(p + 1));
}

Node FunctionNode(const Tree& tree, const Kernel& k) {
  Node n = tree.Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
  while (n && n.Type() != "function_definition") n = n.Parent();
  return n;
}

bool IsIndexChild(const Node& parent, const Node& child) {
  if (parent.Type() != "subscript") return false;
  for (const Node& s : parent.ChildrenByField("subscript"))
    if (s == child) return true;
  return false;
}

// Does `root` contain an identifier `name` inside some subscript index?
bool IndexesWith(const Node& root, const std::string& name) {
  bool found = false;
  Walk(root, [&](const Node& n) {
    if (found) return false;
    if (n.Type() == "identifier" && n.Text() == name) {
      for (Node c = n, p = n.Parent(); p && p != root.Parent(); c = p, p = p.Parent())
        if (IsIndexChild(p, c)) {
          found = true;
          break;
        }
    }
    return true;
  });
  return found;
}

int LiteralIndex(const Node& n) {
  if (n.Type() == "integer") return std::atoi(std::string(n.Text()).c_str());
  if (n.Type() == "unary_operator" && n.NamedChildCount() == 1 && n.NamedChild(0).Type() == "integer")
    return std::atoi(std::string(n.NamedChild(0).Text()).c_str()) - 1;  // a[-k] needs extent k
  return -1;
}

class Inferrer {
 public:
  Inferrer(const Tree& tree, const ModuleInfo& module) : tree_(tree), module_(module) {}

  // Rank of the array parameter `pos` (or keyword `kw`) of kernel `callee`, or 0.
  int CalleeRank(const std::string& callee, size_t pos, const std::string& kw, int depth) {
    if (depth > 4) return 0;
    for (const Kernel& k : module_.kernels) {
      if (k.name != callee) continue;
      std::vector<Evidence> ev = Collect(k, depth + 1);
      for (size_t i = 0; i < ev.size(); ++i)
        if ((kw.empty() && i == pos) || (!kw.empty() && ev[i].name == kw))
          return ev[i].array ? std::max(ev[i].rank_exact, std::max(ev[i].rank_lb, 1)) : 0;
    }
    return 0;
  }

  std::vector<Evidence> Collect(const Kernel& k, int depth = 0) {
    std::vector<Evidence> ev;
    Node fn = FunctionNode(tree_, k);
    if (!fn) return ev;
    for (const Node& p : fn.ChildByField("parameters").NamedChildren()) {
      Evidence e;
      std::string_view t = p.Type();
      if (t == "identifier") {
        e.name = std::string(p.Text());
      } else if (t == "default_parameter" || t == "typed_default_parameter") {
        e.name = std::string(p.ChildByField("name").Text());
        e.has_default = true;
      } else if (t == "typed_parameter") {
        e.name = std::string(p.NamedChild(0).Text());
      } else if (t == "list_splat_pattern" || t == "dictionary_splat_pattern") {
        e.name = std::string(p.Text());
        e.splat = e.name;
      } else {
        continue;  // `*` and `/` separators
      }
      ev.push_back(e);
    }
    std::map<std::string, size_t> by_name;
    for (size_t i = 0; i < ev.size(); ++i) by_name[ev[i].name] = i;
    Node body = fn.ChildByField("body");
    Walk(body, [&](const Node& n) {
      if (n.Type() == "function_definition" || n.Type() == "lambda") return false;  // other scopes
      if (n.Type() != "identifier") return true;
      auto it = by_name.find(std::string(n.Text()));
      if (it != by_name.end()) Use(n, ev[it->second], depth);
      return true;
    });
    return ev;
  }

 private:
  void Use(const Node& n, Evidence& e, int depth) {
    Node parent = n.Parent();
    std::string_view pt = parent.Type();
    // `x.p` and `f(p=...)`: the name is not the parameter.
    if (pt == "attribute" && parent.ChildByField("attribute") == n) return;
    if (pt == "keyword_argument" && parent.ChildByField("name") == n) return;
    if (pt == "subscript" && parent.ChildByField("value") == n) {
      e.array = true;
      int count = 0;
      Node cur = n;
      for (Node s = parent; s && s.Type() == "subscript" && s.ChildByField("value") == cur; cur = s, s = s.Parent()) {
        for (const Node& ix : s.ChildrenByField("subscript")) e.min_extent = std::max(e.min_extent, LiteralIndex(ix) + 1);
        count += static_cast<int>(s.ChildrenByField("subscript").size());
      }
      // `cur` is the whole element expression `p[i][j]`.
      int callee_rank = ElementContext(cur, e, depth);
      e.rank_lb = std::max(e.rank_lb, count + callee_rank);
      return;
    }
    if (pt == "attribute" && parent.ChildByField("object") == n) {
      std::string attr(parent.ChildByField("attribute").Text());
      if (!kArrayAttributes.count(attr)) {
        if (e.unsupported.empty())
          e.unsupported = "parameter '" + e.name + "' is used as an object (" + e.name + "." + attr + ")";
        return;
      }
      e.array = true;
      e.rank_lb = std::max(e.rank_lb, 1);
      if (attr == "shape") {
        Node up = parent.Parent();
        if (up.Type() == "subscript" && up.ChildByField("value") == parent) {
          auto ix = up.ChildrenByField("subscript");
          if (ix.size() == 1 && ix[0].Type() == "integer")
            e.rank_lb = std::max(e.rank_lb, std::atoi(std::string(ix[0].Text()).c_str()) + 1);
        } else if (up.Type() == "assignment" && up.ChildByField("right") == parent) {
          Node left = up.ChildByField("left");
          if (left.Type() == "pattern_list" || left.Type() == "tuple_pattern" || left.Type() == "tuple")
            e.rank_exact = static_cast<int>(left.NamedChildCount());
        }
      }
      return;
    }
    if (pt == "call" && parent.ChildByField("function") == n) {
      if (e.unsupported.empty()) e.unsupported = "parameter '" + e.name + "' is called (a function argument)";
      return;
    }
    if (pt == "for_statement" && parent.ChildByField("right") == n) {
      e.array = true;
      e.rank_lb = std::max(e.rank_lb, 1);
      return;
    }
    ScalarContext(n, e, depth);
  }

  // The element expression `p[i]…` is used somewhere: an index (integer
  // elements), a condition (bool elements), or an argument of another kernel
  // (returns the rank that kernel's parameter needs).
  int ElementContext(const Node& elem, Evidence& e, int depth) {
    Node c = elem;
    Node p = c.Parent();
    while (p && (p.Type() == "parenthesized_expression" || p.Type() == "unary_operator")) c = p, p = p.Parent();
    if (IsIndexChild(p, c)) e.elem_int = true;
    if ((p.Type() == "if_statement" || p.Type() == "while_statement" || p.Type() == "elif_clause") &&
        p.ChildByField("condition") == c)
      e.elem_bool = true;
    if (p.Type() == "not_operator") e.elem_bool = true;
    if (p.Type() == "binary_operator") {
      std::string op(p.ChildByField("operator").Text());
      if (op == "//" || op == "%" || op == "<<" || op == ">>" || op == "&" || op == "|" || op == "^") {
        // `a[i] % 2` hints at integer data; arithmetic with floats does not.
        e.elem_int = e.elem_int || op != "%";
      }
    }
    if (p.Type() == "argument_list" || (p.Type() == "keyword_argument" && p.ChildByField("value") == c)) {
      Node args = p.Type() == "argument_list" ? p : p.Parent();
      Node call = args.Parent();
      if (call.Type() != "call") return 0;
      std::string fname = LastName(call.ChildByField("function").Text());
      if (fname == "range" || fname == "prange") e.elem_int = true;
      std::string kw = p.Type() == "keyword_argument" ? std::string(p.ChildByField("name").Text()) : "";
      size_t pos = 0;
      for (const Node& a : args.NamedChildren()) {
        if (a == c) break;
        ++pos;
      }
      return CalleeRank(std::string(call.ChildByField("function").Text()), pos, kw, depth);
    }
    return 0;
  }

  // True when `local`, bound once in `fn` (one plain assignment, no loop
  // target, no augmented update), is used where only an int fits.
  bool IntegerLocal(const Node& fn, const std::string& local, int depth) {
    int bindings = 0;
    std::vector<Node> uses;
    bool other = false;
    Walk(fn.ChildByField("body"), [&](const Node& x) {
      if (x.Type() == "function_definition" || x.Type() == "lambda") return false;
      if (x.Type() != "identifier" || x.Text() != local) return true;
      Node up = x.Parent();
      if (up.Type() == "assignment" && up.ChildByField("left") == x) ++bindings;
      else if ((up.Type() == "augmented_assignment" && up.ChildByField("left") == x) || up.Type() == "pattern_list" ||
               up.Type() == "tuple_pattern" || (up.Type() == "for_statement" && up.ChildByField("left") == x))
        other = true;
      else uses.push_back(x);
      return true;
    });
    if (bindings != 1 || other) return false;
    Evidence t;
    t.name = local;
    for (const Node& u : uses) ScalarContext(u, t, depth + 1);
    return t.int_scalar;
  }

  void ScalarContext(const Node& n, Evidence& e, int depth) {
    // Climb through arithmetic to the construct that gives the value meaning.
    Node c = n;
    Node p = c.Parent();
    bool direct = true;
    bool keeps_int = true;  // every operator on the way gives an int for int operands
    while (p && (p.Type() == "binary_operator" || p.Type() == "unary_operator" ||
                 p.Type() == "parenthesized_expression")) {
      if (p.Type() == "binary_operator") {
        std::string op(p.ChildByField("operator").Text());
        if (op == "//" || op == "%" || op == "<<" || op == ">>" || op == "&" || op == "|" || op == "^")
          e.int_hint = true;
        if (op == "/") e.float_hint = true;
        keeps_int = keeps_int && op != "/" && op != "**";
        direct = false;
      }
      if (p.Type() == "unary_operator" && p.ChildByField("operator").Text() == "not") keeps_int = false;
      c = p;
      p = p.Parent();
    }
    // `nincx = n * incx` then `range(1, nincx + 1, incx)`: a local computed
    // once from the parameter with +, -, *, //, % holds an int only when the
    // parameter does (a float operand makes a float), so where the local must
    // be an int (a range bound, an index), so must the parameter. It is a
    // count, not an extent: the local is some multiple of it.
    if (p.Type() == "assignment" && p.ChildByField("right") == c && keeps_int &&
        p.ChildByField("left").Type() == "identifier" && depth < 4) {
      std::string local(p.ChildByField("left").Text());
      Node fn = p;
      while (fn && fn.Type() != "function_definition") fn = fn.Parent();
      if (fn && IntegerLocal(fn, local, depth)) {
        e.int_scalar = true;
        if (!e.bound && !e.index) e.count = true;
        return;
      }
    }
    // An index: `a[p]`, `a[i + p]`, or anywhere inside an index expression.
    for (Node cc = c, pp = p; pp; cc = pp, pp = pp.Parent()) {
      if (IsIndexChild(pp, cc)) {
        e.int_scalar = true;
        e.index = true;
        return;
      }
      if (pp.Type() == "function_definition" || pp.Type().find("statement") != std::string_view::npos) break;
    }
    if (p.Type() == "argument_list") {
      Node call = p.Parent();
      if (call.Type() != "call") return;
      std::string full(call.ChildByField("function").Text());
      std::string fname = LastName(full);
      if (fname == "range" || fname == "prange") {
        e.int_scalar = true;
        // The step of `range(lo, hi, step)` is a stride: a small count, not an extent.
        auto range_args = p.NamedChildren();
        if (range_args.size() == 3 && range_args[2] == c) {
          e.count = true;
          return;
        }
        Node loop = call.Parent();
        if (loop.Type() == "for_statement" && loop.ChildByField("right") == call) {
          std::string var(loop.ChildByField("left").Text());
          if (IndexesWith(loop.ChildByField("body"), var)) e.bound = true;
          else e.count = true;
        } else {
          e.bound = true;
        }
        return;
      }
      if (fname == "len") {
        e.array = true;
        e.rank_lb = std::max(e.rank_lb, 1);
        return;
      }
      if (kShapeFunctions.count(fname) && full.find('.') != std::string::npos) {
        e.int_scalar = true;
        e.bound = true;
        return;
      }
      if (kScalarFunctions.count(fname) || fname == "min" || fname == "max") {
        if (fname != "int" && fname != "min" && fname != "max" && fname != "abs") e.float_hint = true;
        return;
      }
      if (direct) {
        size_t pos = 0;
        for (const Node& a : p.NamedChildren()) {
          if (a == c) break;
          ++pos;
        }
        int r = CalleeRank(full, pos, "", depth);
        if (r > 0) {
          e.array = true;
          e.rank_lb = std::max(e.rank_lb, r);
          return;
        }
        if (full.rfind("np.", 0) == 0 || full.rfind("numpy.", 0) == 0) {
          // np.sum(p), np.dot(p, q): NumPy functions of arrays.
          e.array = true;
          e.rank_lb = std::max(e.rank_lb, 1);
        }
      }
      return;
    }
    if ((p.Type() == "if_statement" || p.Type() == "while_statement" || p.Type() == "elif_clause" ||
         p.Type() == "not_operator" || p.Type() == "boolean_operator") && direct)
      e.bool_hint = true;
  }

  const Tree& tree_;
  const ModuleInfo& module_;
};

std::string NumpyName(Scalar s) {
  switch (s) {
    case Scalar::kBool: return "bool_";
    default: return std::string(ScalarName(s));
  }
}

}  // namespace

Inference InferParams(const Tree& tree, const ModuleInfo& module, const Kernel& kernel) {
  Inference inf;
  if (kernel.is_class) {
    inf.not_tested = "a class cannot be called like a kernel";
    return inf;
  }
  // (column > 1: an indented def, under `if __name__ == "__main__":` or in
  // another block the module's import does not run.)
  if (kernel.nested || kernel.qualname.find('.') != std::string::npos || kernel.column > 1) {
    inf.not_tested = "defined inside another function, class or block: not reachable from the module";
    return inf;
  }
  Inferrer infer(tree, module);
  std::vector<Evidence> ev = infer.Collect(kernel);
  const Signature* sig = kernel.signatures.empty() ? nullptr : &kernel.signatures[0];
  // Else the types the module's own calls pass (call_site_types.h), which
  // the translation is typed with too: inputs of other types would only be
  // refused by its views.
  Signature from_calls;
  if (!sig) {
    CallSiteEvidence calls = CallSiteTypes(tree, module);
    if (auto it = calls.signatures.find(kernel.name); it != calls.signatures.end() && !it->second.empty()) {
      from_calls.args = it->second[0];
      sig = &from_calls;
    }
  }
  if (sig && sig->args.size() != ev.size()) sig = nullptr;  // defaults or splats: fall back to inference
  int max_rank = 0;
  for (size_t i = 0; i < ev.size(); ++i) {
    const Evidence& e = ev[i];
    ParamGuess g;
    g.name = e.name;
    g.min_extent = e.min_extent;
    if (!e.splat.empty()) {
      inf.not_tested = "parameter '" + e.splat + "' takes a variable number of arguments";
      return inf;
    }
    if (!e.unsupported.empty()) {
      inf.not_tested = e.unsupported;
      return inf;
    }
    g.role = e.bound ? ParamGuess::Role::kBound
             : e.index ? ParamGuess::Role::kIndex
             : e.count ? ParamGuess::Role::kCount
                       : ParamGuess::Role::kNone;
    if (sig) {
      const Type& t = sig->args[i];
      if (t.scalar == Scalar::kUnknown || t.scalar == Scalar::kNone) {
        inf.not_tested = "the eager signature gives parameter '" + e.name + "' a type difftest cannot make";
        return inf;
      }
      g.dtype = NumpyName(t.scalar);
      if (t.rank > 0) {
        g.kind = ParamGuess::Kind::kArray;
        g.rank = t.rank;
        g.order = t.layout == 'F' ? 'F' : 'C';
      } else if (IsInteger(t.scalar)) {
        g.kind = ParamGuess::Kind::kInt;
      } else if (t.scalar == Scalar::kBool) {
        g.kind = ParamGuess::Kind::kBool;
      } else if (IsComplex(t.scalar)) {
        g.kind = ParamGuess::Kind::kComplex;
      } else {
        g.kind = ParamGuess::Kind::kFloat;
      }
    } else if (e.array) {
      g.kind = ParamGuess::Kind::kArray;
      g.rank = e.rank_exact > 0 ? e.rank_exact : std::max(e.rank_lb, 1);
      g.dtype = e.elem_int ? "int64" : e.elem_bool ? "bool_" : "float64";
    } else if (e.int_scalar || (e.int_hint && !e.float_hint)) {
      g.kind = ParamGuess::Kind::kInt;
      g.dtype = "int64";
      if (g.role == ParamGuess::Role::kNone) g.role = ParamGuess::Role::kCount;
    } else if (e.bool_hint && !e.float_hint) {
      g.kind = ParamGuess::Kind::kBool;
      g.dtype = "bool_";
    } else if (e.has_default) {
      g.kind = ParamGuess::Kind::kOmitted;  // nothing says what it is: keep the author's default
    } else {
      g.kind = ParamGuess::Kind::kFloat;
    }
    if (g.kind == ParamGuess::Kind::kArray) max_rank = std::max(max_rank, g.rank);
    inf.params.push_back(g);
  }
  int loop_depth = 0;
  for (const LoopInfo& l : kernel.loops) loop_depth = std::max(loop_depth, l.depth + 1);
  inf.work_rank = std::max({1, max_rank, loop_depth});
  return inf;
}

std::vector<Case> GenerateCases(const Tree& tree, const ModuleInfo& module, const Kernel& kernel,
                                const SizeTable& sizes, std::string* not_tested) {
  Inference inf = InferParams(tree, module, kernel);
  std::vector<Case> out;
  if (!inf.not_tested.empty()) {
    *not_tested = "no runas marker, and inputs cannot be generated: " + inf.not_tested;
    return out;
  }
  int min_extent = 2;
  for (const auto& g : inf.params) min_extent = std::max(min_extent, g.min_extent);
  std::set<int64_t> seen;
  for (size_t lv = 0; lv < sizes.levels; ++lv) {
    int64_t n = std::max<int64_t>(1, sizes.At("N", lv));
    int64_t ext = std::max<int64_t>(min_extent, std::llround(std::pow(static_cast<double>(n), 1.0 / inf.work_rank)));
    if (!seen.insert(ext).second) continue;  // two levels that round to the same extent run once
    Case c;
    c.kernel = kernel.name;
    c.origin = "generated";
    c.label = "n=" + std::to_string(ext);
    bool keywords = false;  // after an omitted parameter, pass the rest by name
    for (const auto& g : inf.params) {
      std::string v;
      switch (g.kind) {
        case ParamGuess::Kind::kOmitted: keywords = true; continue;
        case ParamGuess::Kind::kArray: {
          std::string shape = "(";
          for (int d = 0; d < g.rank; ++d) shape += std::to_string(ext) + (g.rank == 1 || d + 1 < g.rank ? "," : "");
          shape += ")";
          v = "_crb.array(" + shape + ", '" + g.dtype + "', '" + std::string(1, g.order) + "')";
          break;
        }
        case ParamGuess::Kind::kInt: {
          int64_t x = g.role == ParamGuess::Role::kBound ? ext : g.role == ParamGuess::Role::kIndex ? 1 : 3;
          v = g.dtype == "int64" ? std::to_string(x) : "np." + g.dtype + "(" + std::to_string(x) + ")";
          break;
        }
        case ParamGuess::Kind::kBool: v = "True"; break;
        case ParamGuess::Kind::kComplex: v = "np." + g.dtype + "(complex(_crb.float(), _crb.float()))"; break;
        case ParamGuess::Kind::kFloat:
          v = g.dtype == "float64" ? "_crb.float()" : "np." + g.dtype + "(_crb.float())";
          break;
      }
      if (!c.args.empty()) c.args += ", ";
      c.args += (keywords ? g.name + "=" : "") + v;
    }
    for (const auto& [name, vals] : sizes.values) c.sizes[name] = sizes.At(name, lv);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace caramba::difftest
