// jit_wrappers.h — kernels made by wrapping, `g = njit(f)`, as decorated defs.
//
// Legacy and library code often compiles a plain function by calling the
// decorator: `g = njit(f)`, `f = numba.jit(nopython=True)(f)`. PyKokkos only
// finds decorated top-level functions, so the JitWrapperLowering writes the
// same kernel in decorator spelling, before any other visitor runs:
//   - `f = njit(f)` right after `def f` (blank lines between at most): the
//     decorator moves onto the def and the statement goes;
//   - otherwise `g = njit(f)` becomes a decorated copy of f named g, in the
//     statement's place; f itself stays the plain Python function it was.
// Either way the name g is bound at the same point of the module to a Numba
// kernel with the same body, so everything that follows sees an ordinary
// decorated kernel and its drop-in caller keeps the name g. Wrappers inside
// functions or classes, and wrapped functions that carry decorators of their
// own, are left as they are (CRB122); decorated kernels inside functions are
// the NestedKernelLifting's (nested_kernels.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// How a wrapped kernel of the module parsed as `tree` is written as a def.
struct WrapperRewrite {
  std::string name;       // the kernel's name in the rewritten text (g)
  bool in_place = false;  // `f = njit(f)` after its def: the def itself is decorated
  /// The input bytes a refused kernel gets back (KernelRestorer): the def
  /// through the statement when in place, else the statement.
  uint32_t restore_start = 0, restore_end = 0;
};

/// The rewrite of kernel `k` (made by wrapping), or nullopt when it stays.
std::optional<WrapperRewrite> PlanWrapperRewrite(const Tree& tree, const Kernel& k);

/// The edits of that rewrite.
std::vector<Edit> LowerWrapper(const Tree& tree, const Kernel& k);

}  // namespace caramba
