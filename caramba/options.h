// options.h — the options that change what a translation does. Plain data,
// filled by the CLI (caramba/translate_flags.cpp), the LSP server, difftest
// and tests directly.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "caramba/type_profile.h"

namespace caramba {

struct ProjectConfig;

/// One translation of a kernel called with signatures that need different
/// translations (caramba/analysis/signature_splits.h).
struct SignatureVariant {
  std::string name;        // `relu_2d`: the kernel copy, named by SignatureVariantName
  std::vector<Type> args;  // in parameter order
  Type result;             // Scalar::kNone: no return value
  /// The parameters whose kinds select this variant (others are alike in
  /// every variant), by index.
  std::vector<size_t> selecting;
  /// Signatures of this kind recorded different return types: no variant.
  bool result_conflict = false;
};

struct TranslateOptions {
  /// Run the pipeline up to and including this visitor ("" = all).
  std::string stop_after;
  /// Run only this visitor ("" = all).
  std::string only;
  /// Translate only these kernels (by name or qualname); empty = every kernel.
  /// The LSP "Migrate kernel" action uses it; every other kernel stays as it is.
  std::vector<std::string> kernels;
  /// Execution space of the generated callers: Serial, OpenMP, Cuda, HIP,
  /// Threads or Default (`--space`). Default: the runtime's default space at
  /// run time (`pk.get_default_space()`), so one translation runs on every
  /// space (visitors/dispatch_space.h).
  std::string space = "Default";
  /// `drop-in`: the caller keeps the kernel's name and the workunit is
  /// `_pk_<name>`; `thesis`: the workunit keeps the name and the caller is
  /// `call_<name>`, as in the thesis's snippet 2.5 (`--caller-style`).
  std::string caller_style = "drop-in";
  /// Which loops run in parallel (`--parallelize`, design.md §2.2):
  /// `auto` also parallelises the outer loop of a serial kernel when the
  /// loop-dependence analysis proves its iterations independent; `prange`
  /// keeps only explicit prange loops parallel; `none` runs every kernel on
  /// the one-index serial policy (prange loops too, as Numba without
  /// parallel=True).
  std::string parallelize = "auto";
  /// Two perfectly nested parallelisable loops: `outer` parallelises the
  /// outer loop only (inner loop serial in each iteration), `flatten` runs
  /// one flattened range over both (`--nested-parallel`). Outer is the
  /// default because it measured faster (docs/translator.md, Benchmark).
  std::string nested_parallel = "outer";
  /// Report, per loop, why it was or was not parallelised (notes CRB521/CRB522).
  bool explain_parallel = false;
  /// Exact types recorded from Numba (`--types`, or the project's
  /// `.caramba/types.json`); null when there is none (type_profile.h).
  std::shared_ptr<const TypeProfile> profile;
  /// Argument types of kernels from the module's own calls (its `__main__`
  /// block, module-level code, plain functions), by kernel name: evidence
  /// after the profile (call_site_types.h). Filled by the pass manager for
  /// each run, not by users.
  std::map<std::string, std::vector<std::vector<Type>>> call_site_types;
  /// Kernels (by name) whose translation failed the runtime's kernel front end
  /// at translate time, with the validator's message: the next run of the
  /// pipeline refuses them (they stay Numba code). Filled by the validation
  /// step, not by users.
  std::map<std::string, std::string> failed_validation;
  /// Kernels (by name) whose new arrays bound twice (CRB207) were left to a
  /// host program that the PhaseLowering then declined: the next run of the
  /// pipeline gives them what they get without one (the plain-Python
  /// fallback, or their refusals). Filled by the pass manager, not by users.
  std::set<std::string> declined_host_programs;
  /// Kernels translated once per recorded signature, by name, with their
  /// variants (signature_splits.h). Filled by the pass manager for each run
  /// of the pipeline, not by users.
  std::map<std::string, std::vector<SignatureVariant>> signature_splits;
  /// Kernels whose per-signature translation did not work out (a variant
  /// stayed Numba code, a Numba kernel calls the kernel), with the reason:
  /// the next run keeps them whole (CRB141). Filled by the pass manager.
  std::map<std::string, std::string> unsplit_kernels;
  /// Run every workunit through the runtime's kernel front end after the
  /// pipeline (validation.h). Off only with `--no-validate`, for measuring
  /// its cost or for someone who knows the output is checked otherwise.
  bool validate = true;
  /// Kernels of several loop nests become host programs of parallel phases
  /// (phases.h, `PhaseLowering`). Off with `--no-phases`: one workunit each.
  bool phases = true;
  /// Every note as it is (-v); otherwise repeated notes of one kind are
  /// summarised once per kernel (suppressions.h).
  bool verbose = false;
  /// The project's `[tool.caramba]` (config.h), for its per-file-ignores;
  /// null when there is none.
  std::shared_ptr<const ProjectConfig> config;
};

}  // namespace caramba
