// unsupported_detector.cpp — see unsupported_detector.h.
//
// Kernel-level refusals come from a table (JitKind -> code, message, help);
// construct-level checks inside kernel bodies are added by the translator
// issue on top of the same Run().
#include "visitors/unsupported_detector.h"

#include <string>

namespace caramba {

namespace {

struct KindRefusal {
  JitKind kind;
  DiagId id;
  std::string_view what;
  std::string_view help;
};

// What each non-migratable Numba flavour gets. Table as data: the LSP server
// and the batch report read the same codes.
const KindRefusal kKindRefusals[] = {
    {JitKind::kVectorize, DiagId::kVectorize, "is a @vectorize ufunc",
     "rewrite it as an @njit kernel with a prange loop over the elements"},
    {JitKind::kGuvectorize, DiagId::kGuvectorize, "is a @guvectorize generalized ufunc",
     "rewrite it as an @njit kernel with a prange loop over the outer dimensions"},
    {JitKind::kStencil, DiagId::kStencil, "is a @stencil", "write the stencil as explicit loops"},
    {JitKind::kCfunc, DiagId::kCfunc, "is a @cfunc C callback", ""},
    {JitKind::kCudaJit, DiagId::kCudaJit, "is a @cuda.jit kernel",
     "migrate the CPU version and run it with --space Cuda"},
    {JitKind::kJitclass, DiagId::kJitclass, "is a jitclass",
     "move hot loops into free @njit kernels that take the fields as arguments"},
    {JitKind::kObjectMode, DiagId::kObjectMode, "is compiled in object mode", "use @njit"},
    {JitKind::kGeneratedJit, DiagId::kGeneratedJit, "is a @generated_jit function", ""},
    {JitKind::kOverload, DiagId::kOverload, "extends Numba's compiler (@overload/@intrinsic)", ""},
};

}  // namespace

VisitorResult UnsupportedDetector::Run(const Context& ctx) const {
  VisitorResult r;
  for (const Kernel& k : ctx.module().kernels) {
    for (const auto& ref : kKindRefusals) {
      if (k.kind != ref.kind) continue;
      auto d = ctx.Diag(ref.id, "'" + k.qualname + "' " + std::string(ref.what) + "; left as Numba code",
                        k.decorator_start_byte, k.decorator_end_byte);
      if (!ref.help.empty()) d.Help(std::string(ref.help));
      r.diagnostics.push_back(std::move(d));
    }
    if (k.kind == JitKind::kJit) {
      r.diagnostics.push_back(
          ctx.Diag(DiagId::kPlainJitFallback,
                   "'" + k.qualname + "' uses @jit without nopython=True; treated as nopython code",
                   k.decorator_start_byte, k.decorator_end_byte)
              .Help("write @njit (or @jit(nopython=True)) to make it explicit"));
    }
    if (k.uses_objmode_block && IsTranslatableKind(k.kind)) {
      r.diagnostics.push_back(ctx.Diag(DiagId::kObjectMode,
                                       "'" + k.qualname + "' contains a numba.objmode block; left as Numba code",
                                       k.def_start_byte, k.def_start_byte + 3));
    }
  }
  return r;
}

}  // namespace caramba
