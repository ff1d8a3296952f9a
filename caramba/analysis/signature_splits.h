// signature_splits.h — kernels translated once per recorded signature.
//
// Numba compiles one machine-code version per signature, so one Python kernel
// may take a 2-D array in one call and a 4-D array in another, or float32 in
// one and float64 in another. A PyKokkos translation is one text with one set
// of types. When the recorded types (eager signatures, or the type profile)
// of a kernel called from Python need different translations, the kernel is
// translated once per kind of signature:
//  - the SignatureSplitting visitor writes one copy of the kernel per
//    variant, named after the kernel and what differs (`relu_2d`,
//    `relu_4d`: SignatureVariantName), each with its variant's eager
//    signature, so each translates like any other kernel;
//  - the kernel itself stays as it is for the rest of the pipeline (kernels
//    that call it get one @pk.function per signature from its def, as
//    before), refused with note CRB144 rather than CRB141;
//  - the SignatureDispatch visitor, last, replaces it with a Python function
//    of its name and parameters that calls the variant the arguments' kinds
//    (ndim, dtype, scalar type) select, and raises TypeError for any other
//    kinds; or, when a variant stayed Numba code or a Numba kernel still
//    calls it, reports CRB141 with the reason, and the pass manager runs the
//    pipeline again with the kernel in TranslateOptions::unsplit_kernels.
// The pass manager plans the splits once per run, from the input
// (PlanSignatureSplits), into TranslateOptions::signature_splits.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/options.h"
#include "caramba/syntax.h"

namespace caramba {

/// The kernels of the input to translate once per recorded signature, with
/// their variants (in the order of the recorded signatures).
std::map<std::string, std::vector<SignatureVariant>> PlanSignatureSplits(const Tree& tree, const ModuleInfo& mod,
                                                                         std::string_view path,
                                                                         const TranslateOptions& options);

/// The eager signature of a variant (`"float32[:, ::1](float32[:, ::1])"`).
std::string VariantSignature(const SignatureVariant& v);

/// What SignatureDispatch adds to CRB141's message when the variants did not
/// work out, before the reason; the pass manager reads the reason after it,
/// and the next run's CRB141 repeats it.
inline constexpr std::string_view kSplitDeclined = "; one translation per signature does not work out either: ";

/// The kernel `name` is a variant of, or "".
std::string SplitOwner(const TranslateOptions& options, std::string_view name);

/// The Python condition under which `arg` (a parameter name) has the kind
/// `t` as Numba types it: `isinstance(x, np.ndarray) and x.ndim == 2 and
/// x.dtype == np.float32`, `type(n) in (int, np.int64)`. `np` is the module's
/// name for NumPy.
std::string KindCondition(const std::string& arg, const Type& t, const std::string& np);

/// `2-D float32 array`, `int64`.
std::string DescribeKind(const Type& t);

/// The text of a Numba decorator node (`@njit`, `@nb.jit(parallel=True)`)
/// with `sig` as its eager signature, first, and its keyword options after
/// it: how a per-signature copy and a phase kernel are decorated.
std::string DecoratorWithSignature(const Node& decorator, const std::string& sig);

}  // namespace caramba
