// dispatch_space.cpp — see dispatch_space.h.
#include "visitors/dispatch_space.h"

#include <cctype>

namespace caramba {

std::string OutputNumpyName(const Context& ctx) {
  std::string alias = ctx.module().imports.AliasOf("numpy");
  if (!alias.empty()) return alias;
  // `np` as a whole word outside the generated names: a text search first,
  // the tree only where the text has one (a string or comment does not count).
  std::string_view src = ctx.source();
  auto word = [&](size_t i) { return std::isalnum(static_cast<unsigned char>(src[i])) || src[i] == '_'; };
  bool maybe = false;
  for (size_t at = src.find("np"); at != std::string_view::npos && !maybe; at = src.find("np", at + 2))
    maybe = (at == 0 || !word(at - 1)) && (at + 2 >= src.size() || !word(at + 2));
  if (!maybe) return "np";
  bool used = false;
  Walk(ctx.tree().Root(), [&](const Node& n) {
    if (used) return false;
    if (n.Type() == "identifier" && n.Text() == "np") used = true;
    return !used;
  });
  return used ? "_pk_numpy" : "np";
}

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
