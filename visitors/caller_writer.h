// caller_writer.h — the drop-in caller of a translated kernel (design.md
// §2.2): same name and signature as the Numba kernel (or the thesis's
// `call_<name>`), arrays wrapped with pk.array, allocations the kernel made
// done here as NumPy arrays, the policy on the chosen execution space, a
// keyword dispatch, and the kernel's return value. Part of the
// SemanticTransformer.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/visitor.h"

namespace caramba {

/// Names the SemanticTransformer generates for one kernel.
struct GeneratedNames {
  std::string workunit;  // `_pk_sum2d` (drop-in) or `sum2d` (thesis)
  std::string caller;    // `sum2d` (drop-in) or `call_sum2d` (thesis)
  std::string cell;      // one-element array of an atomic reduction, or ""
  /// The workunit's zero-division flag (integer_division.h), when a checked
  /// division may set it, and the codes it may hold; "" otherwise.
  std::string zero_division;
  std::set<int> zero_division_codes;
};

struct CallerInput {
  const Context& ctx;
  const KernelPlan& plan;
  const Kernel& kernel;
  Node def;
  const GeneratedNames& names;
  std::string unit;     // one indentation level
  std::string newline;
  const std::vector<std::string>& workunit_params;  // keyword arguments, in order
  /// Arrays the host program allocated itself (a phase's caller): they
  /// cannot overlap another array, so they need no np.may_share_memory check.
  std::set<std::string> fresh = {};
  /// Workunit parameters passed another name's value (`_pk_in_a=a`).
  const std::map<std::string, std::string>* param_sources = nullptr;
};

/// The caller's statements, one per element (a long dispatch continues on
/// lines of its own inside its element), unindented.
std::vector<std::string> CallerLines(const CallerInput& in);

/// The caller's text (starting with `def`, no trailing newline).
std::string WriteCaller(const CallerInput& in);

/// The caller's statements for the call site of a phase in its host program
/// (phases.h): `return x` assigns `target` instead (or is dropped when it
/// returns `target` itself); lines after the first start with `indent`.
std::string InlineDispatch(const CallerInput& in, const std::string& target, const std::string& indent);

/// The @pk.function specialisation of `plan`'s kernel that Python may call
/// directly instead of launching a workunit (a float64 scalar kernel whose
/// body CPython computes exactly as Numba does), or nullptr.
const KernelPlan* PythonCallableFunction(const Context& ctx, const KernelPlan& plan,
                                         const std::vector<KernelPlan>& functions);

/// The caller that calls `function` (PythonCallableFunction) from Python.
std::string WritePythonCaller(const Context& ctx, const KernelPlan& plan, const KernelPlan& function,
                              const std::string& unit);

/// The Python/NumPy form of kernel text for the caller: view extents
/// (`a.extent(0)`) back to `a.shape[0]`.
std::string CallerText(const Node& n);

}  // namespace caramba
