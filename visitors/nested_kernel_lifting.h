// nested_kernel_lifting.h — kernels defined inside a function or a block of
// the module become top-level kernels (caramba/analysis/nested_kernels.h),
// Numba spelling in and out; in their place a def with the kernel's name and
// signature calls the lifted kernel. The first visitor of the pipeline.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class NestedKernelLifting : public Visitor {
 public:
  std::string_view Name() const override { return "NestedKernelLifting"; }
  std::string_view Description() const override {
    return "lifts kernels defined inside functions or blocks to module level, leaving a def that calls them";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
