// numpy_transformer.h — NumPy inside kernels (thesis §2.3.1, issue 5 item 4),
// the first visitor of the pipeline.
//
// Lowers, in Numba spelling, what the KernelPlan's NumPy lowering decided
// (caramba/analysis/numpy_lowering.h, driven by the table in
// caramba/analysis/numpy_table.h): element-wise array expressions and slice
// assignments become loop nests, reductions become accumulator loops placed
// before their statement, np.minimum/np.maximum NaN-propagating conditionals,
// NumPy's shape errors `if ...: raise ValueError(...)` checks that the caller
// performs. The later visitors see ordinary loops. Kernels with NumPy the
// lowering refuses are left as they are (the UnsupportedDetector reports the
// CRB2xx reason).
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class NumpyTransformer : public Visitor {
 public:
  std::string_view Name() const override { return "NumpyTransformer"; }
  std::string_view Description() const override {
    return "lowers NumPy array expressions, slice assignments and reductions inside kernels to loops";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
