// jit_wrapper_lowering.cpp — see jit_wrapper_lowering.h.
#include "visitors/jit_wrapper_lowering.h"

#include <algorithm>

#include "caramba/analysis/jit_wrappers.h"

namespace caramba {

VisitorResult JitWrapperLowering::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const std::vector<std::string>& selected = ctx.options().kernels;
  for (const Kernel& k : ctx.module().kernels) {
    if (k.via_decorator) continue;
    // Rewritten, the kernel is named after the name bound to it (--kernel g).
    auto bound = k.options.find("bound_name");
    bool named = bound != k.options.end() && std::find(selected.begin(), selected.end(), bound->second) != selected.end();
    if (!selected.empty() && !named) continue;
    for (const Edit& e : LowerWrapper(ctx.tree(), k)) r.edits.Replace(e.start, e.end, e.replacement, k.name);
  }
  return r;
}

}  // namespace caramba
