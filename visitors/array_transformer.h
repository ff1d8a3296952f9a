// array_transformer.h — NumPy array syntax to PyKokkos view syntax inside the
// kernels that will be translated (thesis §2.3.2): `a[i, j]` -> `a[i][j]`,
// `len(a)`, `a.shape[d]`, `n, m = a.shape`, `a.size`, `a.ndim` -> extents,
// and negative constant indices made explicit (`a[-1]` -> `a[a.extent(0) - 1]`).
//
// `extent()` is unsigned in C++, so an extent inside arithmetic or a
// comparison is written `int(a.extent(0))`; it stays bare where it cannot
// underflow (a range() argument, the whole right-hand side of an assignment).
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class ArrayTransformer : public Visitor {
 public:
  std::string_view Name() const override { return "ArrayTransformer"; }
  std::string_view Description() const override {
    return "rewrites indexing, shapes and negative indices of arrays into view syntax";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
