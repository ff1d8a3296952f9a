// kernel_plan.cpp — see kernel_plan.h.
//
// One Builder per kernel walks the def once for constructs (refusals), once
// for names and types, and once for the loop/reduction pattern. Every refusal
// carries the code and the exact node, so the user sees all of them at once.
#include "caramba/analysis/kernel_plan.h"

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/helper_inlining.h"
#include "caramba/analysis/iteration_lowering.h"
#include "caramba/analysis/module_constants.h"
#include "caramba/analysis/loop_dependence.h"
#include "caramba/analysis/loop_variables.h"
#include "caramba/analysis/lowering.h"
#include "caramba/analysis/numba_callers.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/type_inference.h"
#include "caramba/analysis/walk.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

namespace caramba {

std::string_view ReduceOpName(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum: return "sum";
    case ReduceOp::kProduct: return "product";
    case ReduceOp::kMax: return "max";
    case ReduceOp::kMin: return "min";
    default: return "none";
  }
}

const KernelPlan* KernelPlans::Find(std::string_view name) const {
  for (const auto& p : plans)
    if (p.name == name) return &p;
  return nullptr;
}

bool KernelSelected(const std::vector<std::string>& selected, const Kernel& k) {
  if (selected.empty()) return true;
  return std::find(selected.begin(), selected.end(), k.name) != selected.end() ||
         std::find(selected.begin(), selected.end(), k.qualname) != selected.end();
}

namespace {

const char* const kBuiltins[] = {"len", "abs", "min", "max", "int", "float", "bool", "round", "range"};

bool IsBuiltin(std::string_view n) {
  for (const char* b : kBuiltins)
    if (n == b) return true;
  return false;
}


// The assignment inside an expression_statement, or a null node.
Node AssignmentOf(const Node& stmt) {
  if (stmt.Type() != "expression_statement" || stmt.NamedChildCount() != 1) return Node();
  Node a = stmt.NamedChild(0);
  return (a.Type() == "assignment" || a.Type() == "augmented_assignment") ? a : Node();
}

bool IsZeroLiteral(const Node& n) {
  if (n.Type() != "integer" && n.Type() != "float") return false;
  std::string t(n.Text());
  t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
  return t.find_first_not_of("0.") == std::string::npos || t == "0e0" || t == "0.0e0";
}

class Builder {
 public:
  // `function_args`: build the @pk.function specialisation for these
  // argument types instead of the kernel; `ranks_only`: stop once the
  // parameter types are known (HelperRegistry::ParamRanks).
  Builder(const Tree& tree, std::string_view path, const ModuleInfo& mod, size_t index, KernelPlan& plan,
          HelperRegistry& reg, const std::vector<Type>* function_args = nullptr, bool ranks_only = false)
      : tree_(tree), path_(path), mod_(mod), k_(mod.kernels[index]), plan_(plan), reg_(reg),
        function_args_(function_args), ranks_only_(ranks_only), options_(reg.Options()) {
    plan_.as_function = function_args != nullptr;
    plan_.name = k_.name;
    plan_.kernel_index = index;
    plan_.def_start = k_.def_start_byte;
    plan_.def_end = k_.def_end_byte;
    for (const auto& other : mod.kernels) kernel_names_.insert(other.name);
  }

  void Build() {
    // The runtime's kernel front end rejected this kernel's translation in an
    // earlier run of the pipeline (caramba/validation.h): it stays Numba code.
    if (auto v = options_.failed_validation.find(k_.name); v != options_.failed_validation.end() && !ranks_only_) {
      Refuse(DiagId::kRejectedByRuntimeChecks, "'" + k_.name + "': " + v->second, k_.def_start_byte,
             k_.def_start_byte + 3, "a translator bug: please report it; the kernel keeps running as Numba code");
      return;
    }
    if (k_.nested || !k_.via_decorator || k_.is_class) {
      Refuse(DiagId::kNestedKernel,
             "'" + k_.qualname + "' is " + (k_.via_decorator ? "not defined at module level" : "made by wrapping") +
                 "; left as Numba code",
             k_.def_start_byte, k_.def_start_byte + 3);
      return;
    }
    def_ = tree_.Root().DescendantForByteRange(k_.def_start_byte, k_.def_end_byte);
    while (def_ && def_.Type() != "function_definition") def_ = def_.Parent();
    if (!def_) return;
    body_ = def_.ChildByField("body");
    CollectParams();
    CollectNames(body_);
    // Whether Numba's types are known decides some construct checks too.
    if (!function_args_) recorded_ = FindRecordedTypes(k_, path_, options_);
    CheckConstructs(body_);
    InferParamTypes();
    if (ranks_only_) return;
    if (!plan_.as_function) IntegerArraysFromIndexing();
    InferLocalTypes();
    CheckStaticEvidence();
    CheckArrays();
    LowerNumpyStatements();
    CheckPreludePositions();
    CheckSubviews();
    if (plan_.as_function) CheckParamAssignments();
    if (plan_.as_function) FunctionReturns();
    else FindPattern();
    // A @pk.function has no caller of its own to run NumPy's shape checks.
    if (plan_.as_function && !guards_.empty())
      Refuse(DiagId::kNumpyInKernel, "a helper called from a kernel needs NumPy shape checks that only a caller can run",
             guards_.front());
    else
      CheckGuards();
    plan_.translatable = plan_.refusals.empty();
    if (plan_.translatable && !plan_.as_function) ExplainLoops();
  }

 private:
  void Refuse(DiagId id, std::string msg, uint32_t s, uint32_t e, std::string help = {}) {
    auto d = Diagnostic::Make(id, std::move(msg), std::string(path_)).At(s, e);
    if (!help.empty()) d.Help(std::move(help));
    plan_.refusals.push_back(std::move(d));
  }
  void Refuse(DiagId id, const std::string& what, const Node& n, std::string help = {}) {
    Refuse(id, "'" + k_.name + "': " + what, n.StartByte(), n.EndByte(), std::move(help));
  }
  void Note(DiagId id, const std::string& what, const Node& n) {
    plan_.notes.push_back(
        Diagnostic::Make(id, "'" + k_.name + "': " + what, std::string(path_)).At(n.StartByte(), n.EndByte()));
  }

  void CollectParams() {
    for (const Node& p : def_.ChildByField("parameters").NamedChildren()) {
      std::string_view t = p.Type();
      if (t == "identifier") {
        plan_.params.emplace_back(p.Text());
      } else if (t == "default_parameter" || t == "typed_default_parameter") {
        plan_.params.emplace_back(p.ChildByField("name").Text());
      } else if (t == "typed_parameter") {
        plan_.params.emplace_back(p.NamedChild(0).Text());
      } else if (t != "comment") {
        Refuse(DiagId::kSignatureForm, "parameter '" + std::string(p.Text()) + "' is not a plain parameter", p);
      }
    }
    for (const auto& p : plan_.params)
      if (p.rfind(kReservedPrefix, 0) == 0)
        Refuse(DiagId::kReservedName, "parameter '" + p + "' uses the reserved prefix _pk_", def_);
  }

  // Names assigned anywhere in the body (locals and loop variables).
  void CollectNames(const Node& root) {
    Walk(root, [&](const Node& n) {
      std::string_view t = n.Type();
      if (t == "assignment" || t == "augmented_assignment") {
        Node left = n.ChildByField("left");
        std::vector<Node> targets;
        if (left.Type() == "identifier") targets.push_back(left);
        if (left.Type() == "pattern_list" || left.Type() == "tuple_pattern")
          for (const Node& c : left.NamedChildren()) targets.push_back(c);
        for (const Node& id : targets) {
          if (id.Type() != "identifier") continue;
          std::string name(id.Text());
          ++assign_count_[name];
          if (std::find(plan_.params.begin(), plan_.params.end(), name) != plan_.params.end())
            plan_.assigned_params.insert(name);
          else
            plan_.locals.insert(name);
        }
      } else if (t == "for_statement") {
        Node left = n.ChildByField("left");
        if (left.Type() == "identifier") {
          loop_vars_.insert(std::string(left.Text()));
          plan_.locals.insert(std::string(left.Text()));
          assign_count_[std::string(left.Text())] += 2;  // never a single assignment
        }
      }
      return true;
    });
    // A @pk.function takes scalars by value, so it may assign them when the
    // values keep the parameter's type (CheckParamAssignments, after typing).
    if (plan_.as_function) return;
    for (const auto& p : plan_.assigned_params)
      Refuse(DiagId::kAssignedParameter, "assigns to parameter '" + p + "'", def_.ChildByField("name"),
             "copy the parameter into a local variable and change the local");
  }

  bool IsKnownName(const std::string& n) const {
    return std::find(plan_.params.begin(), plan_.params.end(), n) != plan_.params.end() ||
           plan_.locals.count(n) || IsBuiltin(n);
  }

  bool IsArrayName(const Node& n) const {
    if (n.Type() != "identifier") return false;
    auto it = plan_.types.find(n.Text());
    return it != plan_.types.end() && it->second.rank > 0;
  }

  // Construct-level refusals (CRB111–CRB128, CRB201, CRB301).
  void CheckConstructs(const Node& root) { CheckConstructs(root, root == body_ ? def_ : root.Parent()); }
  void CheckConstructs(const Node& root, const Node& root_parent) {
    Node docstring;
    if (root == body_) {
      auto stmts = Statements(body_);
      if (!stmts.empty() && IsDocstring(stmts[0])) docstring = stmts[0];
    }
    WalkWithParent(root, root_parent, [&](const Node& n, const Node& parent) -> bool {
      std::string_view t = n.Type();
      if (docstring && n == docstring) return false;
      if (t == "if_statement" && IsGuard(n)) {
        guards_.push_back(n);
        CheckConstructs(n.ChildByField("condition"), n);
        return false;
      }
      if (t == "try_statement" || t == "raise_statement" || t == "with_statement" || t == "assert_statement") {
        Refuse(DiagId::kExceptions, "uses '" + std::string(n.Child(0).Text()) + "'", n.Child(0));
        return t != "raise_statement";
      }
      if (t == "global_statement" || t == "nonlocal_statement" || t == "delete_statement" ||
          t == "import_statement" || t == "import_from_statement" || t == "future_import_statement") {
        Refuse(DiagId::kScopeStatement, "uses '" + std::string(n.Child(0).Text()) + "'", n.Child(0));
        return false;
      }
      if (t == "function_definition" || t == "class_definition" || t == "decorated_definition" || t == "lambda") {
        Refuse(DiagId::kClosure, "defines a nested function or lambda", n);
        return false;
      }
      if (t == "yield") {
        Refuse(DiagId::kGenerator, "uses 'yield'", n);
        return false;
      }
      if (t == "list" || t == "dictionary" || t == "set" || t == "list_comprehension" ||
          t == "dictionary_comprehension" || t == "set_comprehension" || t == "generator_expression") {
        Refuse(DiagId::kContainer, "builds a " + std::string(t), n);
        if (parent.Type() == "assignment" && parent.ChildByField("left").Type() == "identifier")
          containers_.insert(std::string(parent.ChildByField("left").Text()));  // its methods echo this refusal
        return false;
      }
      if (t == "string" || t == "concatenated_string") {
        Refuse(DiagId::kContainer, "uses a string", n);
        return false;
      }
      if (t == "named_expression" || t == "await" || t == "ellipsis" || t == "list_splat" ||
          t == "dictionary_splat" || t == "match_statement" || t == "print_statement" || t == "exec_statement") {
        Refuse(DiagId::kUnsupportedSyntax, "uses " + std::string(t), n);
        return false;
      }
      if ((t == "integer" || t == "float") && !n.Text().empty() &&
          (n.Text().back() == 'j' || n.Text().back() == 'J')) {
        Refuse(DiagId::kUnsupportedSyntax, "uses a complex number", n);
        return false;
      }
      if (t == "comparison_operator") {
        for (uint32_t i = 0; i < n.ChildCount(); ++i) {
          std::string_view op = n.Child(i).Type();
          if (op == "is" || op == "in" || op == "not in" || op == "is not")
            Refuse(DiagId::kUnsupportedSyntax, "uses the '" + std::string(op) + "' operator", n.Child(i));
        }
      }
      if (t == "slice") {
        // Slices bound to a name or passed to a helper become named subviews
        // (SubviewTransformer); every other slice is refused.
        if (!subview_subscripts_.count({parent.StartByte(), parent.EndByte()}) || parent.ChildByField("value").Type() != "identifier") {
          Refuse(DiagId::kSlice, "slices an array", n, "index element by element in a loop");
          return false;
        }
        if (n.ChildByField("step") || CountColons(n) > 1) {
          Refuse(DiagId::kSliceStep, "takes a slice with a step", n, "loop over the elements with range(lo, hi, step)");
          return false;
        }
        return true;
      }
      if ((t == "for_statement" || t == "while_statement") && n.ChildByField("alternative")) {
        Refuse(DiagId::kUnsupportedSyntax, "uses " + std::string(t == "for_statement" ? "for" : "while") + " ... else",
               n.ChildByField("alternative"));
      }
      if (t == "subscript" && IsSubviewUse(n, parent)) subview_subscripts_.insert({n.StartByte(), n.EndByte()});
      if (t == "for_statement") return CheckFor(n);
      if (t == "call") return CheckCall(n);
      if (t == "attribute") return CheckAttribute(n, parent);
      if (t == "identifier") CheckIdentifier(n, parent);
      if (t == "tuple" || t == "expression_list" || t == "pattern_list" || t == "tuple_pattern") CheckTuple(n, parent);
      if (t == "none" && parent.Type() != "return_statement")
        Refuse(DiagId::kUnsupportedSyntax, "uses None as a value", n);
      if (t == "return_statement" && n.NamedChildCount() == 1) {
        std::string_view v = n.NamedChild(0).Type();
        if (v == "expression_list" || v == "tuple") {
          Refuse(DiagId::kUnsupportedReturn, "returns a tuple", n);
          return false;
        }
      }
      return true;
    });
  }

