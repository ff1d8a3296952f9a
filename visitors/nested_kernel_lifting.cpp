// nested_kernel_lifting.cpp — see nested_kernel_lifting.h.
#include "visitors/nested_kernel_lifting.h"

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/nested_kernels.h"

namespace caramba {

VisitorResult NestedKernelLifting::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  // The thesis's caller style names the workunit after the kernel: the def
  // left in place would call the workunit, not a caller.
  if (ctx.options().caller_style != "drop-in") return r;
  for (const Kernel& k : ctx.module().kernels) {
    if (!KernelSelected(ctx.options().kernels, k)) continue;
    LiftDecision d = PlanLift(ctx.tree(), ctx.module(), k);
    if (!d.plan) continue;  // the KernelPlan says why (CRB122)
    for (const Edit& e : LiftEdits(ctx.tree(), k, *d.plan)) r.edits.Replace(e.start, e.end, e.replacement, k.name);
  }
  return r;
}

}  // namespace caramba
