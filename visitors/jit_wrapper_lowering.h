// jit_wrapper_lowering.h — `g = njit(f)` at module level becomes a decorated
// def (caramba/analysis/jit_wrappers.h), Numba spelling in and out, so the
// kernel is a top-level decorated function like any other and its drop-in
// caller keeps the name g. Right after the NestedKernelLifting.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class JitWrapperLowering : public Visitor {
 public:
  std::string_view Name() const override { return "JitWrapperLowering"; }
  std::string_view Description() const override {
    return "writes kernels made by wrapping (g = njit(f)) at module level as decorated defs";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
