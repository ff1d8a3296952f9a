// call_graph.h — kernel-to-kernel calls (issue 5, items 1 and 2).
//
// A jitted function called from a kernel becomes a top-level `@pk.function`
// (pykokkos-dialect.md §1: every parameter and the return type annotated).
// Its types come from the call sites: each distinct tuple of argument types
// is one specialisation, built as a KernelPlan in function mode (the same
// Builder as kernels, with the parameter types fixed). The registry here
// memoises those plans while the KernelPlan analysis runs, detects call
// cycles (recursion, CRB116), names the specialisations that are finally used
// (`_pk_fn_<name>`, `_pk_fn_<name>_1`, ...) and computes the ranks a helper
// demands of its parameters, so that `distance(cluster[i], cluster[j])` with
// `distance` indexing `p1[0]` makes `cluster` 2-D (the thesis's snippet 2.2).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/options.h"
#include "caramba/syntax.h"
#include "caramba/types.h"

namespace caramba {

struct KernelPlan;

/// One specialisation of a helper for one tuple of argument types.
struct FunctionSpec {
  std::string callee;          // the jitted function's name
  std::string name;            // the @pk.function's name; empty until used
  std::vector<Type> args;      // the call-site types, one per parameter
  bool ok = false;             // false: the helper cannot be a @pk.function
  bool recursive = false;      // part of a call cycle (CRB116)
  std::string reason;          // why not, for the caller's CRB119
  Type result;                 // Scalar::kNone for no return value
  std::shared_ptr<KernelPlan> plan;  // the function-mode plan (types, calls)
};

class HelperRegistry {
 public:
  HelperRegistry(const Tree& tree, std::string_view path, const ModuleInfo& mod, const TranslateOptions& options)
      : tree_(tree), path_(path), mod_(mod), options_(options) {}

  /// The run's options (--parallelize and friends decide plan facts).
  const TranslateOptions& Options() const { return options_; }

  /// The kernel plan of ModuleInfo::kernels[index] (registered as in
  /// progress, so a helper calling back into it is recognised as recursion).
  KernelPlan BuildKernel(size_t index);

  /// Index of the jitted function `name` in ModuleInfo::kernels, or -1.
  int KernelIndex(const std::string& name) const;

  /// The ranks a helper needs of its parameters: its own indexing depth and
  /// what it passes on to its own helpers (0 for scalars, unknown = 0).
  std::vector<int> ParamRanks(const std::string& name);

  /// The specialisation of `name` for `args` (built on first request). The
  /// returned pointer stays valid for the registry's lifetime.
  const FunctionSpec* Specialize(const std::string& name, const std::vector<Type>& args);

  /// Marks a specialisation as emitted: gives it its name (first use order)
  /// and marks the helpers it calls in turn.
  void Use(const FunctionSpec* spec);

  /// The used specialisations, in the order they were first used.
  std::vector<const FunctionSpec*> Used() const { return used_; }

 private:
  static std::string Key(const std::string& name, const std::vector<Type>& args);
  /// Names the module defines at top level (functions, classes, plain
  /// assignments), read once: an emitted helper never takes one of them.
  const std::set<std::string>& ModuleLevelNames();

  const Tree& tree_;
  std::string_view path_;
  const ModuleInfo& mod_;
  const TranslateOptions& options_;
  std::map<std::string, std::unique_ptr<FunctionSpec>> specs_;
  std::vector<std::string> in_progress_;  // names whose plan is being built
  std::map<std::string, std::vector<int>> ranks_;
  std::optional<std::set<std::string>> module_names_;
  std::set<std::string> ranks_in_progress_;
  std::map<std::string, int> name_count_;
  std::vector<const FunctionSpec*> used_;
};

struct KernelPlans;
/// The plans whose definitions the text-rewriting visitors (ArrayTransformer,
/// SubviewTransformer) rewrite: the translatable selected kernels, then, for
/// each helper used only as a @pk.function, its first specialisation (the
/// KernelRestorer puts back the Numba text of a helper that stays Numba code).
std::vector<const KernelPlan*> PlansToRewrite(const KernelPlans& plans, const ModuleInfo& mod,
                                              const std::vector<std::string>& selected);

/// Names of the jitted functions `def_node`'s body calls directly (by plain
/// name), whether or not they can be translated.
std::vector<std::string> CalledKernels(const Node& def_node, const ModuleInfo& mod);

/// Prefix of the @pk.function copies (within Caramba's reserved `_pk_`).
inline constexpr std::string_view kFunctionPrefix = "_pk_fn_";
/// Prefix of the names the SubviewTransformer binds (subviews and their
/// bounds); the KernelPlan analysis accepts these reserved names.
inline constexpr std::string_view kSubviewPrefix = "_pk_sv";

}  // namespace caramba
