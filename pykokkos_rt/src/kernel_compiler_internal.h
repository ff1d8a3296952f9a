// kernel_compiler_internal.h — the private parts of the kernel front end
// (kernel_compiler.h), shared by its files:
//   kernel_compiler_tables.cpp       the dialect as data (dtypes, math, rejections) and small helpers
//   kernel_compiler_statements.cpp   statements of a workunit body
//   kernel_compiler_expressions.cpp  expressions, calls, view access
//   kernel_compiler.cpp              discovery, annotations, signatures and the generated module
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"
#include "kernel_compiler.h"

namespace pykokkos_rt::front {

using caramba::Node;
using caramba::Tree;

struct ScalarInfo {
  Scalar s;
  const char* name;  // signature spelling
  const char* cpp;
  const char* numpy;  // for messages
};
const ScalarInfo* Info(Scalar s);
extern const ScalarInfo kScalars[11];

/// `pk.<name>` dtype spellings (dialect §2): pk.float is float32, pk.double float64.
extern const std::map<std::string, Scalar> kPkDtypes;

/// Math by last name (dialect §3.4). arity; result: 's' same as argument
/// (float stays float), 'd' double, 'b' bool.
struct MathFn {
  int arity;
  char result;
};
extern const std::map<std::string, MathFn> kMath;
extern const std::map<std::string, std::string> kMathConstants;
extern const std::set<std::string> kAtomics;
/// Statements and expressions the dialect refuses outright: construct, what to do instead.
extern const std::map<std::string, std::pair<std::string, std::string>> kRejectedStatements;
extern const std::map<std::string, std::pair<std::string, std::string>> kRejectedExpressions;

std::string Mangle(std::string_view name);
/// C++'s usual arithmetic conversions, enough to type the dialect's expressions.
Scalar Promote(Scalar a, Scalar b);
/// Emitted into every generated module (see Power).
extern const char* const kIntegerPower;
/// Emitted into every generated module: `crb_wrap(i, n)`, Numba's wrap-around
/// of a negative index loaded from an index array (see Compiler::Access).
extern const char* const kWrapIndex;
extern const char* const kEscapeResult;
/// Emitted into every generated module: `CrbReducer<T, op>`, a Kokkos reducer
/// for max, min and product that starts every partial result at a given value
/// (Kokkos::Max starts at -DBL_MAX, not -inf, so it is not an identity).
extern const char* const kReducers;
/// `x ** k`: multiplications for a small non-negative integer literal k, else std::pow.
std::string Power(const std::string& base, const Node& exponent, const std::string& exponent_code);
/// Numba's integer `**` (see kIntegerPowerInt), guarded so a module of several units defines it once.
extern const char* const kIntegerPowerInt;

struct Expr {
  std::string code;
  TypeRef type;
  bool is_void = false;
};

std::string CppString(const Node& n);
std::string QuoteForLine(const std::string& path);
/// The view type a kernel argument is wrapped in.
std::string ViewCpp(const TypeRef& t);

class Compiler {
 public:
  Compiler(const KernelRequest& req, const Tree& tree) : req_(req), tree_(tree) {}

  GeneratedKernel Run();

