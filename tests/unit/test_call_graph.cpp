// Kernel-to-kernel calls (caramba/analysis/call_graph.h): specialisations per
// argument types, ranks demanded across calls, recursion, helpers kept as
// Numba code for Numba callers.
#include <doctest/doctest.h>

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/function_extents.h"
#include "caramba/analysis/kernel_plan.h"

using namespace caramba;

namespace {
KernelPlans Plans(const Tree& t) { return KernelPlanAnalysis::Compute(AnalysisInput{t, "t.py"}); }
bool HasCode(const KernelPlan& p, std::string_view code) {
  for (const auto& d : p.refusals)
    if (d.Code() == code) return true;
  return false;
}
}  // namespace

TEST_CASE("a helper called with an int and a float gets two @pk.function specialisations") {
  Tree t = Tree::Parse(
      "from numba import njit\n"
      "@njit\ndef twice(x):\n    return x + x\n"
      "@njit('void(int64[:], float64[:])')\ndef k(a, b):\n"
      "    for i in range(a.shape[0]):\n        b[i] = twice(a[i]) + twice(b[i])\n");
  KernelPlans p = Plans(t);
  const KernelPlan* k = p.Find("k");
  REQUIRE(k);
  CHECK(k->translatable);
  REQUIRE(k->calls.size() == 2);
  CHECK(k->calls[0].function == "_pk_fn_twice");
  CHECK(k->calls[1].function == "_pk_fn_twice_1");
  REQUIRE(p.functions.size() == 2);
  CHECK(p.functions[0].types.at("x").scalar == Scalar::kInt64);
  CHECK(p.functions[0].return_type == Scalar::kInt64);
  CHECK(p.functions[1].types.at("x").scalar == Scalar::kFloat64);
  CHECK(k->calls[0].spec == nullptr);  // registry pointers do not outlive the analysis
}

TEST_CASE("a row passed to a helper that indexes it makes the array 2-D (snippet 2.2)") {
  Tree t = Tree::Parse(
      "import numba\n"
      "@numba.njit\ndef first(p):\n    return p[0]\n"
      "@numba.njit\ndef via(q):\n    return first(q)\n"
      "@numba.njit(\"void(float64[:, :], float64[:])\", parallel=True)\ndef k(c, out):\n"
      "    for i in numba.prange(len(c)):\n        out[i] = via(c[i])\n");
  KernelPlans p = Plans(t);
  const KernelPlan* k = p.Find("k");
  REQUIRE(k);
  CHECK(k->translatable);
  CHECK(k->types.at("c").rank == 2);
  CHECK(k->types.at("out").rank == 1);
  // The chain, named in first-use order: k uses via, which uses first (via
  // alone stays Numba code: nothing says its array's element type, CRB140).
  REQUIRE(p.functions.size() == 2);
  CHECK(p.functions[0].function_name == "_pk_fn_via");
  CHECK(p.functions[1].function_name == "_pk_fn_first");
  CHECK(p.functions[0].types.at("q").rank == 1);
  CHECK(p.Find("via")->types.at("q").rank == 1);
}

TEST_CASE("mutual recursion and helpers that cannot be functions refuse the caller") {
  Tree t = Tree::Parse(
      "import numpy as np\nfrom numba import njit\n"
      "@njit\ndef ping(n):\n    return pong(n - 1)\n"
      "@njit\ndef pong(n):\n    return ping(n - 1)\n"
      "@njit(\"float64(float64)\")\ndef alloc(x):\n    t = np.zeros(2)\n    return x\n"
      "@njit\ndef k(a, n):\n    a[0] = ping(n) + alloc(1.0)\n");
  KernelPlans p = Plans(t);
  const KernelPlan* k = p.Find("k");
  REQUIRE(k);
  CHECK_FALSE(k->translatable);
  CHECK(HasCode(*k, "CRB116"));
  CHECK(HasCode(*k, "CRB119"));
  CHECK(p.functions.empty());
  // alloc stays Numba code: k, which stays Numba code, calls it.
  CHECK(HasCode(*p.Find("alloc"), "CRB132"));
}

// Upstream rejects extent() inside a @pk.function (function_extents.h).
TEST_CASE("call_chain.py::row_sum: the extents a helper reads, and those it needs for its own helpers") {
  Tree t = Tree::Parse(
      "from numba import njit, prange\n"
      "@njit\ndef total(v):\n    s = 0.0\n    for j in range(v.extent(0)):\n        s += v[j]\n    return s\n"
      "@njit\ndef scaled(w, k):\n    return total(w) * k + w.extent(0)\n"
      "@njit\ndef first(p, q):\n    return p[0] + total(q)\n"
      "@njit('void(float64[:, :], float64[:])', parallel=True)\ndef k(m, out):\n"
      "    for i in prange(m.extent(0)):\n        out[i] = scaled(m[i], 2.0) + first(m[i], m[0])\n");
  KernelPlans p = Plans(t);
  REQUIRE(p.Find("k"));
  FunctionExtents e = ComputeFunctionExtents(t, p.functions);
  REQUIRE(e.count("_pk_fn_total"));
  REQUIRE(e["_pk_fn_total"].size() == 1);
  CHECK(e["_pk_fn_total"][0].array == "v");
  CHECK(e["_pk_fn_total"][0].param_index == 0);
  CHECK(e["_pk_fn_total"][0].name == "_pk_v_extent0");
  // scaled reads w.extent(0) itself and passes w to total: one parameter.
  REQUIRE(e["_pk_fn_scaled"].size() == 1);
  CHECK(e["_pk_fn_scaled"][0].name == "_pk_w_extent0");
  // first passes q (its second parameter) on; p needs nothing.
  REQUIRE(e["_pk_fn_first"].size() == 1);
  CHECK(e["_pk_fn_first"][0].array == "q");
  CHECK(e["_pk_fn_first"][0].param_index == 1);
}
