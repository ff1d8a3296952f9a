// prange iterations that update shared elements (shared_updates.h): which
// writes become atomics (CRB406), which are refused (CRB407), which arrays
// each iteration owns, as the KernelPlan records them.
#include <doctest/doctest.h>

#include "caramba/analysis/kernel_plan.h"

using namespace caramba;

namespace {

KernelPlan PlanOf(const std::string& src, TranslateOptions opts = {}) {
  Tree tree = Tree::Parse(src);
  KernelPlans plans = KernelPlanAnalysis::Compute(AnalysisInput{tree, "t.py", &opts});
  REQUIRE(plans.plans.size() == 1);
  return plans.plans[0];
}

std::string Prange(const std::string& params, const std::string& body, const std::string& deco = "@njit(parallel=True)") {
  return "import numpy as np\nfrom numba import njit, prange\n\n" + deco + "\ndef k(" + params + "):\n" + body;
}

bool HasCode(const std::vector<Diagnostic>& ds, std::string_view code) {
  for (const auto& d : ds)
    if (d.Code() == code) return true;
  return false;
}

std::string FirstRefusal(const KernelPlan& p) { return p.refusals.empty() ? "" : p.refusals[0].message; }

}  // namespace

TEST_CASE("a histogram prange: the update becomes an atomic add, with note CRB406") {
  KernelPlan p = PlanOf(Prange("idx, w, hist", "    for i in prange(idx.shape[0]):\n        hist[idx[i]] += w[i]\n",
                               "@njit(\"void(int64[:], float64[:], float64[:])\", parallel=True)"));
  CHECK(p.translatable);
  CHECK(p.dispatch == Dispatch::kFor);
  REQUIRE(p.atomic_updates.size() == 1);
  CHECK(p.atomic_updates[0].op == AtomicOp::kAdd);
  CHECK(HasCode(p.notes, "CRB406"));
  // Without types, whether hist holds integers decides the update (Numba
  // converts after each addition, an atomic before): refused, not guessed.
  KernelPlan untyped = PlanOf(Prange("idx, w, hist", "    for i in prange(idx.shape[0]):\n        hist[idx[i]] += w[i]\n"));
  CHECK_FALSE(untyped.translatable);
  CHECK(HasCode(untyped.refusals, "CRB140"));
}

TEST_CASE("flux assembly f[i] += g, f[i + 1] -= g: both updates are atomic (neighbouring iterations share f[i + 1])") {
  KernelPlan p = PlanOf(Prange("u, f", "    for i in prange(u.shape[0] - 1):\n        g = u[i + 1] - u[i]\n"
                                       "        f[i] += g\n        f[i + 1] -= g\n",
                               "@njit(\"void(float64[:], float64[:])\", parallel=True)"));
  REQUIRE(p.atomic_updates.size() == 2);
  CHECK(p.atomic_updates[0].op == AtomicOp::kAdd);
  CHECK(p.atomic_updates[1].op == AtomicOp::kSub);
}

TEST_CASE("arrays each iteration owns stay plain: the loop index, or one affine index in every access") {
  KernelPlan p = PlanOf(Prange("a, out, c, n",
                               "    for i in prange(a.shape[0]):\n        for j in range(a.shape[1]):\n"
                               "            out[i] += a[i, j]\n            c[i * n + j] = 0.0\n"
                               "            c[i * n + j] += a[i, j]\n            a[i, j] = a[i, j] * 2.0\n"));
  CHECK(p.translatable);
  CHECK(p.atomic_updates.empty());
  CHECK(!HasCode(p.notes, "CRB406"));
}

TEST_CASE("inner-loop indices are shared: a column sum over prange rows is atomic") {
  KernelPlan p = PlanOf(Prange("a, out", "    for i in prange(a.shape[0]):\n        for j in range(a.shape[1]):\n"
                                         "            out[j] += a[i, j]\n",
                                 "@njit(\"void(float64[:, :], float64[:])\", parallel=True)"));
  CHECK(p.atomic_updates.size() == 1);
}

TEST_CASE("a loop variable assigned in the body no longer names the iteration") {
  KernelPlan p = PlanOf(Prange("idx, out", "    for i in prange(idx.shape[0]):\n        i = idx[i]\n        out[i] += 1\n"));
  CHECK(p.atomic_updates.size() == 1);
}

TEST_CASE("the same decision on the dialect spelling a[i][j] as on a[i, j]") {
  std::string numba = Prange("pos, edges, f", "    for e in prange(edges.shape[0]):\n        i = edges[e, 0]\n"
                                              "        f[i, 0] += pos[e, 0]\n        f[e, 1] = 0.0\n");
  std::string dialect = Prange("pos, edges, f", "    for e in prange(edges.shape[0]):\n        i = edges[e][0]\n"
                                                "        f[i][0] += pos[e][0]\n        f[e][1] = 0.0\n");
  KernelPlan a = PlanOf(numba), b = PlanOf(dialect);
  CHECK(a.refusals.size() == 1);
  CHECK(b.refusals.size() == 1);
  CHECK(a.refusals[0].Code() == "CRB407");
  CHECK(b.refusals[0].Code() == "CRB407");
  CHECK(FirstRefusal(a).find("also assigns") != std::string::npos);
}