  // ---- calls to other jitted functions (call_graph.h) ----------------------------
  bool CheckHelperCall(const Node& n) {
    Node fn = n.ChildByField("function");
    std::string name(fn.Text());
    if (std::find(plan_.callees.begin(), plan_.callees.end(), name) == plan_.callees.end()) plan_.callees.push_back(name);
    int idx = reg_.KernelIndex(name);
    if (idx < 0) {
      Refuse(DiagId::kKernelCall, "calls the jitted function '" + name + "', which is defined more than once", n);
      return false;
    }
    const Kernel& c = mod_.kernels[idx];
    if ((c.kind != JitKind::kNjit && c.kind != JitKind::kJit) || c.uses_objmode_block) {
      Refuse(DiagId::kKernelCall,
             "calls '" + name + "', which cannot become a @pk.function (it is a " + std::string(JitKindName(c.kind)) +
                 (c.uses_objmode_block ? " with an objmode block" : "") + ")",
             n);
      return false;
    }
    Node args = n.ChildByField("arguments");
    size_t positional = 0;
    for (const Node& a : args.NamedChildren()) {
      std::string_view t = a.Type();
      if (t == "keyword_argument" || t == "list_splat" || t == "dictionary_splat") {
        Refuse(DiagId::kHelperArguments, "passes '" + std::string(a.Text()) + "' to '" + name + "'", a,
               "pass every argument by position");
        return false;
      }
      if (t != "comment") ++positional;
    }
    if (positional != c.params.size()) {
      Refuse(DiagId::kHelperArguments,
             "calls '" + name + "' with " + std::to_string(positional) + " of its " + std::to_string(c.params.size()) +
                 " parameters",
             n, "pass every argument (default values are not copied into the @pk.function)");
      return false;
    }
    helper_calls_.push_back(n);
    for (const Node& a : args.NamedChildren()) CheckConstructs(a, args);
    return false;
  }

  // A subscript whose value is a view rather than an element: the whole
  // right-hand side of `name = ...`, or an argument of a helper call. Only
  // there can the SubviewTransformer bind it to a name.
  bool IsSubviewUse(const Node& sub) const { return sub.Type() == "subscript" && IsSubviewUse(sub, sub.Parent()); }
  bool IsSubviewUse(const Node& sub, const Node& p) const {
    if (sub.Type() != "subscript") return false;
    if (p.Type() == "assignment")
      return p.ChildByField("right") == sub && p.ChildByField("left").Type() == "identifier" &&
             p.Parent().Type() == "expression_statement";
    if (p.Type() == "argument_list") {
      Node call = p.Parent();
      Node fn = call.ChildByField("function");
      return fn.Type() == "identifier" && fn.Text() != k_.name && kernel_names_.count(std::string(fn.Text()));
    }
    return false;
  }

  static int CountColons(const Node& slice) {
    int c = 0;
    for (const Node& x : slice.Children()) c += x.Type() == ":";
    return c;
  }

  static int SliceCount(const Node& sub) {
    int s = 0;
    for (const Node& x : sub.ChildrenByField("subscript")) s += x.Type() == "slice";
    return s;
  }

  std::vector<Type> ArgTypes(const Node& call, const TypeTable& types) const {
    std::vector<Type> out;
    for (const Node& a : call.ChildByField("arguments").NamedChildren())
      if (a.Type() != "comment") out.push_back(TypeOfExpr(a, types, mod_.imports));
    return out;
  }

  static bool Known(const std::vector<Type>& ts) {
    for (const Type& t : ts)
      if (t.scalar == Scalar::kUnknown || t.scalar == Scalar::kNone || IsComplex(t.scalar)) return false;
    return true;
  }

  Type CallResult(const Node& call, const TypeTable& types) {
    std::vector<Type> args = ArgTypes(call, types);
    if (!Known(args)) return Type{};
    std::string name(call.ChildByField("function").Text());
    std::vector<int> need = reg_.ParamRanks(name);
    for (size_t i = 0; i < args.size() && i < need.size(); ++i)
      if (args[i].rank != need[i]) return Type{};
    const FunctionSpec* spec = reg_.Specialize(name, args);
    return spec && spec->ok ? spec->result : Type{};
  }

  // Every helper call with its final argument types: the specialisation it
  // uses, or the reason the kernel stays Numba code.
  void FinishCalls() {
    CollectSubviewRoots();
    for (const Node& call : helper_calls_) {
      std::string name(call.ChildByField("function").Text());
      std::vector<Type> args = ArgTypes(call, plan_.types);
      std::vector<int> need = reg_.ParamRanks(name);
      const Kernel& c = mod_.kernels[reg_.KernelIndex(name)];
      auto arg_nodes = call.ChildByField("arguments").NamedChildren();
      bool bad = false;
      for (size_t i = 0; i < args.size() && i < need.size() && i < c.params.size(); ++i) {
        if (args[i].scalar == Scalar::kUnknown || IsComplex(args[i].scalar) || args[i].scalar == Scalar::kNone) {
          bad = true;
          if (!plan_.refusals.empty()) continue;  // the echo of a construct already refused
          Refuse(DiagId::kHelperArgumentType,
                 "cannot infer the type of the argument '" + std::string(arg_nodes[i].Text()) + "' of '" + name + "'",
                 arg_nodes[i], "add an eager signature to the kernel");
          bad = true;
        } else if (args[i].rank != need[i]) {
          auto dims = [](int r) { return r == 0 ? std::string("a scalar") : "a " + std::to_string(r) + "-D array"; };
          Refuse(DiagId::kHelperArgumentType,
                 "passes " + dims(args[i].rank) + " as '" + c.params[i] + "' of '" + name + "', which uses it as " +
                     dims(need[i]),
                 arg_nodes[i]);
          bad = true;
        }
      }
      if (bad) continue;
      const FunctionSpec* spec = reg_.Specialize(name, args);
      if (spec->recursive) {
        Refuse(DiagId::kRecursion, "calls '" + name + "', which is part of a recursive call cycle", call);
        continue;
      }
      if (!spec->ok) {
        Refuse(DiagId::kKernelCall, "calls '" + name + "', which cannot become a @pk.function: " + spec->reason, call,
               "make '" + name + "' a scalar function of scalars and arrays that allocates nothing");
        continue;
      }
      if (spec->result.scalar == Scalar::kNone && call.Parent().Type() != "expression_statement") {
        Refuse(DiagId::kHelperArgumentType, "uses the value of '" + name + "', which returns nothing", call);
        continue;
      }
      plan_.calls.push_back(HelperCall{name, "", call.StartByte(), call.EndByte(), spec});
      // What the helper writes, the caller writes.
      for (size_t i = 0; i < arg_nodes.size() && i < c.params.size(); ++i) {
        if (!spec->plan->written_params.count(c.params[i])) continue;
        int depth = 0;
        Node base = SubscriptBase(arg_nodes[i], &depth);
        if (base.Type() == "identifier") helper_writes_.insert(std::string(base.Text()));
      }
      // A @pk.function's view annotation fixes the dtype of what it gets:
      // an array whose dtype is only assumed decides it (CheckStaticEvidence).
      if (plan_.as_function) continue;
      for (size_t i = 0; i < arg_nodes.size(); ++i) {
        int depth = 0;
        Node base = SubscriptBase(arg_nodes[i], &depth);
        std::string root = base.Type() == "identifier" ? ViewRoot(std::string(base.Text())) : "";
        if (args[i].rank > 0 && unknown_dtype_.count(root)) helper_assumed_arrays_.insert(root);
      }
    }
    WrittenParams();
  }

  // The parameter a subview name was bound from (`row = a[i, :]` -> a).
  std::string ViewRoot(std::string name) const {
    for (int guard = 0; guard < 8; ++guard) {
      auto it = subview_roots_.find(name);
      if (it == subview_roots_.end()) break;
      name = it->second;
    }
    return name;
  }

  void CollectSubviewRoots() {
    Walk(body_, [&](const Node& n) {
      if (n.Type() == "assignment") {
        Node l = n.ChildByField("left"), r = n.ChildByField("right");
        if (l.Type() == "identifier" && r && r.Type() == "subscript") {
          int depth = 0;
          Node base = SubscriptBase(r, &depth);
          if (base.Type() == "identifier" && TypeOfExpr(r, plan_.types, mod_.imports).rank > 0)
            subview_roots_[std::string(l.Text())] = std::string(base.Text());
        }
      }
      return true;
    });
  }

  void WrittenParams() {
    auto mark = [&](const std::string& name) {
      std::string root = ViewRoot(name);
      if (std::find(plan_.params.begin(), plan_.params.end(), root) != plan_.params.end()) plan_.written_params.insert(root);
    };
    Walk(body_, [&](const Node& n) {
      if (n.Type() == "assignment" || n.Type() == "augmented_assignment") {
        Node l = n.ChildByField("left");
        int depth = 0;
        Node base = SubscriptBase(l, &depth);
        if (l.Type() == "subscript" && base.Type() == "identifier") mark(std::string(base.Text()));
      }
      return true;
    });
    for (const auto& w : helper_writes_) mark(w);
  }

