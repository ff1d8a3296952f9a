// signature_splitting.h — one copy of a kernel per kind of its recorded
// signatures (caramba/analysis/signature_splits.h), each with that kind's
// eager signature, written after the kernel; every later visitor translates
// each copy like any other kernel. The kernel itself stays for its kernel
// callers' @pk.functions until the SignatureDispatch replaces it.
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class SignatureSplitting : public Visitor {
 public:
  std::string_view Name() const override { return "SignatureSplitting"; }
  std::string_view Description() const override {
    return "writes one copy of a kernel per kind of recorded signature that needs its own translation";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
