// iteration_lowering.cpp — see iteration_lowering.h.
#include "visitors/iteration_lowering.h"

#include "caramba/analysis/iteration_lowering.h"
#include "visitors/kernel_rewrites.h"

namespace caramba {

VisitorResult IterationLowering::Run(const Context& ctx) const {
  return RewriteEachKernel(ctx, Name(), LowerIterations);
}

}  // namespace caramba
