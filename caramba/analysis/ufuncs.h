// ufuncs.h — which @vectorize ufuncs become element-wise kernels, and the
// names of their pieces.
//
// A @vectorize function with explicit signatures is a NumPy ufunc with one
// loop per signature. The UfuncLowering visitor rewrites it, in Numba
// spelling, into pieces every later visitor translates like any other
// kernel: per signature, the scalar body as an @njit helper of that exact
// signature (`logistic_float64_element`, a @pk.function in the end) and an
// element-wise kernel over flat arrays that calls it (`logistic_float64`,
// a workunit and its caller); the ufunc's name becomes a `_pk_ufunc` object
// (ufunc_object.py) that resolves the loop, broadcasts and allocates as
// NumPy does. Calls of a one-signature ufunc inside other kernels call its
// element helper. The UfuncCheck visitor, last, finds a ufunc whose pieces
// did not all translate or that a Numba kernel still calls; the pass
// manager then runs the pipeline again with it kept as Numba code
// (TranslateOptions::unsplit_kernels, which keeps a kernel whole), and
// CRB101 says why.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/options.h"
#include "caramba/syntax.h"
#include "caramba/types.h"

namespace caramba {

/// One signature of a ufunc: NumPy's loop for it.
struct UfuncLoop {
  Signature signature;  // scalar arguments and result
  std::string kernel;   // the element-wise kernel over flat arrays: `hypot2_float64`
  std::string element;  // the scalar body as a helper: `hypot2_float64_element`
};

struct UfuncPlan {
  size_t kernel_index = 0;  // the @vectorize kernel in ModuleInfo::kernels
  std::string name;
  std::vector<UfuncLoop> loops;
  /// Why it stays Numba code ("" when it is lowered), and what to do.
  std::string refusal, help;
  /// Byte ranges of the callee names of its calls inside other kernels (a
  /// one-signature ufunc only): they call the element helper instead.
  std::vector<std::pair<uint32_t, uint32_t>> kernel_calls;
};

/// A plan for every @vectorize kernel of `mod`, in the module's order.
std::vector<UfuncPlan> PlanUfuncs(const Tree& tree, const ModuleInfo& mod, const TranslateOptions& options);

/// Whether `body` mentions the identifier `name` (a call, or the function
/// passed as a value).
bool MentionsName(const Node& body, std::string_view name);

/// Marks a CRB101 message of the UfuncCheck: the text after it is the
/// reason, and the pass manager keeps the ufunc as Numba code.
inline constexpr std::string_view kUfuncDeclined = "; its translation does not work out: ";

}  // namespace caramba
