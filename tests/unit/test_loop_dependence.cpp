// Automatic parallelism (issue 5 items 5-6): the loop-dependence analysis as
// the KernelPlan sees it, under each --parallelize and --nested-parallel.
#include <doctest/doctest.h>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

KernelPlan PlanOf(const std::string& src, TranslateOptions opts = {}) {
  Tree tree = Tree::Parse(src);
  KernelPlans plans = KernelPlanAnalysis::Compute(AnalysisInput{tree, "t.py", &opts});
  REQUIRE(plans.plans.size() == 1);
  return plans.plans[0];
}

std::string Source(const std::string& params, const std::string& body, const std::string& deco = "@njit") {
  return "import numpy as np\nfrom numba import njit, prange\n\n" + deco + "\ndef k(" + params + "):\n" + body;
}

// The reason the first loop was kept serial ("" when it is parallel).
std::string SerialReason(const KernelPlan& p) {
  REQUIRE(!p.decisions.empty());
  return p.decisions[0].parallel ? "" : p.decisions[0].why;
}

}  // namespace

TEST_CASE("an independent serial loop becomes the parallel range") {
  KernelPlan p = PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        out[i] = 2.0 * a[i]\n"));
  CHECK(p.translatable);
  CHECK(p.auto_parallel);
  CHECK(p.dispatch == Dispatch::kFor);
  CHECK(p.loop_var == "i");
  REQUIRE(p.alias_checks.size() == 1);  // out may be a view of a
  CHECK(p.alias_checks[0].written == "out");
  CHECK(p.alias_checks[0].other == "a");
}

TEST_CASE("a recognised reduction becomes parallel_reduce, a float one with note CRB520") {
  KernelPlan p = PlanOf(Source("a", "    s = 0.0\n    for i in range(a.shape[0]):\n        s += a[i]\n    return s\n"));
  CHECK(p.auto_parallel);
  CHECK(p.dispatch == Dispatch::kReduce);
  REQUIRE(p.notes.size() >= 1);
  bool reassociated = false;
  for (const auto& n : p.notes) reassociated = reassociated || n.Code() == "CRB520";
  CHECK(reassociated);
  CHECK(p.alias_checks.empty());  // nothing written
}

TEST_CASE("loop-carried dependences keep the serial form") {
  // prefix sum: reads the element the previous iteration wrote
  KernelPlan p = PlanOf(Source("a", "    for i in range(1, a.shape[0]):\n        a[i] = a[i - 1] + a[i]\n"));
  CHECK(!p.auto_parallel);
  CHECK(p.dispatch == Dispatch::kSerial);
  CHECK(SerialReason(p).find("reads 'a[i - 1]'") != std::string::npos);
  // a scalar carried to the next iteration
  p = PlanOf(Source("a, out", "    prev = 0.0\n    for i in range(a.shape[0]):\n        out[i] = prev\n        prev = a[i]\n"));
  CHECK(p.dispatch == Dispatch::kSerial);
  // a scalar first read, then written, inside the loop only
  p = PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        if i > 0:\n            out[i] = t\n        t = a[i] * 1.0\n"));
  CHECK(p.dispatch == Dispatch::kSerial);
  CHECK(SerialReason(p).find("'t' is carried") != std::string::npos);
  // a write that does not identify the iteration
  p = PlanOf(Source("idx, a, out", "    for i in range(a.shape[0]):\n        out[idx[i]] = a[i]\n"));
  CHECK(p.dispatch == Dispatch::kSerial);
  // a write at a fixed element
  p = PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        out[0] += a[i]\n"));
  CHECK(p.dispatch == Dispatch::kSerial);
  // swapped elements through a tuple target
  p = PlanOf(Source("a", "    n = a.shape[0]\n    for i in range(n // 2):\n        a[i], a[n - 1 - i] = a[n - 1 - i], a[i]\n"));
  CHECK(p.dispatch == Dispatch::kSerial);
}

