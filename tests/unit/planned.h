// planned.h — helpers of the NumPy unit tests (test_numpy*.cpp): a module
// parsed and planned, and what its plans refuse and rewrite.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/syntax.h"

namespace caramba_test {

// A module parsed and planned: its tree lives as long as the plans that point into it.
struct Planned {
  explicit Planned(const std::string& source, const caramba::TranslateOptions* options = nullptr)
      : tree(caramba::Tree::Parse(source)),
        plans(caramba::KernelPlanAnalysis::Compute(caramba::AnalysisInput{tree, "k.py", options})) {}
  const caramba::KernelPlan& Of(std::string_view name) const {
    const caramba::KernelPlan* p = plans.Find(name);
    REQUIRE(p);
    return *p;
  }
  caramba::Tree tree;
  caramba::KernelPlans plans;
};

inline bool Refused(const caramba::KernelPlan& p, std::string_view code) {
  return std::any_of(p.refusals.begin(), p.refusals.end(),
                     [&](const caramba::Diagnostic& d) { return d.Code() == code; });
}

// The text of every NumPy rewrite of a kernel, one after the other.
inline std::string AllRewrites(const caramba::KernelPlan& k) {
  std::string s;
  for (const caramba::NumpyRewrite& w : k.numpy_rewrites) s += w.text + "\n";
  return s;
}

// Every refusal of a kernel, one per line (for INFO).
inline std::string RefusalText(const caramba::KernelPlan& k) {
  std::string s;
  for (const caramba::Diagnostic& d : k.refusals) s += std::string(d.Code()) + ": " + d.message + "\n";
  return s;
}

}  // namespace caramba_test
