// dispatch_space.cpp — see dispatch_space.h.
#include "visitors/dispatch_space.h"

namespace caramba {

std::string SpaceExpr(const std::string& space) {
  // The runtime's default is read at each call, so pk.set_default_space()
  // and the environment variable move every dispatch of the file.
  if (space == "Default") return "pk.get_default_space()";
  if (space == "OpenMP" || space == "Serial" || space == "Cuda") return "pk." + space;
  return "pk.ExecutionSpace." + space;
}

DispatchSpace ChooseDispatchSpace(const TranslateOptions& options, const KernelPlan& plan) {
  DispatchSpace d;
  const std::string& space = options.space;
  d.space = SpaceExpr(space);
  if (space == "Serial") return d;
  if (plan.dispatch == Dispatch::kSerial) {
    // A serial kernel (or serial phase of a host program) runs its one
    // iteration on the Serial space: a one-iteration dispatch of the parallel
    // host space pays the thread pool's wake-up and barrier for nothing
    // (docs/benchmarks.md: 16 ms against 0.3 ms for a k-means update). On a
    // GPU too: one GPU thread runs serial code far slower than one host
    // core, and the caller's arrays live on the host.
    d.space = "pk.Serial";
    d.serial_off_gpu = space == "Cuda";
    return d;
  }
  // Arrays that may overlap make the iterations dependent: the caller runs
  // them in order on the Serial space then (loop_dependence.h).
  d.alias_fallback = !plan.alias_checks.empty();
  return d;
}

}  // namespace caramba
