// chained_assignment_splitting.cpp — see chained_assignment_splitting.h.
#include "visitors/chained_assignment_splitting.h"

#include "caramba/analysis/chained_assignments.h"
#include "visitors/kernel_rewrites.h"

namespace caramba {

VisitorResult ChainedAssignmentSplitting::Run(const Context& ctx) const {
  return RewriteEachKernel(ctx, Name(), SplitChainedAssignments);
}

}  // namespace caramba
