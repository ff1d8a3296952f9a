// loop_variables.h — range loops whose variable a C++ loop counter cannot
// carry.
//
// A workunit's `for i in range(...)` becomes a C++ `for` whose counter is the
// variable itself, declared in the loop's own scope. Python's loop variable is
// an ordinary name that the loop binds at the start of each iteration:
// - assigning it in the body (`for a in range(lo, hi): a = a - off`) does not
//   change the next iteration in Python, but moves the C++ counter (skipped or
//   repeated iterations, endless loops, out-of-bounds writes);
// - after the loop it keeps the last value (`for i in ...: if ...: break`,
//   then `return i`), where C++ sees the declaration outside the loop.
// Such a loop is written with a fresh counter and a copy at the top of its
// body (`for _pk_loop0_i in range(n):` / `i = _pk_loop0_i`), which is exactly
// Python's semantics; the SemanticTransformer does it.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/scalar_types.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

/// Start bytes of the `for` statements under `body` (a function body) whose
/// loop variable is bound inside the loop's body (assigned, or the variable
/// of a nested loop) or read where the loop's last value can reach: after
/// the loop, or anywhere in a loop around it.
std::set<uint32_t> LoopsNeedingVariableCopy(const Node& body);

/// Assignments (plain or augmented) that give a range loop's variable a value
/// that is not an integer (`for k in range(n): k = k * 0.5`). Numba unifies
/// the types of every value a name takes, so the variable becomes a float64
/// everywhere; a workunit declares it once, as an integer (CRB143).
std::vector<Node> NonIntegerLoopVariableBindings(const Node& body, const TypeTable& types,
                                                 const ImportTable& imports);

}  // namespace caramba