TEST_CASE("early exits, unknown starts and several loops keep the serial form") {
  CHECK(PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        if a[i] < 0:\n            break\n        out[i] = a[i]\n"))
            .dispatch == Dispatch::kSerial);
  CHECK(PlanOf(Source("a", "    for i in range(a.shape[0]):\n        if a[i] < 0:\n            return i\n    return -1\n"))
            .dispatch == Dispatch::kSerial);
  // a negative start would make a[i] wrap onto other elements
  KernelPlan p = PlanOf(Source("a, out, lo", "    for i in range(lo, a.shape[0]):\n        out[i] = a[i]\n"));
  CHECK(p.dispatch == Dispatch::kSerial);
  CHECK(SerialReason(p).find("may be negative") != std::string::npos);
  // i - 1 wraps at i = 0 ...
  CHECK(PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        out[i - 1] = a[i]\n")).dispatch ==
        Dispatch::kSerial);
  // ... but not from 1 on
  CHECK(PlanOf(Source("a, out", "    for i in range(1, a.shape[0]):\n        out[i - 1] = a[i]\n")).dispatch ==
        Dispatch::kFor);
  CHECK(PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        out[i] = a[i]\n    for i in range(a.shape[0]):\n"
                                "        out[i] += 1.0\n"))
            .dispatch == Dispatch::kSerial);
  // a float max depends on the order when a NaN is met
  CHECK(PlanOf(Source("a", "    m = a[0]\n    for i in range(a.shape[0]):\n        m = max(m, a[i])\n    return m\n"))
            .dispatch == Dispatch::kSerial);
}

TEST_CASE("--parallelize=prange and none") {
  TranslateOptions prange;
  prange.parallelize = "prange";
  std::string serial = Source("a, out", "    for i in range(a.shape[0]):\n        out[i] = a[i]\n");
  CHECK(PlanOf(serial, prange).dispatch == Dispatch::kSerial);
  std::string explicit_prange =
      Source("a, out", "    for i in prange(a.shape[0]):\n        out[i] = a[i]\n", "@njit(parallel=True)");
  CHECK(PlanOf(explicit_prange, prange).dispatch == Dispatch::kFor);
  TranslateOptions none;
  none.parallelize = "none";
  KernelPlan p = PlanOf(explicit_prange, none);
  CHECK(p.translatable);
  CHECK(p.dispatch == Dispatch::kSerial);
  CHECK(PlanOf(serial, none).dispatch == Dispatch::kSerial);
}

TEST_CASE("nested loops: outer only by default, flattened on request when both levels are independent") {
  std::string star = Source("a, b",
                            "    n = a.shape[0]\n    m = a.shape[1]\n    for i in range(1, n - 1):\n"
                            "        for j in range(1, m - 1):\n"
                            "            b[i, j] = a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1]\n");
  KernelPlan p = PlanOf(star);
  CHECK(p.auto_parallel);
  CHECK(p.inner_loop_start == 0);
  REQUIRE(p.decisions.size() == 2);
  CHECK(!p.decisions[1].parallel);
  TranslateOptions flat;
  flat.nested_parallel = "flatten";
  p = PlanOf(star, flat);
  CHECK(p.inner_loop_var == "j");
  CHECK(p.decisions[1].parallel);
  // the same after the ArrayTransformer's spelling
  std::string views = Source("a, b",
                             "    n = a.extent(0)\n    m = a.extent(1)\n    for i in range(1, n - 1):\n"
                             "        for j in range(1, m - 1):\n"
                             "            b[i][j] = a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]\n");
  CHECK(PlanOf(views, flat).inner_loop_var == "j");
  // a scan along each row: rows are independent, columns are not
  p = PlanOf(Source("a", "    for i in range(a.shape[0]):\n        for j in range(1, a.shape[1]):\n"
                         "            a[i, j] = a[i, j - 1] + a[i, j]\n"),
             flat);
  CHECK(p.auto_parallel);
  CHECK(p.inner_loop_start == 0);
  // a triangular inner loop cannot be flattened
  p = PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        for j in range(i):\n            out[i, j] = a[i, j]\n"),
             flat);
  CHECK(p.auto_parallel);
  CHECK(p.inner_loop_start == 0);
  // the same dimension cannot identify both loops
  p = PlanOf(Source("a, out", "    for i in range(a.shape[0]):\n        for j in range(a.shape[0]):\n            out[i + j] = a[i]\n"),
             flat);
  CHECK(p.dispatch == Dispatch::kSerial);
}

