// numpy_lowering.h — NumPy inside kernels lowered to loops (issue 5 item 4).
//
// Part of the KernelPlan analysis: for one kernel it finds every statement
// that uses NumPy on arrays (slices inside expressions, element-wise array
// expressions, slice assignments, reductions, np.minimum/np.maximum) and
// either lowers it to plain loops in Numba spelling (so every later visitor
// sees ordinary loops) or refuses it with a CRB2xx code. The NumpyTransformer
// applies the lowerings; the plan (and so the UnsupportedDetector) reports the
// refusals. What is supported comes from the one table, numpy_table.h.
//
// NumPy semantics kept:
// - slice bounds are normalised exactly as Python does (negative bounds count
//   from the end, out-of-range bounds are clipped), so the loops touch the
//   elements NumPy touches, for every extent;
// - broadcasting: operands are right-aligned; a dimension of length 1
//   broadcasts (a stride that is 0 then); any other mismatch raises
//   ValueError like NumPy, through a shape check `if ...: raise ValueError`
//   that the plan moves into the caller (KernelPlan::guards);
// - the right-hand side is evaluated before the target is written: when it
//   reads the target array through other indices, it goes through a
//   temporary array first;
// - reductions are evaluated before the statement that uses them (they are
//   pure); np.max/np.min of an empty array raise ValueError, np.mean of one
//   raises ZeroDivisionError (Numba's error model), also through guards;
// - np.minimum/np.maximum propagate NaN (math.fmin/fmax do not).
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "caramba/analysis/scalar_types.h"
#include "caramba/diagnostics.h"
#include "caramba/syntax.h"

namespace caramba {

/// A statement of the current text and the Numba-spelling text replacing it.
struct NumpyRewrite {
  uint32_t start = 0, end = 0;
  std::string text;
};

/// A lowered statement that carries a shape check, and the names its check
/// reads (array names, names in slice bounds): the plan refuses the lowering
/// (CRB205) when the caller could not perform that check (KernelPlan::guards).
struct NumpyGuardSite {
  uint32_t start = 0, end = 0;  // the statement the check goes before
  std::vector<std::string> names;
};

struct NumpyLowering {
  std::vector<NumpyGuardSite> guard_sites;
  std::vector<NumpyRewrite> rewrites;
  std::vector<Diagnostic> refusals;  // CRB203–CRB219
  std::vector<Diagnostic> notes;     // CRB515–CRB519
  /// Statements this lowering rewrites or refuses with its own code: the
  /// generic CRB201/CRB301/CRB303/CRB304 refusals inside them are replaced.
  std::vector<std::pair<uint32_t, uint32_t>> covered;
  /// A refused statement binds names whose rank only it could tell: the
  /// other rewrites are only valid together with it.
  bool unknown_arrays = false;
  /// New arrays allocated inside a loop at every step (one array cannot
  /// serve every step): only a host program can do that. Why, per
  /// statement (CRB207), for when the kernel cannot be one.
  std::vector<Diagnostic> host_only;
  /// Where the refused statements start that a host program runs as NumPy
  /// itself (a new array bound to a name twice, outside any prange loop).
  /// Any other refusal (an unknown element type, an allocation in a prange
  /// loop) no host program lifts.
  std::vector<uint32_t> host_runs;
};

struct NumpyLoweringInput {
  const Node& def;  // the function_definition
  const TypeTable& types;
  const ImportTable& imports;
  std::string kernel;
  std::string path;
  std::string indent_unit = "    ";
  std::string newline = "\n";
  bool has_signature = false;  // recorded types (eager signature, profile) or call-site types: ranks are exact
  std::vector<std::string> params;
  /// Arrays and scalars whose element type is assumed (float64) rather than
  /// known: a temporary whose dtype depends on them is refused (CRB140).
  std::set<std::string> assumed_dtype;
};

NumpyLowering LowerNumpy(const NumpyLoweringInput& in);

/// The thesis's fallback for a kernel whose NumPy cannot stay in a kernel
/// (CRB515): its jit decorator removed so it runs as plain Python, the NumPy
/// ufuncs whose PyKokkos host ufunc equals NumPy's for every dtype (table
/// column host_ufunc) called as pk ufuncs, and `import pykokkos as pk` added
/// when the module lacks it.
std::vector<NumpyRewrite> FallbackRewrites(const Node& def, const ImportTable& imports, uint32_t decorator_start,
                                           uint32_t decorator_end, std::string_view newline);

/// Names that a NumPy reduction takes as its array argument (`np.sum(a)`,
/// `np.dot(a, b)`, `a.sum()`): arrays even where nothing indexes them.
std::vector<std::string> ReductionArgumentNames(const Node& body, const ImportTable& imports);

/// Prefix of the names the NumPy lowering generates (inside the reserved
/// `_pk_` prefix, so they cannot capture user names).
inline constexpr std::string_view kNumpyPrefix = "_pk_np_";
/// Names of the normalised start offsets of slices (`_pk_np_o2`): never
/// negative, so `offset + i` indexes distinct elements for distinct `i`
/// (loop_dependence.cpp relies on it).
inline constexpr std::string_view kNumpyOffsetPrefix = "_pk_np_o";

}  // namespace caramba
