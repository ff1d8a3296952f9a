// dispatch_space.h — the one decision of which execution space a caller's
// dispatch runs on, shared by the caller's text (caller_writer.cpp) and the
// note that tells the user (CRB524, semantic_transformer.cpp), so the two
// cannot disagree. Part of the SemanticTransformer.
//
// Without --space (or with --space Default) a caller dispatches on the
// runtime's default space, `pk.get_default_space()`: one translation runs on
// OpenMP, or on the GPU after `pk.set_default_space(pk.Cuda)` or
// PYKOKKOS_RT_DEFAULT_SPACE=Cuda, as upstream PyKokkos code does. --space X
// pins the space X. Whatever the space, a kernel without a parallel loop runs
// its one iteration on pk.Serial, and a kernel whose arrays may overlap runs
// on pk.Serial when np.may_share_memory says they do.
#pragma once

#include <string>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/options.h"
#include "caramba/visitor.h"

namespace caramba {

struct DispatchSpace {
  /// The policy's space expression: `pk.get_default_space()`, `pk.OpenMP`,
  /// `pk.Serial`, `pk.Cuda`, `pk.ExecutionSpace.HIP`, ...
  std::string space;
  /// The caller tests its arrays for overlap and then dispatches on
  /// pk.Serial instead of `space` (KernelPlan::alias_checks): it needs NumPy.
  bool alias_fallback = false;
  /// A serial kernel moved off the GPU space the user pinned with --space
  /// Cuda (note CRB524).
  bool serial_off_gpu = false;
};

DispatchSpace ChooseDispatchSpace(const TranslateOptions& options, const KernelPlan& plan);

/// The expression of the space `space` (a --space value) in generated code.
std::string SpaceExpr(const std::string& space);

/// The name under which generated callers reach NumPy (the overlap test, a
/// reduction's cell): the module's own alias of numpy; else `np`, which the
/// SemanticTransformer then imports; else, where the module already uses
/// `np` for something else (another module, or a name it never binds),
/// `_pk_numpy`: importing NumPy as `np` there would change what the user's
/// code reads, and a second translation of the output would differ.
std::string OutputNumpyName(const Context& ctx);

}  // namespace caramba
