// numpy_transformer.cpp — see numpy_transformer.h. The decisions live in the
// analysis (KernelPlan::numpy_rewrites), so the detector and this visitor
// read the same facts.
#include "visitors/numpy_transformer.h"

#include <set>
#include <tuple>

#include "caramba/analysis/kernel_plan.h"

namespace caramba {

VisitorResult NumpyTransformer::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  // Insertions several kernels ask for (the fallback's `import pykokkos as
  // pk` after the last import) are made once.
  std::set<std::tuple<uint32_t, std::string>> inserted;
  for (const KernelPlan& plan : ctx.Get<KernelPlanAnalysis>().plans) {
    if (plan.numpy_rewrites.empty()) continue;
    if (!KernelSelected(ctx.options().kernels, ctx.module().kernels[plan.kernel_index])) continue;
    for (const NumpyRewrite& w : plan.numpy_rewrites) {
      if (w.start == w.end && !inserted.insert({w.start, w.text}).second) continue;
      r.edits.Replace(w.start, w.end, w.text, plan.name);
    }
    // Its own notes (assumed ranks, shape checks in the caller): the plan of
    // the lowered text no longer sees the NumPy code they are about.
    for (const Diagnostic& d : plan.notes) {
      int code = std::stoi(std::string(d.Code()).substr(3));
      if (code >= 515 && code <= 519) r.diagnostics.push_back(d);
    }
  }
  return r;
}

}  // namespace caramba
