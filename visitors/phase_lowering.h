// phase_lowering.h — NumPy-style kernels become host programs of parallel
// dispatches (caramba/analysis/phases.h decides the phases).
//
// Runs right after the NumpyTransformer, in Numba spelling. A kernel that the
// one-workunit model would run on a single thread (several loop nests, time
// loops around them, allocations or tuple returns between them) is rewritten
// as one `@njit` phase kernel per phase, `_pk_<kernel>_phase<n>`, holding just
// its loop nest, and the kernel itself becomes a plain Python host program
// under the kernel's own name that runs the scalar statements, allocates the
// arrays, runs the host loops and calls the phases. The later visitors
// translate each phase like any other kernel; the SemanticTransformer writes
// its dispatch into the host program where it is called, and the
// KernelRestorer puts the whole kernel back when one phase stays Numba code.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class PhaseLowering : public Visitor {
 public:
  std::string_view Name() const override { return "PhaseLowering"; }
  std::string_view Description() const override {
    return "splits multi-phase kernels into a host program and one parallel kernel per loop nest";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
