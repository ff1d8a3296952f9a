// Locals private to a loop iteration (caramba/analysis/iteration_privacy.h)
// and the CRB404 verdicts that rest on them: a local assigned before every
// read in its iteration is no value carried across prange iterations, also
// when later statements reuse its name; a real carried value stays refused.
// Each case is named after the kernel it came from.
#include <doctest/doctest.h>

#include <algorithm>

#include "caramba/analysis/iteration_privacy.h"
#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/walk.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

// The first for statement of `src` (a module), private-checked for `v`.
bool PrivateInFirstLoop(const std::string& src, const std::string& v) {
  Tree tree = Tree::Parse(src);
  Node loop;
  Walk(tree.Root(), [&](const Node& n) {
    if (!loop && n.Type() == "for_statement") loop = n;
    return !loop;
  });
  REQUIRE(static_cast<bool>(loop));
  return PrivateToIteration(loop, v);
}

// `v` is dead after the first for statement of the function in `src`.
bool DeadAfterFirstLoop(const std::string& src, const std::string& v) {
  Tree tree = Tree::Parse(src);
  Node def, loop;
  Walk(tree.Root(), [&](const Node& n) {
    if (!def && n.Type() == "function_definition") def = n;
    if (def && !loop && n.Type() == "for_statement") loop = n;
    return !loop;
  });
  REQUIRE(static_cast<bool>(loop));
  return DeadAfter(def.ChildByField("body"), loop, v);
}

KernelPlan PlanOf(const std::string& src) {
  Tree tree = Tree::Parse(src);
  TranslateOptions opts;
  KernelPlans plans = KernelPlanAnalysis::Compute(AnalysisInput{tree, "t.py", &opts});
  REQUIRE(plans.plans.size() == 1);
  return plans.plans[0];
}

std::string ParallelKernel(const std::string& params, const std::string& body) {
  return "import numpy as np\nfrom numba import njit, prange\n\n@njit(parallel=True)\ndef k(" + params + "):\n" + body;
}

bool Refuses(const KernelPlan& p, std::string_view code) {
  return std::any_of(p.refusals.begin(), p.refusals.end(), [&](const Diagnostic& d) { return d.Code() == code; });
}

std::string Refusals(const KernelPlan& p) {
  std::string s;
  for (const Diagnostic& d : p.refusals) s += std::string(d.Code()) + ": " + d.message + "\n";
  return s;
}

// prefix_scans.py::blocked_scan (held-out): a per-block scan in a prange,
// then a serial pass over the same blocks that assigns start and stop anew.
const char* const kBlockedScan =
    "    n = x.shape[0]\n"
    "    bs = (n + nblocks - 1) // nblocks\n"
    "    out = np.empty_like(x)\n"
    "    totals = np.zeros(nblocks)\n"
    "    for b in prange(nblocks):\n"
    "        start = b * bs\n"
    "        stop = min(start + bs, n)\n"
    "        s = 0.0\n"
    "        for i in range(start, stop):\n"
    "            s += x[i]\n"
    "            out[i] = s\n"
    "        totals[b] = s\n"
    "    offset = 0.0\n"
    "    for b in range(nblocks):\n"
    "        start = b * bs\n"
    "        stop = min(start + bs, n)\n"
    "        for i in range(start, stop):\n"
    "            out[i] += offset\n"
    "        offset += totals[b]\n"
    "    return out\n";

// histograms.py::parallel_hist (held-out): a bin clamped in a branch, the
// name reused as the merge loop's variable.
const char* const kParallelHist =
    "    n = x.shape[0]\n"
    "    local = np.zeros((nchunks, nbins), dtype=np.int64)\n"
    "    chunk = (n + nchunks - 1) // nchunks\n"
    "    for c in prange(nchunks):\n"
    "        for i in range(c * chunk, min((c + 1) * chunk, n)):\n"
    "            b = int(x[i] * nbins)\n"
    "            if b >= nbins:\n"
    "                b = nbins - 1\n"
    "            local[c, b] += 1\n"
    "    total = np.zeros(nbins, dtype=np.int64)\n"
    "    for c in range(nchunks):\n"
    "        for b in range(nbins):\n"
    "            total[b] += local[c, b]\n"
    "    return total\n";

}  // namespace

