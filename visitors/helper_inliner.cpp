// helper_inliner.cpp — see helper_inliner.h.
#include "visitors/helper_inliner.h"

#include "caramba/analysis/helper_inlining.h"
#include "visitors/kernel_rewrites.h"

namespace caramba {

VisitorResult HelperInliner::Run(const Context& ctx) const {
  return RewriteEachKernel(ctx, Name(), InlineTupleHelpers);
}

}  // namespace caramba