  // Names bound to subviews (`row = a[i, :]`): the dialect declares them in
  // their block (C++ `auto row = Kokkos::subview(...)`) and cannot rebind them.
  void CheckSubviews() {
    WalkWithParent(body_, def_, [&](const Node& n, const Node& parent) {
      if (n.Type() == "subscript" && parent.Type() == "argument_list" && IsSubviewUse(n, parent)) {
        // A helper argument: the SubviewTransformer binds it before the
        // statement, which a while/elif condition does not have.
        for (Node a = n.Parent(); a && a != body_; a = a.Parent()) {
          Node p = a.Parent();
          if ((p.Type() == "while_statement" || p.Type() == "elif_clause") && p.ChildByField("condition") == a) {
            Refuse(DiagId::kSubviewPosition, "passes the subview '" + std::string(n.Text()) + "' in a loop or elif condition", n,
                   "compute the call into a variable first");
            break;
          }
        }
        return false;
      }
      if (n.Type() != "assignment") return true;
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      if (!r || l.Type() != "identifier" || !IsSubviewUse(r, n)) return true;
      if (TypeOfExpr(r, plan_.types, mod_.imports).rank == 0) return true;
      std::string name(l.Text());
      if (assign_count_[name] != 1) {
        Refuse(DiagId::kSubviewBinding, "binds '" + name + "' to a subview and assigns it elsewhere too", n,
               "give each subview its own name");
        return true;
      }
      Node stmt = n.Parent(), block = stmt.Parent();
      bool ok = true;
      WalkWithParent(body_, def_, [&](const Node& m, const Node& p) {
        if (m.Type() == "identifier" && m.Text() == name && IsNameUse(m, p) && m != l)
          if (m.StartByte() < stmt.EndByte() || m.EndByte() > block.EndByte()) ok = false;
        return ok;
      });
      if (!ok)
        Refuse(DiagId::kSubviewBinding, "uses the subview '" + name + "' outside the block that binds it", n,
               "bind the subview in the block that uses it");
      return true;
    });
  }

  // Assignments to parameters of a @pk.function: scalars whose type every
  // assigned value keeps (Numba would otherwise retype the variable).
  void CheckParamAssignments() {
    for (const auto& p : plan_.assigned_params) {
      Type pt = plan_.types[p];
      bool ok = pt.rank == 0 && pt.scalar != Scalar::kUnknown;
      Walk(body_, [&](const Node& n) {
        if (!ok) return false;
        if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
        Node l = n.ChildByField("left"), r = n.ChildByField("right");
        bool target = l.Type() == "identifier" && l.Text() == p;
        if (!target) {
          if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern")
            for (const Node& c : l.NamedChildren()) ok = ok && c.Text() != p;
          return true;
        }
        Type rt = r ? TypeOfExpr(r, plan_.types, mod_.imports) : Type{};
        Scalar s = rt.scalar;
        if (n.Type() == "augmented_assignment" && n.ChildByField("operator").Text() == "/=") s = Unify(s, Scalar::kFloat64);
        ok = rt.rank == 0 && s != Scalar::kUnknown && Unify(pt.scalar, s) == pt.scalar;
        return true;
      });
      if (!ok)
        Refuse(DiagId::kAssignedParameter, "assigns to parameter '" + p + "' a value of another type or a tuple",
               def_.ChildByField("name"), "copy the parameter into a local variable and change the local");
    }
  }

  // A @pk.function returns one scalar on every path, or nothing on all.
  void FunctionReturns() {
    // A prange loop runs as a range loop, as Numba runs it without
    // parallel=True: same values, but no parallelism inside the caller's
    // thread (a note says so).
    Walk(body_, [&](const Node& n) {
      if (n.Type() == "for_statement" && n.ChildByField("right").Type() == "call" &&
          mod_.imports.Resolve(n.ChildByField("right").ChildByField("function")) == "numba.prange") {
        if (k_.Option("parallel"))
          // At the def: a position inside the body would be mapped to the
          // body's start once the ArrayTransformer rewrote it.
          Note(DiagId::kSerialHelperLoop,
               "its prange loop runs serially in the @pk.function copy (called from a kernel)",
               def_.ChildByField("name"));
        return false;
      }
      return true;
    });
    for (const Node& call : allocation_calls_) Refuse(DiagId::kAllocationPlacement, "allocates an array", call);
    std::vector<Node> returns;
    Walk(body_, [&](const Node& n) {
      if (n.Type() == "return_statement") returns.push_back(n);
      return true;
    });
    bool any_value = false, any_bare = false;
    Scalar rt = Scalar::kUnknown;
    for (const Node& r : returns) {
      if (r.NamedChildCount() == 0 || r.NamedChild(0).Type() == "none") {
        any_bare = true;
        continue;
      }
      any_value = true;
      Type t = TypeOfExpr(r.NamedChild(0), plan_.types, mod_.imports);
      if (t.rank > 0) Refuse(DiagId::kUnsupportedReturn, "returns an array", r);
      else rt = Unify(rt, t.scalar);
    }
    if (!any_value) {
      plan_.return_type = Scalar::kNone;
      plan_.returns = ReturnKind::kNothing;
      return;
    }
    auto stmts = Statements(body_);
    if (any_bare || stmts.empty() || stmts.back().Type() != "return_statement")
      Refuse(DiagId::kUnsupportedReturn, "may end without returning a value (Numba returns None there)",
             def_.ChildByField("name"));
    if ((rt == Scalar::kUnknown || IsComplex(rt)) && plan_.refusals.empty())
      Refuse(DiagId::kUnknownType, "cannot infer the type of the returned value", def_.ChildByField("name"));
    plan_.returns = ReturnKind::kScalar;
    plan_.return_type = rt;
  }

  bool CheckFor(const Node& n) {
    Node left = n.ChildByField("left"), right = n.ChildByField("right");
    if (left.Type() != "identifier") {
      Refuse(DiagId::kTupleValue, "unpacks a tuple in a loop header", left);
      return false;
    }
    std::string q = right.Type() == "call" ? mod_.imports.Resolve(right.ChildByField("function")) : "";
    if (q != "range" && q != "numba.prange") {
      Refuse(DiagId::kNonRangeLoop, "loops over '" + std::string(right.Text()) + "'", right,
             "loop over an index: for i in range(len(a))");
      return false;
    }
    auto args = right.ChildByField("arguments").NamedChildren();
    if (args.empty() || args.size() > 3) Refuse(DiagId::kUnsupportedSyntax, "calls range with " + std::to_string(args.size()) + " arguments", right);
    for (const Node& a : args) CheckConstructs(a, n);
    CheckConstructs(n.ChildByField("body"), n);
    return false;
  }

  bool CheckCall(const Node& n) {
    Node fn = n.ChildByField("function");
    Node args = n.ChildByField("arguments");
    std::string q = mod_.imports.Resolve(fn);
    std::string shown(fn.Text());
    auto check_args = [&](bool allow_keywords) {
      for (const Node& a : args.NamedChildren()) {
        if (a.Type() == "keyword_argument") {
          if (!allow_keywords) Refuse(DiagId::kUnsupportedSyntax, "passes keyword argument '" + std::string(a.Text()) + "'", a);
          else CheckConstructs(a.ChildByField("value"), a);
          continue;
        }
        CheckConstructs(a, args);
      }
    };
    if (fn.Type() == "attribute" && fn.ChildByField("attribute").Text() == "extent") {
      check_args(false);
      return false;
    }
    if (fn.Type() == "identifier" && fn.Text() == k_.name) {
      Refuse(DiagId::kRecursion, "calls itself", n);
      return false;
    }
    if (fn.Type() == "identifier" && kernel_names_.count(std::string(fn.Text()))) return CheckHelperCall(n);
    if (q == "range" || q == "numba.prange") {
      Refuse(DiagId::kUnsupportedSyntax, "uses " + shown + "(...) outside a for loop header", n);
      return false;
    }
    if (q.rfind("numpy.", 0) == 0 && !recorded_ &&
        (FindNumpyScalarFunction(q.substr(6)) || ScalarBuiltinAlias(q) != q)) {
      // A NumPy ufunc applied straight to a parameter that is never indexed:
      // it may well be an array (Numba would map the ufunc over it), and a
      // translation that assumed a scalar would fail at run time.
      for (const Node& a : args.NamedChildren()) {
        bool param = a.Type() == "identifier" &&
                     std::find(plan_.params.begin(), plan_.params.end(), std::string(a.Text())) != plan_.params.end();
        if (param && !IsArrayExpr(a)) {
          Refuse(DiagId::kNumpyInKernel,
                 "calls " + shown + "() on '" + std::string(a.Text()) + "', which may be an array", n,
                 "add an eager signature that says whether it is a scalar");
          return false;
        }
      }
    }
    if (q.rfind("numpy.", 0) == 0 && ScalarBuiltinAlias(q) != q) {
      // np.abs / np.minimum / np.maximum of scalars are the builtins.
      bool scalars = true;
      for (const Node& a : args.NamedChildren()) scalars = scalars && !IsArrayExpr(a);
      if (!scalars) {
        Refuse(DiagId::kNumpyInKernel, "calls " + shown + "() on an array", n);
        return false;
      }
      q = ScalarBuiltinAlias(q);
    }
    if (IsBuiltin(q) && !IsKnownLocal(q)) {
      if (q == "round" && args.NamedChildCount() != 1)
        Refuse(DiagId::kUnsupportedCall, "calls round() with ndigits", n);
      check_args(false);
      return false;
    }
    std::string last = q.substr(q.rfind('.') == std::string::npos ? 0 : q.rfind('.') + 1);
    if (q.rfind("math.", 0) == 0 && FindMathFunction(last)) {
      check_args(false);
      return false;
    }
    if (q.rfind("numpy.", 0) == 0) {
      // The table's arity (np.round(x, 2) is not np.round(x)).
      const NumpyFunction* row = FindNumpyFunction(q);
      int nargs = static_cast<int>(args.NamedChildCount());
      if (row && row->cls != NumpyClass::kAllocation && (nargs < row->min_args || nargs > row->max_args)) {
        Refuse(DiagId::kNumpyInKernel, "calls " + shown + "() with " + std::to_string(nargs) + " arguments", n);
        return false;
      }
      if (FindNumpyScalarFunction(last) || ((q == "numpy.float64" || q == "numpy.int64") && args.NamedChildCount() == 1)) {
        check_args(false);
        return false;
      }
      if (IsNumpyAllocation(q)) {
        allocation_calls_.push_back(n);
        return false;  // checked by FindPattern (placement, arguments)
      }
      Refuse(DiagId::kNumpyInKernel, "calls " + shown + "()", n);
      return false;
    }
    Node receiver = fn.Type() == "attribute" ? fn.ChildByField("object") : Node();
    while (receiver && receiver.Type() == "subscript") receiver = receiver.ChildByField("value");
    if (receiver && receiver.Type() == "identifier" && containers_.count(std::string(receiver.Text()))) return false;
    if (receiver && (IsArrayName(receiver) || IsParamOrLocal(receiver))) {
      std::string a(fn.ChildByField("object").Text());
      Refuse(DiagId::kArrayAttribute, "calls the method '" + shown + "()'", n,
             fn.ChildByField("attribute").Text() == "copy"
                 ? "allocate the copy once at the top of the kernel (c = np.empty_like(" + a + ")) and copy into it (c[:] = " + a + ")"
                 : "");
      return false;
    }
    Refuse(DiagId::kUnsupportedCall, "calls '" + shown + "'", n, "move the call out of the kernel");
    return false;
  }

  // An array-valued argument, as far as can be told before types are
  // inferred: an array name seen indexed/measured, or a partial subscript.
  bool IsArrayExpr(const Node& a) const {
    if (a.Type() != "identifier") return false;
    bool indexed = false;
    Walk(body_, [&](const Node& n) {
      if (indexed) return false;
      if (n.Type() == "subscript" && n.ChildByField("value").Type() == "identifier" &&
          n.ChildByField("value").Text() == a.Text())
        indexed = true;
      return true;
    });
    return indexed;
  }

