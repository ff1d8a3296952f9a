// semantic_transformer.h — the PyKokkos shape of each translated kernel
// (thesis §2.3.3, snippets 2.4–2.5): a `@pk.workunit` (tid, acc, then the
// kernel's parameters; the prange loop replaced by the thread index; the
// reduction variable replaced by `acc` or an atomic; every local declared once
// with its type; the dialect-less constructs rewritten, caramba/analysis/
// lowering.h), and a caller with the kernel's name and signature that wraps
// arrays, allocates what the kernel allocated, dispatches with keyword
// arguments on the chosen execution space and returns what the kernel
// returned. It also adds `import pykokkos as pk` and drops Numba imports
// that nothing uses any more.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class SemanticTransformer : public Visitor {
 public:
  std::string_view Name() const override { return "SemanticTransformer"; }
  std::string_view Description() const override {
    return "writes workunits, declarations and drop-in callers; rewrites constructs the dialect lacks";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module", "kernel-plan"}; }
  VisitorResult Run(const Context& ctx) const override;
  bool WritesWorkunits() const override { return true; }
};

}  // namespace caramba
