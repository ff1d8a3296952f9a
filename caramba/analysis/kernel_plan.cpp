// kernel_plan.cpp — see kernel_plan.h.
//
// One Builder per kernel (plan_builder.h) walks the def once for constructs
// (refusals), once for names and types, and once for the loop/reduction
// pattern. Every refusal carries the code and the exact node, so the user sees
// all of them at once. Build() below is the order of the steps; each step
// lives in the plan_*.cpp file of its role.
#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/signature_splits.h"

#include "caramba/analysis/nested_kernels.h"
#include "caramba/analysis/phases.h"
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
  // A kernel kept on purpose is translated only when named explicitly
  // (--kernel, or the editor's "Migrate kernel" action).
  if (selected.empty()) return !k.keep;
  // A kernel lifted to module level (nested_kernels.h) is named after the
  // qualified name the user selects it by.
  auto named = [&](const std::string& name) {
    for (const std::string& s : selected)
      if (s == name || LiftedName(s) == name) return true;
    return false;
  };
  // A phase kernel the PhaseLowering wrote is selected with its kernel.
  if (std::string owner = PhaseOwner(k.name); !owner.empty()) return named(owner);
  return named(k.name) || named(k.qualname);
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
  // Translated once per kind of recorded signature (signature_splits.h):
  // its variants are kernels of their own, and it becomes their dispatcher
  // at the end; nothing of its one-text translation matters.
  if (auto s = options_.signature_splits.find(k_.name);
      s != options_.signature_splits.end() && !function_args_ && !ranks_only_) {
    std::string which;
    for (const SignatureVariant& v : s->second) {
      std::string kinds;
      for (size_t i : v.selecting) kinds += (kinds.empty() ? "" : ", ") + DescribeKind(v.args[i]);
      which += (which.empty() ? "" : ", ") + v.name + " (" + kinds + ")";
    }
    Refuse(DiagId::kSignatureVariants,
           "'" + k_.name + "': translated once per kind of recorded signature: " + which + "; '" + k_.name +
               "' calls the one its arguments select",
           k_.def_start_byte, k_.def_start_byte + 3);
    return;
  }
  if (k_.nested || !k_.via_decorator || k_.is_class) {
    // Kernels the NestedKernelLifting could not lift say why.
    LiftDecision lift = PlanLift(tree_, mod_, k_);
    std::string why = !lift.why.empty() ? ": " + lift.why : "";
    Refuse(DiagId::kNestedKernel,
           "'" + k_.qualname + "' is " + (k_.via_decorator ? "not defined at module level" : "made by wrapping") +
               why + "; left as Numba code",
           k_.def_start_byte, k_.def_start_byte + 3, lift.help);
    return;
  }
  def_ = tree_.Root().DescendantForByteRange(k_.def_start_byte, k_.def_end_byte);
  while (def_ && def_.Type() != "function_definition") def_ = def_.Parent();
  if (!def_) return;
  body_ = def_.ChildByField("body");
  if (PhaseOwner(k_.name).empty())
    if (auto lifted = FindLifted(tree_, k_.name)) {
      recorded_as_ = k_;
      recorded_as_->qualname = lifted->qualname;
      closure_ = lifted->closure;
    }
  CollectParams();
  CollectNames(body_);
  // Whether Numba's types are known decides some construct checks too.
  if (!function_args_) recorded_ = FindRecordedTypes(TypesKernel(), path_, options_);
  CheckConstructs(body_);
  InferParamTypes();
  if (ranks_only_) return;
  if (!plan_.as_function) IntegerArraysFromIndexing();
  InferLocalTypes();
  CheckStaticEvidence();
  CheckArrays();
  CheckIntegerTyping();
  LowerNumpyStatements();
  CheckPreludePositions();
  CheckSubviews();
  if (plan_.as_function) CheckParamAssignments(plan_.assigned_params);
  if (plan_.as_function) FunctionReturns();
  else FindPattern();
  if (!plan_.as_function && PhaseOwner(k_.name).empty()) CheckKernelParamAssignments();
  // A @pk.function has no caller of its own to run NumPy's shape checks.
  if (plan_.as_function && !guards_.empty())
    Refuse(DiagId::kNumpyInKernel, "a helper called from a kernel needs NumPy shape checks that only a caller can run",
           guards_.front());
  else
    CheckGuards();
  DropPartialLowering();
  UnknownDtypeWrites();
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
