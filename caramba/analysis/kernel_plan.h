// kernel_plan.h — the translator's per-kernel analysis: symbol table, loop
// structure, the reduction, the dispatch kind, what the caller must allocate,
// and every reason the kernel cannot be migrated. Types come from the type
// analysis (type_inference.h: recorded types first, static inference last).
//
// Computed from the current text (an AnalysisCache entry), so it is
// recomputed after each visitor that changed the text; it understands both the
// Numba spelling and the dialect spelling the ArrayTransformer writes
// (`a[i][j]`, `a.extent(0)`), so a kernel's plan is the same before and after
// that visitor. New facts (subviews, NumPy, calls, parallelism) are added
// here, not re-derived in visitors; the builder's steps live in plan_*.cpp,
// one file per role (plan_builder.h lists them).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "caramba/analysis.h"
#include "caramba/analysis/numpy_lowering.h"
#include "caramba/analysis/loop_dependence.h"
#include "caramba/analysis/scalar_types.h"
#include "caramba/analysis/shared_updates.h"
#include "caramba/diagnostics.h"

namespace caramba {

enum class Dispatch {
  kFor,     // prange, no reduction: parallel_for over the prange
  kReduce,  // prange with a scalar reduction: parallel_reduce (sum) or atomics
  kSerial,  // no prange: one index, the whole body (the thesis's default)
};
enum class ReduceOp { kNone, kSum, kProduct, kMax, kMin };
std::string_view ReduceOpName(ReduceOp op);

/// What the kernel returns, which decides how the caller finishes.
enum class ReturnKind {
  kNothing,         // no return value: parallel_for
  kScalar,          // a scalar: serial kernels reduce it through `acc`
  kReduction,       // the prange reduction variable (or an expression of it)
  kArray,           // an array the kernel allocated or received
};

/// A top-level `x = np.empty(...)` the caller performs instead.
struct Allocation {
  std::string var;
  uint32_t stmt_start = 0, stmt_end = 0;  // the expression_statement
  uint32_t call_start = 0, call_end = 0;  // the NumPy call
};

/// The scalar reduction of a prange loop.
struct Reduction {
  std::string var;
  ReduceOp op = ReduceOp::kNone;
  Scalar type = Scalar::kUnknown;
  uint32_t init_stmt_start = 0, init_stmt_end = 0;  // `energy = 0.0` before the loop
  uint32_t init_value_start = 0, init_value_end = 0;
  bool init_is_zero = false;
  /// The update statements inside the loop (expression_statement ranges).
  std::vector<std::pair<uint32_t, uint32_t>> updates;
};

/// A call to another jitted function (issue 5): the helper is emitted as the
/// @pk.function `function` (caramba/analysis/call_graph.h).
struct FunctionSpec;
struct HelperCall {
  std::string callee;
  std::string function;
  uint32_t start = 0, end = 0;  // the call expression
  const FunctionSpec* spec = nullptr;  // only while the analysis runs
};

/// A check `if cond: raise ValueError("...")` at a point every run reaches
/// (a top-level statement or inside range loops only) whose condition the
/// caller can evaluate: the caller performs it before the dispatch and the
/// workunit leaves it out. The NumpyTransformer writes them for NumPy's shape
/// errors (numpy_lowering.h).
struct Guard {
  uint32_t stmt_start = 0, stmt_end = 0;                // the if_statement
  std::vector<std::pair<uint32_t, uint32_t>> loops;      // enclosing for statements, outermost first
};

/// Why a loop was or was not parallelised (--explain-parallel, CRB521).
struct LoopDecision {
  uint32_t start = 0, end = 0;  // `for i in range(...)`
  bool parallel = false;
  std::string why;
};

struct KernelPlan {
  std::string name;
  /// A @pk.function specialisation (call_graph.h), not a kernel: returns go
  /// back to the caller, parameter types come from the call sites.
  bool as_function = false;
  std::string function_name;  // `_pk_fn_<name>` when as_function
  size_t kernel_index = 0;  // into ModuleInfo::kernels
  uint32_t def_start = 0, def_end = 0;
  bool translatable = false;
  /// Every reason the kernel stays Numba code (CRB1xx–CRB4xx warnings).
  std::vector<Diagnostic> refusals;
  /// Notes about the translation (CRB4xx/CRB5xx notes).
  std::vector<Diagnostic> notes;

  std::vector<std::string> params;     // in order
  TypeTable types;                     // params, locals, loop variables
  /// The parameter types are Numba's (eager signature or type profile): the
  /// workunit annotates its views with them, so the runtime rejects a call
  /// with other types instead of computing with them.
  bool types_recorded = false;
  std::set<std::string> locals;        // assigned names that are not parameters
  std::set<std::string> assigned_params;

