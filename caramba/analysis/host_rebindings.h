// host_rebindings.h — names a host program rebinds to other arrays.
//
// `u = unew` at the end of a time loop, `u = u_new.copy()`, `a, b = b, a`:
// the one-workunit model refuses them (a workunit's parameters are read-only,
// CRB129; an array name bound to another array, CRB304). A host program
// (phases.h) runs them as Python does, rebinding references as Numba does,
// and each phase takes whatever array the name holds when it is dispatched.
// The PhaseLowering lifts those refusals when every assignment to a
// parameter is such a rebinding and none runs inside a phase.
#pragma once

#include <optional>
#include <vector>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

/// The statements of `def` (the kernel `plan` describes) that bind a name to
/// another array of the name's own rank and element type (the phases are
/// typed once, with the kernel's types): a plain name, a copy of one
/// (`x.copy()`, `np.copy(x)`) or a new array (`np.empty(...)`, what the
/// NumPy lowering makes of a copy bound at every step). nullopt when some
/// assignment to a parameter is anything else (a scalar parameter, a
/// computed array), which the host does not lift.
std::optional<std::vector<Node>> HostRebindings(const KernelPlan& plan, const Node& def, const ImportTable& imports);

/// Whether the loop's body rebinds array names to each other, in a statement
/// of its own (`prev, cur = cur, prev` in a DP row sweep, `src, dst = dst,
/// src` in a merge pass, `u = unew`): a workunit cannot rebind its views, so
/// the phase lowering keeps such a loop on the host, which swaps the
/// references as Numba does, and dispatches its inner loops as phases at
/// every step.
bool SwapsArrays(const Node& loop, const TypeTable& types);

}  // namespace caramba
