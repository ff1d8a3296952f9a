// chained_assignment_splitting.h — `a = b = value` becomes one assignment
// per target, in Numba spelling, before the other visitors run
// (caramba/analysis/chained_assignments.h decides when that is exact).
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class ChainedAssignmentSplitting : public Visitor {
 public:
  std::string_view Name() const override { return "ChainedAssignmentSplitting"; }
  std::string_view Description() const override {
    return "writes chained assignments (s = t = 0.0) as one assignment per target";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
