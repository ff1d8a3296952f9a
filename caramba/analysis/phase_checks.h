// phase_checks.h — what the phase planner (phases.h) asks about one loop:
// which of its checks (`if cond: raise E(...)`) a phase can defer to its
// host, and which names follow its variable.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

/// The checks of `loop`'s own body (not nested deeper) that a parallel phase
/// can defer (Phase::checks): each raises the same exception, on a line of
/// its own, and every array element the loop writes belongs to an array the
/// kernel allocates (`OnlyNumpyAllocations` in `kernel_body`, never one of
/// `params`): once the kernel raises, no caller sees what other iterations
/// wrote. Empty when there is none or they cannot be deferred.
std::vector<Node> DeferrableChecks(const Node& loop, const Node& kernel_body, const std::vector<std::string>& params,
                                   const ImportTable& imports);

/// The checks anywhere in a serial phase's loop, when all raise the same
/// exception (a serial phase stops at the first failed one, as Numba does).
std::vector<Node> SerialChecks(const Node& loop);

/// `var` and the names the loop's statements compute from it, directly or
/// through each other: assignment targets and inner loop variables whose
/// value or range mentions one of them.
std::set<std::string> Dependents(const Node& loop, const std::string& var);

}  // namespace caramba
