// pattern_analyzer.h — the dispatch kind of each kernel (thesis §2.3.3): a
// prange loop without a reduction becomes parallel_for, with a scalar
// reduction parallel_reduce (sum directly; product, max and min through an
// atomic update), and a kernel without prange a single-index dispatch.
// It changes no text: it reports the loop/reduction refusals (CRB4xx) and
// notes; the plan itself lives in the KernelPlan analysis, which also makes
// the auto-parallelism decision (--parallelize, loop_dependence.h) that
// --explain-parallel reports here, one note per loop (CRB521 parallel,
// CRB522 serial).
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class PatternAnalyzer : public Visitor {
 public:
  std::string_view Name() const override { return "PatternAnalyzer"; }
  std::string_view Description() const override {
    return "picks parallel_for / parallel_reduce / serial dispatch per kernel; refuses racy loops (CRB4xx)";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
