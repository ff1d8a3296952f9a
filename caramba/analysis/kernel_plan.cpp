// kernel_plan.cpp — see kernel_plan.h.
//
// One Builder per kernel walks the def once for constructs (refusals), once
// for names and types, and once for the loop/reduction pattern. Every refusal
// carries the code and the exact node, so the user sees all of them at once.
#include "caramba/analysis/kernel_plan.h"

#include "caramba/analysis/plan_builder.h"

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

namespace kernel_plan_detail {

// `function_args`: build the @pk.function specialisation for these
// argument types instead of the kernel; `ranks_only`: stop once the
// parameter types are known (HelperRegistry::ParamRanks).
Builder::Builder(const Tree& tree, std::string_view path, const ModuleInfo& mod, size_t index, KernelPlan& plan,
        HelperRegistry& reg, const std::vector<Type>* function_args, bool ranks_only)
    : tree_(tree), path_(path), mod_(mod), k_(mod.kernels[index]), plan_(plan), reg_(reg),
      function_args_(function_args), ranks_only_(ranks_only), options_(reg.Options()) {
  plan_.as_function = function_args != nullptr;
  plan_.name = k_.name;
  plan_.kernel_index = index;
  plan_.def_start = k_.def_start_byte;
  plan_.def_end = k_.def_end_byte;
  for (const auto& other : mod.kernels) kernel_names_.insert(other.name);
}

void Builder::Build() {
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

void Builder::Refuse(DiagId id, std::string msg, uint32_t s, uint32_t e, std::string help) {
  auto d = Diagnostic::Make(id, std::move(msg), std::string(path_)).At(s, e);
  if (!help.empty()) d.Help(std::move(help));
  plan_.refusals.push_back(std::move(d));
}

void Builder::Refuse(DiagId id, const std::string& what, const Node& n, std::string help) {
  Refuse(id, "'" + k_.name + "': " + what, n.StartByte(), n.EndByte(), std::move(help));
}

void Builder::Note(DiagId id, const std::string& what, const Node& n) {
  plan_.notes.push_back(
      Diagnostic::Make(id, "'" + k_.name + "': " + what, std::string(path_)).At(n.StartByte(), n.EndByte()));
}

// A @pk.function returns one scalar on every path, or nothing on all.
void Builder::FunctionReturns() {
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

// Identifiers the caller can evaluate: parameters, setup scalars, the
// reduction variable and allocated arrays.
void Builder::CheckCallerExpression(const Node& e, const std::string& what) {
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
void Builder::CallerSetup(const std::vector<Node>& stmts, size_t end) {
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

void Builder::SerialReturns() {
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

}  // namespace kernel_plan_detail

KernelPlan BuildKernelPlan(const Tree& tree, std::string_view path, const ModuleInfo& mod, size_t index,
                           HelperRegistry& reg, const std::vector<Type>* function_args, bool ranks_only) {
  KernelPlan plan;
  kernel_plan_detail::Builder(tree, path, mod, index, plan, reg, function_args, ranks_only).Build();
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
