// tuple_local_inliner.h — local names bound to tuples of scalars (`shape =
// (n, m)`, `sh = a.shape`) are written where they are used and the binding
// goes (caramba/analysis/tuple_locals.h decides when that is exact), so the
// later visitors see no tuple variable.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class TupleLocalInliner : public Visitor {
 public:
  std::string_view Name() const override { return "TupleLocalInliner"; }
  std::string_view Description() const override {
    return "writes local tuples of scalars (shape = (n, m), sh = a.shape) where the kernel uses them";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