  Dispatch dispatch = Dispatch::kSerial;
  // The prange loop (kFor / kReduce).
  uint32_t loop_start = 0, loop_end = 0;  // the for_statement
  std::string loop_var;
  std::vector<std::string> range_args;    // argument texts of prange(...)
  /// Top-level statements before the loop that only set scalars: copied into
  /// the workunit and, when the caller needs them, into the caller.
  std::vector<std::pair<uint32_t, uint32_t>> setup;
  Reduction reduction;
  /// Element updates that several prange iterations may share, performed
  /// atomically (shared_updates.h, CRB406).
  std::vector<AtomicUpdate> atomic_updates;
  std::vector<Allocation> allocations;
  ReturnKind returns = ReturnKind::kNothing;
  Scalar return_type = Scalar::kUnknown;
  /// The final `return <expr>` of a prange kernel (evaluated by the caller).
  uint32_t final_return_start = 0, final_return_end = 0;
  /// Calls to helpers that become @pk.functions, and every jitted function
  /// the body calls by name (translatable or not).
  std::vector<HelperCall> calls;
  std::vector<std::string> callees;
  /// Array parameters the body writes (directly, through a subview, or in a
  /// helper it passes them to).
  std::set<std::string> written_params;
  /// Written array parameters whose dtype only the call decides (static
  /// types: the workunit's views are not annotated). The caller must never
  /// hand the workunit a copy of one, as pk.array makes of a bool array: each
  /// maps to "" when every store into it is a bool value (a bool array goes
  /// as its uint8 view), else to the store that is not (the caller refuses a
  /// bool array with TypeError).
  std::map<std::string, std::string> unknown_dtype_writes;
  /// Shape checks the caller performs (see Guard).
  std::vector<Guard> guards;
  /// NumPy statements lowered to loops, applied by the NumpyTransformer
  /// (empty when the kernel has NumPy the lowering refuses).
  std::vector<NumpyRewrite> numpy_rewrites;
  /// The kernel falls back to plain Python (CRB515): numpy_rewrites remove
  /// its decorator. `fallback_reasons` are the NumPy refusals that made it
  /// fall back, which it gets back if a Numba caller keeps it Numba code
  /// (numba_callers.h).
  bool numpy_fallback = false;
  std::vector<Diagnostic> fallback_reasons;

  // ---- automatic parallelism (loop_dependence.h) ----
  /// The parallel loop is a serial loop proven independent (--parallelize=auto).
  bool auto_parallel = false;
  /// Array parameters that may overlap: the caller runs the workunit on the
  /// Serial space (iterations in order) when np.may_share_memory says so.
  std::vector<AliasCheck> alias_checks;
  /// --nested-parallel=flatten: the inner loop joined to the parallel range
  /// (tid -> outer index tid // count, inner index tid % count).
  uint32_t inner_loop_start = 0, inner_loop_end = 0;
  std::string inner_loop_var;
  /// A serial loop around the parallel loop (`for t in range(steps):` whose
  /// body is only the parallel loop): the caller runs it around the dispatch
  /// and passes `time_var` to the workunit (CRB402 otherwise).
  uint32_t time_loop_start = 0, time_loop_end = 0;
  std::string time_var;
  /// One per `for` loop of a translated kernel, in source order.
  std::vector<LoopDecision> decisions;
};

/// The plans of every kernel Numba compiles that is a candidate (top-level
/// njit/jit functions); kernels of other kinds are refused by the
/// UnsupportedDetector's kind table and get no plan.
struct KernelPlans {
  std::vector<KernelPlan> plans;
  /// The @pk.function specialisations the translatable kernels call (in any
  /// depth), in first-use order; each has as_function and function_name set.
  std::vector<KernelPlan> functions;
  const KernelPlan* Find(std::string_view name) const;
};

struct KernelPlanAnalysis {
  using Result = KernelPlans;
  static constexpr std::string_view kName = "kernel-plan";
  static Result Compute(const AnalysisInput& in);
};

class HelperRegistry;
/// Builds one plan: the kernel `index`, or with `function_args` its
/// @pk.function specialisation for those argument types; `ranks_only` stops
/// once the parameter types are known. Used by HelperRegistry.
KernelPlan BuildKernelPlan(const Tree& tree, std::string_view path, const ModuleInfo& mod, size_t index,
                           HelperRegistry& reg, const std::vector<Type>* function_args, bool ranks_only);

/// True when `name` is selected by TranslateOptions::kernels (empty = all
/// but the kernels marked `# caramba: keep`).
bool KernelSelected(const std::vector<std::string>& selected, const Kernel& k);

/// Reserved prefix of names Caramba generates (workunits, temporaries).
inline constexpr std::string_view kReservedPrefix = "_pk_";

}  // namespace caramba