  bool IsKnownLocal(const std::string& n) const {
    return plan_.locals.count(n) || std::find(plan_.params.begin(), plan_.params.end(), n) != plan_.params.end();
  }
  bool IsParamOrLocal(const Node& n) const { return n.Type() == "identifier" && IsKnownLocal(std::string(n.Text())); }

  bool CheckAttribute(const Node& n, const Node& p) {
    std::string q = mod_.imports.Resolve(n);
    if (q == "math.pi" || q == "math.e" || q == "math.inf" || q == "math.nan" || q == "math.tau" ||
        q == "numpy.pi" || q == "numpy.e" || q == "numpy.inf" || q == "numpy.nan")
      return false;
    Node obj = n.ChildByField("object");
    std::string attr(n.ChildByField("attribute").Text());
    if (IsParamOrLocal(obj)) {
      bool ok = attr == "size" || attr == "ndim";
      if (attr == "shape") {
        ok = (p.Type() == "subscript" && p.ChildByField("value") == n) ||
             (p.Type() == "assignment" && p.ChildByField("right") == n &&
              (p.ChildByField("left").Type() == "pattern_list" || p.ChildByField("left").Type() == "tuple_pattern"));
      }
      if (!ok) Refuse(DiagId::kArrayAttribute, "uses '" + std::string(n.Text()) + "'", n);
      return false;
    }
    Refuse(DiagId::kGlobalName, "refers to '" + std::string(n.Text()) + "'", n, "pass the value as a parameter");
    return false;
  }

  void CheckIdentifier(const Node& n, const Node& p) {
    if (p.Type() == "keyword_argument" && p.ChildByField("name") == n) return;
    std::string name(n.Text());
    // Names the NumpyTransformer and the SubviewTransformer wrote are theirs.
    if (name.rfind(kReservedPrefix, 0) == 0 && name.rfind(kSubviewPrefix, 0) != 0 &&
        name.rfind(kNumpyPrefix, 0) != 0 && name.rfind(kIterPrefix, 0) != 0 &&
        name.rfind(kInlinePrefix, 0) != 0) {
      Refuse(DiagId::kReservedName, "'" + name + "' uses the reserved prefix _pk_", n);
      return;
    }
    if (!IsKnownName(name))
      Refuse(DiagId::kGlobalName, "refers to the module-level name '" + name + "'", n,
             ModuleNameHelp(tree_, mod_.imports, name));
  }

  void CheckTuple(const Node& n, const Node& p) {
    std::string_view t = n.Type();
    if ((t == "pattern_list" || t == "tuple_pattern") && p.Type() == "assignment" && p.ChildByField("left") == n) {
      Node r = p.ChildByField("right");
      bool shape = r.Type() == "attribute" && r.ChildByField("attribute").Text() == "shape";
      bool parallel = (r.Type() == "expression_list" || r.Type() == "tuple") && r.NamedChildCount() == n.NamedChildCount();
      if (!shape && !parallel) Refuse(DiagId::kTupleValue, "unpacks '" + std::string(r.Text()) + "'", p);
      if (p.Parent().Type() != "expression_statement")
        Refuse(DiagId::kTupleValue, "uses a chained tuple assignment", p);
      return;
    }
    if ((t == "expression_list" || t == "tuple") && p.Type() == "assignment" && p.ChildByField("right") == n) {
      Node l = p.ChildByField("left");
      if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") return;
    }
    if (t == "tuple" && p.Type() == "argument_list") {
      Node call = p.Parent();  // rare: only tuples inside calls
      if (IsNumpyAllocation(mod_.imports.Resolve(call.ChildByField("function")))) return;
    }
    if (p.Type() == "return_statement") return;  // reported by the return check
    Refuse(DiagId::kTupleValue, "uses the tuple '" + std::string(n.Text()) + "'", n,
           p.Type() == "assignment" ? "write the elements where the tuple is used, e.g. np.zeros((n, m)) rather than a shape variable" : "");
  }

  // ---- types ---------------------------------------------------------------
  // ---- types (caramba/analysis/type_inference.h) --------------------------------
  StaticTyping& Typing() {
    if (!typing_) {
      TypingScope s;
      s.def = def_;
      s.body = body_;
      s.mod = &mod_;
      s.params = plan_.params;
      s.locals = plan_.locals;
      s.loop_vars = loop_vars_;
      s.helper_calls = helper_calls_;
      s.call_result = [this](const Node& call, const TypeTable& types) { return CallResult(call, types); };
      s.helper_ranks = [this](const std::string& name) { return reg_.ParamRanks(name); };
      typing_ = std::make_unique<StaticTyping>(std::move(s));
    }
    return *typing_;
  }

  // Parameter types: recorded (eager signature, then profile) when there are
  // any, else static inference, which refuses to decide what it has no
  // evidence for.
  void InferParamTypes() {
    array_rank_ = Typing().ArrayRanks();
    if (function_args_) {
      ParamTypesForFunction();
      return;
    }
    ParamTyping typed = TypeParameters(k_, plan_.params, path_, options_, Typing(), array_rank_);
    for (const TypeRefusal& r : typed.refusals) Refuse(r.id, r.message, def_.ChildByField("name"), r.help);
    for (const auto& [name, t] : typed.types) plan_.types[name] = t;
    recorded_ = std::move(typed.recorded);
    plan_.types_recorded = recorded_.has_value();
    unknown_dtype_ = std::move(typed.unknown_dtype);
    assumed_float_ = std::move(typed.assumed_float);
    no_kind_evidence_ = std::move(typed.no_kind_evidence);
  }

  // A @pk.function's parameters take the call site's types, unless its
  // eager signatures say otherwise; with several, only an exact match is
  // certain to be the one Numba picks.
  void ParamTypesForFunction() {
    const Signature* sig = k_.signatures.empty() ? nullptr : &k_.signatures[0];
    if (k_.signatures.size() > 1) {
      bool matched = false;
      for (const Signature& s : k_.signatures) {
        bool match = s.args.size() == function_args_->size();
        for (size_t i = 0; match && i < s.args.size(); ++i)
          match = s.args[i].scalar == (*function_args_)[i].scalar && s.args[i].rank == (*function_args_)[i].rank;
        if (match && !matched) sig = &s, matched = true;
      }
      if (!matched)
        Refuse(DiagId::kHelperArgumentType,
               "has several eager signatures and none matches the call's argument types exactly",
               def_.ChildByField("name"));
    }
    for (size_t i = 0; i < plan_.params.size(); ++i) {
      const std::string& p = plan_.params[i];
      if (sig && i < sig->args.size()) plan_.types[p] = sig->args[i];
      else if (!sig && i < function_args_->size()) plan_.types[p] = (*function_args_)[i];
      else plan_.types[p] = Type{Scalar::kFloat64, 0, 'A'};
    }
  }

  // An array whose elements serve as indices or loop bounds holds integers
  // (`out[idx[i]] += 1`, `j = idx[i]; out[j] = ...`, `hist[ids[i] % nb]`).
  void IntegerArraysFromIndexing() {
    for (const auto& a : Typing().IntegerIndexArrays(unknown_dtype_)) {
      plan_.types[a].scalar = Scalar::kInt64;
      unknown_dtype_.erase(a);
    }
  }

  Type AllocationType(const Node& call) { return Typing().AllocationType(call, plan_.types); }
  void LocalFixpoint(TypeTable& types) { Typing().LocalFixpoint(types, &types == &plan_.types); }

  // Static guesses that would decide the code: an array used where its
  // subscripts give an array, and assumed dtypes that change a declaration
  // or an operator. Recorded types need no such check.
  void CheckStaticEvidence() {
    if (recorded_ || function_args_) return;
    for (const auto& [name, where] : Typing().DeeperThanIndexed(array_rank_, plan_.types)) {
      Node a = where.Parent();
      if (a && a.Type() == "assignment") deeper_bound_.insert(std::string(a.ChildByField("left").Text()));
      Refuse(DiagId::kNoTypeEvidence,
             "uses '" + std::string(where.Text()) + "' as an array, so '" + name + "' has more than " +
                 std::to_string(array_rank_[name]) + " dimension" + (array_rank_[name] == 1 ? "" : "s") +
                 ", but nothing says how many",
             where, kRecordTypesHelp);
    }
    std::set<std::string> assumed = unknown_dtype_;
    for (const auto& p : assumed_float_)
      if (!no_kind_evidence_.count(p)) assumed.insert(p);
    for (const auto& a : helper_assumed_arrays_) assumed.erase(a);
    std::vector<std::string> decides = Typing().DtypeDecides(plan_.types, assumed);
    decides.insert(decides.end(), helper_assumed_arrays_.begin(), helper_assumed_arrays_.end());
    if (decides.empty()) return;
    std::string names;
    for (const auto& d : decides) names += (names.empty() ? "'" : ", '") + d + "'";
    Refuse(DiagId::kNoTypeEvidence,
           "the translation depends on the element type of " + names +
               " (integer or floating point), and nothing in the kernel says which it is",
           def_.ChildByField("name"), kRecordTypesHelp);
  }

  // Locals: the profile's typemap where it has them, static inference for
  // the rest.
  void ApplyRecordedLocals() {
    if (!recorded_) return;
    for (const auto& [name, t] : recorded_->locals) {
      if (!plan_.locals.count(name) || loop_vars_.count(name)) continue;
      plan_.types[name] = t;
    }
  }

  void InferLocalTypes() {
    LocalFixpoint(plan_.types);
    ApplyRecordedLocals();
    // A helper that cannot be a @pk.function leaves its result unknown: say
    // why (CRB119 at the call) rather than CRB124 on the local.
    FinishCalls();
    // An unknown type is usually the echo of a construct already refused
    // (a list, a call); report it only when it is the sole reason.
    if (!plan_.refusals.empty()) return;
    for (const auto& name : plan_.locals) {
      const Type& t = plan_.types[name];
      if (t.scalar == Scalar::kUnknown || IsComplex(t.scalar)) {
        Node where = FirstAssignment(name);
        Refuse(DiagId::kUnknownType, "cannot infer the type of '" + name + "'", where ? where : def_.ChildByField("name"),
               "add an eager signature, e.g. @njit(\"float64(float64[:])\")");
      }
    }
  }

  Node FirstAssignment(const std::string& name) {
    Node found;
    Walk(body_, [&](const Node& n) {
      if (found) return false;
      if (n.Type() == "identifier" && n.Text() == name) found = n;
      return true;
    });
    return found;
  }

