// ufunc_lowering.h — @vectorize ufuncs with explicit signatures become, in
// Numba spelling, one @njit element helper and one element-wise kernel per
// signature plus a `_pk_ufunc` object under the ufunc's name, which calls
// them as NumPy calls a ufunc's loops; calls of a one-signature ufunc inside
// kernels call its element helper (caramba/analysis/ufuncs.h decides).
// Later visitors translate the pieces like any other kernel; the UfuncCheck
// keeps the ufunc as Numba code when they do not all translate.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class UfuncLowering : public Visitor {
 public:
  std::string_view Name() const override { return "UfuncLowering"; }
  std::string_view Description() const override {
    return "turns a @vectorize ufunc with signatures into element-wise kernels and a ufunc object that calls them";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
