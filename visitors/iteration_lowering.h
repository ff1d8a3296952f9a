// iteration_lowering.h — `for v in x`, `for i, v in enumerate(x)` and
// `for a, b in zip(x, y)` over arrays and ranges become range loops, in Numba
// spelling, before any other visitor runs (caramba/analysis/iteration_lowering.h
// decides which loops and how, exactly). Later visitors see range loops only.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class IterationLowering : public Visitor {
 public:
  std::string_view Name() const override { return "IterationLowering"; }
  std::string_view Description() const override {
    return "rewrites loops over arrays, enumerate and zip as index loops over range";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
