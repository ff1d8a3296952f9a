// iteration_lowering.h — loops over arrays, enumerate and zip as index loops.
//
// Numba kernels often walk an array directly (`for v in x`), with a counter
// (`for i, v in enumerate(x)`) or in step with another sequence
// (`for a, b in zip(x, y)`). The PyKokkos dialect only has range loops, so
// these become range loops in Numba spelling, before any other visitor runs:
//
//     for i, v in enumerate(x):        for i in range(x.shape[0]):
//         body                             v = x[i]
//                                          body
//
// Every later step (NumPy lowering, the plan, the pattern analysis) then sees
// an ordinary range loop. The rewrite keeps Numba's semantics exactly:
//   - the element is read at the top of each iteration, as Numba's array
//     iterator does (a write to x[k+1] in the body is seen by the next element);
//   - zip stops at the shortest sequence (min of the lengths);
//   - iterating a 2-D array yields rows, so `v = x[i]` binds a row view and
//     `v[j]` is x[i, j];
//   - enumerate's counter and range's values are computed from the index.
// A loop is left as written (and refused later, CRB120/CRB121) when the
// rewrite could not keep that: an iterable other than a plain array name,
// range(...) with one or two bounds, enumerate(...) or zip(...); names the
// iterable reads that the loop rebinds (Python evaluates the iterable once);
// targets that are not names; `for ... else`; a body on the header's line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// Prefix of the index variables the lowering introduces (`_pk_it0`). Part of
/// the reserved `_pk_` namespace, so a user name can never capture one.
inline constexpr std::string_view kIterPrefix = "_pk_it";

/// The rewrites that turn the kernel's loops over arrays, enumerate and zip
/// into range loops. Empty when there is nothing to lower or the kernel
/// already uses names with the reserved `_pk_` prefix (CRB125 says why).
std::vector<Edit> LowerIterations(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel);

}  // namespace caramba
