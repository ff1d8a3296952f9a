// plan_builder.h — the KernelPlan builder's shared state (private to
// caramba/analysis/plan_*.cpp and kernel_plan.cpp; not for visitors).
//
// One Builder per kernel (or @pk.function specialisation) builds its
// KernelPlan. Build() in kernel_plan.cpp runs the steps in order; the
// methods are grouped by role below, each role in its own file:
//   plan_constructs.cpp  names, parameters, construct-level refusals
//   plan_types.cpp       applies the type analysis (type_inference.h)
//   plan_calls.cpp       helper calls (@pk.functions), subviews
//   plan_numpy.cpp       applies the NumPy lowering, the fallback, shape guards
//   plan_loops.cpp       loops and patterns: dispatch, automatic parallelism
//   plan_reductions.cpp  the reduction of the parallel loop
//   plan_returns.cpp     returns, allocations, the caller's set-up
#pragma once

#include "caramba/analysis/kernel_plan.h"

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/helper_inlining.h"
#include "caramba/analysis/iteration_lowering.h"
#include "caramba/analysis/module_constants.h"
#include "caramba/analysis/loop_dependence.h"
#include "caramba/analysis/loop_variables.h"
#include "caramba/analysis/lowering.h"
#include "caramba/analysis/numba_callers.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/type_inference.h"
#include "caramba/analysis/walk.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

namespace caramba {
namespace kernel_plan_detail {


inline const char* const kBuiltins[] = {"len", "abs", "min", "max", "int", "float", "bool", "round", "range"};

inline bool IsBuiltin(std::string_view n) {
  for (const char* b : kBuiltins)
    if (n == b) return true;
  return false;
}

// The assignment inside an expression_statement, or a null node.
inline Node AssignmentOf(const Node& stmt) {
  if (stmt.Type() != "expression_statement" || stmt.NamedChildCount() != 1) return Node();
  Node a = stmt.NamedChild(0);
  return (a.Type() == "assignment" || a.Type() == "augmented_assignment") ? a : Node();
}

inline bool IsZeroLiteral(const Node& n) {
  if (n.Type() != "integer" && n.Type() != "float") return false;
  std::string t(n.Text());
  t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
  return t.find_first_not_of("0.") == std::string::npos || t == "0e0" || t == "0.0e0";
}

class Builder {
 public:
  Builder(const Tree& tree, std::string_view path, const ModuleInfo& mod, size_t index, KernelPlan& plan, HelperRegistry& reg, const std::vector<Type>* function_args = nullptr, bool ranks_only = false);
  void Build();

 private:
  void Refuse(DiagId id, std::string msg, uint32_t s, uint32_t e, std::string help = {});
  void Refuse(DiagId id, const std::string& what, const Node& n, std::string help = {});
  void Note(DiagId id, const std::string& what, const Node& n);

  // ---- constructs: names, parameters and construct-level refusals (plan_constructs.cpp)
  void CollectParams();
  void CollectNames(const Node& root);
  bool IsKnownName(const std::string& n) const;
  bool IsArrayName(const Node& n) const;
  // Construct-level refusals (CRB111–CRB128, CRB201, CRB301).
  void CheckConstructs(const Node& root) { CheckConstructs(root, root == body_ ? def_ : root.Parent()); }
  void CheckConstructs(const Node& root, const Node& root_parent);
  // A subscript whose value is a view rather than an element: the whole
  // right-hand side of `name = ...`, or an argument of a helper call. Only
  // there can the SubviewTransformer bind it to a name.
  bool IsSubviewUse(const Node& sub) const { return sub.Type() == "subscript" && IsSubviewUse(sub, sub.Parent()); }
  bool IsSubviewUse(const Node& sub, const Node& p) const;
  static int CountColons(const Node& slice);
  static int SliceCount(const Node& sub);
  bool CheckFor(const Node& n);
  bool CheckCall(const Node& n);
  bool IsArrayExpr(const Node& a) const;
  bool IsKnownLocal(const std::string& n) const;
  bool IsParamOrLocal(const Node& n) const { return n.Type() == "identifier" && IsKnownLocal(std::string(n.Text())); }
  bool CheckAttribute(const Node& n, const Node& p);
  void CheckIdentifier(const Node& n, const Node& p);
  void CheckTuple(const Node& n, const Node& p);

  // ---- types: applying the type analysis (type_inference.h), array checks (plan_types.cpp)
  StaticTyping& Typing();
  void InferParamTypes();
  void ParamTypesForFunction();
  void IntegerArraysFromIndexing();
  Type AllocationType(const Node& call) { return Typing().AllocationType(call, plan_.types); }
  void LocalFixpoint(TypeTable& types) { Typing().LocalFixpoint(types, &types == &plan_.types); }
  void CheckStaticEvidence();
  void ApplyRecordedLocals();
  void InferLocalTypes();
  Node FirstAssignment(const std::string& name);
  void CheckArrays();
  void CheckBoolStore(const Node& target, const Node& store, const Node& base);
  /// "" when `store` puts a bool value (0/1 as uint8) into its array, else what it stores.
  std::string BoolStoreProblem(const Node& store) const;
  /// KernelPlan::unknown_dtype_writes.
  void UnknownDtypeWrites();
  void CheckPreludePositions();
  /// Integer operations whose Numba types no lowering reproduces (plan_integers.cpp).
  void CheckIntegerTyping();

