// phases.h — a kernel body seen as a host program of parallel dispatches.
//
// After the NumpyTransformer, a NumPy-style kernel is a sequence of loop
// nests, scalar statements, shape checks and control flow around them (time
// loops, branches on scalars). Numba's own parfors run such a kernel the way a
// person porting it to PyKokkos writes it: a host-side driver that allocates
// arrays and dispatches one parallel loop per phase. PlanPhases finds that
// structure for one kernel:
//  - a *phase* is a loop nest that runs as its own workunit: its outer loop
//    is a prange, or proven independent (loop_dependence.h), or a loop whose
//    inner loops are not worth dispatching one by one (a serial phase);
//  - every other statement stays on the host, in order; a loop whose body
//    holds parallel phases with bounds that do not depend on its variable (a
//    time loop) stays on the host and dispatches them at every step;
//  - adjacent parallel phases over the same iteration space that touch shared
//    arrays only at the same element fuse into one phase;
//  - a scalar a phase computes for later statements (a reduction, the result
//    of a serial loop) is its one output: its initialisation moves into the
//    phase, and the phase returns it; a loop that computes several such
//    values from independent statements (`lo = min(lo, x)`, `hi = max(...)`)
//    is split into one phase per value;
//  - a call to a jitted helper that is itself a host program (PhaseInput::
//    host_calls) runs on the host, where the helper's host program runs its
//    own phases; the loops around such calls are host loops.
// Whatever it cannot express returns `ok = false` with the reason; the kernel
// then keeps the one-workunit translation (or its refusal).
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/analysis/scalar_types.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

struct Phase {
  /// The loop statements it runs, in order; several when fused (identical
  /// nest headers), the host dispatches it where the last one was.
  std::vector<Node> loops;
  /// The statements of the loop's body it runs, when one loop computing
  /// several values is split into one phase per value (empty: all of them).
  std::vector<Node> only;
  bool parallel = false;  // prange, or its outer loop is proven independent
  /// Variables it reads from the host (parameters first, then host locals in
  /// order of first mention).
  std::vector<std::string> inputs;
  /// The scalar it computes for later statements, or "".
  std::string output;
  /// A serial phase that computes several values for later statements
  /// (`best, best_val` of an argmax loop) hands them back through
  /// one-element arrays the host allocates, one per value (empty otherwise).
  std::vector<std::string> cells;
  /// `x = <expr>` statements moved from the host into the phase: the
  /// output's, and those of values the loop carries from one iteration to
  /// the next (`prev = 0.0` before `out[i] = a[i] - prev; prev = a[i]`).
  std::vector<Node> inits;
  /// Values a serial phase carries on from the host where their
  /// initialisation cannot move into it: a parameter the loop updates
  /// (`x += vx` in a descent loop), or a name set by an `if` before the loop
  /// or read by another statement there (`rtb = x1` in a bisection). The
  /// phase takes each as `_pk_carry_<name>` and starts with
  /// `name = _pk_carry_<name>`; a parallel phase never carries one (its
  /// reduction needs the initialisation in the workunit).
  std::vector<std::string> carried;
  /// Checks of a parallel phase's loop body (`if cond: raise E(...)`, all
  /// raising the same exception) that a workunit cannot raise: the phase
  /// records a failed one in a flag and skips the rest of that iteration,
  /// and the host raises after the dispatch. Only where the loop writes
  /// nothing but arrays the kernel allocates, which no caller sees once the
  /// kernel raises (DeferrableChecks).
  std::vector<Node> checks;
};

struct PhaseProgram {
  bool ok = false;
  std::string reason;  // when !ok
  std::vector<Phase> phases;
  int parallel_phases = 0;
};

struct PhaseInput {
  const Node& def;  // the kernel's function_definition
  const TypeTable& types;
  const std::vector<std::string>& params;
  const ImportTable& imports;
  /// prange loops run in parallel (the kernel has parallel=True).
  bool prange_parallel = true;
  /// Serial loops proven independent run in parallel (--parallelize=auto).
  bool auto_parallel = true;
  /// Jitted helpers whose calls run on the host: helpers that are host
  /// programs themselves (their own phases, allocations), which no workunit
  /// can call. A statement calling one is a host statement, and a loop
  /// holding one is a host loop (a time loop), never a phase.
  std::set<std::string> host_calls;
};

PhaseProgram PlanPhases(const PhaseInput& in);

/// Prefix of the one-element arrays that carry a serial phase's values back
/// to its host program (`_pk_out_best`).
inline constexpr std::string_view kPhaseCellPrefix = "_pk_out_";

/// Prefix of the parameters that bring a serial phase the values it carries
/// on from the host (Phase::carried).
inline constexpr std::string_view kPhaseCarryPrefix = "_pk_carry_";

/// The one-element flag a phase with deferred checks (Phase::checks) sets.
inline constexpr std::string_view kPhaseCheckFlag = "_pk_out_failed";

/// Name of the workunit of phase `n` (1-based) of `kernel`: `_pk_star2_phase1`.
std::string PhaseKernelName(std::string_view kernel, int n);

/// The kernel a phase kernel name belongs to ("star2" for `_pk_star2_phase1`),
/// or "" for other names.
std::string PhaseOwner(std::string_view name);

/// A message about a phase kernel names the user's kernel: a leading
/// `'_pk_star2_phase1': ` becomes `'star2' (phase 1): `.
std::string PhaseMessage(const std::string& message);

}  // namespace caramba