TEST_CASE("same-statement read-modify-writes are updates, max/min only on integers") {
  KernelPlan p = PlanOf(Prange("idx, v, top, h", "    for i in prange(idx.shape[0]):\n"
                                                 "        top[idx[i]] = max(v[i], top[idx[i]])\n"
                                                 "        h[idx[i]] = 3 * h[idx[i]]\n",
                               "@njit(\"void(int64[:], int64[:], int64[:], int64[:])\", parallel=True)"));
  REQUIRE(p.atomic_updates.size() == 2);
  CHECK(p.atomic_updates[0].op == AtomicOp::kMax);
  CHECK(p.atomic_updates[1].op == AtomicOp::kMul);
  KernelPlan f = PlanOf(Prange("idx, v, top", "    for i in prange(idx.shape[0]):\n"
                                              "        top[idx[i]] = max(top[idx[i]], v[i])\n",
                               "@njit(\"void(int64[:], float64[:], float64[:])\", parallel=True)"));
  CHECK(!f.translatable);
  CHECK(FirstRefusal(f).find("exact for integers only") != std::string::npos);
}

TEST_CASE("forms atomics cannot express are refused with CRB407") {
  // a read-modify-write split over statements
  KernelPlan split = PlanOf(Prange("idx, h", "    for i in prange(idx.shape[0]):\n        t = h[idx[i]]\n"
                                             "        h[idx[i]] = t + 1\n",
                                  "@njit(\"void(int64[:], int64[:])\", parallel=True)"));
  CHECK(HasCode(split.refusals, "CRB407"));
  CHECK(FirstRefusal(split).find("split over statements") != std::string::npos);
  // x - a[k] is not an update of a[k]
  KernelPlan minus = PlanOf(Prange("idx, x, h", "    for i in prange(idx.shape[0]):\n        h[idx[i]] = x[i] - h[idx[i]]\n"));
  CHECK(HasCode(minus.refusals, "CRB407"));
  // the updated array is read elsewhere in the loop
  KernelPlan read = PlanOf(Prange("idx, h, out", "    for i in prange(idx.shape[0]):\n        h[idx[i]] += 1\n"
                                                 "        out[i] = h[i]\n"));
  CHECK(FirstRefusal(read).find("also reads 'h[i]'") != std::string::npos);
  // ... or its own value reads it
  KernelPlan self = PlanOf(Prange("idx, h", "    for i in prange(idx.shape[0]):\n        h[idx[i]] += h[i]\n"));
  CHECK(HasCode(self.refusals, "CRB407"));
  // ... or it is passed on
  KernelPlan passed = PlanOf(Prange("idx, h", "    for i in prange(idx.shape[0]):\n        h[idx[i]] += 1\n"
                                              "        s = len(h) + np.sum(h)\n"));
  CHECK(HasCode(passed.refusals, "CRB407"));
  // no exact atomic form
  KernelPlan div = PlanOf(Prange("idx, h", "    for i in prange(idx.shape[0]):\n        h[idx[i]] //= 2\n",
                                "@njit(\"void(int64[:], int64[:])\", parallel=True)"));
  CHECK(FirstRefusal(div).find("'//=' has no exact atomic form") != std::string::npos);
  // floating-point values into an integer array
  KernelPlan ints = PlanOf(Prange("idx, counts", "    for i in prange(idx.shape[0]):\n        counts[idx[i]] += 0.5\n",
                                  "@njit(\"void(int64[:], int64[:])\", parallel=True)"));
  CHECK(FirstRefusal(ints).find("integer array 'counts'") != std::string::npos);
}

TEST_CASE("a plain scatter is kept, and extents of the updated array are not reads") {
  KernelPlan scatter = PlanOf(Prange("perm, x, out", "    for i in prange(x.shape[0]):\n        out[perm[i]] = x[i]\n"));
  CHECK(scatter.translatable);
  CHECK(scatter.atomic_updates.empty());
  KernelPlan extent = PlanOf(Prange("x, h", "    for i in prange(x.shape[0]):\n"
                                            "        h[int(x[i] * h.shape[0]) % len(h)] += 1\n"));
  CHECK(extent.translatable);
  CHECK(extent.atomic_updates.size() == 1);
  CHECK(extent.refusals.empty());  // integer values: exact in any dtype
}

TEST_CASE("no atomics where the prange loop runs serially") {
  std::string body = "    for i in prange(idx.shape[0]):\n        hist[idx[i]] += 1\n";
  KernelPlan serial = PlanOf(Prange("idx, hist", body, "@njit"));  // no parallel=True: prange is range
  CHECK(serial.atomic_updates.empty());
  TranslateOptions none;
  none.parallelize = "none";
  KernelPlan off = PlanOf(Prange("idx, hist", body), none);
  CHECK(off.atomic_updates.empty());
  CHECK(!HasCode(off.notes, "CRB406"));
  // a serial loop's scatter is not parallelised automatically either
  KernelPlan loop = PlanOf(Prange("idx, hist", "    for i in range(idx.shape[0]):\n        hist[idx[i]] += 1\n", "@njit"));
  CHECK(!loop.auto_parallel);
  CHECK(loop.atomic_updates.empty());
}
