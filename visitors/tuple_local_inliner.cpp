// tuple_local_inliner.cpp — see tuple_local_inliner.h.
#include "visitors/tuple_local_inliner.h"

#include "caramba/analysis/tuple_locals.h"
#include "visitors/kernel_rewrites.h"

namespace caramba {

VisitorResult TupleLocalInliner::Run(const Context& ctx) const {
  return RewriteEachKernel(ctx, Name(), InlineTupleLocals);
}

}  // namespace caramba
