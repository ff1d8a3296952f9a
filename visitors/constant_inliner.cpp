// constant_inliner.cpp — see constant_inliner.h.
#include "visitors/constant_inliner.h"

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/module_constants.h"

namespace caramba {

VisitorResult ConstantInliner::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const ModuleInfo& mod = ctx.module();
  bool computed = false;
  ModuleConstants constants;
  for (const Kernel& k : mod.kernels) {
    // Kernels the translator migrates; the others keep their text.
    if (!IsTranslatableKind(k.kind) || k.nested || !k.via_decorator || k.is_class) continue;
    if (!KernelSelected(ctx.options().kernels, k)) continue;
    for (const Edit& e : FoldOrdOfLiterals(ctx.tree(), k)) r.edits.Replace(e.start, e.end, e.replacement, k.name);
    if (!computed) constants = FindModuleConstants(ctx.tree(), mod.imports);
    computed = true;
    if (constants.values.empty() && constants.tuples.empty()) continue;
    for (const Edit& e : InlineConstants(ctx.tree(), k, constants)) r.edits.Replace(e.start, e.end, e.replacement, k.name);
  }
  return r;
}

}  // namespace caramba
