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
    // --explain-parallel: one note per loop, in source order.
    if (plan.translatable && ctx.options().explain_parallel)
      for (const LoopDecision& d : plan.decisions) {
        std::string header(ctx.source().substr(d.start, d.end - d.start));
        r.diagnostics.push_back(ctx.Diag(d.parallel ? DiagId::kLoopParallel : DiagId::kLoopSerial, "'" + plan.name + "': " + header + ": " + d.why,
                                         d.start, d.end));
      }
  }
  return r;
}

}  // namespace caramba
