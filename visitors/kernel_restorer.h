// kernel_restorer.h — the last visitor: every Numba kernel still present in
// the output (refused, not selected, or of an unsupported kind) gets back the
// exact text it had in the input.
//
// Why: the visitors that desugar before the UnsupportedDetector decides
// (the NumpyTransformer turns array expressions into loops) may rewrite a
// kernel that a later analysis refuses for another reason. The promise is that
// a kernel Caramba does not translate stays byte for byte what the user wrote,
// so this pass restores it instead of every visitor having to predict every
// other visitor's refusals. A kernel left as Numba code that no earlier
// visitor explained gets the refusals of its final plan (found late, after an
// editing visitor), so no kernel stays untranslated silently.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class KernelRestorer : public Visitor {
 public:
  std::string_view Name() const override { return "KernelRestorer"; }
  std::string_view Description() const override {
    return "puts back the input text of every kernel left as Numba code (refused kernels stay byte-identical)";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
