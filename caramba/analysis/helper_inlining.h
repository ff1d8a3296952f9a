// helper_inlining.h — calls of helpers that return a tuple of scalars,
// written out at the call site.
//
// `dx, dy = delta(p, i, j)` calls a jitted helper that ends with
// `return a, b`. A @pk.function returns one scalar, so the HelperInliner
// writes the helper's body where it is called, in Numba spelling, before the
// other visitors run:
//
//     dx, dy = delta(p, i, i + 1)     _pk_in0_j = i + 1
//                                     dx, dy = p[_pk_in0_j, 0] - p[i, 0], p[_pk_in0_j, 1] - p[i, 1]
//
// Python's order is kept: every argument is evaluated once, before the body
// (plain names and literals are used directly, other arguments get a local
// first); the helper's locals get fresh names so they cannot capture the
// caller's; the returned tuple is unpacked by a parallel assignment. Only
// helpers whose one return is their last statement, returning a tuple of as
// many values as the call unpacks, that never assign their parameters and
// that call no other helper with a tuple result, are inlined; other calls
// stay (CRB121/CRB119).
#pragma once

#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// Prefix of the helper locals and arguments the inlining introduces
/// (`_pk_in0_j`), in the reserved `_pk_` namespace.
inline constexpr std::string_view kInlinePrefix = "_pk_in";

/// The edits that inline the kernel's calls of tuple-returning helpers.
std::vector<Edit> InlineTupleHelpers(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel);

}  // namespace caramba
