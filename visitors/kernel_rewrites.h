// kernel_rewrites.h — the shared Run of the visitors that rewrite each
// migrated kernel in Numba spelling before the others run (HelperInliner,
// TupleLocalInliner, IterationLowering, ReturnNaming): each owns its
// decision in its analysis; which kernels it may touch is decided here, once.
#pragma once

#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"
#include "caramba/visitor.h"

namespace caramba {

/// An analysis that returns the edits for one kernel.
using KernelRewrite = std::vector<Edit> (*)(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel);

/// The edits of `rewrite` over every kernel the translator migrates (a
/// translatable kind, defined at module level with a decorator, selected by
/// --kernel); the other kernels keep their text.
VisitorResult RewriteEachKernel(const Context& ctx, std::string_view visitor, KernelRewrite rewrite);

}  // namespace caramba
