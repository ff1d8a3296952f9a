// constant_inliner.h — module-level constants read by kernels become their
// values (Numba spelling in, Numba spelling out), before any other visitor.
//
// Numba freezes the module-level numbers a kernel reads at compile time; a
// PyKokkos workunit cannot see module globals. Writing the value into the
// kernel is exact when the name is bound once, at the module's top level, to
// numbers and arithmetic (caramba/analysis/module_constants.h decides which).
// Other names keep their CRB123 refusal, whose help says why.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class ConstantInliner : public Visitor {
 public:
  std::string_view Name() const override { return "ConstantInliner"; }
  std::string_view Description() const override {
    return "writes the values of module-level constants (N = 100, TWO_PI = 2 * np.pi) into the kernels that read them";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
