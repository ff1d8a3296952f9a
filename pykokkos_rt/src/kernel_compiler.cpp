// kernel_compiler.cpp — see kernel_compiler.h. The dialect rules enforced
// here are pykokkos-dialect.md §3; each rejection names the construct and
// says what to write instead.
#include "kernel_compiler.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"
#include "kernel_abi.h"

namespace pykokkos_rt {

using caramba::Node;
using caramba::Tree;

namespace {

struct ScalarInfo {
  Scalar s;
  const char* name;  // signature spelling
  const char* cpp;
  const char* numpy;  // for messages
};
const ScalarInfo kScalars[] = {
    {Scalar::kBool, "bool", "bool", "bool"},       {Scalar::kI8, "i8", "int8_t", "int8"},
    {Scalar::kI16, "i16", "int16_t", "int16"},     {Scalar::kI32, "i32", "int32_t", "int32"},
    {Scalar::kI64, "i64", "int64_t", "int64"},     {Scalar::kU8, "u8", "uint8_t", "uint8"},
    {Scalar::kU16, "u16", "uint16_t", "uint16"},   {Scalar::kU32, "u32", "uint32_t", "uint32"},
    {Scalar::kU64, "u64", "uint64_t", "uint64"},   {Scalar::kF32, "f32", "float", "float32"},
    {Scalar::kF64, "f64", "double", "float64"},
};
const ScalarInfo* Info(Scalar s) {
  for (const auto& e : kScalars)
    if (e.s == s) return &e;
  return nullptr;
}

// `pk.<name>` dtype spellings (dialect §2): pk.float is float32, pk.double float64.
const std::map<std::string, Scalar> kPkDtypes = {
    {"int8", Scalar::kI8},     {"int16", Scalar::kI16},     {"int32", Scalar::kI32},
    {"int64", Scalar::kI64},   {"uint8", Scalar::kU8},      {"uint16", Scalar::kU16},
    {"uint32", Scalar::kU32},  {"uint64", Scalar::kU64},    {"float", Scalar::kF32},
    {"float32", Scalar::kF32}, {"double", Scalar::kF64},    {"float64", Scalar::kF64},
    {"bool", Scalar::kBool},
};

// Math by last name (dialect §3.4). arity; result: 's' same as argument
// (float stays float), 'd' double, 'b' bool.
struct MathFn {
  int arity;
  char result;
};
const std::map<std::string, MathFn> kMath = {
    {"acos", {1, 's'}},  {"acosh", {1, 's'}},    {"asin", {1, 's'}},   {"asinh", {1, 's'}},
    {"atan", {1, 's'}},  {"atan2", {2, 's'}},    {"atanh", {1, 's'}},  {"ceil", {1, 'd'}},
    {"copysign", {2, 's'}}, {"cos", {1, 's'}},   {"cosh", {1, 's'}},   {"erf", {1, 's'}},
    {"erfc", {1, 's'}},  {"exp", {1, 's'}},      {"expm1", {1, 's'}},  {"fabs", {1, 's'}},
    {"floor", {1, 'd'}}, {"fmax", {2, 's'}},     {"fmin", {2, 's'}},   {"fmod", {2, 's'}},
    {"hypot", {2, 's'}}, {"isfinite", {1, 'b'}}, {"isinf", {1, 'b'}},  {"isnan", {1, 'b'}},
    {"lgamma", {1, 's'}}, {"log", {1, 's'}},     {"log10", {1, 's'}},  {"log1p", {1, 's'}},
    {"log2", {1, 's'}},  {"pow", {2, 'd'}},      {"remainder", {2, 's'}}, {"round", {1, 'd'}},
    {"sin", {1, 's'}},   {"sinh", {1, 's'}},     {"sqrt", {1, 's'}},   {"tan", {1, 's'}},
    {"tanh", {1, 's'}},  {"tgamma", {1, 's'}},   {"trunc", {1, 'd'}},
};
const std::map<std::string, std::string> kMathConstants = {
    {"pi", "3.141592653589793"},
    {"e", "2.718281828459045"},
    {"tau", "6.283185307179586"},
    {"inf", "(__builtin_inf())"},
    {"nan", "(__builtin_nan(\"\"))"},
};
const std::set<std::string> kAtomics = {
    "atomic_fetch_add", "atomic_fetch_sub", "atomic_fetch_mul", "atomic_fetch_div",
    "atomic_fetch_max", "atomic_fetch_min", "atomic_fetch_mod", "atomic_fetch_and",
    "atomic_fetch_or",  "atomic_fetch_xor", "atomic_fetch_lshift", "atomic_fetch_rshift",
    "atomic_add",       "atomic_increment", "atomic_compare_exchange",
};

// Statements the dialect refuses outright, with what to do instead.
const std::map<std::string, std::pair<std::string, std::string>> kRejectedStatements = {
    {"with_statement", {"`with` statement", "move it to the caller"}},
    {"try_statement", {"`try` statement", "workunits cannot handle exceptions; check conditions with `if`"}},
    {"raise_statement", {"`raise` statement", "workunits cannot raise; flag errors in a view and check on the host"}},
    {"assert_statement", {"`assert` statement", "check on the host, or flag failures in a view"}},
    {"global_statement", {"`global` statement", "pass the value as a keyword argument"}},
    {"nonlocal_statement", {"`nonlocal` statement", "pass the value as a keyword argument"}},
    {"delete_statement", {"`del` statement", "remove it"}},
    {"function_definition", {"nested `def`", "define a top-level @pk.function instead"}},
    {"decorated_definition", {"nested decorated definition", "define a top-level @pk.function instead"}},
    {"class_definition", {"nested `class`", "classes cannot be used in workunits"}},
    {"import_statement", {"`import` inside a workunit", "import at module level"}},
    {"import_from_statement", {"`import` inside a workunit", "import at module level"}},
    {"future_import_statement", {"`import` inside a workunit", "import at module level"}},
    {"print_statement", {"Python 2 `print` statement", "use pk.printf(fmt, ...)"}},
    {"exec_statement", {"`exec` statement", "remove it"}},
    {"match_statement", {"`match` statement", "use if/elif/else"}},
    {"type_alias_statement", {"`type` alias", "remove it"}},
};
const std::map<std::string, std::pair<std::string, std::string>> kRejectedExpressions = {
    {"conditional_expression", {"conditional expression `x if c else y`",
                                "declare a temporary and assign it in an if/else"}},
    {"tuple", {"tuple", "tuples are not supported in workunits; use separate variables"}},
    {"list", {"list literal", "list literals only initialise local arrays: `t: List[float] = [...]`"}},
    {"dictionary", {"dict literal", "dicts are not supported in workunits"}},
    {"set", {"set literal", "sets are not supported in workunits"}},
    {"lambda", {"lambda", "define a top-level @pk.function"}},
    {"list_comprehension", {"list comprehension", "write a for loop over range()"}},
    {"dictionary_comprehension", {"dict comprehension", "write a for loop over range()"}},
    {"set_comprehension", {"set comprehension", "write a for loop over range()"}},
    {"generator_expression", {"generator expression", "write a for loop over range()"}},
    {"named_expression", {"assignment expression (walrus)", "assign in its own statement"}},
    {"string", {"string", "strings are only allowed as docstrings and pk.printf formats"}},
    {"concatenated_string", {"string", "strings are only allowed as docstrings and pk.printf formats"}},
    {"none", {"None", "workunits have no None; use a flag or a sentinel value"}},
    {"await", {"await", "remove it"}},
    {"yield", {"yield", "workunits cannot be generators"}},
    {"list_splat", {"`*` unpacking", "pass arguments one by one"}},
    {"dictionary_splat", {"`**` unpacking", "pass arguments one by one"}},
    {"ellipsis", {"`...`", "remove it"}},
};

const std::set<std::string> kCppKeywords = {
    "alignas", "alignof", "asm", "auto", "bool", "case", "catch", "char", "class", "const",
    "constexpr", "const_cast", "default", "delete", "do", "double", "dynamic_cast", "enum",
    "explicit", "export", "extern", "float", "friend", "goto", "inline", "int", "long",
    "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected",
    "public", "register", "reinterpret_cast", "short", "signed", "sizeof", "static",
    "static_assert", "static_cast", "struct", "switch", "template", "this", "throw",
    "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void",
    "volatile", "wchar_t", "and_eq", "bitand", "bitor", "compl", "not_eq", "or_eq", "xor",
    "xor_eq", "and", "or", "not", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
    "uint16_t", "uint32_t", "uint64_t", "size_t", "std", "Kokkos", "printf", "main",
};

std::string Mangle(std::string_view name) {
  std::string s(name);
  if (kCppKeywords.count(s) || s.rfind("crb_", 0) == 0 || s.rfind("m_", 0) == 0) s += "_";
  return s;
}

int IntRank(Scalar s) {
  switch (s) {
    case Scalar::kI64: return 4;
    case Scalar::kU64: return 5;
    case Scalar::kU32: return 3;
    default: return 2;  // bool, 8-, 16- and 32-bit promote to int
  }
}

// C++'s usual arithmetic conversions, enough to type the dialect's expressions.
Scalar Promote(Scalar a, Scalar b) {
  if (a == Scalar::kF64 || b == Scalar::kF64) return Scalar::kF64;
  if (a == Scalar::kF32 || b == Scalar::kF32) return Scalar::kF32;
  int r = std::max(IntRank(a), IntRank(b));
  if (r == 5) return Scalar::kU64;
  if (r == 4) return Scalar::kI64;
  if (r == 3) return Scalar::kU32;
  return Scalar::kI32;
}

// Emitted into every generated module (see Power below).
// A negative index loaded from an index array wraps around once, as Numba
// indexes (`x[idx[i]]` with idx[i] == -1 is the last element) instead of
// reading before the start of the view.
constexpr const char* kWrapIndex =
    "template <class I, class N> KOKKOS_FORCEINLINE_FUNCTION I crb_wrap(I v, N n) {\n"
    "  return v < 0 ? static_cast<I>(v + static_cast<I>(n)) : v;\n"
    "}\n";

constexpr const char* kIntegerPower =
    "template <int N> KOKKOS_FORCEINLINE_FUNCTION double crb_ipow(double x) {\n"
    "  if constexpr (N == 0) { return 1.0; }\n"
    "  else if constexpr (N == 1) { return x; }\n"
    "  else if constexpr (N % 2 == 0) { const double h = crb_ipow<N / 2>(x); return h * h; }\n"
    "  else { return x * crb_ipow<N - 1>(x); }\n"
    "}\n";

// `x ** k` for a small non-negative integer literal k: multiplications
// (by squaring) instead of std::pow, as Numba does for constant integer
// exponents. glibc's pow is an order of magnitude slower, which made the
// Lennard-Jones `1.0 / r ** 12` kernels several times slower than Numba.
// Other exponents keep std::pow.
constexpr int kMaxIntegerPower = 64;
std::string Power(const std::string& base, const Node& exponent, const std::string& exponent_code) {
  Node e = exponent;
  while (e.Type() == "parenthesized_expression") e = e.NamedChild(0);
  if (e.Type() == "integer") {
    std::string_view t = e.Text();
    if (!t.empty() && t.size() <= 2 && t.find_first_not_of("0123456789") == std::string_view::npos) {
      int k = std::stoi(std::string(t));
      if (k <= kMaxIntegerPower)
        return "crb_ipow<" + std::to_string(k) + ">(static_cast<double>(" + base + "))";
    }
  }
  return "std::pow(" + base + ", " + exponent_code + ")";
}

struct Expr {
  std::string code;
  TypeRef type;
  bool is_void = false;
};

std::string CppString(const Node& n) {
  // A Python string literal as a C string literal: escapes are shared by the
  // two languages for the cases printf formats use; quotes are re-escaped.
  std::string out = "\"";
  for (const Node& c : n.NamedChildren()) {
    if (c.Type() == "string_content" || c.Type() == "escape_sequence") {
      std::string_view t = c.Text();
      for (size_t k = 0; k < t.size(); ++k) {
        if (t[k] == '"' && (k == 0 || t[k - 1] != '\\')) out += "\\\"";
        else out += t[k];
      }
    }
  }
  return out + "\"";
}

std::string QuoteForLine(const std::string& path) {
  std::string s;
  for (char c : path) {
    if (c == '\\' || c == '"') s += '\\';
    s += c;
  }
  return s;
}

// The view type a kernel argument is wrapped in: unmanaged, in the memory
// space of the execution space (HostSpace for Serial/OpenMP, CudaSpace for Cuda).
std::string ViewCpp(const TypeRef& t) {
  std::string stars(t.rank, '*');
  return std::string("Kokkos::View<") + ScalarCpp(t.scalar) + stars + ", " +
         (t.layout == 'L' ? "Kokkos::LayoutLeft" : "Kokkos::LayoutRight") +
         ", CrbMemSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>";
}

class Compiler {
 public:
  Compiler(const KernelRequest& req, const Tree& tree) : req_(req), tree_(tree) {}

