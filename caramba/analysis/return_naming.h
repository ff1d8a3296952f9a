// return_naming.h — array expressions in a returned tuple get names.
//
// NumPy-style kernels often end with `return r @ A, A @ p` or
// `return x.sum(axis=0), x - m`. The phase lowering hands a host program's
// results back by name (`s = r @ A` ... `return s, q` works), and a tuple of
// expressions cannot be split into phases where it stands. So the final
// return of a kernel body becomes assignments, in Numba spelling, before any
// later visitor runs:
//
//     return r @ A, A @ p          _pk_ret0 = r @ A
//                                  _pk_ret1 = A @ p
//                                  return _pk_ret0, _pk_ret1
//
// Exact: Python evaluates a tuple's elements left to right, as the
// assignments do, and nothing runs between them and the return. Only
// tuples with an element that looks like array work (a matrix product, a
// slice, a NumPy call or an array method) are rewritten, and in them every
// element but a name, a number or an attribute: scalar tuples such as
// `return s / n, q` already translate and read better as written, and so
// do tuples calling NumPy outside its table (`return out, np.cumprod(a)`),
// which the host program evaluates in Python. Only the kernel body's last
// statement is rewritten (a return inside a loop or a branch is left to the
// phase analysis, which says why it cannot hand it back), and never in a
// kernel that uses the reserved `_pk_` names itself (CRB125).
#pragma once

#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// Prefix of the names given to returned values (`_pk_ret0`).
inline constexpr std::string_view kReturnPrefix = "_pk_ret";

/// The edits that name the array expressions of the kernel's final tuple
/// return. Empty when there is nothing to name.
std::vector<Edit> NameReturnedArrays(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel);

}  // namespace caramba
