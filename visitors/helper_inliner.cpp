// helper_inliner.cpp — see helper_inliner.h.
#include "visitors/helper_inliner.h"

#include "caramba/analysis/helper_inlining.h"
#include "caramba/analysis/kernel_plan.h"

namespace caramba {

VisitorResult HelperInliner::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const ModuleInfo& mod = ctx.module();
  for (const Kernel& k : mod.kernels) {
    // Kernels the translator migrates; the others keep their text.
    if (!IsTranslatableKind(k.kind) || k.nested || !k.via_decorator || k.is_class) continue;
    if (!KernelSelected(ctx.options().kernels, k)) continue;
    for (const Edit& e : InlineTupleHelpers(ctx.tree(), mod, k)) r.edits.Replace(e.start, e.end, e.replacement, k.name);
  }
  return r;
}

}  // namespace caramba
