// helper_inliner.h — `a, b = helper(...)`, where the jitted helper returns a
// tuple of scalars, becomes the helper's body written at the call site, in
// Numba spelling (caramba/analysis/helper_inlining.h decides when that is
// exact), so the kernel no longer needs a tuple value.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class HelperInliner : public Visitor {
 public:
  std::string_view Name() const override { return "HelperInliner"; }
  std::string_view Description() const override {
    return "writes helpers that return a tuple of scalars (dx, dy = delta(p, i, j)) at their call sites";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