TEST_CASE("blocked_scan: start, stop and s are private to each block: the second pass reuses the names") {
  std::string src = ParallelKernel("x, nblocks", kBlockedScan);
  for (const char* v : {"start", "stop", "s"}) {
    INFO(v);
    CHECK(PrivateInFirstLoop(src, v));
    CHECK(DeadAfterFirstLoop(src, v));
  }
  // offset runs through the serial pass: carried there.
  Tree tree = Tree::Parse(src);
  std::vector<Node> loops;
  Walk(tree.Root(), [&](const Node& n) {
    if (n.Type() == "for_statement") loops.push_back(n);
    return true;
  });
  REQUIRE(loops.size() == 4);
  CHECK(!PrivateToIteration(loops[2], "offset"));
  KernelPlan p = PlanOf(src);
  INFO(Refusals(p));
  CHECK(!Refuses(p, "CRB404"));
  CHECK(Refuses(p, "CRB403"));  // the serial pass after the prange: a phase of its own
}

TEST_CASE("parallel_hist: a bin clamped in a branch is private: the merge loop reuses its name") {
  std::string src = ParallelKernel("x, nbins, nchunks", kParallelHist);
  CHECK(PrivateInFirstLoop(src, "b"));
  CHECK(DeadAfterFirstLoop(src, "b"));
  KernelPlan p = PlanOf(src);
  INFO(Refusals(p));
  CHECK(!Refuses(p, "CRB404"));
}

TEST_CASE("abs_into (branches): a local every branch assigns is private, one branch alone is not") {
  std::string both =
      "for i in range(n):\n"
      "    if a[i] > 0:\n        t = a[i]\n    elif a[i] < 0:\n        t = -a[i]\n    else:\n        t = 0.0\n"
      "    out[i] = t\n";
  CHECK(PrivateInFirstLoop(both, "t"));
  std::string no_else = "for i in range(n):\n    if a[i] > 0:\n        t = a[i]\n    out[i] = t\n";
  CHECK(!PrivateInFirstLoop(no_else, "t"));
  std::string elif_missing =
      "for i in range(n):\n    if a[i] > 0:\n        t = a[i]\n    elif a[i] < 0:\n        pass\n    else:\n"
      "        t = 0.0\n    out[i] = t\n";
  CHECK(!PrivateInFirstLoop(elif_missing, "t"));
  // Read in the condition before any assignment.
  CHECK(!PrivateInFirstLoop("for i in range(n):\n    if t > 0:\n        t = a[i]\n    else:\n        t = 1.0\n", "t"));
}

TEST_CASE("polar (tuple assignment): both names of `r, th = ...` are assigned: a swap reads them first") {
  std::string src = "for i in range(n):\n    r, th = x[i] * x[i], y[i]\n    out[i] = r + th\n";
  CHECK(PrivateInFirstLoop(src, "r"));
  CHECK(PrivateInFirstLoop(src, "th"));
  std::string swap = "for i in range(n):\n    lo, hi = hi, lo\n    out[i] = lo\n";
  CHECK(!PrivateInFirstLoop(swap, "lo"));
  // A chained assignment assigns every target.
  CHECK(PrivateInFirstLoop("for i in range(n):\n    u = w = a[i]\n    out[i] = u * w\n", "w"));
}

TEST_CASE("poly_eval (augmented assignment): `acc += ...` after `acc = ...` is private, without it carried") {
  CHECK(PrivateInFirstLoop(
      "for i in range(n):\n    acc = c[0]\n    for k in range(1, m):\n        acc *= x[i]\n        acc += c[k]\n"
      "    out[i] = acc\n",
      "acc"));
  CHECK(!PrivateInFirstLoop("for i in range(n):\n    acc += x[i]\n    out[i] = acc\n", "acc"));
  // `acc = acc + x` reads before it assigns.
  CHECK(!PrivateInFirstLoop("for i in range(n):\n    acc = acc + x[i]\n", "acc"));
}