TEST_CASE("a serial loop around one parallel loop runs in the caller (was CRB402)") {
  std::string prange_steps = Source("a, steps",
                                    "    for t in range(steps):\n        for i in prange(a.shape[0]):\n"
                                    "            a[i] = 0.5 * a[i] + t\n",
                                    "@njit(parallel=True)");
  KernelPlan p = PlanOf(prange_steps);
  CHECK(p.translatable);
  CHECK(p.dispatch == Dispatch::kFor);
  CHECK(p.time_var == "t");
  CHECK(p.loop_var == "i");
  // auto: the time loop's writes do not identify the step, the inner loop's do
  p = PlanOf(Source("a, steps", "    for t in range(steps):\n        for i in range(a.shape[0]):\n"
                                "            a[i] = 0.5 * a[i]\n"));
  CHECK(p.auto_parallel);
  CHECK(p.time_var == "t");
  // not with other statements in the serial loop, nor with a reduction
  p = PlanOf(Source("a, steps", "    for t in range(steps):\n        a[0] = 0.0\n        for i in prange(a.shape[0]):\n"
                                "            a[i] += 1.0\n",
                    "@njit(parallel=True)"));
  CHECK(!p.translatable);
  CHECK(p.refusals[0].Code() == "CRB402");
  p = PlanOf(Source("a, steps", "    s = 0.0\n    for t in range(steps):\n        for i in prange(a.shape[0]):\n"
                                "            s += a[i]\n    return s\n",
                    "@njit(parallel=True)"));
  CHECK(!p.translatable);
  // and not when the inner loop carries a dependence
  p = PlanOf(Source("a, steps", "    for t in range(steps):\n        for i in range(1, a.shape[0]):\n"
                                "            a[i] = a[i - 1]\n"));
  CHECK(p.dispatch == Dispatch::kSerial);
  CHECK(p.time_var.empty());
}

TEST_CASE("arrays other than parameters and fresh allocations may be views: serial") {
  // Slices are refused before this analysis today (CRB301); the SubviewTransformer
  // work of issue 5 makes `v = a[1:]` reach it, and `a[i] = v[i]` reads what
  // iteration i + 1 writes.
  std::string src = Source("a", "    v = a[1:]\n    for i in range(a.shape[0] - 1):\n        a[i] = v[i]\n");
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree, "t.py");
  Node body, loop;
  Walk(tree.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition") body = n.ChildByField("body");
    if (n.Type() == "for_statement" && !loop) loop = n;
    return true;
  });
  REQUIRE(loop);
  TypeTable types;
  types["a"] = Type{Scalar::kFloat64, 1, 'A'};
  types["v"] = Type{Scalar::kFloat64, 1, 'A'};
  std::vector<std::string> params{"a"};
  LoopDependence d = AnalyzeLoopDependence({body, {loop}, types, params, mod.imports, loop});
  CHECK(!d.independent);
  CHECK(d.reason.find("may be a view") != std::string::npos);
  // the same with a fresh allocation is independent
  src = Source("a", "    v = np.empty(a.shape[0])\n    for i in range(a.shape[0] - 1):\n        a[i] = v[i]\n");
  Tree t2 = Tree::Parse(src);
  ModuleInfo m2 = AnalyzeModule(t2, "t.py");
  loop = Node();
  Walk(t2.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition") body = n.ChildByField("body");
    if (n.Type() == "for_statement" && !loop) loop = n;
    return true;
  });
  CHECK(AnalyzeLoopDependence({body, {loop}, types, params, m2.imports, loop}).independent);
}

TEST_CASE("NumPy shape checks the caller performs do not keep a loop serial") {
  // The NumpyTransformer lowers the row expression into an inner loop plus an
  // `if ...: raise ValueError(...)` shape check that the caller runs before
  // the dispatch; the rows stay independent.
  PassManager pm(BuildPipeline());
  PassResult r = pm.Run(Source("a, out", "    for i in range(a.shape[0]):\n        out[i, :] = a[i, :] * (i + 1)\n"), "t.py",
                        TranslateOptions{});
  REQUIRE(r.ok);
  CHECK(r.output.find("raise ValueError") != std::string::npos);
  CHECK(r.output.find("pk.RangePolicy(_pk_space, 0, a.shape[0])") != std::string::npos);
  TranslateOptions prange;
  prange.parallelize = "prange";
  CHECK(pm.Run(Source("a, out", "    for i in range(a.shape[0]):\n        out[i, :] = a[i, :] * (i + 1)\n"), "t.py", prange)
            .output.find("pk.RangePolicy(pk.Serial, 0, 1)") != std::string::npos);
}

TEST_CASE("a shape check first in the parallel loop's body leaves the workunit") {
  PassManager pm(BuildPipeline());
  PassResult r = pm.Run(Source("a", "    s = 0.0\n    for i in range(a.shape[0]):\n        if a[i] < 0.0:\n"
                                    "            raise ValueError(\"negative input\")\n        s += a[i]\n    return s\n"),
                        "t.py", TranslateOptions{});
  REQUIRE(r.ok);
  size_t wu = r.output.find("@pk.workunit");
  if (wu != std::string::npos) {  // translated: the check runs in the caller only
    size_t caller = r.output.find("\ndef k(");
    REQUIRE(caller != std::string::npos);
    CHECK(r.output.substr(wu, caller - wu).find("raise") == std::string::npos);
    CHECK(r.output.substr(caller).find("raise ValueError") != std::string::npos);
  }
}