  GeneratedKernel Run();

 private:
  struct Sym {
    TypeRef type;
    std::string cpp;
  };
  struct Function {
    Node def;
    std::vector<std::pair<std::string, TypeRef>> params;
    TypeRef ret;  // kUnknown = None
    std::string code;
    std::set<std::string> calls;
  };

  [[noreturn]] void Fail(const Node& n, const std::string& construct, const std::string& hint) const {
    auto p = n.StartPoint();
    throw DialectError(req_.path, p.row + 1, p.column + 1, construct, hint);
  }
  std::string Where(const Node& n) const {
    return "#line " + std::to_string(n.StartPoint().row + 1) + " \"" + QuoteForLine(req_.path) + "\"\n";
  }

  void Discover();
  TypeRef Annotation(Node type, bool allow_list) const;
  Scalar ScalarAnnotation(const Node& n) const;
  bool IsAlias(const Node& n) const { return n.Type() == "identifier" && n.Text() == alias_; }

  // Scopes.
  void Push() { scopes_.emplace_back(); }
  void Pop() { scopes_.pop_back(); }
  const Sym* Lookup(std::string_view name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(std::string(name));
      if (f != it->end()) return &f->second;
    }
    return nullptr;
  }
  void Declare(const Node& at, const std::string& name, TypeRef t, std::string cpp = {}) {
    if (scopes_.back().count(name))
      Fail(at, "redeclaration of '" + name + "'", "a local is declared once per block; assign it with `" + name + " = ...`");
    scopes_.back()[name] = Sym{t, cpp.empty() ? Mangle(name) : cpp};
  }

