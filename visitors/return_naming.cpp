// return_naming.cpp — see return_naming.h.
#include "visitors/return_naming.h"

#include "caramba/analysis/return_naming.h"
#include "visitors/kernel_rewrites.h"

namespace caramba {

VisitorResult ReturnNaming::Run(const Context& ctx) const {
  return RewriteEachKernel(ctx, Name(), NameReturnedArrays);
}

}  // namespace caramba
