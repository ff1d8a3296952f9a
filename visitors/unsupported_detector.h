// unsupported_detector.h — decides per kernel whether it can be migrated and
// says precisely why not (thesis §2.3, design.md §2.1). A refused kernel stays
// exactly as it was, so the output file still runs under Numba.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class UnsupportedDetector : public Visitor {
 public:
  std::string_view Name() const override { return "UnsupportedDetector"; }
  std::string_view Description() const override {
    return "refuses kernels PyKokkos cannot express, with every reason and its location (CRB1xx)";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