  void CheckArrays() {
    WalkWithParent(body_, def_, [&](const Node& n, const Node& parent) {
      std::string_view t = n.Type();
      if (t == "subscript" && !(parent.Type() == "subscript" && parent.ChildByField("value") == n)) {  // a chain's outermost link (an index may be an access too)
        int depth = 0;
        Node base = SubscriptBase(n, &depth);
        if (base.Type() == "identifier") {
          Type bt = plan_.types[std::string(base.Text())];
          // An unknown type is the echo of a construct already refused.
          // So is indexing a name bound to a subscript of unknown rank (CRB140).
          bool echo = (bt.rank == 0 && bt.scalar == Scalar::kUnknown && !plan_.refusals.empty()) ||
                      deeper_bound_.count(std::string(base.Text()));
          if (echo) {
          } else if (bt.rank == 0) {
            Refuse(DiagId::kTupleValue, "indexes '" + std::string(base.Text()) + "', which is not an array", n);
          } else if (depth != bt.rank && !(depth < bt.rank && IsSubviewUse(n, parent))) {
            Refuse(DiagId::kPartialIndex,
                   "indexes the " + std::to_string(bt.rank) + "-D array '" + std::string(base.Text()) + "' with " +
                       std::to_string(depth) + " index" + (depth == 1 ? "" : "es"),
                   n, "give one index per dimension");
          }
          const Node& p = parent;
          bool written = (p.Type() == "assignment" || p.Type() == "augmented_assignment") && p.ChildByField("left") == n;
          if (written && bt.scalar == Scalar::kBool)
            Refuse(DiagId::kBoolArrayWrite, "writes the bool array '" + std::string(base.Text()) + "'", n);
          if (!written && unknown_dtype_.count(std::string(base.Text())) &&
              !noted_dtype_.count(std::string(base.Text()))) {
            noted_dtype_.insert(std::string(base.Text()));
            Note(DiagId::kAssumedDtype, "elements of '" + std::string(base.Text()) + "' assumed to be float64", n);
          }
        }
      }
      if (t == "assignment") {
        Node l = n.ChildByField("left"), r = n.ChildByField("right");
        if (l.Type() == "identifier" && r) {
          Type rt = TypeOfExpr(r, plan_.types, mod_.imports);
          bool alloc = r.Type() == "call" && IsNumpyAllocation(mod_.imports.Resolve(r.ChildByField("function")));
          if (rt.rank > 0 && !alloc && !IsSubviewUse(r, n)) Refuse(DiagId::kArrayRebind, "binds '" + std::string(l.Text()) + "' to an array", n);
          if (alloc && assign_count_[std::string(l.Text())] > 1)
            Refuse(DiagId::kAllocationPlacement, "assigns the allocated array '" + std::string(l.Text()) + "' twice", n);
        }
      }
      return true;
    });
    for (const Node& a : NonIntegerLoopVariableBindings(body_, plan_.types, mod_.imports))
      Refuse(DiagId::kLoopVariableType, "rebinds the loop variable '" + std::string(a.ChildByField("left").Text()) +
                                            "' to a value that is not an integer", a,
             "give the value a variable of its own and leave the loop variable an integer");
  }

  // Conditions evaluated more than once (while, elif) cannot take the
  // statements some rewrites put before their statement.
  void CheckPreludePositions() {
    Walk(body_, [&](const Node& n) {
      Node cond;
      if (n.Type() == "while_statement" || n.Type() == "elif_clause") cond = n.ChildByField("condition");
      if (cond) {
        LowerEnv env(plan_.types, mod_.imports);
        env.int32_names = Int32LoopVariables(body_, mod_.imports, ParallelPrange() && !plan_.as_function);
        Prelude pre;
        LowerExpr(cond, env, pre);
        if (!pre.empty())
          Refuse(DiagId::kCannotLower, "the condition '" + std::string(cond.Text()) + "' needs a temporary", cond,
                 "compute the condition into a variable before the loop and at the end of its body");
      }
      return true;
    });
  }

  // ---- NumPy (numpy_lowering.h) -------------------------------------------------
  // Lowers the kernel's NumPy statements; they take over the generic
  // refusals (CRB201 NumPy call, CRB301 slice ...) inside the statements they
  // rewrite or refuse with a precise code.
  void LowerNumpyStatements() {
    NumpyLoweringInput in{def_, plan_.types, mod_.imports, k_.name, std::string(path_), "    ", "\n", false, {}};
    std::string_view src = tree_.Source();
    in.indent_unit = IndentUnit(src);
    in.newline = src.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
    in.has_signature = recorded_.has_value() || function_args_ != nullptr;  // exact parameter types
    in.params = plan_.params;
    NumpyLowering low = LowerNumpy(in);
    auto covered = [&](const Diagnostic& d) {
      std::string_view c = d.Code();
      if (c != "CRB201" && c != "CRB301" && c != "CRB302" && c != "CRB303" && c != "CRB304" && c != "CRB124") return false;
      for (const auto& [s, e] : low.covered)
        if (d.start >= s && d.start < e) return true;
      return false;
    };
    plan_.refusals.erase(std::remove_if(plan_.refusals.begin(), plan_.refusals.end(), covered), plan_.refusals.end());
    // `w -= ...` on an array parameter updates it in place (a slice
    // assignment), it does not rebind it: not CRB129.
    for (const std::string& p : plan_.assigned_params) {
      if (plan_.types[p].rank == 0) continue;
      bool in_place = true;
      Walk(body_, [&](const Node& n) {
        if ((n.Type() == "assignment" || n.Type() == "augmented_assignment") && n.ChildByField("left").Type() == "identifier" &&
            n.ChildByField("left").Text() == p && n.Type() == "assignment")
          in_place = false;
        return in_place;
      });
      if (!in_place) continue;
      std::string needle = "'" + p + "'";
      plan_.refusals.erase(std::remove_if(plan_.refusals.begin(), plan_.refusals.end(),
                                          [&](const Diagnostic& d) {
                                            return d.Code() == "CRB129" && d.message.find(needle) != std::string::npos;
                                          }),
                           plan_.refusals.end());
    }
    for (auto& d : low.refusals) plan_.refusals.push_back(std::move(d));
    for (auto& d : low.notes) plan_.notes.push_back(std::move(d));
    // A parameter that may be a scalar or an array (CRB140) decides how the
    // lowering broadcasts: no rewrite on a guess.
    if (low.refusals.empty() && no_kind_evidence_.empty()) plan_.numpy_rewrites = std::move(low.rewrites);
    guard_sites_ = std::move(low.guard_sites);
    if (!low.refusals.empty()) NumpyFallback();
  }

  // The thesis's behaviour for NumPy that cannot stay in a kernel (CRB515):
  // the function runs as plain Python with host ufuncs. Only when NumPy is
  // the kernel's only problem and it has no element-wise loops (which Python
  // would run hundreds of times slower than Numba): otherwise the refusals
  // stand and the kernel stays Numba code.
  void NumpyFallback() {
    if (plan_.as_function) return;  // a @pk.function copy has no fallback: its callers say why not
    // Array results that cannot be lowered (a new array, a matrix product)
    // or operands of unknown rank (CRB204, which NumPy in Python handles
    // whatever they are) are what cannot stay in a kernel; the lowering's
    // other limits keep the kernel in Numba, which is faster than Python.
    bool array_result = false;
    for (const Diagnostic& d : plan_.refusals)
      array_result = array_result || d.Code() == "CRB204" || d.Code() == "CRB207" || d.Code() == "CRB208";
    if (!array_result) return;
    for (const Diagnostic& d : plan_.refusals) {
      int code = std::stoi(std::string(d.Code()).substr(3));
      // (Assigning to a parameter, CRB129, is the same in plain Python as in Numba.)
      bool numpy = (code >= 201 && code <= 210 && code != 202) || code == 301 || code == 302 || code == 303 ||
                   code == 304 || code == 129;
      if (!numpy) return;
    }
    bool element_loop = false;
    Walk(body_, [&](const Node& n) {
      if (n.Type() == "for_statement" || n.Type() == "while_statement") {
        Walk(n.ChildByField("body"), [&](const Node& m) {
          if (m.Type() == "subscript" && !element_loop) {
            int depth = 0;
            Node b = SubscriptBase(m, &depth);
            auto it = b.Type() == "identifier" ? plan_.types.find(b.Text()) : plan_.types.end();
            if (it != plan_.types.end() && it->second.rank > 0 && depth >= it->second.rank) element_loop = true;
          }
          return !element_loop;
        });
      }
      return !element_loop;
    });
    if (element_loop || (k_.kind != JitKind::kNjit && k_.kind != JitKind::kJit)) return;
    // Notes about a lowering that will not happen would mislead.
    plan_.notes.erase(std::remove_if(plan_.notes.begin(), plan_.notes.end(),
                                     [](const Diagnostic& d) { return d.Code() == "CRB517"; }),
                      plan_.notes.end());
    plan_.numpy_rewrites = FallbackRewrites(def_, mod_.imports, k_.decorator_start_byte, k_.decorator_end_byte,
                                            tree_.Source().find("\r\n") != std::string::npos ? "\r\n" : "\n");
    plan_.notes.push_back(
        Diagnostic::Make(DiagId::kNumpyFallback,
                         "'" + k_.name + "' runs as plain Python with PyKokkos host ufuncs: its NumPy work (" +
                             std::string(plan_.refusals[0].Code()) + ": " + plan_.refusals[0].message +
                             ") cannot stay in a workunit; it will be slower than Numba, every operation "
                             "being a separate call from the interpreter",
                         std::string(path_))
            .At(k_.decorator_start_byte, k_.decorator_end_byte));
    plan_.numpy_fallback = true;
    plan_.fallback_reasons = std::move(plan_.refusals);
    plan_.refusals.clear();
    plan_.refusals.push_back(Diagnostic::Make(DiagId::kNumpyFallback, "'" + k_.name + "' falls back to plain Python",
                                              std::string(path_)).At(k_.decorator_start_byte, k_.decorator_end_byte));
  }

  static std::string IndentUnit(std::string_view src) {
    // The first indented line after a `def` tells the unit; four spaces otherwise.
    size_t p = src.find(":\n");
    if (p != std::string_view::npos) {
      size_t b = p + 2, e = b;
      while (e < src.size() && (src[e] == ' ' || src[e] == '\t')) ++e;
      if (e > b) return std::string(src.substr(b, e - b));
    }
    return "    ";
  }

  // `if cond: raise ValueError("...")` (or ZeroDivisionError), nothing else.
  static bool IsGuard(const Node& n) {
    if (n.Type() != "if_statement" || n.ChildByField("alternative")) return false;
    auto stmts = Statements(n.ChildByField("consequence"));
    if (stmts.size() != 1 || stmts[0].Type() != "raise_statement" || stmts[0].NamedChildCount() != 1) return false;
    Node call = stmts[0].NamedChild(0);
    if (call.Type() != "call") return false;
    std::string_view f = call.ChildByField("function").Text();
    if (f != "ValueError" && f != "ZeroDivisionError") return false;
    auto args = call.ChildByField("arguments").NamedChildren();
    return args.size() == 1 && args[0].Type() == "string" && !args[0].Text().empty() &&
           (args[0].Text()[0] == '"' || args[0].Text()[0] == '\'');
  }

