// ufunc_check.h — the last step of a translated @vectorize ufunc
// (caramba/analysis/ufuncs.h): when one of its pieces stayed Numba code, or
// a kernel that stays Numba code still calls the ufunc (Numba code cannot
// call the ufunc object), it reports CRB101 with the reason, and the pass
// manager runs the pipeline again with the ufunc kept as Numba code.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class UfuncCheck : public Visitor {
 public:
  std::string_view Name() const override { return "UfuncCheck"; }
  std::string_view Description() const override {
    return "keeps a @vectorize ufunc as Numba code when its translated pieces did not all translate";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