TEST_CASE("row_max (loop-nested assignment): assigned and read inside an inner loop is private: read after it is not") {
  CHECK(PrivateInFirstLoop(
      "for i in range(n):\n    for j in range(m):\n        v = a[i, j] * 2.0\n        out[i, j] = v\n", "v"));
  // The inner loop may run no time: a read after it sees the previous row's value.
  CHECK(!PrivateInFirstLoop("for i in range(n):\n    for j in range(m):\n        v = a[i, j]\n    out[i] = v\n", "v"));
  // An inner loop's own variable is assigned in its body.
  CHECK(PrivateInFirstLoop("for i in range(n):\n    for j in range(m):\n        out[i, j] = j\n", "j"));
  // A while loop's condition reads before the body assigns.
  CHECK(!PrivateInFirstLoop("for i in range(n):\n    while e > tol:\n        e = a[i] * e\n", "e"));
}

TEST_CASE("shift_copy (read before write): a value carried to the next prange iteration stays CRB404") {
  KernelPlan p = PlanOf(ParallelKernel("a, out",
                               "    prev = 0.0\n    for i in prange(a.shape[0]):\n        out[i] = prev\n"
                               "        prev = a[i]\n"));
  INFO(Refusals(p));
  CHECK(Refuses(p, "CRB404"));
}

TEST_CASE("ema (an accumulation that is no reduction): `s = 0.5 * s + a[i]` across prange iterations stays CRB404") {
  KernelPlan p = PlanOf(ParallelKernel("a", "    s = 0.0\n    for i in prange(a.shape[0]):\n        s = 0.5 * s + a[i]\n    return s\n"));
  INFO(Refusals(p));
  CHECK(Refuses(p, "CRB404"));
}

TEST_CASE("last_scaled (private, but read after the loop): the value of whichever iteration ran last stays CRB404") {
  std::string src = ParallelKernel("a, out",
                           "    t = 0.0\n    for i in prange(a.shape[0]):\n        t = a[i] * 2.0\n        out[i] = t\n"
                           "    return t\n");
  CHECK(PrivateInFirstLoop(src, "t"));
  CHECK(!DeadAfterFirstLoop(src, "t"));
  KernelPlan p = PlanOf(src);
  INFO(Refusals(p));
  CHECK(Refuses(p, "CRB404"));
}

TEST_CASE("clamp_partial (assigned on one path only): a local the next iteration may read stays CRB404") {
  KernelPlan p = PlanOf(ParallelKernel("a, out",
                               "    t = 0.0\n    for i in prange(a.shape[0]):\n        if a[i] > 0:\n"
                               "            t = a[i]\n        out[i] = t\n"));
  INFO(Refusals(p));
  CHECK(Refuses(p, "CRB404"));
}

TEST_CASE("time-stepped (dead after a loop nested in another): the enclosing loop's next step must assign first") {
  std::string reads_next_step =
      "def f(a, out, T):\n    for t in range(T):\n        out[0] = v\n        for i in range(a.shape[0]):\n"
      "            v = a[i]\n";
  Tree tree = Tree::Parse(reads_next_step);
  std::vector<Node> loops;
  Node def;
  Walk(tree.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition") def = n;
    if (n.Type() == "for_statement") loops.push_back(n);
    return true;
  });
  REQUIRE(loops.size() == 2);
  CHECK(!DeadAfter(def.ChildByField("body"), loops[1], "v"));
  std::string assigns_first =
      "def f(a, out, T):\n    for t in range(T):\n        v = 0.0\n        out[0] = v\n"
      "        for i in range(a.shape[0]):\n            v = a[i]\n";
  Tree t2 = Tree::Parse(assigns_first);
  loops.clear();
  Walk(t2.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition") def = n;
    if (n.Type() == "for_statement") loops.push_back(n);
    return true;
  });
  CHECK(DeadAfter(def.ChildByField("body"), loops[1], "v"));
}