  // A guard moves into the caller only where that is exact: every run of the
  // kernel reaches it (no if, while, break, continue or earlier return) and
  // the caller can compute its condition. Checked for the guards in the text
  // and, before the NumpyTransformer writes them, for the statements it will
  // put guards before (so a kernel is refused before it is rewritten).
  void CheckGuards() {
    std::map<std::string, Node> setup_values;
    for (const auto& [s, e] : plan_.setup) {
      Node stmt = tree_.Root().DescendantForByteRange(s, e);
      while (stmt && stmt.Type() != "expression_statement") stmt = stmt.Parent();
      Node a = stmt ? AssignmentOf(stmt) : Node();
      if (a && a.ChildByField("left").Type() == "identifier")
        setup_values[std::string(a.ChildByField("left").Text())] = a.ChildByField("right");
      else if (a)
        for (const Node& id : a.ChildByField("left").NamedChildren()) setup_values[std::string(id.Text())] = Node();
    }
    for (const auto& al : plan_.allocations) setup_values[al.var] = Node();
    std::function<bool(const std::string&, const std::set<std::string>&, int)> evaluable =
        [&](const std::string& name, const std::set<std::string>& loop_vars, int depth) -> bool {
      if (depth > 16) return false;
      if (loop_vars.count(name) || IsBuiltin(name) || mod_.imports.ModuleAliases().count(name)) return true;
      if (std::find(plan_.params.begin(), plan_.params.end(), name) != plan_.params.end()) return true;
      auto it = setup_values.find(name);
      if (it == setup_values.end()) return false;
      if (!it->second) return true;  // `n, m = a.shape`, an allocated array
      bool ok = true;
      WalkWithParent(it->second, it->second.Parent(), [&](const Node& n, const Node& p) {
        if (ok && IsNameUse(n, p) && !(p.Type() == "call" && p.ChildByField("function") == n))
          ok = evaluable(std::string(n.Text()), {}, depth + 1);
        return ok;
      });
      return ok;
    };
    // Why the check before statement `g` cannot move; fills the enclosing loops.
    auto problem = [&](const Node& g, const std::vector<std::string>& names, const Node& cond, Guard& guard) {
      std::set<std::string> loop_vars;
      std::string why;
      for (Node a = g.Parent(); a && a != body_ && why.empty(); a = a.Parent()) {
        if (a.Type() == "block") continue;
        if (a.Type() == "for_statement" && (IsPrange(a) || (a.ChildByField("right").Type() == "call" &&
                                             mod_.imports.Resolve(a.ChildByField("right").ChildByField("function")) == "range"))) {
          guard.loops.insert(guard.loops.begin(), {a.StartByte(), a.EndByte()});
          loop_vars.insert(std::string(a.ChildByField("left").Text()));
          Walk(a.ChildByField("body"), [&](const Node& n) {
            std::string_view t = n.Type();
            if (t == "break_statement" || t == "continue_statement" || t == "return_statement") why = "a loop around it may stop early";
            return why.empty();
          });
          continue;
        }
        why = "it runs under a " + std::string(a.Type());
      }
      Walk(body_, [&](const Node& n) {
        if (why.empty() && n.Type() == "return_statement" && n.StartByte() < g.StartByte()) why = "an earlier return may skip it";
        return why.empty();
      });
      auto check_name = [&](const std::string& name) {
        if (why.empty() && !evaluable(name, loop_vars, 0))
          why = "it depends on '" + name + "', which the kernel computes";
      };
      for (const auto& n : names) check_name(n);
      std::vector<Node> roots;
      if (cond) roots.push_back(cond);
      for (const auto& [s, e] : guard.loops) {
        Node loop = tree_.Root().DescendantForByteRange(s, e);
        while (loop && loop.Type() != "for_statement") loop = loop.Parent();
        if (loop) roots.push_back(loop.ChildByField("right").ChildByField("arguments"));
      }
      for (const Node& root : roots)
        WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& p) {
          // Only shape checks move: an element read would be replayed by a
          // Python loop in the caller, before the kernel wrote anything.
          if (n.Type() == "subscript" && !(n.ChildByField("value").Type() == "attribute" &&
                                           n.ChildByField("value").ChildByField("attribute").Text() == "shape"))
            why = "it reads array elements";
          if (IsNameUse(n, p) && !(p.Type() == "call" && p.ChildByField("function") == n)) check_name(std::string(n.Text()));
          return why.empty();
        });
      return why;
    };
    for (const Node& g : guards_) {
      Guard guard{g.StartByte(), g.EndByte(), {}};
      std::string why = problem(g, {}, g.ChildByField("condition"), guard);
      if (!why.empty()) {
        // A raise the caller cannot perform stays what it is: an exception in a kernel.
        Refuse(DiagId::kExceptions, "uses 'raise' in '" + FirstLine(g) + "', a check the caller cannot perform (" + why + ")",
               Statements(g.ChildByField("consequence"))[0]);
        continue;
      }
      plan_.guards.push_back(std::move(guard));
    }
    for (const NumpyGuardSite& site : guard_sites_) {
      Node g = tree_.Root().DescendantForByteRange(site.start, site.end);
      while (g && (g.StartByte() != site.start || g.EndByte() != site.end || g.Type() == "expression_statement" ||
                   g.Type() == "assignment" || g.Type() == "augmented_assignment") && g.Parent() && g.Parent().Type() != "block")
        g = g.Parent();
      if (!g) continue;
      Guard unused;
      std::string why = problem(g, site.names, Node(), unused);
      if (why.empty()) continue;
      Refuse(DiagId::kNumpyGuardPlacement,
             "the shape check of '" + FirstLine(g) + "' cannot move into the caller: " + why, g);
      plan_.numpy_rewrites.clear();
    }
  }

  // ---- loops, reductions, returns ---------------------------------------------
  bool IsPrange(const Node& f) const {
    if (f.Type() != "for_statement") return false;
    Node r = f.ChildByField("right");
    return r.Type() == "call" && mod_.imports.Resolve(r.ChildByField("function")) == "numba.prange";
  }

  void FindPattern() {
    std::vector<Node> outer;
    // Without parallel=True Numba runs prange as range: so does the
    // translation (a serial kernel), whatever the loop carries.
    bool parallel = ParallelPrange();
    Walk(body_, [&](const Node& n) {
      if (parallel && IsPrange(n)) {
        outer.push_back(n);
        return false;  // inner pranges run serially, as in Numba
      }
      return true;
    });
    auto stmts = Statements(body_);
    for (const Node& call : allocation_calls_) {
      Node a = call.Parent();
      bool ok = a.Type() == "assignment" && a.ChildByField("right") == call &&
                a.ChildByField("left").Type() == "identifier" && a.Parent().Parent() == body_;
      if (!ok) Refuse(DiagId::kAllocationPlacement, "allocates an array inside an expression, loop or branch", call,
                      "allocate it with a top-level statement 'x = np.empty(...)'");
    }
    if (outer.empty() && TryAutoParallel(stmts)) return;
    if (outer.empty()) {
      plan_.dispatch = Dispatch::kSerial;
      SerialReturns();
      CallerSetup(stmts, stmts.size());
      return;
    }
    if (outer.size() > 1) {
      for (size_t i = 1; i < outer.size(); ++i)
        Refuse(DiagId::kManyPrange, "has more than one prange loop", outer[i].ChildByField("right"));
      return;
    }
    Node loop = outer[0];
    Node top = loop.Parent() == body_ ? loop : TimeLoopAround(loop);
    if (!top) {
      Refuse(DiagId::kPrangePlacement, "the prange loop is inside a loop or a branch", loop.ChildByField("right"),
             "keep the serial loop in the caller and make the prange loop the kernel");
      return;
    }
    PlanLoop(loop, stmts, top);
    PlanSharedUpdates(loop);
    if (top != loop && plan_.reduction.op != ReduceOp::kNone)
      Refuse(DiagId::kPrangePlacement, "the prange loop inside the serial loop carries a reduction",
             loop.ChildByField("right"), "keep the serial loop in the caller and make the prange loop the kernel");
    if (plan_.refusals.empty()) {
      plan_.decisions.push_back(Decision(loop, true, std::string(plan_.dispatch == Dispatch::kFor ? "parallel_for" : "parallel_reduce") +
                                                         " over the prange loop"));
      TryFlatten(loop, top);
    }
  }

  // The parallel loop of the kernel (a prange, or a serial loop proven
  // independent): its range, the reduction, the set-up and the return.
  void PlanLoop(const Node& loop, const std::vector<Node>& stmts, const Node& top) {
    if (top != loop) {  // a serial loop the caller runs around the dispatch
      plan_.time_loop_start = top.StartByte();
      plan_.time_loop_end = top.EndByte();
      plan_.time_var = std::string(top.ChildByField("left").Text());
      for (const Node& a : top.ChildByField("right").ChildByField("arguments").NamedChildren())
        CheckCallerExpression(a, "the serial loop's range");
    }
    plan_.loop_start = loop.StartByte();
    plan_.loop_end = loop.EndByte();
    plan_.loop_var = std::string(loop.ChildByField("left").Text());
    for (const Node& a : loop.ChildByField("right").ChildByField("arguments").NamedChildren())
      plan_.range_args.emplace_back(a.Text());
    size_t idx = std::find(stmts.begin(), stmts.end(), top) - stmts.begin();
    FindReduction(loop, stmts, idx);
    CallerSetup(stmts, idx);
    // After the loop: at most one `return`.
    for (size_t i = idx + 1; i < stmts.size(); ++i) {
      const Node& s = stmts[i];
      if (s.Type() == "return_statement" && i + 1 == stmts.size()) {
        plan_.final_return_start = s.StartByte();
        plan_.final_return_end = s.EndByte();
        if (s.NamedChildCount() == 0 || s.NamedChild(0).Type() == "none") break;
        Node v = s.NamedChild(0);
        Type vt = TypeOfExpr(v, plan_.types, mod_.imports);
        if (vt.rank > 0) {
          if (v.Type() != "identifier") Refuse(DiagId::kUnsupportedReturn, "returns an array expression", v);
          plan_.returns = ReturnKind::kArray;
        } else {
          plan_.returns = ReturnKind::kReduction;
          plan_.return_type = vt.scalar;
        }
        CheckCallerExpression(v, "the returned value");
        continue;
      }
      if (IsDocstring(s) || s.Type() == "pass_statement") continue;
      Refuse(DiagId::kPrangeSurroundings, "runs '" + FirstLine(s) + "' after the prange loop", s);
    }
    Walk(loop, [&](const Node& n) {
      if (n.Type() == "return_statement") Refuse(DiagId::kUnsupportedReturn, "returns from inside the prange loop", n);
      if (n.Type() == "break_statement" && InnermostLoop(n) == loop)
        Refuse(DiagId::kUnsupportedSyntax, "uses break in the prange loop", n);
      return true;
    });
    plan_.dispatch = plan_.reduction.op == ReduceOp::kNone ? Dispatch::kFor : Dispatch::kReduce;
    if (plan_.reduction.op != ReduceOp::kNone && plan_.reduction.op != ReduceOp::kSum)
      Note(DiagId::kAtomicReduction,
           std::string(ReduceOpName(plan_.reduction.op)) + " reduction of '" + plan_.reduction.var +
               "' through an atomic update",
           loop.ChildByField("right"));
  }

  // Element updates that several prange iterations may share: atomics, or a
  // refusal where atomics cannot express them (shared_updates.h).
  void PlanSharedUpdates(const Node& loop) {
    SharedUpdates su = AnalyzeSharedUpdates({loop, plan_.types, unknown_dtype_, mod_.imports});
    for (const auto& p : su.problems)
      Refuse(DiagId::kSharedElementUpdate, "'" + k_.name + "': " + p.message, p.start, p.end, p.help);
    if (!su.problems.empty()) return;
    for (const auto& n : su.notes)
      plan_.notes.push_back(Diagnostic::Make(DiagId::kAtomicElementUpdate, "'" + k_.name + "': " + n.message,
                                             std::string(path_)).At(n.start, n.end));
    // Whether an atomically updated array holds integers decides the update
    // (Numba converts after each addition, an atomic before): not guessed.
    for (const AtomicDtypeCheck& c : su.dtype_checks)
      Refuse(DiagId::kNoTypeEvidence,
             "updates '" + c.array + "' with values that may not be integers, and nothing in the kernel says whether '" +
                 c.array + "' holds integers (an atomic update would convert differently)",
             def_.ChildByField("name"), kRecordTypesHelp);
    if (!su.dtype_checks.empty()) return;
    plan_.atomic_updates = std::move(su.updates);
  }

  // ---- automatic parallelism (issue 5 items 5-6; loop_dependence.h) ----------
  // prange loops run in parallel unless --parallelize=none (then, as Numba
  // without parallel=True, they are serial loops).
  bool ParallelPrange() const { return k_.Option("parallel") && options_.parallelize != "none"; }

  LoopDecision Decision(const Node& loop, bool parallel, std::string why) const {
    Node r = loop.ChildByField("right");
    return LoopDecision{loop.StartByte(), r ? r.EndByte() : loop.EndByte(), parallel, std::move(why)};
  }

  // A serial kernel whose one top-level loop has independent iterations gets
  // the plan of a prange kernel over that loop. Every obstacle keeps the
  // serial plan, silently (the reason is a decision for --explain-parallel).
  bool TryAutoParallel(const std::vector<Node>& stmts) {
    if (!plan_.refusals.empty()) return false;
    std::vector<Node> loops;
    for (const Node& s : stmts)
      if (s.Type() == "for_statement" || s.Type() == "while_statement") loops.push_back(s);
    auto keep = [&](const Node& loop, const std::string& why) {
      if (loop.Type() == "for_statement") plan_.decisions.push_back(Decision(loop, false, why));
      return false;
    };
    if (options_.parallelize != "auto") {
      for (const Node& l : loops) keep(l, "serial: --parallelize=" + options_.parallelize + " keeps serial loops serial");
      return false;
    }
    if (loops.size() != 1) {
      for (const Node& l : loops)
        keep(l, loops.size() > 1 ? "serial: the kernel has " + std::to_string(loops.size()) +
                                       " top-level loops (one dispatch runs one loop)"
                                 : "");
      return false;
    }
    Node loop = loops[0];
    if (loop.Type() != "for_statement") return false;
    LoopDependence dep = AnalyzeLoopDependence({body_, {loop}, plan_.types, plan_.params, mod_.imports, loop, guards_});
    Node top = loop;
    if (!dep.independent) {
      // A serial (time) loop around one independent loop: the caller runs
      // the serial loop around the parallel dispatch.
      Node inner = PerfectlyNestedLoop(loop, mod_.imports);
      if (!inner || !TimeLoopAround(inner))
        return keep(loop, "serial: " + dep.reason + " (line " + LineOf(dep.where_start) + ")");
      LoopDependence in = AnalyzeLoopDependence({body_, {inner}, plan_.types, plan_.params, mod_.imports, loop, guards_});
      if (!in.independent)
        return keep(loop, "serial: " + dep.reason + " (line " + LineOf(dep.where_start) + ")");
      plan_.decisions.push_back(Decision(loop, false, "serial, in the caller, around the parallel dispatch of the inner loop"));
      top = loop;
      loop = inner;
      dep = in;
    }
    if (!dep.alias_checks.empty() && options_.space != "OpenMP" && options_.space != "Threads" &&
        options_.space != "Serial")
      return keep(loop, "serial: arrays may alias and the " + options_.space + " space has no serial fallback");
    KernelPlan saved = plan_;
    std::set<std::string> saved_setup = setup_names_;
    PlanLoop(loop, stmts, top);
    std::string why;
    if (!plan_.refusals.empty()) why = plan_.refusals[0].message;
    if (why.empty() && top != loop && plan_.reduction.op != ReduceOp::kNone)
      why = "the loop inside the serial loop carries a reduction";
    for (size_t at; (at = why.find("the prange loop")) != std::string::npos;) why.replace(at, 15, "the loop");
    bool float_red = plan_.reduction.op != ReduceOp::kNone && !IsInteger(plan_.reduction.type) &&
                     plan_.reduction.type != Scalar::kBool;
    if (why.empty() && float_red && (plan_.reduction.op == ReduceOp::kMax || plan_.reduction.op == ReduceOp::kMin))
      why = "a floating-point " + std::string(ReduceOpName(plan_.reduction.op)) +
            " reduction depends on the order when a NaN is met";
    if (!why.empty()) {
      plan_ = std::move(saved);
      setup_names_ = std::move(saved_setup);
      if (top != loop) {
        plan_.decisions.pop_back();  // the serial loop's decision
        loop = top;
      }
      std::string prefix = "'" + k_.name + "': ";
      if (why.rfind(prefix, 0) == 0) why = why.substr(prefix.size());
      return keep(loop, "serial: " + why);
    }
    plan_.auto_parallel = true;
    plan_.alias_checks = dep.alias_checks;
    // The NumpyTransformer's accumulators (`_pk_np_acc0`) mean nothing to the user.
    bool numpy_acc = plan_.reduction.var.rfind("_pk_np_", 0) == 0;
    if (float_red)
      Note(DiagId::kReassociatedReduction,
           (numpy_acc ? "the NumPy " + std::string(ReduceOpName(plan_.reduction.op))
                      : std::string(ReduceOpName(plan_.reduction.op)) + " of '" + plan_.reduction.var + "'") +
               " is reassociated by the automatic parallelisation of this loop",
           loop.ChildByField("right"));
    std::string what = plan_.dispatch == Dispatch::kFor ? "parallel_for" : "parallel_reduce";
    what += " (iterations proven independent";
    if (!dep.alias_checks.empty()) what += "; runs serially when np.may_share_memory finds the arrays overlap";
    plan_.decisions.push_back(Decision(loop, true, what + ")"));
    TryFlatten(loop, top);
    return true;
  }

  // The serial loop `for t in range(...)` whose body is exactly `loop`, at the
  // top level of the kernel: the caller can run it around the dispatch (each
  // step's parallel loop completes before the next step starts, as in Numba).
  Node TimeLoopAround(const Node& loop) const {
    Node block = loop.Parent();
    Node top = block ? block.Parent() : Node();
    if (!top || top.Type() != "for_statement" || top.Parent() != body_ || !IsRangeLoop(top, mod_.imports)) return Node();
    if (mod_.imports.Resolve(top.ChildByField("right").ChildByField("function")) != "range") return Node();
    auto inside = Statements(block);
    if (inside.size() != 1 || inside[0] != loop) return Node();
    std::string t(top.ChildByField("left").Text());
    if (assign_count_.count(t) && assign_count_.at(t) != 2) return Node();  // assigned besides its for
    return top;
  }

  // --nested-parallel=flatten: a rectangular inner loop whose iterations are
  // independent too joins the parallel range.
  void TryFlatten(const Node& loop, const Node& top) {
    Node inner = PerfectlyNestedLoop(loop, mod_.imports);
    if (!inner) return;
    if (options_.nested_parallel != "flatten") {
      plan_.decisions.push_back(Decision(inner, false, "serial inside each parallel iteration (--nested-parallel=outer)"));
      return;
    }
    LoopDependence dep = AnalyzeLoopDependence({body_, {loop, inner}, plan_.types, plan_.params, mod_.imports, top, guards_});
    if (!dep.independent) {
      plan_.decisions.push_back(Decision(inner, false, "serial inside each parallel iteration: " + dep.reason));
      return;
    }
    plan_.inner_loop_start = inner.StartByte();
    plan_.inner_loop_end = inner.EndByte();
    plan_.inner_loop_var = std::string(inner.ChildByField("left").Text());
    for (const auto& a : dep.alias_checks) {
      bool have = false;
      for (const auto& b : plan_.alias_checks) have = have || (a.written == b.written && a.other == b.other);
      if (!have) plan_.alias_checks.push_back(a);
    }
    plan_.decisions.push_back(Decision(inner, true, "flattened with the outer loop into one parallel range"));
  }

  // Every other loop of a translated kernel gets a decision too.
  void ExplainLoops() {
    Walk(body_, [&](const Node& n) {
      if (n.Type() != "for_statement") return true;
      for (const auto& d : plan_.decisions)
        if (d.start == n.StartByte()) return true;
      bool inside = plan_.dispatch != Dispatch::kSerial && n.StartByte() > plan_.loop_start && n.EndByte() <= plan_.loop_end;
      bool time = plan_.time_loop_start && n.StartByte() == plan_.time_loop_start;
      plan_.decisions.push_back(Decision(n, false, time ? "serial, in the caller, around the parallel dispatch"
                                                   : inside ? "serial inside each parallel iteration"
                                                          : plan_.dispatch == Dispatch::kSerial
                                                                ? "serial: inside the serial kernel's loop"
                                                                : "serial: outside the parallel loop"));
      return true;
    });
    std::sort(plan_.decisions.begin(), plan_.decisions.end(),
              [](const LoopDecision& a, const LoopDecision& b) { return a.start < b.start; });
  }

  std::string LineOf(uint32_t byte) const {
    return std::to_string(tree_.Root().DescendantForByteRange(byte, byte).StartPoint().row + 1);
  }

  static Node InnermostLoop(Node n) {
    for (n = n.Parent(); n; n = n.Parent())
      if (n.Type() == "for_statement" || n.Type() == "while_statement") return n;
    return Node();
  }

  static std::string FirstLine(const Node& n) {
    std::string_view t = n.Text();
    return std::string(t.substr(0, t.find('\n')));
  }

  // Identifiers the caller can evaluate: parameters, setup scalars, the
  // reduction variable and allocated arrays.
  void CheckCallerExpression(const Node& e, const std::string& what) {
    WalkWithParent(e, e.Parent(), [&](const Node& n, const Node& p) {
      if (n.Type() != "identifier") return true;
      if (p.Type() == "attribute" && p.ChildByField("attribute") == n) return true;
      if (p.Type() == "keyword_argument" && p.ChildByField("name") == n) return true;
      if (p.Type() == "call" && p.ChildByField("function") == n) return true;
      std::string name(n.Text());
      bool ok = std::find(plan_.params.begin(), plan_.params.end(), name) != plan_.params.end() ||
                setup_names_.count(name) || name == plan_.reduction.var ||
                mod_.imports.ModuleAliases().count(name);
      for (const auto& a : plan_.allocations) ok = ok || a.var == name;
      if (!ok) Refuse(DiagId::kPrangeSurroundings, what + " uses '" + name + "', which only the loop computes", n);
      return true;
    });
  }

  // Top-level statements before `end` (the prange loop, or all for serial
  // kernels): scalar set-up the caller may repeat, allocations, the
  // reduction's initial value.
  void CallerSetup(const std::vector<Node>& stmts, size_t end) {
    for (size_t i = 0; i < end; ++i) {
      const Node& s = stmts[i];
      Node a = AssignmentOf(s);
      bool serial = end == stmts.size() && plan_.loop_start == 0;
      if (a && a.Type() == "assignment" && a.ChildByField("left").Type() == "identifier") {
        std::string var(a.ChildByField("left").Text());
        Node r = a.ChildByField("right");
        if (r.Type() == "call" && IsNumpyAllocation(mod_.imports.Resolve(r.ChildByField("function")))) {
          plan_.allocations.push_back({var, s.StartByte(), s.EndByte(), r.StartByte(), r.EndByte()});
          for (const Node& arg : r.ChildByField("arguments").NamedChildren()) CheckCallerExpression(arg, "the allocation");
          continue;
        }
        if (var == plan_.reduction.var) continue;  // recorded by FindReduction
        if (assign_count_[var] == 1 && plan_.types[var].rank == 0 && !MentionsArrayElement(r)) {
          setup_names_.insert(var);
          plan_.setup.push_back({s.StartByte(), s.EndByte()});
          continue;
        }
      }
      // `n, m = a.shape` is scalar set-up too (one statement per extent once
      // the ArrayTransformer has run).
      if (a && a.Type() == "assignment" && a.ChildByField("right").Type() == "attribute" &&
          a.ChildByField("right").ChildByField("attribute").Text() == "shape") {
        bool once = true;
        for (const Node& id : a.ChildByField("left").NamedChildren()) once = once && assign_count_[std::string(id.Text())] == 1;
        if (once) {
          for (const Node& id : a.ChildByField("left").NamedChildren()) setup_names_.insert(std::string(id.Text()));
          plan_.setup.push_back({s.StartByte(), s.EndByte()});
          continue;
        }
      }
      if (serial || IsGuard(s)) continue;  // serial kernels run every statement in the workunit; guards go to the caller
      if (IsDocstring(s) || s.Type() == "pass_statement") continue;
      Refuse(DiagId::kPrangeSurroundings, "runs '" + FirstLine(s) + "' before the prange loop", s,
             "compute it inside the loop, or in a separate kernel");
    }
  }

  bool MentionsArrayElement(const Node& e) {
    bool found = false;
    Walk(e, [&](const Node& n) {
      if (n.Type() == "subscript") {
        int d = 0;
        Node b = SubscriptBase(n, &d);
        if (b.Type() == "identifier") found = true;
      }
      return !found;
    });
    return found;
  }

  void FindReduction(const Node& loop, const std::vector<Node>& stmts, size_t idx) {
    // Names assigned inside the loop that also live outside it.
    std::set<std::string> inside;
    Walk(loop.ChildByField("body"), [&](const Node& n) {
      if (n.Type() == "assignment" || n.Type() == "augmented_assignment") {
        Node l = n.ChildByField("left");
        if (l.Type() == "identifier") inside.insert(std::string(l.Text()));
      }
      return true;
    });
    std::vector<std::string> carried;
    for (const auto& v : inside) {
      bool outside = false;
      for (size_t i = 0; i < stmts.size(); ++i)
        if (i != idx && MentionsName(stmts[i], v)) outside = true;
      if (outside) carried.push_back(v);
    }
    if (carried.empty()) return;
    if (carried.size() > 1) {
      Refuse(DiagId::kReductionForm, "carries several variables across prange iterations (" + carried[0] + ", " +
                                         carried[1] + ")", loop.ChildByField("right"),
             "split the kernel into one reduction per kernel");
      return;
    }
    Reduction& red = plan_.reduction;
    red.var = carried[0];
    red.type = plan_.types[red.var].scalar;
    ReduceOp op = ReduceOp::kNone;
    bool bad = false;
    size_t update_mentions = 0, all_mentions = 0;
    Walk(loop.ChildByField("body"), [&](const Node& n) {
      if (n.Type() == "identifier" && n.Text() == red.var) ++all_mentions;
      Node a = AssignmentOf(n);
      if (!a) return true;
      Node l = a.ChildByField("left");
      if (l.Type() != "identifier" || l.Text() != red.var) return true;
      ReduceOp this_op = UpdateOp(a);
      if (this_op == ReduceOp::kNone || (op != ReduceOp::kNone && op != this_op)) {
        bad = true;
        Refuse(DiagId::kReductionForm, "updates '" + red.var + "' in a form that is not a reduction", a);
        return false;
      }
      op = this_op;
      update_mentions += a.Type() == "augmented_assignment" ? 1 : 2;
      red.updates.push_back({n.StartByte(), n.EndByte()});
      return false;
    });
    // Mentions inside updates were not walked except the update itself; count them again.
    size_t total = 0;
    Walk(loop.ChildByField("body"), [&](const Node& n) {
      if (n.Type() == "identifier" && n.Text() == red.var) ++total;
      return true;
    });
    if (!bad && total != update_mentions) {
      Refuse(DiagId::kReductionForm, "reads '" + red.var + "' inside the prange loop besides reducing it",
             loop.ChildByField("right"));
      bad = true;
    }
    (void)all_mentions;
    if (bad) return;
    red.op = op;
    // The initial value: a top-level assignment before the loop.
    for (size_t i = 0; i < idx; ++i) {
      Node a = AssignmentOf(stmts[i]);
      if (a && a.Type() == "assignment" && a.ChildByField("left").Text() == red.var) {
        if (red.init_stmt_start) {
          Refuse(DiagId::kReductionForm, "sets '" + red.var + "' more than once before the prange loop", a);
          return;
        }
        red.init_stmt_start = stmts[i].StartByte();
        red.init_stmt_end = stmts[i].EndByte();
        Node v = a.ChildByField("right");
        red.init_value_start = v.StartByte();
        red.init_value_end = v.EndByte();
        red.init_is_zero = IsZeroLiteral(v);
        CheckCallerExpression(v, "the reduction's initial value");
      } else if (MentionsName(stmts[i], red.var)) {
        Refuse(DiagId::kPrangeSurroundings, "uses '" + red.var + "' before the prange loop", stmts[i]);
      }
    }
    if (!red.init_stmt_start)
      Refuse(DiagId::kReductionForm, "reduces '" + red.var + "' without setting it before the loop",
             loop.ChildByField("right"));
  }

  // `s += x`, `s -= x`, `s = s + x`, `s = x + s`, `s = s - x` -> sum;
  // `s *= x`, `s = s * x` -> product; `s = max(s, x)` -> max; min alike.
  ReduceOp UpdateOp(const Node& a) {
    std::string var(a.ChildByField("left").Text());
    Node r = a.ChildByField("right");
    if (a.Type() == "augmented_assignment") {
      std::string_view op = a.ChildByField("operator").Text();
      if (MentionsName(r, var)) return ReduceOp::kNone;
      if (op == "+=" || op == "-=") return ReduceOp::kSum;
      if (op == "*=") return ReduceOp::kProduct;
      return ReduceOp::kNone;
    }
    if (r.Type() == "binary_operator") {
      std::string_view op = r.ChildByField("operator").Text();
      Node x = r.ChildByField("left"), y = r.ChildByField("right");
      bool left_is = x.Type() == "identifier" && x.Text() == var;
      bool right_is = y.Type() == "identifier" && y.Text() == var;
      if (left_is && !MentionsName(y, var) && (op == "+" || op == "-")) return ReduceOp::kSum;
      if (right_is && !MentionsName(x, var) && op == "+") return ReduceOp::kSum;
      if (left_is && !MentionsName(y, var) && op == "*") return ReduceOp::kProduct;
      if (right_is && !MentionsName(x, var) && op == "*") return ReduceOp::kProduct;
      return ReduceOp::kNone;
    }
    if (r.Type() == "call") {
      std::string q = mod_.imports.Resolve(r.ChildByField("function"));
      auto args = r.ChildByField("arguments").NamedChildren();
      if ((q == "max" || q == "min") && args.size() == 2) {
        int which = args[0].Text() == var ? 0 : args[1].Text() == var ? 1 : -1;
        if (which < 0 || MentionsName(args[1 - which], var)) return ReduceOp::kNone;
        return q == "max" ? ReduceOp::kMax : ReduceOp::kMin;
      }
    }
    return ReduceOp::kNone;
  }

  void SerialReturns() {
    std::vector<Node> returns;
    Walk(body_, [&](const Node& n) {
      if (n.Type() == "return_statement") returns.push_back(n);
      return true;
    });
    bool any_array = false, any_scalar = false;
    Scalar rt = Scalar::kUnknown;
    for (const Node& r : returns) {
      if (r.NamedChildCount() == 0 || r.NamedChild(0).Type() == "none") continue;
      Type t = TypeOfExpr(r.NamedChild(0), plan_.types, mod_.imports);
      if (t.rank > 0) any_array = true;
      else {
        any_scalar = true;
        rt = Unify(rt, t.scalar);
      }
    }
    if (any_array && any_scalar) {
      Refuse(DiagId::kUnsupportedReturn, "returns arrays and scalars", def_.ChildByField("name"));
      return;
    }
    if (any_scalar) {
      plan_.returns = ReturnKind::kScalar;
      plan_.return_type = rt;
      if ((rt == Scalar::kUnknown || IsComplex(rt)) && plan_.refusals.empty())
        Refuse(DiagId::kUnknownType, "cannot infer the type of the returned value", def_.ChildByField("name"));
      return;
    }
    if (!any_array) return;
    auto stmts = Statements(body_);
    if (returns.size() != 1 || stmts.empty() || stmts.back() != returns[0] ||
        returns[0].NamedChild(0).Type() != "identifier") {
      Refuse(DiagId::kUnsupportedReturn, "returns an array other than by a final 'return name'", returns[0]);
      return;
    }
    plan_.returns = ReturnKind::kArray;
    plan_.final_return_start = returns[0].StartByte();
    plan_.final_return_end = returns[0].EndByte();
  }

  const Tree& tree_;
  std::string_view path_;
  const ModuleInfo& mod_;
  const Kernel& k_;
  KernelPlan& plan_;
  Node def_, body_;
  std::set<std::string> kernel_names_;
  std::set<std::string> loop_vars_;
  std::set<std::string> containers_;  // locals bound to a list, dict or set (CRB112)
  std::map<std::string, int> assign_count_;
  std::map<std::string, int> array_rank_;
  std::set<std::string> unknown_dtype_, noted_dtype_, assumed_float_;
  std::unique_ptr<StaticTyping> typing_;
  std::optional<RecordedTypes> recorded_;
  std::set<std::string> no_kind_evidence_;
  std::set<std::string> deeper_bound_;
  std::set<std::string> helper_assumed_arrays_;  // arrays of assumed dtype passed to @pk.functions  // locals bound to a subscript that is an array (CRB140)  // parameters that may be scalars or arrays (CRB140)
  std::set<std::string> setup_names_;
  std::vector<Node> allocation_calls_;
  HelperRegistry& reg_;
  const std::vector<Type>* function_args_;
  bool ranks_only_;
  const TranslateOptions& options_;
  std::vector<Node> helper_calls_;  // calls to jitted functions that may become @pk.functions
  std::vector<const FunctionSpec*> call_specs_;
  std::set<std::pair<uint32_t, uint32_t>> subview_subscripts_;  // subscripts in a subview position (CheckConstructs)
  std::vector<Node> guards_;
  std::set<std::string> helper_writes_;                 // names passed to helpers that write them
  std::map<std::string, std::string> subview_roots_;   // subview name -> the name it views
  std::vector<NumpyGuardSite> guard_sites_;
};

}  // namespace

