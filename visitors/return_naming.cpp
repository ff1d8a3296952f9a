// return_naming.cpp — see return_naming.h.
#include "visitors/return_naming.h"

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/return_naming.h"

namespace caramba {

VisitorResult ReturnNaming::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const ModuleInfo& mod = ctx.module();
  for (const Kernel& k : mod.kernels) {
    // Kernels the translator migrates; the others keep their text.
    if (!IsTranslatableKind(k.kind) || k.nested || !k.via_decorator || k.is_class) continue;
    if (!KernelSelected(ctx.options().kernels, k)) continue;
    for (const Edit& e : NameReturnedArrays(ctx.tree(), mod, k)) r.edits.Replace(e.start, e.end, e.replacement, k.name);
  }
  return r;
}

}  // namespace caramba