  // Statements.
  void Block(const Node& block, int indent, std::string& out);
  void Statement(const Node& s, int indent, std::string& out);
  void Assignment(const Node& a, int indent, std::string& out);
  void Augmented(const Node& a, int indent, std::string& out);
  void For(const Node& f, int indent, std::string& out);
  void If(const Node& s, int indent, std::string& out);

  // Expressions.
  Expr E(const Node& n);
  Expr Value(const Node& n) {  // an expression that must produce a value
    Expr e = E(n);
    if (e.is_void) Fail(n, "call without a value", "this call returns nothing");
    if (e.type.kind != TypeRef::Kind::kScalar && e.type.kind != TypeRef::Kind::kAcc &&
        e.type.kind != TypeRef::Kind::kFlag)
      Fail(n, "view '" + std::string(n.Text()) + "' used as a value", "index it: v[i] (one subscript per dimension)");
    return e;
  }
  // An index (view element, local array element, subview): an integer, as
  // the C++ needs (Kokkos views take integral indices only); upstream would
  // fail to compile a floating-point one.
  Expr Index(const Node& n) {
    Expr e = Value(n);
    if (IsFloat(S(e))) Fail(n, "floating-point index '" + std::string(n.Text()) + "'", "indices must be integers: declare `k: int = int(x)`");
    return e;
  }
  Expr Integer(const Node& n);
  Expr Binary(const Node& n);
  Expr Comparison(const Node& n);
  Expr Boolean(const Node& n);
  Expr Call(const Node& n);
  Expr Access(const Node& n);
  Expr Attribute(const Node& n);
  std::string ViewElement(const Node& view, const Node& index_list, TypeRef* type);
  std::vector<Node> Args(const Node& call);
  Scalar S(const Expr& e) const {
    if (e.type.kind == TypeRef::Kind::kFlag) return Scalar::kBool;
    return e.type.scalar;
  }

  std::string GenerateFunction(Function& f);

