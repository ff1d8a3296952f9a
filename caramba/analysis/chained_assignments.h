// chained_assignments.h — `a = b = value` written as one assignment per target.
//
// Python binds every target of a chained assignment to the one value, left
// to right; C++ and the PyKokkos dialect have no such statement, and every
// later visitor reads an assignment as one target and one value (a chained
// one reached the generated code as an assignment inside an expression,
// which does not parse). Users write it to start accumulators and filter
// states (`x1 = x2 = y1 = y2 = 0.0`, `i = j = k = 0`), so it is split, in
// Numba spelling, before the other visitors run:
//
//     s = t = 0.0          s = 0.0
//                          t = 0.0
//
// Exact when the value is a number (signed or not), True/False or a plain
// name: evaluating it once per target gives the same value each time, and
// each target converts it as it would the one value (an element of an int
// array truncates 2.5 where a float local keeps it, as in Python). Any other
// value is computed once, into the last target when every target is a plain
// name, and the others copy it, which binds the same object to each name as
// Python does (`a = b = np.zeros(n)` makes one array):
//
//     a = b = np.zeros(n)  b = np.zeros(n)
//                          a = b
//
// Only statements that start their line are split (the new lines take its
// indentation). Other chained assignments (an element target with a computed
// value, a statement after `;` or `if c:` on one line, a tuple target) stay,
// and the KernelPlan refuses them (CRB118) with what to write instead.
#pragma once

#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// The edits that split the kernel's chained assignments.
std::vector<Edit> SplitChainedAssignments(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel);

}  // namespace caramba