  // ---- calls: helpers that become @pk.functions, subviews (plan_calls.cpp)
  bool CheckHelperCall(const Node& n);
  std::vector<Type> ArgTypes(const Node& call, const TypeTable& types) const;
  static bool Known(const std::vector<Type>& ts);
  Type CallResult(const Node& call, const TypeTable& types);
  void FinishCalls();
  std::string ViewRoot(std::string name) const;
  void CollectSubviewRoots();
  void WrittenParams();
  void CheckSubviews();
  void CheckParamAssignments(const std::set<std::string>& params);
  void CheckKernelParamAssignments();

  // ---- NumPy: applying the NumPy lowering, the plain-Python fallback, shape guards (plan_numpy.cpp)
  void LowerNumpyStatements();
  // A partial lowering (LowerNumpyStatements) whose kernel has other
  // refusals that no host program lifts is dropped: nothing of it would run.
  void DropPartialLowering();
  void NumpyFallback();
  static std::string IndentUnit(std::string_view src);
  static bool IsGuard(const Node& n);
  void CheckGuards();

  // ---- loops and patterns: the dispatch, the parallel loop, automatic parallelism (plan_loops.cpp)
  bool IsPrange(const Node& f) const;
  void FindPattern();
  void PlanLoop(const Node& loop, const std::vector<Node>& stmts, const Node& top);
  void PlanSharedUpdates(const Node& loop);
  // ---- automatic parallelism (issue 5 items 5-6; loop_dependence.h) ----------
  // prange loops run in parallel unless --parallelize=none (then, as Numba
  // without parallel=True, they are serial loops).
  bool ParallelPrange() const { return k_.Option("parallel") && options_.parallelize != "none"; }
  LoopDecision Decision(const Node& loop, bool parallel, std::string why) const;
  bool TryAutoParallel(const std::vector<Node>& stmts);
  Node TimeLoopAround(const Node& loop) const;
  void TryFlatten(const Node& loop, const Node& top);
  void ExplainLoops();
  std::string LineOf(uint32_t byte) const;
  static Node InnermostLoop(Node n);
  static std::string FirstLine(const Node& n);

  // ---- reductions: the scalar reduction of the parallel loop (plan_reductions.cpp)
  bool MentionsArrayElement(const Node& e);
  void FindReduction(const Node& loop, const std::vector<Node>& stmts, size_t idx);
  ReduceOp UpdateOp(const Node& a);
  // Every update of the reduction in `loop` is `m = max(m, (x if x == x
  // else c))` (min alike), c a literal or an infinity: no NaN is reduced,
  // so a floating-point max/min is the same in any order.
  bool NanFreeUpdates(const Node& loop) const;

  // ---- returns and allocations: what the caller sets up, allocates and returns (plan_returns.cpp)
  void FunctionReturns();
  void CheckCallerExpression(const Node& e, const std::string& what);
  void CallerSetup(const std::vector<Node>& stmts, size_t end);
  void SerialReturns();

  // ---- state shared by the steps
  const Tree& tree_;
  std::string_view path_;
  const ModuleInfo& mod_;
  const Kernel& k_;
  KernelPlan& plan_;
  Node def_, body_;
  std::set<std::string> kernel_names_;
  std::set<std::string> loop_vars_;
  std::set<std::string> containers_;  // locals bound to a list, dict or set (CRB112)
  std::map<std::string, int> assign_count_;
  std::map<std::string, int> array_rank_;
  std::set<std::string> unknown_dtype_, noted_dtype_, assumed_float_;
  std::unique_ptr<StaticTyping> typing_;
  std::optional<RecordedTypes> recorded_;
  /// A kernel lifted to module level (nested_kernels.h): the kernel under
  /// the qualified name its types were recorded by, and its closure
  /// parameters (which must be scalars).
  std::optional<Kernel> recorded_as_;
  std::vector<std::string> closure_;
  const Kernel& TypesKernel() const { return recorded_as_ ? *recorded_as_ : k_; }
  void CheckClosure();
  std::set<std::string> no_kind_evidence_;
  std::set<std::string> deeper_bound_;
  std::set<std::string> helper_assumed_arrays_;  // arrays of assumed dtype passed to @pk.functions  // locals bound to a subscript that is an array (CRB140)  // parameters that may be scalars or arrays (CRB140)
  std::set<std::string> setup_names_;
  std::vector<Node> allocation_calls_;
  HelperRegistry& reg_;
  const std::vector<Type>* function_args_;
  bool ranks_only_;
  const TranslateOptions& options_;
  std::vector<Node> helper_calls_;  // calls to jitted functions that may become @pk.functions
  std::vector<const FunctionSpec*> call_specs_;
  std::set<std::pair<uint32_t, uint32_t>> subview_subscripts_;  // subscripts in a subview position (CheckConstructs)
  std::vector<Node> guards_;
  std::set<std::string> helper_writes_;                 // names passed to helpers that write them
  std::map<std::string, std::string> subview_roots_;   // subview name -> the name it views
  // The help of CRB123 per module-level name: computing it walks the whole
  // module, once per name, not once per use (a 2,000-term chain of an
  // undefined name took minutes).
  std::map<std::string, std::string> module_name_help_;
  std::vector<NumpyGuardSite> guard_sites_;
  bool partial_lowering_ = false;  // numpy_rewrites leave refused new arrays to a host program
  std::vector<Diagnostic> host_only_;  // why, when the kernel cannot be one (NumpyLowering::host_only)
};

}  // namespace kernel_plan_detail
}  // namespace caramba
