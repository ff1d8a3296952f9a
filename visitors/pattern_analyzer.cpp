// pattern_analyzer.cpp — see pattern_analyzer.h.
#include "visitors/pattern_analyzer.h"

#include <string>

#include "caramba/analysis/kernel_plan.h"

namespace caramba {

VisitorResult PatternAnalyzer::Run(const Context& ctx) const {
  VisitorResult r;
  for (const KernelPlan& plan : ctx.Get<KernelPlanAnalysis>().plans) {
    if (!KernelSelected(ctx.options().kernels, ctx.module().kernels[plan.kernel_index])) continue;
    for (const Diagnostic& d : plan.refusals) {
      int code = std::stoi(std::string(d.Code()).substr(3));
      if (code >= 400 && code < 500) r.diagnostics.push_back(d);
    }
    // Notes only matter for kernels that are translated.
    if (plan.translatable)
      for (const Diagnostic& d : plan.notes) r.diagnostics.push_back(d);
  }
  return r;
}

}  // namespace caramba
