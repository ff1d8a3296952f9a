// kernel_restorer.cpp — see kernel_restorer.h.
#include "visitors/kernel_restorer.h"

#include <map>

namespace caramba {

VisitorResult KernelRestorer::Run(const Context& ctx) const {
  VisitorResult out;
  const ModuleInfo* input = ctx.input_module();
  if (input == nullptr || ctx.input_source().empty()) return out;
  // Kernels are matched by qualified name; a name defined twice (the later
  // definition wins in Python) is matched in order of appearance.
  std::map<std::string, std::vector<const Kernel*>> before;
  for (const Kernel& k : input->kernels) before[k.qualname].push_back(&k);
  std::map<std::string, size_t> seen;
  std::string_view now = ctx.source(), was = ctx.input_source();
  for (const Kernel& k : ctx.module().kernels) {
    if (k.nested) continue;  // inside a kernel or class that is restored as a whole
    size_t nth = seen[k.qualname]++;
    auto it = before.find(k.qualname);
    if (it == before.end() || nth >= it->second.size()) continue;
    const Kernel& old = *it->second[nth];
    std::string_view current = now.substr(k.start_byte, k.end_byte - k.start_byte);
    std::string_view original = was.substr(old.start_byte, old.end_byte - old.start_byte);
    if (current != original) out.edits.Replace(k.start_byte, k.end_byte, std::string(original), Name());
  }
  return out;
}

}  // namespace caramba
