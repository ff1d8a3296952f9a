// tuple_locals.h — local names bound to a tuple of scalars, written out
// where they are used.
//
// Kernels name shapes and small tuples: `shape = (n, m)` then
// `np.empty(shape)`, `sh = a.shape` then `sh[0]`. The dialect has no tuple
// values, so the TupleLocalInliner writes the tuple where the name is used
// (`np.empty((n, m))`, `a.shape[0]`, `len(shape)` -> 2) and drops the
// binding, in Numba spelling, before the other visitors run. This is exact
// when the tuple's value cannot change between the binding and the uses: the
// binding is a top-level statement of the kernel, the name is bound nowhere
// else, and every name the tuple reads is a parameter or a local bound once,
// earlier, at the top level, and the elements call nothing but
// int/float/len/min/max/abs. Other tuple locals stay (CRB121).
#pragma once

#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// The edits that write the kernel's tuple locals where they are used.
std::vector<Edit> InlineTupleLocals(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel);

}  // namespace caramba
