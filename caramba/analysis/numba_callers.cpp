// numba_callers.cpp — see numba_callers.h.
#include "caramba/analysis/numba_callers.h"

#include <algorithm>
#include <string>

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/kernel_plan.h"

namespace caramba {

namespace {

// The callee would leave Numba: translated (a drop-in caller) or run as
// plain Python (the CRB515 fallback).
bool LeavesNumba(const KernelPlan& p) { return p.translatable || p.numpy_fallback; }

void Keep(KernelPlan& callee, const Kernel& ck, const std::string& caller, std::string_view path) {
  const std::string& name = callee.name;
  Diagnostic d = Diagnostic::Make(DiagId::kHelperKeptForNumba,
                                  "'" + name + "': kept as Numba code because '" + caller +
                                      "', which stays Numba code, calls it",
                                  std::string(path))
                     .At(ck.def_start_byte, ck.def_start_byte + 3);
  if (callee.numpy_fallback) {
    // Its NumPy work cannot stay in a workunit, and without its decorator
    // Numba code cannot call it: it stays Numba for good, with the reasons.
    d.Help("'" + name + "' cannot run as plain Python (CRB515) while Numba code calls it: call it from Python, or "
           "rewrite its NumPy work as its other diagnostics say");
    callee.refusals = std::move(callee.fallback_reasons);
    callee.fallback_reasons.clear();
    callee.numpy_fallback = false;
    callee.numpy_rewrites.clear();
    callee.notes.erase(std::remove_if(callee.notes.begin(), callee.notes.end(),
                                      [](const Diagnostic& n) { return n.id == DiagId::kNumpyFallback; }),
                       callee.notes.end());
  } else {
    d.Help("once '" + caller + "' translates, so does '" + name + "'");
  }
  callee.refusals.push_back(std::move(d));
  callee.translatable = false;
}

}  // namespace

void KeepCalleesOfNumbaKernels(KernelPlans& out, const Tree& tree, std::string_view path, const ModuleInfo& mod,
                               const HelperRegistry& reg) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < mod.kernels.size(); ++i) {
      const Kernel& k = mod.kernels[i];
      if (k.nested || k.is_class) continue;
      auto plan = std::find_if(out.plans.begin(), out.plans.end(), [&](const KernelPlan& p) { return p.kernel_index == i; });
      if (plan != out.plans.end() && plan->translatable) continue;
      // A kernel translated once per signature leaves Numba through its
      // variants, which call what it calls (signature_splits.h).
      if (reg.Options().signature_splits.count(k.name)) continue;
      // A fallback caller is plain Python once the NumpyTransformer has run,
      // and calls a fallback callee just as well (kept Numba code in turn, it
      // keeps it in a later round).
      bool python_caller = plan != out.plans.end() && plan->numpy_fallback;
      Node def = tree.Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
      while (def && def.Type() != "function_definition") def = def.Parent();
      if (!def) continue;
      for (const std::string& callee : CalledKernels(def, mod)) {
        for (KernelPlan& cp : out.plans) {
          if (cp.name != callee || !LeavesNumba(cp) || static_cast<int>(cp.kernel_index) != reg.KernelIndex(callee))
            continue;
          if (python_caller && cp.numpy_fallback) continue;
          Keep(cp, mod.kernels[cp.kernel_index], k.name, path);
          changed = true;
        }
      }
    }
  }
}

}  // namespace caramba
