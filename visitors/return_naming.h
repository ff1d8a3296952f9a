// return_naming.h — array expressions in a kernel's returned tuple become
// named locals, in Numba spelling, so the phase lowering can hand them back
// (caramba/analysis/return_naming.h decides which and how).
#pragma once

#include "caramba/visitor.h"

namespace caramba {

class ReturnNaming : public Visitor {
 public:
  std::string_view Name() const override { return "ReturnNaming"; }
  std::string_view Description() const override {
    return "names the array expressions of a kernel's returned tuple (return r @ A, A @ p)";
  }
  std::vector<std::string_view> NeededAnalyses() const override { return {"module"}; }
  VisitorResult Run(const Context& ctx) const override;
};

}  // namespace caramba
