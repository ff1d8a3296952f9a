// subview_transformer.h — slices and rows used as values become named
// subviews (issue 5 item 3; thesis §2.3.3). The dialect allows a subview only
// as an assignment statement of its own, `s = v[i, :]` / `s = v[a:b, j]`,
// whose indices are plain names, `:` or `a:b` with both bounds
// (pykokkos-dialect.md §3.2). So:
//
//   r = distance(cluster[i], cluster[j])     _pk_sv0 = cluster[i, :]
//                                      ->    _pk_sv1 = cluster[j, :]
//                                            r = distance(_pk_sv0, _pk_sv1)
//
//   row = a[i + 1, 1:-1]               ->    _pk_sv0 = i + 1
//                                            if _pk_sv0 < 0:
//                                                _pk_sv0 = _pk_sv0 + int(a.extent(0))
//                                            _pk_sv1 = 1  ... (bounds clamped as Python does)
//                                            row = a[_pk_sv0, _pk_sv1:_pk_sv2]
//
// Index expressions and slice bounds go into `_pk_sv` temporaries computed
// with Python's rules (negative indices wrap; slice bounds wrap once, then
// clamp to [0, extent]; an empty slice has hi = lo); missing trailing
// dimensions become `:`. Runs after the ArrayTransformer (which leaves these
// subscripts in Numba form) on the kernels and the helpers that become
// @pk.functions; which slices qualify is decided by the KernelPlan analysis
// (other slices are refused there, CRB301/CRB306–CRB308).
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class SubviewTransformer : public Visitor {
 public:
  std::string_view Name() const override { return "SubviewTransformer"; }
  std::string_view Description() const override {
    return "binds rows and slices used as values to named subviews with plain-name indices";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
