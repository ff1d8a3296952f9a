// numba_callers.h — jitted functions that must stay Numba code because a
// kernel left as Numba code calls them (CRB132).
//
// A translated kernel is replaced by a plain Python drop-in caller, and a
// kernel that falls back to plain Python (CRB515) loses its decorator. Either
// way the name no longer denotes a jitted function, and nopython code that
// calls it fails to compile ("Untyped global name"). So every jitted function
// called by a kernel that stays Numba stays Numba too: a translatable one is
// kept with CRB132, and a fallback one gets its NumPy refusals back (the
// fallback rewrites are dropped) plus CRB132. A fallback caller leaves its
// fallback callees plain Python. Repeated, since a function kept in turn
// keeps its own callees.
#pragma once

#include <string_view>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

struct KernelPlans;
class HelperRegistry;

void KeepCalleesOfNumbaKernels(KernelPlans& plans, const Tree& tree, std::string_view path, const ModuleInfo& mod,
                               const HelperRegistry& reg);

}  // namespace caramba