  const KernelRequest& req_;
  const Tree& tree_;
  caramba::ImportTable imports_;
  std::string alias_;
  Node workunit_;
  std::map<std::string, Function> functions_;
  std::vector<std::map<std::string, Sym>> scopes_;
  bool in_function_ = false;
  TypeRef return_type_;
  std::set<std::string>* calls_ = nullptr;
};

void Compiler::Discover() {
  imports_.Build(tree_);
  // Upstream matches decorators spelled `<alias>.workunit` where <alias> comes
  // from `import pykokkos as <alias>` (or `import pykokkos`); nothing else.
  for (const auto& [local, module] : imports_.ModuleAliases())
    if (module == "pykokkos") alias_ = local;
  Node root = tree_.Root();
  Node def_line_node;
  for (const Node& top : root.NamedChildren()) {
    if (top.Type() != "decorated_definition") continue;
    Node def = top.ChildByField("definition");
    if (def.Type() != "function_definition") continue;
    std::string name(def.ChildByField("name").Text());
    for (const Node& dec : top.NamedChildren()) {
      if (dec.Type() != "decorator") continue;
      Node e = dec.NamedChild(0);
      if (e.Type() == "call") e = e.ChildByField("function");
      if (e.Type() != "attribute" || alias_.empty() || !IsAlias(e.ChildByField("object"))) continue;
      std::string_view what = e.ChildByField("attribute").Text();
      if (what == "workunit" && name == req_.workunit) workunit_ = def;
      if (what == "function") functions_[name].def = def;
    }
  }
  if (!workunit_) {
    std::string hint = alias_.empty()
                           ? "the file has no top-level `import pykokkos as pk`; upstream finds workunits only through that alias"
                           : "decorate a top-level function with @" + alias_ + ".workunit (nested functions, `from pykokkos import workunit` and exec'd code are not found upstream)";
    throw DialectError(req_.path, 1, 1, "workunit '" + req_.workunit + "' not found", hint);
  }
}

Scalar Compiler::ScalarAnnotation(const Node& n) const {
  if (n.Type() == "identifier") {
    if (n.Text() == "int") return Scalar::kI32;
    if (n.Text() == "float") return Scalar::kF64;
    if (n.Text() == "bool") return Scalar::kBool;
  }
  if (n.Type() == "attribute" && IsAlias(n.ChildByField("object"))) {
    auto it = kPkDtypes.find(std::string(n.ChildByField("attribute").Text()));
    if (it != kPkDtypes.end()) return it->second;
  }
  return Scalar::kNone;
}

TypeRef Compiler::Annotation(Node t, bool allow_list) const {
  if (t.Type() == "type") t = t.NamedChild(0);
  Scalar s = ScalarAnnotation(t);
  if (s != Scalar::kNone) return TypeRef::Of(s);
  // pk.View1D[T] ... pk.View7D[T], pk.Acc[T]  (subscript), List[T] (generic_type or subscript)
  Node base, arg;
  if (t.Type() == "subscript") {
    base = t.ChildByField("value");
    auto subs = t.ChildrenByField("subscript");
    if (subs.size() == 1) arg = subs[0];
  } else if (t.Type() == "generic_type") {
    base = t.NamedChild(0);
    Node params = t.NamedChild(1);
    if (params && params.NamedChildCount() == 1) arg = params.NamedChild(0);
    if (arg && arg.Type() == "type") arg = arg.NamedChild(0);
  }
  if (base && arg) {
    Scalar inner = ScalarAnnotation(arg);
    if (base.Type() == "attribute" && IsAlias(base.ChildByField("object")) && inner != Scalar::kNone) {
      std::string what(base.ChildByField("attribute").Text());
      if (what == "Acc") {
        TypeRef r = TypeRef::Of(inner);
        r.kind = TypeRef::Kind::kAcc;
        return r;
      }
      if (what.size() == 6 && what.rfind("View", 0) == 0 && what[5] == 'D' && what[4] >= '1' && what[4] <= '7')
        return TypeRef::View(inner, what[4] - '0');
    }
    if (allow_list && base.Type() == "identifier" && base.Text() == "List" && inner != Scalar::kNone) {
      TypeRef r = TypeRef::Of(inner);
      r.kind = TypeRef::Kind::kList;
      return r;
    }
  }
  Fail(t, "annotation '" + std::string(t.Text()) + "'",
       "use int, float, bool, " + alias_ + ".int64, " + alias_ + ".double, " + alias_ + ".View1D[" + alias_ +
           ".double] ... " + alias_ + ".View7D[...], " + alias_ + ".Acc[...]" + (allow_list ? " or List[T]" : ""));
}

// ---------------------------------------------------------------- statements

void Compiler::Block(const Node& block, int indent, std::string& out) {
  Push();
  for (const Node& s : block.NamedChildren()) Statement(s, indent, out);
  Pop();
}

void Compiler::Statement(const Node& s, int indent, std::string& out) {
  std::string pad(indent * 2, ' ');
  std::string_view type = s.Type();
  if (type == "comment") return;
  auto rej = kRejectedStatements.find(std::string(type));
  if (rej != kRejectedStatements.end()) Fail(s, rej->second.first, rej->second.second);
  if (type == "expression_statement") {
    if (s.NamedChildCount() != 1) Fail(s, "tuple expression", "tuples are not supported in workunits");
    Node e = s.NamedChild(0);
    if (e.Type() == "string" || e.Type() == "concatenated_string") return;  // docstring
    if (e.Type() == "assignment") return Assignment(e, indent, out);
    if (e.Type() == "augmented_assignment") return Augmented(e, indent, out);
    if (e.Type() != "call")
      Fail(e, "expression statement '" + std::string(e.Text()) + "'", "only calls may stand alone as statements");
    Expr c = E(e);
    out += Where(s) + pad + c.code + ";\n";
    return;
  }
  if (type == "pass_statement") return;
  if (type == "break_statement") { out += Where(s) + pad + "break;\n"; return; }
  if (type == "continue_statement") { out += Where(s) + pad + "continue;\n"; return; }
  if (type == "return_statement") {
    Node v = s.NamedChild(0);
    if (!in_function_) {
      if (v) Fail(s, "`return` with a value in a workunit", "workunits return nothing; write results to a view or the accumulator");
      out += Where(s) + pad + "return;\n";
      return;
    }
    if (v && v.Type() == "expression_list") Fail(v, "returning a tuple", "return one value");
    if (return_type_.kind == TypeRef::Kind::kUnknown) {
      if (v) Fail(s, "`return` with a value in a function annotated `-> None`", "annotate the return type");
      out += Where(s) + pad + "return;\n";
      return;
    }
    if (!v) Fail(s, "`return` without a value", "this @pk.function must return a value of its annotated type");
    Expr e = Value(v);
    out += Where(s) + pad + "return " + e.code + ";\n";
    return;
  }
  if (type == "if_statement") return If(s, indent, out);
  if (type == "for_statement") return For(s, indent, out);
  if (type == "while_statement") {
    if (s.ChildByField("alternative")) Fail(s, "`while ... else`", "set a flag before `break` and test it after the loop");
    Expr c = Value(s.ChildByField("condition"));
    out += Where(s) + pad + "while (" + c.code + ") {\n";
    Block(s.ChildByField("body"), indent + 1, out);
    out += pad + "}\n";
    return;
  }
  Fail(s, "statement '" + std::string(type) + "'", "this statement is not part of the PyKokkos dialect");
}

void Compiler::If(const Node& s, int indent, std::string& out) {
  std::string pad(indent * 2, ' ');
  Expr c = Value(s.ChildByField("condition"));
  out += Where(s) + pad + "if (" + c.code + ") {\n";
  Block(s.ChildByField("consequence"), indent + 1, out);
  out += pad + "}";
  for (const Node& alt : s.ChildrenByField("alternative")) {
    if (alt.Type() == "elif_clause") {
      Expr ec = Value(alt.ChildByField("condition"));
      out += " else if (" + ec.code + ") {\n";
      Block(alt.ChildByField("consequence"), indent + 1, out);
      out += pad + "}";
    } else {
      out += " else {\n";
      Block(alt.ChildByField("body"), indent + 1, out);
      out += pad + "}";
    }
  }
  out += "\n";
}

void Compiler::For(const Node& f, int indent, std::string& out) {
  std::string pad(indent * 2, ' ');
  if (f.ChildByField("alternative")) Fail(f, "`for ... else`", "set a flag before `break` and test it after the loop");
  Node target = f.ChildByField("left");
  Node iter = f.ChildByField("right");
  if (target.Type() != "identifier") Fail(target, "loop target '" + std::string(target.Text()) + "'", "loop over one index: for j in range(n)");
  bool is_range = iter.Type() == "call" && iter.ChildByField("function").Type() == "identifier" &&
                  iter.ChildByField("function").Text() == "range";
  if (!is_range) {
    std::string it(iter.Text());
    std::string hint = "only `for j in range(...)` is supported; iterate over indices and use v[j]";
    if (it.find("prange") != std::string::npos) hint = "prange has no meaning inside a workunit: the workunit is the parallel loop; use range";
    Fail(iter, "for loop over '" + it + "'", hint);
  }
  auto args = Args(iter);
  if (args.empty() || args.size() > 3) Fail(iter, "range() with " + std::to_string(args.size()) + " arguments", "range(stop), range(start, stop) or range(start, stop, step)");
  std::string v = Mangle(target.Text());
  std::string start = "0", stop, step = "1";
  if (args.size() == 1) {
    stop = Value(args[0]).code;
  } else {
    start = Value(args[0]).code;
    stop = Value(args[1]).code;
    if (args.size() == 3) step = Value(args[2]).code;
  }
  // Upstream compares with `>` only when the step is written as a literal
  // unary minus; a negative step in a variable runs the `<` loop (a quirk the
  // translator steers around; reproduced so tests see what upstream does).
  bool negative = args.size() == 3 && args[2].Type() == "unary_operator" &&
                  args[2].ChildByField("operator").Text() == "-";
  out += Where(f) + pad + "for (int32_t " + v + " = " + start + "; " + v + (negative ? " > " : " < ") + stop +
         "; " + v + " += " + step + ") {\n";
  Push();
  Declare(target, std::string(target.Text()), TypeRef::Of(Scalar::kI32));
  Block(f.ChildByField("body"), indent + 1, out);
  Pop();
  out += pad + "}\n";
}

void Compiler::Assignment(const Node& a, int indent, std::string& out) {
  std::string pad(indent * 2, ' ');
  Node left = a.ChildByField("left");
  Node right = a.ChildByField("right");
  Node type = a.ChildByField("type");
  if (left.Type() == "pattern_list" || left.Type() == "tuple_pattern" || left.Type() == "list_pattern" ||
      left.Type() == "tuple")
    Fail(a, "tuple assignment", "assign each variable in its own statement (swaps need a declared temporary)");
  if (right && right.Type() == "assignment") Fail(a, "chained assignment", "assign each variable in its own statement");
  if (right && (right.Type() == "expression_list")) Fail(right, "tuple", "tuples are not supported in workunits");
  if (type) {
    if (left.Type() != "identifier") Fail(left, "annotated assignment to '" + std::string(left.Text()) + "'", "annotations declare plain locals");
    if (!right) Fail(a, "declaration without a value", "give the local a value: `" + std::string(left.Text()) + ": T = ...`");
    TypeRef t = Annotation(type, true);
    std::string name(left.Text());
    if (t.kind == TypeRef::Kind::kList) {
      if (right.Type() != "list") Fail(right, "local array initialiser", "initialise a local array with a list literal: `t: List[float] = [0.0, 0.0]`");
      std::string init;
      int n = 0;
      for (const Node& el : right.NamedChildren()) {
        if (n++) init += ", ";
        init += Value(el).code;
      }
      if (n == 0) Fail(right, "empty local array", "give the array its elements: [0.0, 0.0]");
      t.length = n;
      Declare(left, name, t);
      out += Where(a) + pad + ScalarCpp(t.scalar) + " " + Mangle(name) + "[" + std::to_string(n) + "] = {" + init + "};\n";
      return;
    }
    if (t.kind != TypeRef::Kind::kScalar) Fail(type, "local of type '" + std::string(type.Text()) + "'", "locals are scalars or List[T]; views come in as arguments or subviews");
    Expr v = Value(right);
    Declare(left, name, t);
    out += Where(a) + pad + ScalarCpp(t.scalar) + " " + Mangle(name) + " = " + v.code + ";\n";
    return;
  }
  if (left.Type() == "identifier") {
    std::string name(left.Text());
    const Sym* sym = Lookup(name);
    if (!sym && right.Type() == "subscript") {
      // A subview: `s = v[i, :]`, `s = v[a:b, j]`.
      Node base = right.ChildByField("value");
      auto subs = right.ChildrenByField("subscript");
      bool any_slice = std::any_of(subs.begin(), subs.end(), [](const Node& x) { return x.Type() == "slice"; });
      if (any_slice) {
        const Sym* vs = base.Type() == "identifier" ? Lookup(base.Text()) : nullptr;
        if (!vs || vs->type.kind != TypeRef::Kind::kView) Fail(base, "subview of '" + std::string(base.Text()) + "'", "subviews are taken of a view argument or another subview, by name");
        if ((int)subs.size() != vs->type.rank)
          Fail(right, "subview with " + std::to_string(subs.size()) + " indices of a " + std::to_string(vs->type.rank) + "-D view", "give one index or slice per dimension");
        std::string args = vs->cpp;
        int rank = 0;
        for (const Node& x : subs) {
          if (x.Type() == "identifier") {
            args += ", " + Index(x).code;
          } else if (x.Type() == "slice") {
            std::vector<Node> bounds = x.NamedChildren();
            int colons = 0;
            for (const Node& c : x.Children()) colons += (c.Type() == ":");
            if (colons == 1 && bounds.empty()) {
              args += ", Kokkos::ALL";
            } else if (colons == 1 && bounds.size() == 2 && x.Child(0).Type() != ":") {
              args += ", Kokkos::make_pair(static_cast<int64_t>(" + Value(bounds[0]).code + "), static_cast<int64_t>(" +
                      Value(bounds[1]).code + "))";
            } else {
              Fail(x, "slice '" + std::string(x.Text()) + "'", "subview slices are `:` or `a:b` with both bounds and no step (open slices break upstream)");
            }
            ++rank;
          } else {
            Fail(x, "subview index '" + std::string(x.Text()) + "'", "subview indices must be plain names: declare `k: int = ...` first (constant indices break upstream)");
          }
        }
        TypeRef t = TypeRef::View(vs->type.scalar, rank);
        Declare(left, name, t);
        out += Where(a) + pad + "auto " + Mangle(name) + " = Kokkos::subview(" + args + ");\n";
        return;
      }
    }
    if (!sym)
      Fail(left, "assignment to undeclared local '" + name + "'",
           "declare it with a type: `" + name + ": " + alias_ + ".double = ...` (or int, " + alias_ + ".int64, ...)");
    if (sym->type.kind == TypeRef::Kind::kView) Fail(left, "rebinding view '" + name + "'", "views cannot be reassigned; take a new subview under another name");
    if (sym->type.kind == TypeRef::Kind::kList) Fail(left, "assignment to local array '" + name + "'", "assign its elements: " + name + "[k] = ...");
    Expr v = Value(right);
    out += Where(a) + pad + sym->cpp + " = " + v.code + ";\n";
    return;
  }
  if (left.Type() == "subscript") {
    Expr target = Access(left);
    Expr v = Value(right);
    out += Where(a) + pad + target.code + " = " + v.code + ";\n";
    return;
  }
  if (left.Type() == "attribute") Fail(left, "assignment to attribute '" + std::string(left.Text()) + "'", "workunits only assign locals, parameters and view elements");
  Fail(left, "assignment target '" + std::string(left.Text()) + "'", "assign a declared local, a parameter or a view element");
}

void Compiler::Augmented(const Node& a, int indent, std::string& out) {
  std::string pad(indent * 2, ' ');
  Node left = a.ChildByField("left");
  std::string op(a.ChildByField("operator").Text());
  Expr target;
  if (left.Type() == "identifier") {
    const Sym* sym = Lookup(left.Text());
    if (!sym) Fail(left, "augmented assignment to undeclared '" + std::string(left.Text()) + "'", "declare it first: `" + std::string(left.Text()) + ": T = ...`");
    if (sym->type.kind == TypeRef::Kind::kView || sym->type.kind == TypeRef::Kind::kList)
      Fail(left, "augmented assignment to a whole array", "update elements: v[i] += ...");
    target = Expr{sym->cpp, sym->type};
  } else if (left.Type() == "subscript") {
    target = Access(left);
  } else {
    Fail(left, "augmented assignment target '" + std::string(left.Text()) + "'", "update a declared local, a parameter or a view element");
  }
  Expr v = Value(a.ChildByField("right"));
  std::string line;
  if (op == "//=") {
    line = target.code + " = static_cast<int32_t>(" + target.code + " / " + v.code + ")";
  } else if (op == "**=") {
    line = target.code + " = " + Power(target.code, a.ChildByField("right"), v.code);
  } else if (op == "%=") {
    if (IsFloat(S(target)) || IsFloat(S(v))) Fail(a, "`%=` on floating-point values", "use math.fmod (C sign rules)");
    line = target.code + " %= " + v.code;
  } else if (op == "@=") {
    Fail(a, "`@=`", "write the loops explicitly");
  } else {
    line = target.code + " " + op + " " + v.code;
  }
  out += Where(a) + pad + line + ";\n";
}

// --------------------------------------------------------------- expressions

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
  const Sym* vs = view.Type() == "identifier" ? Lookup(view.Text()) : nullptr;
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
  const Sym* vs = base.Type() == "identifier" ? Lookup(base.Text()) : nullptr;
  if (!vs) {
    if (base.Type() == "identifier") E(base);  // reports the undefined name
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
  // Methods of views: only extent(d).
  if (object && object.Type() == "identifier") {
    const Sym* s = Lookup(object.Text());
    if (s && s->type.kind == TypeRef::Kind::kView) {
      if (last != "extent") Fail(n, "method `" + last + "` of view '" + std::string(object.Text()) + "'", "views offer extent(d) inside workunits");
      arity(1);
      Expr d = Value(args[0]);
      return Expr{s->cpp + ".extent(" + d.code + ")", TypeRef::Of(Scalar::kU64)};
    }
  }
  bool via_pk = object && IsAlias(object);
  if (qualifier == "numpy" || qualifier.rfind("numpy.", 0) == 0)
    Fail(n, "NumPy call `" + std::string(fn.Text()) + "` inside a workunit",
         kMath.count(last) ? "use math." + last + " for scalars" : "lower array expressions to loops; np.* is not available in kernels");
  if (fn.Type() == "identifier") {
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
    auto f = functions_.find(last);
    if (f != functions_.end()) {
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
      for (size_t k = 1; k < args.size(); ++k) code += ", " + Value(args[k]).code;
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

// ----------------------------------------------------------------- functions

std::string Compiler::GenerateFunction(Function& f) {
  std::string name(f.def.ChildByField("name").Text());
  std::string templ, params;
  int views = 0;
  for (const auto& [pname, t] : f.params) {
    if (!params.empty()) params += ", ";
    if (t.kind == TypeRef::Kind::kView) {
      std::string tp = "CrbV" + std::to_string(views++);
      templ += (templ.empty() ? "" : ", ") + ("class " + tp);
      params += "const " + tp + "& " + Mangle(pname);
    } else {
      params += std::string(ScalarCpp(t.scalar)) + " " + Mangle(pname);
    }
  }
  std::string out = Where(f.def);
  if (!templ.empty()) out += "  template <" + templ + ">\n";
  out += "  KOKKOS_INLINE_FUNCTION " + std::string(f.ret.kind == TypeRef::Kind::kUnknown ? "void" : ScalarCpp(f.ret.scalar)) +
         " " + Mangle(name) + "(" + params + ") const {\n";
  scopes_.clear();
  Push();
  for (const auto& [pname, t] : f.params) scopes_.back()[pname] = Sym{t, Mangle(pname)};
  in_function_ = true;
  return_type_ = f.ret;
  calls_ = &f.calls;
  Block(f.def.ChildByField("body"), 2, out);
  calls_ = nullptr;
  in_function_ = false;
  out += "  }\n";
  return out;
}

GeneratedKernel Compiler::Run() {
  Discover();
  // @pk.functions: every parameter and the return type annotated (dialect §1).
  for (auto& [name, f] : functions_) {
    for (const Node& p : f.def.ChildByField("parameters").NamedChildren()) {
      if (p.Type() == "typed_parameter") {
        f.params.emplace_back(std::string(p.NamedChild(0).Text()), Annotation(p.ChildByField("type"), false));
        if (f.params.back().second.kind == TypeRef::Kind::kAcc) Fail(p, "accumulator parameter in a @pk.function", "only workunits take accumulators");
      } else if (p.Type() == "identifier") {
        Fail(p, "unannotated parameter '" + std::string(p.Text()) + "' of @pk.function '" + name + "'", "annotate every parameter of a @pk.function: `" + std::string(p.Text()) + ": float`");
      } else {
        Fail(p, "parameter '" + std::string(p.Text()) + "'", "parameters are plain annotated names (no defaults, *args or **kwargs)");
      }
    }
    Node rt = f.def.ChildByField("return_type");
    if (!rt) Fail(f.def, "@pk.function '" + name + "' without a return annotation", "annotate the return type: `-> float` (or `-> None`)");
    Node rtn = rt.Type() == "type" ? rt.NamedChild(0) : rt;
    if (rtn.Type() != "none") {
      f.ret = Annotation(rt, false);
      if (f.ret.kind != TypeRef::Kind::kScalar) Fail(rt, "return type '" + std::string(rt.Text()) + "'", "@pk.functions return scalars");
    }
  }
  for (auto& [name, f] : functions_) f.code = GenerateFunction(f);

  GeneratedKernel g;
  g.def_line = workunit_.StartPoint().row + 1;
  // Workunit signature: leading index [, accumulator [, flag]] then kernel args.
  std::vector<Node> params = workunit_.ChildByField("parameters").NamedChildren();
  size_t leading = req_.kind == DispatchKind::kFor ? 1 : req_.kind == DispatchKind::kReduce ? 2 : 3;
  const char* dispatch = req_.kind == DispatchKind::kFor ? "parallel_for" : req_.kind == DispatchKind::kReduce ? "parallel_reduce" : "parallel_scan";
  if (params.size() < leading)
    throw ArgumentError("workunit '" + req_.workunit + "' dispatched with " + dispatch + " needs " + std::to_string(leading) +
                        " leading parameter(s) (index" + (leading > 1 ? ", accumulator" : "") + (leading > 2 ? ", final flag" : "") + ")");
  std::map<std::string, std::string> given(req_.arg_types.begin(), req_.arg_types.end());
  std::set<std::string> used;
  std::string members, ctor, copies;
  std::string index_name, acc_name, flag_name;
  Scalar acc = Scalar::kF64;  // unannotated accumulators are double upstream, even for integer sums
  scopes_.clear();
  Push();
  for (size_t k = 0; k < params.size(); ++k) {
    const Node& p = params[k];
    std::string pname;
    TypeRef ann;
    if (p.Type() == "identifier") {
      pname = p.Text();
    } else if (p.Type() == "typed_parameter") {
      pname = p.NamedChild(0).Text();
      ann = Annotation(p.ChildByField("type"), false);
    } else {
      Fail(p, "parameter '" + std::string(p.Text()) + "'", "workunit parameters are plain names, optionally annotated (no defaults, *args or **kwargs)");
    }
    if (k < leading) {
      if (k == 0) {
        if (ann.kind != TypeRef::Kind::kUnknown && !(ann.kind == TypeRef::Kind::kScalar && ann.scalar == Scalar::kI32))
          Fail(p, "index parameter '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "the thread index is `int` (32-bit)");
        index_name = pname;
        Declare(p, pname, TypeRef::Of(Scalar::kI32));
      } else if (k == 1) {
        if (ann.kind != TypeRef::Kind::kUnknown && ann.kind != TypeRef::Kind::kAcc)
          Fail(p, "accumulator '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "annotate accumulators as " + alias_ + ".Acc[" + alias_ + ".double] or " + alias_ + ".Acc[" + alias_ + ".int64]");
        if (ann.kind == TypeRef::Kind::kAcc) acc = ann.scalar;
        acc_name = pname;
        TypeRef t = TypeRef::Of(acc);
        t.kind = TypeRef::Kind::kAcc;
        Declare(p, pname, t);
      } else {
        if (ann.kind != TypeRef::Kind::kUnknown && !(ann.kind == TypeRef::Kind::kScalar && ann.scalar == Scalar::kBool))
          Fail(p, "scan flag '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "the scan's final flag is `bool`");
        flag_name = pname;
        TypeRef t = TypeRef::Of(Scalar::kBool);
        t.kind = TypeRef::Kind::kFlag;
        Declare(p, pname, t);
      }
      if (given.count(pname))
        throw ArgumentError("workunit '" + req_.workunit + "': '" + pname + "' is the " + (k == 0 ? "thread index" : k == 1 ? "accumulator" : "scan flag") + " and cannot be passed as a keyword argument");
      continue;
    }
    if (k == 1 && ann.kind == TypeRef::Kind::kAcc)
      throw ArgumentError("workunit '" + req_.workunit + "' has an accumulator '" + pname + "': dispatch it with parallel_reduce, not " + dispatch);
    auto it = given.find(pname);
    if (it == given.end()) throw ArgumentError("workunit '" + req_.workunit + "': missing keyword argument '" + pname + "'");
    used.insert(pname);
    TypeRef arg = TypeRef::Parse(it->second);
    if (arg.kind == TypeRef::Kind::kUnknown)
      throw ArgumentError("workunit '" + req_.workunit + "': argument '" + pname + "' has an unsupported type (" + it->second + ")");
    TypeRef t = arg;
    if (ann.kind != TypeRef::Kind::kUnknown) {
      // Annotations always win (dialect §5); the value must still fit them.
      std::string why;
      if (ann.kind == TypeRef::Kind::kView) {
        if (arg.kind != TypeRef::Kind::kView) why = "got a scalar";
        else if (arg.rank != ann.rank || arg.scalar != ann.scalar) why = "got " + arg.Describe();
        t = ann;
        t.layout = arg.layout;
      } else if (ann.kind == TypeRef::Kind::kScalar) {
        if (arg.kind != TypeRef::Kind::kScalar) why = "got an array";
        else if (!IsFloat(ann.scalar) && IsFloat(arg.scalar)) why = "got " + arg.Describe();
        t = ann;
      } else {
        Fail(p, "parameter '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "kernel arguments are views or scalars");
      }
      if (!why.empty())
        throw ArgumentError("workunit '" + req_.workunit + "': parameter '" + pname + "' expects " + ann.Describe() + ", " + why);
    }
    std::string cpp = Mangle(pname);
    size_t slot = g.params.size();
    g.params.push_back(pname);
    g.param_types.push_back(t);
    std::string a = "crb_args[" + std::to_string(slot) + "]";
    if (t.kind == TypeRef::Kind::kView) {
      members += "  " + ViewCpp(t) + " " + cpp + ";\n";
      std::string c = ViewCpp(t) + "(static_cast<" + ScalarCpp(t.scalar) + "*>(" + a + ".data)";
      for (int r = 0; r < t.rank; ++r) c += ", " + a + ".extent[" + std::to_string(r) + "]";
      ctor += "      " + c + "),\n";
      Declare(p, pname, t, cpp);
    } else {
      // Scalars are copied into locals so the body may assign them (the
      // operator is const, its members are not writable).
      members += std::string("  ") + ScalarCpp(t.scalar) + " m_" + cpp + ";\n";
      ctor += std::string("      static_cast<") + ScalarCpp(t.scalar) + ">(" + a + (IsFloat(t.scalar) ? ".d" : ".i") + "),\n";
      copies += std::string("    ") + ScalarCpp(t.scalar) + " " + cpp + " = m_" + cpp + ";\n";
      Declare(p, pname, t, cpp);
    }
  }
  for (const auto& [name, sig] : req_.arg_types)
    if (!used.count(name))
      throw ArgumentError("workunit '" + req_.workunit + "' got an unexpected keyword argument '" + name + "'");
  g.acc = req_.kind == DispatchKind::kFor ? Scalar::kNone : acc;

  std::set<std::string> calls;
  calls_ = &calls;
  in_function_ = false;
  std::string body;
  Block(workunit_.ChildByField("body"), 2, body);
  calls_ = nullptr;
  // Only the @pk.functions the workunit can reach go into the functor, so the
  // cache key changes exactly when reachable code changes (all were validated).
  std::set<std::string> reach;
  std::vector<std::string> todo(calls.begin(), calls.end());
  while (!todo.empty()) {
    std::string f = todo.back();
    todo.pop_back();
    if (!reach.insert(f).second) continue;
    for (const auto& c : functions_[f].calls) todo.push_back(c);
  }

  std::string fname = "CrbFunctor_" + req_.workunit;
  std::string acc_cpp = ScalarCpp(acc);
  std::string sig = "const int32_t " + Mangle(index_name);
  if (req_.kind != DispatchKind::kFor) sig += ", " + acc_cpp + "& " + Mangle(acc_name);
  if (req_.kind == DispatchKind::kScan) sig += ", const bool " + Mangle(flag_name);

  std::ostringstream o;
  o << "// Generated by pykokkos_rt from " << req_.path << ", workunit '" << req_.workunit << "'.\n"
    << "#include <Kokkos_Core.hpp>\n#include <cmath>\n#include <cstdio>\n#include <cstdint>\n#include <exception>\n"
    << kKernelAbiText << "\n" << kIntegerPower << kWrapIndex
    << "namespace {\nusing CrbSpace = Kokkos::" << req_.space << ";\nusing CrbMemSpace = CrbSpace::memory_space;\n"
    << "struct " << fname << " {\n" << members;
  for (const auto& f : reach) o << functions_[f].code;
  o << "#line " << g.def_line << " \"" << QuoteForLine(req_.path) << "\"\n"
    << "  KOKKOS_INLINE_FUNCTION void operator()(" << sig << ") const {\n"
    << copies << body << "  }\n};\n}  // namespace\n\n"
    << "extern \"C\" int crb_run(const CrbArg* crb_args, int64_t crb_begin, int64_t crb_end, CrbResult* crb_result,\n"
    << "                         char* crb_err, size_t crb_errlen) {\n"
    << "  try {\n"
    << "    (void)crb_args; (void)crb_result;\n"
    << "    " << fname << " crb_f{\n" << ctor << "    };\n"
    << "    Kokkos::RangePolicy<CrbSpace> crb_policy(crb_begin, crb_end);\n";
  std::string label = "\"" + req_.workunit + "\"";
  if (req_.kind == DispatchKind::kFor) {
    o << "    Kokkos::parallel_for(" << label << ", crb_policy, crb_f);\n";
  } else {
    o << "    " << acc_cpp << " crb_total = 0;\n";
    if (req_.kind == DispatchKind::kReduce)
      o << "    Kokkos::parallel_reduce(" << label << ", crb_policy, crb_f, crb_total);\n";
    else
      o << "    Kokkos::parallel_scan(" << label << ", crb_policy, crb_f, crb_total);\n";
    o << (IsFloat(acc) ? "    crb_result->d = static_cast<double>(crb_total);\n"
                       : "    crb_result->i = static_cast<int64_t>(crb_total);\n");
  }
  o << "    CrbSpace().fence();\n    return 0;\n"
    << "  } catch (const std::exception& e) {\n    std::snprintf(crb_err, crb_errlen, \"%s\", e.what());\n  } catch (...) {\n"
    << "    std::snprintf(crb_err, crb_errlen, \"unknown C++ exception\");\n  }\n  return 1;\n}\n";
  g.cpp = o.str();
  return g;
}

}  // namespace

// ------------------------------------------------------------------- public

const char* ScalarName(Scalar s) { auto* i = Info(s); return i ? i->name : "none"; }
const char* ScalarCpp(Scalar s) { auto* i = Info(s); return i ? i->cpp : "void"; }
Scalar ScalarFromName(const std::string& name) {
  for (const auto& e : kScalars)
    if (name == e.name) return e.s;
  return Scalar::kNone;
}
bool IsFloat(Scalar s) { return s == Scalar::kF32 || s == Scalar::kF64; }
bool IsInteger(Scalar s) { return s != Scalar::kBool && s != Scalar::kNone && !IsFloat(s); }

std::string TypeRef::Signature() const {
  switch (kind) {
    case Kind::kScalar: return ScalarName(scalar);
    case Kind::kView: return std::string("view:") + ScalarName(scalar) + ":" + std::to_string(rank) + ":" + layout;
    case Kind::kAcc: return std::string("acc:") + ScalarName(scalar);
    default: return "unknown";
  }
}

TypeRef TypeRef::Parse(const std::string& sig) {
  if (sig.rfind("view:", 0) == 0) {
    auto a = sig.find(':', 5);
    if (a == std::string::npos) return {};
    auto b = sig.find(':', a + 1);
    if (b == std::string::npos) return {};
    Scalar s = ScalarFromName(sig.substr(5, a - 5));
    int rank = std::atoi(sig.substr(a + 1, b - a - 1).c_str());
    char layout = sig.substr(b + 1) == "L" ? 'L' : 'R';
    if (s == Scalar::kNone || rank < 1 || rank > 7) return {};
    return View(s, rank, layout);
  }
  Scalar s = ScalarFromName(sig);
  if (s == Scalar::kNone) return {};
  return Of(s);
}

std::string TypeRef::Describe() const {
  const char* np = Info(scalar) ? Info(scalar)->numpy : "?";
  switch (kind) {
    case Kind::kView: return "View" + std::to_string(rank) + "D[" + np + "]";
    case Kind::kAcc: return std::string("Acc[") + np + "]";
    case Kind::kList: return std::string("List[") + np + "]";
    case Kind::kScalar: return np;
    default: return "unknown";
  }
}

DialectError::DialectError(const std::string& p, uint32_t l, uint32_t c, const std::string& what, const std::string& h)
    : std::runtime_error(p + ":" + std::to_string(l) + ":" + std::to_string(c) + ": not in the PyKokkos dialect: " + what +
                         (h.empty() ? "" : "\n  hint: " + h)),
      path(p), construct(what), hint(h), line(l), column(c) {}

GeneratedKernel GenerateKernel(const KernelRequest& request) {
  Tree tree = Tree::Parse(request.source);
  auto problems = caramba::FindSyntaxProblems(tree);
  if (!problems.empty()) {
    Node at = tree.Root().DescendantForByteRange(problems[0].start_byte, problems[0].end_byte);
    auto p = at.StartPoint();
    throw DialectError(request.path, p.row + 1, p.column + 1, "syntax error: " + problems[0].message, "fix the Python syntax");
  }
  return GenerateKernel(request, tree);
}

GeneratedKernel GenerateKernel(const KernelRequest& request, const Tree& tree) {
  Compiler c(request, tree);
  return c.Run();
}

}  // namespace pykokkos_rt
