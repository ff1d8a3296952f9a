// kernel_rewrites.cpp — see kernel_rewrites.h.
#include "visitors/kernel_rewrites.h"

#include <string>

#include "caramba/analysis/kernel_plan.h"

namespace caramba {

VisitorResult RewriteEachKernel(const Context& ctx, std::string_view visitor, KernelRewrite rewrite) {
  VisitorResult r;
  r.edits = EditList(std::string(visitor));
  const ModuleInfo& mod = ctx.module();
  for (const Kernel& k : mod.kernels) {
    if (!IsTranslatableKind(k.kind) || k.nested || !k.via_decorator || k.is_class) continue;
    if (!KernelSelected(ctx.options().kernels, k)) continue;
    for (const Edit& e : rewrite(ctx.tree(), mod, k)) r.edits.Replace(e.start, e.end, e.replacement, k.name);
  }
  return r;
}

}  // namespace caramba