KernelPlan BuildKernelPlan(const Tree& tree, std::string_view path, const ModuleInfo& mod, size_t index,
                           HelperRegistry& reg, const std::vector<Type>* function_args, bool ranks_only) {
  KernelPlan plan;
  Builder(tree, path, mod, index, plan, reg, function_args, ranks_only).Build();
  return plan;
}

KernelPlans KernelPlanAnalysis::Compute(const AnalysisInput& in) {
  // Computed through the cache so visitors share the module analysis too.
  ModuleInfo mod = AnalyzeModule(in.tree, in.path);
  KernelPlans out;
  static const TranslateOptions kDefaults;
  HelperRegistry reg(in.tree, in.path, mod, in.options ? *in.options : kDefaults);
  for (size_t i = 0; i < mod.kernels.size(); ++i) {
    const Kernel& k = mod.kernels[i];
    if (k.kind != JitKind::kNjit && k.kind != JitKind::kJit) continue;
    if (k.uses_objmode_block) continue;
    out.plans.push_back(reg.BuildKernel(i));
  }
  // Jitted functions that Numba kernels call stay Numba (CRB132).
  KeepCalleesOfNumbaKernels(out, in.tree, in.path, mod, reg);
  // The @pk.functions the kernels being translated need (translatable and
  // selected by --kernel), named in first-use order. An unselected kernel's
  // helpers must not appear: they would be the only PyKokkos code in a file
  // that has no `import pykokkos`.
  const std::vector<std::string>& selected = in.options ? in.options->kernels : kDefaults.kernels;
  for (KernelPlan& plan : out.plans)
    if (plan.translatable && KernelSelected(selected, mod.kernels[plan.kernel_index]))
      for (HelperCall& c : plan.calls) {
        reg.Use(c.spec);
        c.function = c.spec->name;
      }
  for (KernelPlan& plan : out.plans)
    for (HelperCall& c : plan.calls) c.spec = nullptr;
  for (const FunctionSpec* spec : reg.Used()) {
    KernelPlan f = *spec->plan;
    f.function_name = spec->name;
    for (HelperCall& c : f.calls) c.spec = nullptr;
    out.functions.push_back(std::move(f));
  }
  return out;
}

}  // namespace caramba