 private:
  struct Sym {
    TypeRef type;
    std::string cpp;
    Node def;  // closures (nested `def` of a team workunit): the definition
  };
  struct Function {
    Node def;
    bool method = false;  // a @pk.function method of the functor class (first parameter `self`)
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
  void Declare(const Node& at, const std::string& name, TypeRef t, std::string cpp = {}, Node def = {}) {
    if (scopes_.back().count(name))
      Fail(at, "redeclaration of '" + name + "'", "a local is declared once per block; assign it with `" + name + " = ...`");
    scopes_.back()[name] = Sym{t, cpp.empty() ? Mangle(name) : cpp, def};
  }
  /// The symbol a name or a functor member `self.x` stands for, or null.
  const Sym* SymbolOf(const Node& n) const {
    if (n.Type() == "identifier") return Lookup(n.Text());
    if (IsSelfMember(n)) return Lookup("self." + std::string(n.ChildByField("attribute").Text()));
    return nullptr;
  }
  bool IsSelfMember(const Node& n) const {
    return n.Type() == "attribute" && !self_name_.empty() && n.ChildByField("object").Type() == "identifier" &&
           n.ChildByField("object").Text() == self_name_;
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
  /// The signature of a @pk.function (a free function, a functor method or a
  /// classtype method): annotated parameters after `self`, the return type.
  void FunctionSignature(const std::string& name, Function& f);

  // @pk.classtype classes (kernel_compiler_classtypes.cpp): C++ structs whose
  // members are __init__'s annotated `self.x: T = ...`, constructed and used
  // as locals, parameters and return values of workunits and @pk.functions.
  struct ClassType {
    Node def, init;
    std::vector<std::pair<std::string, TypeRef>> fields, ctor_params;
    std::map<std::string, Function> methods;
  };
  void ClassTypeSignatures();
  std::string GenerateClassTypes();
  /// The C++ spelling of a scalar or classtype.
  std::string TypeCpp(const TypeRef& t) const;
  /// `T(args)`: a classtype's constructor; null when `name` is no classtype.
  bool IsClassType(const std::string& name) const { return classtypes_.count(name) > 0; }
  Expr Construct(const Node& call, const std::string& name, const std::vector<Node>& args);
  /// `obj.method(args)` of a classtype object (`self.method` inside its own methods).
  Expr ClassMethodCall(const Node& call, const std::string& object_cpp, const std::string& cls, const std::string& method,
                       const std::vector<Node>& args);
  /// `obj.x` of a classtype object: its field, or null when obj is no classtype.
  bool ClassField(const Node& attribute, Expr* out);
  /// A function argument or returned value checked against its declared type.
  Expr Converted(const Node& n, const TypeRef& want, const std::string& what);
  std::map<std::string, ClassType> classtypes_;
  std::string class_;  // the classtype whose constructor or method is being compiled
  std::map<std::string, Sym> class_scope_;  // its fields: "self.x" -> this->x
  /// Binds one kernel argument (a keyword argument or a functor member) to
  /// its C++ member; annotations win over the runtime type (dialect §5).
  void BindArgument(const Node& at, const std::string& name, const TypeRef& ann, const Node& ann_node,
                    const std::string& given, GeneratedKernel& g, std::string& members, std::string& ctor,
                    std::string& copies);

  // Reductions and schedules (kernel_compiler_reducers.cpp).
  /// A one-element view that the workunit only updates with
  /// `pk.atomic_fetch_max/min/mul(v, [0], x)` statements: the atomic form of a
  /// max, min or product reduction, which runs as a Kokkos reduction instead.
  struct CellReduction {
    std::string param, cpp, op;  // op: "max", "min", "prod"
    Scalar scalar = Scalar::kNone;
    std::set<uint32_t> statements;  // start bytes of the atomic statements
  };
  void FindCellReduction();
  /// The update a cell reduction's atomic statement becomes.
  void CellUpdate(const Node& call, int indent, std::string& out);
  /// Whether an inner loop's trip count depends on the iteration (triangular
  /// `range(i, n)`, CSR `range(ptr[i], ptr[i + 1])`): such loops get a dynamic
  /// schedule, unless the result is a floating-point sum or product.
  bool IrregularInnerLoops(const std::string& index_name) const;
  /// The dispatch of a reduction with a reducer (explicit or a cell reduction).
  std::string ReducerDispatch(const std::string& label, Scalar acc, size_t initial_slot) const;

  // Hierarchical parallelism (kernel_compiler_teams.cpp).
  Expr TeamCall(const Node& n, const std::string& what, const std::vector<Node>& args);
  Expr TeamMemberCall(const Node& n, const Sym& team, const std::string& method, const std::vector<Node>& args);
  std::string Closure(const Node& n, const Node& closure, const std::vector<std::string>& leading_cpp,
                      const std::vector<TypeRef>& leading_types, int indent);
  void ScratchDeclaration(const Node& a, const std::string& name, TypeRef t, int indent, std::string& out);

  const KernelRequest& req_;
  const Tree& tree_;
  caramba::ImportTable imports_;
  std::string alias_;
  Node workunit_;
  std::map<std::string, Function> functions_;
  std::vector<std::map<std::string, Sym>> scopes_;
  bool in_function_ = false;
  bool int_power_ = false;  // an integer `**`: the unit carries crb_int_pow (kIntegerPowerInt)
  TypeRef return_type_;
  std::set<std::string>* calls_ = nullptr;
  Node class_def_;                              // functors and workloads: the class
  std::map<std::string, Node> member_annotations_;  // "self.x" -> annotation in __init__
  std::set<std::string> atomic_params_;  // views the decorator declares pk.Trait.Atomic ("v", "self.v")
  void AtomicViews(const Node& decorated, const std::string& prefix);
  std::string self_name_;                       // the `self` of the method being compiled
  std::map<std::string, Sym> member_scope_;      // "self.x" -> functor member
  CellReduction cell_;                          // op empty: none
};

}  // namespace pykokkos_rt::front
