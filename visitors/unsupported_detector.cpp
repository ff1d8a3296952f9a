// unsupported_detector.cpp — see unsupported_detector.h.
//
// Kernel-level refusals come from a table (JitKind -> code, message, help);
// construct-level refusals inside kernel bodies come from the KernelPlan
// analysis (caramba/analysis/kernel_plan.cpp), which the later visitors read
// to skip refused kernels. The loop/reduction refusals (CRB4xx) are reported
// by the PatternAnalyzer.
#include "visitors/unsupported_detector.h"

#include <string>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/ufuncs.h"

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
     "make its body an @njit function of one core slice (it writes the output argument) and call it from "
     "an @njit kernel with a prange loop over the loop dimensions"},
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
  // A @vectorize ufunc still here was not lowered (ufuncs.h): say why.
  std::vector<UfuncPlan> ufuncs;
  for (const Kernel& k : ctx.module().kernels)
    if (k.kind == JitKind::kVectorize) {
      ufuncs = PlanUfuncs(ctx.tree(), ctx.module(), ctx.options());
      break;
    }
  for (size_t i = 0; i < ctx.module().kernels.size(); ++i) {
    const Kernel& k = ctx.module().kernels[i];
    for (const auto& ref : kKindRefusals) {
      if (k.kind != ref.kind) continue;
      std::string why, help(ref.help);
      for (const UfuncPlan& u : ufuncs)
        if (u.kernel_index == i && !u.refusal.empty()) {
          why = ": " + u.refusal;
          if (!u.help.empty()) help = u.help;
        }
      auto d = ctx.Diag(ref.id, "'" + k.qualname + "' " + std::string(ref.what) + "; left as Numba code" + why,
                        k.decorator_start_byte, k.decorator_end_byte);
      if (!help.empty()) d.Help(help);
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
  for (const KernelPlan& plan : ctx.Get<KernelPlanAnalysis>().plans) {
    if (!KernelSelected(ctx.options().kernels, ctx.module().kernels[plan.kernel_index])) continue;
    for (const Diagnostic& d : plan.refusals) {
      int code = std::stoi(std::string(d.Code()).substr(3));
      if (code < 400 || code >= 500) r.diagnostics.push_back(d);
    }
  }
  return r;
}

}  // namespace caramba
