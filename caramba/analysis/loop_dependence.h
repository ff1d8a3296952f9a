// loop_dependence.h — proves that the iterations of a loop (or of two
// perfectly nested loops) are independent, so that `--parallelize=auto` may
// run them as one parallel range (issue 5 item 5, design.md §2.2).
//
// The proof is syntactic and deliberately small; whatever it cannot prove
// keeps the serial form, with the first obstacle as the reason
// (`--explain-parallel`). A nest is independent when
//  - every loop is `range`/`prange` with a start that cannot be negative and
//    a positive step (so `v + c` never wraps to another element);
//  - no `return`, no `break` out of the nest, the loop variables are never
//    assigned, and every call is pure (math, scalar NumPy, builtins, extents);
//  - every scalar assigned in the nest is either private to one iteration
//    (assigned before every read in the iteration, and dead after the nest:
//    iteration_privacy.h) or mentioned outside the nest (a reduction
//    candidate: the KernelPlan's reduction recogniser accepts or rejects it);
//  - every array written in the nest is accessed, by every read and write,
//    with the same index `v`, `v + c` or `v - c` (c a literal) in some
//    dimension, one dimension per loop variable: distinct iterations then
//    touch disjoint elements, and no iteration reads another one's writes;
//    or it is a flag: every access stores one and the same literal;
//  - every array read is a parameter, a fresh NumPy allocation, or a view
//    bound by slicing one of those (`cols = A_col[lo:hi]`) that the nest
//    writes neither through the view nor directly.
// Array parameters may be the same NumPy array (`f(a, a)`) or overlapping
// views: for each written parameter and each other array parameter the nest
// accesses, the caller checks `np.may_share_memory` and runs the same
// workunit on the Serial space (iterations in order) when it returns True.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/scalar_types.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

/// Two array parameters the caller compares with np.may_share_memory.
struct AliasCheck {
  std::string written, other;
};

struct LoopDependence {
  bool independent = false;
  /// The first obstacle (empty when independent).
  std::string reason;
  uint32_t where_start = 0, where_end = 0;  // the obstacle's node
  std::vector<AliasCheck> alias_checks;
};

struct LoopDependenceInput {
  Node kernel_body;
  /// Outer loop first; each later loop is the only statement of the body of
  /// the one before it (PerfectlyNestedLoop).
  std::vector<Node> loops;
  const TypeTable& types;
  const std::vector<std::string>& params;
  const ImportTable& imports;
  /// The top-level statement holding the nest (a serial loop the caller runs
  /// around it, or the outer loop itself): mentions elsewhere are "outside".
  Node top;
  /// Statements the workunit leaves out: NumPy shape checks
  /// (`if cond: raise ValueError(...)`) that the caller performs before the
  /// dispatch, with conditions that read only parameters, set-up values and
  /// loop variables (KernelPlan::guards).
  std::vector<Node> skip;
};

LoopDependence AnalyzeLoopDependence(const LoopDependenceInput& in);

/// The loop that is the only statement of `loop`'s body, over range/prange,
/// whose bounds do not depend on the outer iteration (a rectangular nest
/// that can be flattened); null when there is none.
Node PerfectlyNestedLoop(const Node& loop, const ImportTable& imports);

/// Every assignment of `name` in `body` is `name = np.empty(...)` (or another
/// NumPy allocation), and there is one: `name` is never a view of another array.
bool OnlyNumpyAllocations(const Node& body, const std::string& name, const ImportTable& imports);
/// The names of `candidates` for which OnlyNumpyAllocations holds, in one
/// walk of `body` (a walk per name was most of a host program's caller).
std::set<std::string> OnlyNumpyAllocated(const Node& body, const std::set<std::string>& candidates,
                                         const ImportTable& imports);

/// True for `for v in range(...)` / `for v in prange(...)`.
bool IsRangeLoop(const Node& n, const ImportTable& imports);

/// `for i in range(1, n - 1)` — the header of a for statement, for messages.
std::string LoopHeader(const Node& loop);

/// The indices of the subscript chain `a[i, j]` or `a[i][j]`, outermost
/// dimension first, and its base; true when the base is a name.
bool ElementIndices(Node subscript, std::vector<Node>& indices, Node& base);

/// The index `v`, `v + c`, `c + v` or `v - c` (c an integer literal) as a key
/// naming that injective function of `v` ("i+0", "i-1"), else "". `v - c` is
/// only accepted when `start`, the loop's first value, is a literal >= c
/// (`start` < 0: unknown), so the index never wraps to the end of the array.
std::string LoopIndexKey(const Node& index, const std::string& v, long long start);

}  // namespace caramba
