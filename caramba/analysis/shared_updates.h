// shared_updates.h — prange iterations that update the same array element
// (a histogram `hist[idx[i]] += w[i]`, a scatter-add `f[j] += fx`, a degree
// count `deg[edges[e, 0]] += 1`).
//
// Numba runs such a loop without synchronisation: two iterations that update
// one element race, and updates can be lost. The translation performs each
// such update as one atomic operation instead, which is exact for integers
// (and reassociates floating-point sums and products).
//
// Which writes need atomics. An array written in the loop is private to the
// iteration when some dimension of every access to it (read or write) has the
// same index, and that index is the loop index (`i`, `i + c`, `i - c`: the
// loop-dependence keys) or the same expression that is affine in the loop
// variable (`i * n + j`, `2 * i`, as prange's contract partitions the array
// by iteration). Any other written array is shared:
//  - when every write to it is an update of one element (`a[k] += x`,
//    `a[k] = a[k] + x`, `a[k] = max(a[k], x)`, ...) and nothing else in the
//    loop reads it, each update becomes an atomic (CRB406);
//  - when it is also read or assigned elsewhere in the loop, or the update
//    has no exact atomic form, the kernel is refused (CRB407): other
//    accesses would observe the updates half done, as they do in Numba;
//  - a plain assignment at an index that does not follow the loop variable
//    (`out[perm[i]] = x`, a scatter) is kept: it is exact when the indices
//    are distinct, and no atomic makes "the last write wins" deterministic;
//    but a plain assignment to an array that the loop also reads
//    (`t = hist[k]; hist[k] = t + 1`, a read-modify-write split over
//    statements) is refused (CRB407): write it as one `hist[k] += 1`.
// Arrays bound inside the loop (scratch arrays, subviews) are not looked at.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/analysis/scalar_types.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

enum class AtomicOp { kAdd, kSub, kMul, kMax, kMin, kAnd, kOr, kXor };

/// The PyKokkos function that performs the update: "atomic_add",
/// "atomic_fetch_sub", ... (all in upstream PyKokkos's API).
std::string_view AtomicFunction(AtomicOp op);

/// One element update: `a[k] op= x`, `a[k] = a[k] op x`, `a[k] = x op a[k]`
/// (op commutative), `a[k] = max(a[k], x)` / `min`.
struct ElementUpdate {
  Node target;  // the subscript `a[k]` (its chain's outermost link)
  Node operand; // `a[k]` on the right-hand side (null for op=)
  Node value;   // x
  std::string form;              // "+=", "max", "/=" ... for messages
  std::optional<AtomicOp> op;    // none: no exact atomic form (`/=`, `//=`, `%=` ...)
};

/// The update performed by `assignment` (an assignment or augmented
/// assignment node), or nullopt when it is not an update of one element.
std::optional<ElementUpdate> AsElementUpdate(const Node& assignment, const ImportTable& imports);

/// A statement the SemanticTransformer performs as `pk.<fn>(a, [k...], x)`.
struct AtomicUpdate {
  uint32_t stmt_start = 0, stmt_end = 0;  // the expression_statement
  AtomicOp op = AtomicOp::kAdd;
};

/// An array of unknown dtype that receives floating-point values: the caller
/// checks its dtype (an integer array would need a conversion after each
/// addition, which an atomic cannot do) and raises TypeError otherwise.
struct AtomicDtypeCheck {
  std::string array;
  /// ... unless these arrays (of unknown dtype too) all hold integers: then
  /// the values are integers (empty: no such way out).
  std::vector<std::string> or_integer;
};

struct SharedUpdateFinding {
  std::string message;
  uint32_t start = 0, end = 0;
  std::string help;
};

struct SharedUpdates {
  std::vector<AtomicUpdate> updates;
  std::vector<AtomicDtypeCheck> dtype_checks;
  /// One per array translated with atomics (CRB406).
  std::vector<SharedUpdateFinding> notes;
  /// Why the loop cannot be translated (CRB407).
  std::vector<SharedUpdateFinding> problems;
};

struct SharedUpdatesInput {
  Node loop;  // the prange for_statement
  const TypeTable& types;
  /// Arrays whose dtype nothing in the file fixes (assumed float64, CRB501).
  const std::set<std::string>& unknown_dtype;
  const ImportTable& imports;
};

SharedUpdates AnalyzeSharedUpdates(const SharedUpdatesInput& in);

}  // namespace caramba