// visitors/dispatch_space.h: the space, the alias fallback and CRB524 come
// from one decision.
TEST_CASE("one translation for every space: callers dispatch on pk.get_default_space(), serial work on pk.Serial") {
  PassManager pm(BuildPipeline());
  const std::string parallel = Source("a, out", "    for i in prange(a.shape[0]):\n        out[i] = 2.0 * a[i]\n",
                                      "@njit('void(float64[:], float64[:])', parallel=True)");
  const std::string aliased = Source("a, out", "    for i in range(1, a.shape[0]):\n        out[i] = a[i - 1] + 1.0\n",
                                     "@njit('void(float64[:], float64[:])')");
  const std::string serial = Source("a", "    s = 0.0\n    for i in range(1, a.shape[0]):\n        a[i] += a[i - 1]\n",
                                    "@njit('void(float64[:])')");
  auto has_524 = [](const PassResult& r) {
    for (const Diagnostic& d : r.diagnostics)
      if (d.Code() == "CRB524") return true;
    return false;
  };
  PassResult p = pm.Run(parallel, "t.py", TranslateOptions{});
  REQUIRE(p.ok);
  CHECK(p.output.find("pk.RangePolicy(pk.get_default_space(), 0, a.shape[0])") != std::string::npos);
  PassResult a = pm.Run(aliased, "t.py", TranslateOptions{});
  REQUIRE(a.ok);
  CHECK(a.output.find("_pk_space = pk.Serial if np.may_share_memory(out, a) else pk.get_default_space()") !=
        std::string::npos);
  PassResult s = pm.Run(serial, "t.py", TranslateOptions{});
  REQUIRE(s.ok);
  CHECK(s.output.find("pk.RangePolicy(pk.Serial, 0, 1)") != std::string::npos);
  CHECK(!has_524(s));
  TranslateOptions cuda;
  cuda.space = "Cuda";
  PassResult sc = pm.Run(serial, "t.py", cuda);
  CHECK(sc.output.find("pk.RangePolicy(pk.Serial, 0, 1)") != std::string::npos);
  CHECK(has_524(sc));
  CHECK(pm.Run(parallel, "t.py", cuda).output.find("pk.RangePolicy(pk.Cuda, 0, a.shape[0])") != std::string::npos);
  TranslateOptions omp;
  omp.space = "OpenMP";
  CHECK(pm.Run(aliased, "t.py", omp).output.find("else pk.OpenMP") != std::string::npos);
}

TEST_CASE("spmv rows: views the loop only reads, and a flag every iteration sets alike, keep it independent") {
  // The phase kernel the PhaseLowering writes for NPBench spmv's row loop.
  KernelPlan p = PlanOf(Source("A_row, A_col, A_val, x, y, failed",
                               "    for i in range(A_row.size - 1):\n"
                               "        cols = A_col[A_row[i]:A_row[i + 1]]\n"
                               "        vals = A_val[A_row[i]:A_row[i + 1]]\n"
                               "        if vals.shape[0] != cols.shape[0]:\n"
                               "            failed[0] = 1\n"
                               "            continue\n"
                               "        acc = 0.0\n"
                               "        for j in range(vals.shape[0]):\n"
                               "            acc += vals[j] * x[cols[j]]\n"
                               "        y[i] = acc\n"));
  CHECK(SerialReason(p) == "");
  CHECK(p.dispatch == Dispatch::kFor);
  // The viewed arrays are checked against the written ones.
  bool col_checked = false;
  for (const auto& a : p.alias_checks) col_checked = col_checked || (a.written == "y" && a.other == "A_col");
  CHECK(col_checked);
}

TEST_CASE("a view of an array the loop writes, or a flag set to two values, keeps it serial") {
  KernelPlan p = PlanOf(Source("a, out",
                               "    for i in range(1, a.shape[0]):\n"
                               "        prev = out[0:i]\n"
                               "        out[i] = a[i] + prev[i - 1]\n"));
  CHECK(SerialReason(p).find("may be a view") != std::string::npos);
  KernelPlan q = PlanOf(Source("a, out, flag",
                               "    for i in range(a.shape[0]):\n"
                               "        if a[i] < 0.0:\n"
                               "            flag[0] = 1\n"
                               "        else:\n"
                               "            flag[0] = 2\n"
                               "        out[i] = a[i]\n"));
  CHECK(SerialReason(q) != "");
}
