// kernel_restorer.cpp — see kernel_restorer.h.
#include "visitors/kernel_restorer.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <set>

#include "caramba/analysis/jit_wrappers.h"

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/phases.h"

namespace caramba {

namespace {
// A kernel left as Numba code must say why. The UnsupportedDetector reports
// the refusals of the plan it saw; a refusal that only a plan recomputed after
// an editing visitor finds (a construct the view spelling or a lowering
// exposed) would otherwise reach nobody and the kernel would stay Numba code
// silently. Such a kernel gets the refusals of its final plan.
void ReportUnexplained(const Context& ctx, const Kernel& now, const Kernel& input, VisitorResult& out) {
  const std::vector<Diagnostic>* reported = ctx.reported();
  if (reported == nullptr || now.nested || !IsTranslatableKind(now.kind)) return;
  if (!KernelSelected(ctx.options().kernels, now)) return;
  for (const Diagnostic& d : *reported)
    if (d.severity != Severity::Note && d.start && KernelCovers(input, *d.start)) return;
  for (const Diagnostic& d : out.diagnostics)
    if (d.start && *d.start >= now.start_byte && *d.start < now.end_byte) return;
  const KernelPlan* plan = ctx.Get<KernelPlanAnalysis>().Find(now.name);
  if (plan == nullptr || plan->translatable) return;
  for (const Diagnostic& d : plan->refusals) out.diagnostics.push_back(d);
}
}  // namespace

// A kernel split into a host program and phase kernels (phases.h) of which
// one stayed Numba code: the whole kernel gets its input text back, from the
// first phase kernel to the end of the host program.
void RestoreSplitKernels(const Context& ctx, VisitorResult& out) {
  const ModuleInfo* input = ctx.input_module();
  std::set<std::string> numba_phases;  // owners of phases still Numba code
  for (const Kernel& k : ctx.module().kernels)
    if (!k.nested && !PhaseOwner(k.name).empty()) numba_phases.insert(PhaseOwner(k.name));
  if (numba_phases.empty()) return;
  std::string_view was = ctx.input_source();
  for (const Kernel& old : input->kernels) {
    if (old.nested || !numba_phases.count(old.name)) continue;
    uint32_t start = UINT32_MAX, end = 0;
    for (const Node& c : ctx.tree().Root().NamedChildren()) {
      Node def = c.Type() == "decorated_definition" ? c.ChildByField("definition") : c;
      if (def.Type() != "function_definition") continue;
      std::string name(def.ChildByField("name").Text());
      if (PhaseOwner(name) == old.name) start = std::min(start, c.StartByte());
      if (name == old.name && c.Type() == "function_definition" && start != UINT32_MAX) end = c.EndByte();
    }
    if (start == UINT32_MAX || end <= start) continue;
    out.edits.Replace(start, end, std::string(was.substr(old.start_byte, old.end_byte - old.start_byte)),
                      "KernelRestorer");
  }
}

VisitorResult KernelRestorer::Run(const Context& ctx) const {
  VisitorResult out;
  const ModuleInfo* input = ctx.input_module();
  if (input == nullptr || ctx.input_source().empty()) return out;
  // Kernels are matched by qualified name; a name defined twice (the later
  // definition wins in Python) is matched in order of appearance.
  std::map<std::string, std::vector<const Kernel*>> before;
  // A kernel made by wrapping (`g = njit(f)`) was rewritten as a decorated
  // def named g (caramba/analysis/jit_wrappers.h): it gets back the bytes
  // that rewrite replaced.
  std::map<const Kernel*, std::pair<uint32_t, uint32_t>> wrapped;
  std::optional<Tree> input_tree;
  for (const Kernel& k : input->kernels) {
    if (!k.via_decorator && !k.nested) {
      if (!input_tree) input_tree = Tree::Parse(std::string(ctx.input_source()));
      if (auto w = PlanWrapperRewrite(*input_tree, k)) {
        before[w->name].push_back(&k);
        wrapped[&k] = {w->restore_start, w->restore_end};
        continue;
      }
    }
    before[k.qualname].push_back(&k);
  }
  std::map<std::string, size_t> seen;
  std::string_view now = ctx.source(), was = ctx.input_source();
  for (const Kernel& k : ctx.module().kernels) {
    if (k.nested) continue;  // inside a kernel or class that is restored as a whole
    size_t nth = seen[k.qualname]++;
    auto it = before.find(k.qualname);
    if (it == before.end() || nth >= it->second.size()) continue;
    const Kernel& old = *it->second[nth];
    std::string_view current = now.substr(k.start_byte, k.end_byte - k.start_byte);
    // (Only when it was rewritten: a wrapper not selected is still one.)
    auto w = k.via_decorator ? wrapped.find(&old) : wrapped.end();
    uint32_t from = w != wrapped.end() ? w->second.first : old.start_byte;
    uint32_t to = w != wrapped.end() ? w->second.second : old.end_byte;
    std::string_view original = was.substr(from, to - from);
    if (current != original) out.edits.Replace(k.start_byte, k.end_byte, std::string(original), Name());
    ReportUnexplained(ctx, k, old, out);
  }
  RestoreSplitKernels(ctx, out);
  return out;
}

}  // namespace caramba
