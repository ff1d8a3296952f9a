// signature_dispatch.h — the last step of a kernel translated once per kind
// of recorded signature (caramba/analysis/signature_splits.h): the kernel
// becomes a Python function of its name and parameters that calls the
// variant its arguments' kinds select and raises TypeError for any other
// kinds. When a variant stayed Numba code, or a kernel that stays Numba code
// calls the kernel, it reports CRB141 with the reason instead, and the pass
// manager runs the pipeline again with the kernel kept whole.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class SignatureDispatch : public Visitor {
 public:
  std::string_view Name() const override { return "SignatureDispatch"; }
  std::string_view Description() const override {
    return "turns a kernel translated once per kind of signature into the Python function that dispatches to them";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
