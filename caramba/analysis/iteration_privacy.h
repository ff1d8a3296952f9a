// iteration_privacy.h — whether a scalar local of a loop body is private to
// each iteration: every read of it sees a value the same iteration assigned.
//
// A prange iteration (or one of a loop proven independent) that assigns a
// local before reading it does not depend on the other iterations through
// that local, whatever name the statements after the loop reuse: Numba makes
// it private to the iteration, and so does a workunit. The question is one of
// definite assignment along every path through the body:
//  - `x = e`, `x, y = e`, and `x: T = e` assign x after evaluating e;
//  - `x += e` reads x first (after an assignment: fine);
//  - an `if` assigns x when every branch does (an `if` without `else`, only
//    when x was assigned before it);
//  - a nested `for`/`while` body may run no time at all: what it assigns is
//    not assigned after it, but its own reads follow its own assignments;
//  - anything else that mentions x (a `with`, a `try`, a nested function)
//    counts as a read.
// The same question over the statements after a loop tells whether the value
// an iteration leaves in x is ever read there (dead after the loop).
#pragma once

#include <string>
#include <vector>

#include "caramba/syntax.h"

namespace caramba {

/// Running `stmts` in order, from a state where `v` holds a value from
/// elsewhere (the previous iteration, the statements before the loop), no
/// read of `v` can see that value: each read follows an assignment on every
/// path. True also when `stmts` never mention `v`.
bool AssignedBeforeRead(const std::vector<Node>& stmts, const std::string& v);

/// The body of `loop` (a for or while statement) assigns `v` before every
/// read of it, and the loop's own header (its range, its condition) does not
/// read it: each iteration's `v` is its own. The loop's variable counts as
/// assigned in its body.
bool PrivateToIteration(const Node& loop, const std::string& v);

/// No read of `v` after statement `stmt` (inside the function body `body`)
/// can see the value `stmt` leaves in it: the statements after it assign `v`
/// before reading it, up through the blocks around `stmt`; an enclosing loop
/// runs again, so its body must assign `v` before reading it too. False for
/// a statement inside anything else (a with, a try).
bool DeadAfter(const Node& body, const Node& stmt, const std::string& v);

}  // namespace caramba
