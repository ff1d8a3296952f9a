// pipeline.cpp — the visitors, in the order they run. Read top to bottom to
// see how a Numba kernel travels through Caramba (CONTRIBUTING.md explains
// how to add one). Each visitor lives in visitors/<name>.{h,cpp}.
#include "caramba/pipeline.h"

#include "visitors/array_transformer.h"
#include "visitors/chained_assignment_splitting.h"
#include "visitors/constant_inliner.h"
#include "visitors/helper_inliner.h"
#include "visitors/iteration_lowering.h"
#include "visitors/jit_wrapper_lowering.h"
#include "visitors/kernel_restorer.h"
#include "visitors/nested_kernel_lifting.h"
#include "visitors/numpy_transformer.h"
#include "visitors/pattern_analyzer.h"
#include "visitors/phase_lowering.h"
#include "visitors/return_naming.h"
#include "visitors/semantic_transformer.h"
#include "visitors/signature_dispatch.h"
#include "visitors/signature_splitting.h"
#include "visitors/subview_transformer.h"
#include "visitors/tuple_local_inliner.h"
#include "visitors/ufunc_check.h"
#include "visitors/ufunc_lowering.h"
#include "visitors/unsupported_detector.h"

namespace caramba {

std::vector<std::unique_ptr<Visitor>> BuildPipeline() {
  std::vector<std::unique_ptr<Visitor>> p;
  // Numba spelling in, Numba spelling out: kernels defined inside functions
  // or blocks become top-level kernels called from where they were defined,
  // kernels made by wrapping
  // (g = njit(f)) become decorated defs, module-level constants the kernels
  // read become their values, helpers returning tuples of scalars are
  // written at their call sites, local tuples of scalars are written where they
  // are used, and loops over arrays, enumerate and zip
  // become range loops, so every later visitor sees decorated kernels with
  // plain range loops.
  p.push_back(std::make_unique<NestedKernelLifting>());
  p.push_back(std::make_unique<JitWrapperLowering>());
  // A @vectorize ufunc with signatures becomes per signature an @njit
  // element helper and an element-wise kernel, plus the ufunc object that
  // calls them as NumPy calls a ufunc (UfuncCheck finishes it).
  p.push_back(std::make_unique<UfuncLowering>());
  // A kernel called with signatures that need different translations (a 2-D
  // and a 4-D array) gets one copy per kind of signature, each translated
  // like any other kernel (SignatureDispatch finishes it).
  p.push_back(std::make_unique<SignatureSplitting>());
  // Chained assignments (s = t = 0.0) become one assignment per target,
  // which every later visitor expects.
  p.push_back(std::make_unique<ChainedAssignmentSplitting>());
  p.push_back(std::make_unique<ConstantInliner>());
  p.push_back(std::make_unique<HelperInliner>());
  p.push_back(std::make_unique<TupleLocalInliner>());
  p.push_back(std::make_unique<IterationLowering>());
  // Array expressions in a returned tuple (`return r @ A, A @ p`) become
  // named locals, which a host program hands back.
  p.push_back(std::make_unique<ReturnNaming>());
  // 0. NumPy array expressions, slice assignments and reductions to loops
  //    (Numba spelling), from the one NumPy table.
  p.push_back(std::make_unique<NumpyTransformer>());
  // 0b. Kernels that are several loop nests (with time loops, allocations,
  //    return values around them) become a host program under the kernel's
  //    name plus one Numba kernel per phase, each translated like any other.
  p.push_back(std::make_unique<PhaseLowering>());
  // 1. Decide per kernel whether it can be migrated; say why not.
  p.push_back(std::make_unique<UnsupportedDetector>());
  // 2. Pick the dispatch: parallel_for, parallel_reduce (with operator) or a
  //    single-index serial run; refuse loops that would race.
  p.push_back(std::make_unique<PatternAnalyzer>());
  // 3. Array syntax to view syntax: a[i, j] -> a[i][j], shapes -> extents.
  p.push_back(std::make_unique<ArrayTransformer>());
  // 4. Rows and slices used as values -> named subviews (`s = v[i, :]`).
  p.push_back(std::make_unique<SubviewTransformer>());
  // 5. Workunits, @pk.functions, declarations, rewrites, drop-in callers, imports.
  p.push_back(std::make_unique<SemanticTransformer>());
  // 6. Kernels still left as Numba code get their input text back, byte for
  //    byte, whatever an earlier visitor did to them before they were refused.
  p.push_back(std::make_unique<KernelRestorer>());
  // 7. A kernel translated once per kind of signature becomes the Python
  //    function that calls the translation its arguments select.
  p.push_back(std::make_unique<SignatureDispatch>());
  // 8. A translated ufunc whose pieces did not all translate, or that Numba
  //    code still calls, is kept as Numba code (the pipeline runs again).
  p.push_back(std::make_unique<UfuncCheck>());
  return p;
}

}  // namespace caramba
