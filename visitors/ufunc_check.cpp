// ufunc_check.cpp — see ufunc_check.h.
#include "visitors/ufunc_check.h"

#include "caramba/analysis/ufuncs.h"

namespace caramba {

VisitorResult UfuncCheck::Run(const Context& ctx) const {
  VisitorResult r;
  const ModuleInfo* input = ctx.input_module();
  if (input == nullptr) return r;
  bool any = false;
  for (const Kernel& k : input->kernels) any = any || k.kind == JitKind::kVectorize;
  if (!any) return r;
  // The plans the UfuncLowering followed: made from the input, where the
  // ufuncs still are.
  std::optional<Tree> parsed;
  const Tree* tree = ctx.input_tree();
  if (tree == nullptr) tree = &parsed.emplace(Tree::Parse(std::string(ctx.input_source())));
  const ModuleInfo& mod = ctx.module();
  for (const UfuncPlan& plan : PlanUfuncs(*tree, *input, ctx.options())) {
    if (!plan.refusal.empty()) continue;
    std::string problem;
    // Numba code cannot call the ufunc object: the root cause when its
    // pieces stayed Numba code for that caller too (CRB132), so said first.
    for (const Kernel& k : mod.kernels) {
      if (!problem.empty()) break;
      Node def = ctx.tree().Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
      while (def && def.Type() != "function_definition") def = def.Parent();
      if (def && MentionsName(def.ChildByField("body"), plan.name))
        problem = "'" + k.name + "', which stays Numba code, calls it";
    }
    for (const UfuncLoop& loop : plan.loops)
      for (const Kernel& k : mod.kernels) {
        if (!problem.empty()) break;
        if (k.name == loop.element)
          problem = "its body, compiled for " + loop.signature.ToString() + ", stays Numba code";
        else if (k.name == loop.kernel)
          problem = "its element-wise kernel for " + loop.signature.ToString() + " stays Numba code";
      }
    if (problem.empty()) continue;
    r.diagnostics.push_back(ctx.Diag(DiagId::kVectorize,
                                     "'" + plan.name + "' is a @vectorize ufunc" + std::string(kUfuncDeclined) + problem,
                                     0, 0));
  }
  return r;
}

}  // namespace caramba
