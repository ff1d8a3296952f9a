// Phase lowering (caramba/analysis/phases.h): which loops of a kernel become
// phases, which stay on the host, what fuses, and what each phase reads and
// returns. Each case is named after the kind of kernel it came from.
#include <doctest/doctest.h>

#include <set>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/walk.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

struct Planned {
  Tree tree;
  PhaseProgram prog;
};

Planned Plan(const std::string& params, const std::string& body) {
  std::string src = "import numpy as np\nfrom numba import njit, prange\n\n@njit\ndef k(" + params + "):\n" + body;
  Planned r{Tree::Parse(src), {}};
  TranslateOptions opts;
  KernelPlans plans = KernelPlanAnalysis::Compute(AnalysisInput{r.tree, "t.py", &opts});
  REQUIRE(plans.plans.size() == 1);
  const KernelPlan& plan = plans.plans[0];
  ModuleInfo mod = AnalyzeModule(r.tree, "t.py");
  Node def;
  Walk(r.tree.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition") def = n;
    return !def;
  });
  r.prog = PlanPhases(PhaseInput{def, plan.types, plan.params, mod.imports});
  return r;
}

}  // namespace

TEST_CASE("phase names round-trip, and messages about a phase name the kernel") {
  CHECK(PhaseKernelName("star2", 1) == "_pk_star2_phase1");
  CHECK(PhaseOwner("_pk_star2_phase1") == "star2");
  CHECK(PhaseOwner("_pk_my_phase_phase12") == "my_phase");
  CHECK(PhaseOwner("_pk_star2_phase") == "");
  CHECK(PhaseOwner("star2_phase1") == "");
  CHECK(PhaseMessage("'_pk_star2_phase2': calls 'print'") == "'star2' (phase 2): calls 'print'");
  CHECK(PhaseMessage("'star2': calls 'print'") == "'star2': calls 'print'");
}

TEST_CASE("jacobi_2d: the time loop stays on the host, each sweep is a parallel phase") {
  Planned p = Plan("T, A, B",
                   "    n = A.shape[0]\n"
                   "    for t in range(T):\n"
                   "        for i in range(1, n - 1):\n"
                   "            B[i] = 0.5 * (A[i - 1] + A[i + 1])\n"
                   "        for i in range(1, n - 1):\n"
                   "            A[i] = 0.5 * (B[i - 1] + B[i + 1])\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 2);  // B is read at i +- 1 after being written: no fusion
  CHECK(p.prog.parallel_phases == 2);
  CHECK(p.prog.phases[0].inputs == std::vector<std::string>{"A", "B", "n"});
}

TEST_CASE("axpy_then_scale: two maps over the same range and element fuse") {
  Planned p = Plan("x, out",
                   "    for i in range(x.shape[0]):\n"
                   "        out[i] = 2.0 * x[i]\n"
                   "    for i in range(x.shape[0]):\n"
                   "        out[i] = out[i] + 1.0\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK(p.prog.phases[0].loops.size() == 2);
}

TEST_CASE("shift_then_scale: a second loop reading a neighbour of the first one's writes does not fuse") {
  Planned p = Plan("x, out",
                   "    for i in range(1, x.shape[0]):\n"
                   "        out[i] = 2.0 * x[i]\n"
                   "    for i in range(1, x.shape[0]):\n"
                   "        x[i] = out[i - 1]\n");
  REQUIRE(p.prog.ok);
  CHECK(p.prog.phases.size() == 2);
}

TEST_CASE("normalize: a sum is the phase's output, with its initialisation") {
  Planned p = Plan("x",
                   "    s = 0.0\n"
                   "    for i in range(x.shape[0]):\n"
                   "        s += x[i] * x[i]\n"
                   "    out = np.empty_like(x)\n"
                   "    for i in range(x.shape[0]):\n"
                   "        out[i] = x[i] / s\n"
                   "    return out\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 2);
  CHECK(p.prog.phases[0].output == "s");
  CHECK(p.prog.phases[0].inits.size() == 1);
  CHECK(p.prog.phases[1].inputs == std::vector<std::string>{"x", "out", "s"});
}

TEST_CASE("cholesky-style: an outer loop whose inner ranges depend on it is one serial phase") {
  Planned p = Plan("A",
                   "    n = A.shape[0]\n"
                   "    for i in range(n):\n"
                   "        for j in range(i):\n"
                   "            A[i, j] -= A[j, j]\n"
                   "    for i in range(n):\n"
                   "        A[i, i] = A[i, i] * 2.0\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 2);
  CHECK_FALSE(p.prog.phases[0].parallel);
  CHECK(p.prog.phases[1].parallel);
}

TEST_CASE("running_max: the initialisation moves past statements that do not touch what it reads") {
  Planned p = Plan("a",
                   "    m = a[0]\n"
                   "    n = a.shape[0]\n"
                   "    for i in range(n):\n"
                   "        m = max(m, a[i])\n"
                   "    return m\n");
  REQUIRE(p.prog.ok);
  CHECK(p.prog.phases[0].output == "m");
  CHECK(p.prog.phases[0].inits.size() == 1);
}

TEST_CASE("reset_then_max: an initialisation that reads an element written before the loop stays put") {
  Planned p = Plan("a",
                   "    m = a[0]\n"
                   "    a[0] = 0.0\n"
                   "    for i in range(a.shape[0]):\n"
                   "        m = max(m, a[i])\n"
                   "    return m\n");
  CHECK_FALSE(p.prog.ok);
  CHECK(p.prog.reason.find("not initialised right before it") != std::string::npos);
}

TEST_CASE("min_max with two reductions: the loop splits into one phase per value") {
  Planned p = Plan("a",
                   "    lo = a[0]\n"
                   "    hi = a[0]\n"
                   "    for i in range(a.shape[0]):\n"
                   "        lo = min(lo, a[i])\n"
                   "        hi = max(hi, a[i])\n"
                   "    return lo, hi\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 2);
  CHECK(p.prog.phases[0].output == "hi");  // outputs in name order
  CHECK(p.prog.phases[1].output == "lo");
  CHECK(p.prog.phases[0].only.size() == 1);
}

TEST_CASE("mean_var: a private temporary is recomputed by each part that needs it") {
  Planned p = Plan("x, mu",
                   "    s1 = 0.0\n"
                   "    s2 = 0.0\n"
                   "    for i in range(x.shape[0]):\n"
                   "        d = x[i] - mu\n"
                   "        s1 += d\n"
                   "        s2 += d * d\n"
                   "    return s1, s2\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 2);
  CHECK(p.prog.phases[0].only.size() == 2);
  CHECK(p.prog.phases[1].only.size() == 2);
}

TEST_CASE("welford-style: one value feeding another keeps the loop whole, one serial phase with cells") {
  Planned p = Plan("x",
                   "    n = 0\n"
                   "    m = 0.0\n"
                   "    for i in range(x.shape[0]):\n"
                   "        n += 1\n"
                   "        m += (x[i] - m) / n\n"
                   "    return n, m\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK(p.prog.phases[0].cells.size() == 2);
}

TEST_CASE("cumsum: a value carried from one iteration to the next takes its initialisation along") {
  Planned p = Plan("x, out",
                   "    acc = 0.0\n"
                   "    for i in range(x.shape[0]):\n"
                   "        acc += x[i]\n"
                   "        out[i] = acc\n"
                   "    for i in range(x.shape[0]):\n"
                   "        out[i] *= 2.0\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 2);
  CHECK(p.prog.phases[0].output.empty());
  CHECK(p.prog.phases[0].inits.size() == 1);
  CHECK_FALSE(p.prog.phases[0].parallel);
}

TEST_CASE("two maps reusing a private temporary: each loop's temporary stays its own") {
  Planned p = Plan("a, b, c",
                   "    for i in range(a.shape[0]):\n"
                   "        t = a[i] * 2.0\n"
                   "        b[i] = t\n"
                   "    for i in range(a.shape[0]):\n"
                   "        t = b[i] + 1.0\n"
                   "        c[i] = t\n");
  REQUIRE(p.prog.ok);
  CHECK(p.prog.phases[0].inits.empty());
}

TEST_CASE("argmax_abs: a serial loop computing two dependent values hands them back through cells") {
  Planned p = Plan("x",
                   "    best = -1\n"
                   "    best_val = -1.0\n"
                   "    for i in range(x.shape[0]):\n"
                   "        if abs(x[i]) > best_val:\n"
                   "            best_val = abs(x[i])\n"
                   "            best = i\n"
                   "    return best, best_val\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK_FALSE(p.prog.phases[0].parallel);
  CHECK(p.prog.phases[0].output.empty());
  CHECK(p.prog.phases[0].cells.size() == 2);
  CHECK(p.prog.phases[0].inits.size() == 2);
}

TEST_CASE("fib_pair: a tuple initialisation of the values a serial loop carries moves into its phase once") {
  Planned p = Plan("n",
                   "    a, b = 0, 1\n"
                   "    for _ in range(n):\n"
                   "        a, b = b, a + b\n"
                   "    return a, b\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK_FALSE(p.prog.phases[0].parallel);
  CHECK(p.prog.phases[0].cells.size() == 2);
  REQUIRE(p.prog.phases[0].inits.size() == 1);
  CHECK(p.prog.phases[0].inits[0].Text() == "a, b = 0, 1");
  // A tuple that also sets a name the loop does not carry stays on the host ...
  Planned q = Plan("n",
                   "    a, b, c = 0, 1, 5\n"
                   "    for _ in range(n):\n"
                   "        a, b = b, a + b\n"
                   "    return a + c, b\n");
  // ... and the phase takes the values it set as the host holds them.
  REQUIRE(q.prog.ok);
  REQUIRE(q.prog.phases.size() == 1);
  CHECK(q.prog.phases[0].inits.empty());
  CHECK(q.prog.phases[0].carried == std::vector<std::string>{"a", "b"});
}

TEST_CASE("heat_swap: a loop over the host's own arrays is a parallel phase (its overlaps are checked at dispatch)") {
  Planned p = Plan("u, steps",
                   "    n = u.shape[0]\n"
                   "    a = u.copy()\n"
                   "    b = np.empty_like(u)\n"
                   "    for t in range(steps):\n"
                   "        for i in range(1, n - 1):\n"
                   "            b[i] = 0.5 * (a[i - 1] + a[i + 1])\n"
                   "        a, b = b, a\n"
                   "    return a\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK(p.prog.phases[0].parallel);
}

namespace {

// `kernel` of a whole module, its calls to `host_calls` running on the host.
Planned PlanIn(const std::string& src, const std::string& kernel, std::set<std::string> host_calls) {
  Planned r{Tree::Parse(src), {}};
  TranslateOptions opts;
  KernelPlans plans = KernelPlanAnalysis::Compute(AnalysisInput{r.tree, "t.py", &opts});
  const KernelPlan* plan = plans.Find(kernel);
  REQUIRE(plan != nullptr);
  ModuleInfo mod = AnalyzeModule(r.tree, "t.py");
  Node def;
  Walk(r.tree.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition" && n.ChildByField("name").Text() == kernel) def = n;
    return !def;
  });
  PhaseInput in{def, plan->types, plan->params, mod.imports};
  in.host_calls = std::move(host_calls);
  r.prog = PlanPhases(in);
  return r;
}

const char* const kRelaxModule =
    "import numpy as np\nfrom numba import njit\n\n"
    "@njit\ndef relax(p, nit):\n"
    "    pn = np.empty_like(p)\n"
    "    for q in range(nit):\n"
    "        for i in range(p.shape[0]):\n"
    "            pn[i] = p[i]\n"
    "        for i in range(1, p.shape[0] - 1):\n"
    "            p[i] = 0.5 * (pn[i - 1] + pn[i + 1])\n\n"
    "@njit\ndef solve(p, nt, nit):\n"
    "    for n in range(nt):\n"
    "        relax(p, nit)\n"
    "        for i in range(p.shape[0]):\n"
    "            p[i] = p[i] * 0.5\n";

}  // namespace

TEST_CASE("solve: a time loop calling a helper that is a host program stays on the host around its phase") {
  Planned p = PlanIn(kRelaxModule, "solve", {"relax"});
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);  // the map after the call; the call itself is a host statement
  CHECK(p.prog.parallel_phases == 1);
  CHECK(p.prog.phases[0].inputs == std::vector<std::string>{"p"});
}

TEST_CASE("cavity_flow: a driver whose whole body is a time loop of helper calls has no phase of its own") {
  Planned p = PlanIn(
      "from numba import njit\n\n@njit\ndef step(u, dt):\n    u[1:] = u[:-1] * dt\n\n"
      "@njit\ndef drive(u, nt, dt):\n    for n in range(nt):\n        step(u, dt)\n",
      "drive", {"step"});
  REQUIRE(p.prog.ok);
  CHECK(p.prog.phases.empty());
}

TEST_CASE("cavity_flow: without the helper on the host, its time loop is one serial phase") {
  Planned p = PlanIn(
      "from numba import njit\n\n@njit\ndef step(u, dt):\n    u[1:] = u[:-1] * dt\n\n"
      "@njit\ndef drive(u, nt, dt):\n    for n in range(nt):\n        step(u, dt)\n",
      "drive", {});
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK_FALSE(p.prog.phases[0].parallel);
}

TEST_CASE("triangular_calls: a host loop calling a helper cannot hold phases whose range depends on its variable") {
  Planned p = PlanIn(
      "from numba import njit\n\n@njit\ndef step(u):\n    u[1:] = u[:-1]\n\n"
      "@njit\ndef drive(u, n):\n    for t in range(n):\n        step(u)\n"
      "        for i in range(t):\n            u[i] = 0.0\n",
      "drive", {"step"});
  CHECK_FALSE(p.prog.ok);
  CHECK(p.prog.reason.find("calls 'step'") != std::string::npos);
}

TEST_CASE("apply_each: a helper called once per element does not make its loop a host loop") {
  Planned p = PlanIn(
      "import numpy as np\nfrom numba import njit\n\n@njit\ndef twice(v):\n    out = np.empty(2)\n"
      "    out[0] = v\n    out[1] = v\n    return out\n\n"
      "@njit\ndef apply_each(a, b):\n    for i in range(a.shape[0]):\n        b[i] = twice(a[i])[0]\n",
      "apply_each", {"twice"});
  CHECK_FALSE(p.prog.ok);
  CHECK(p.prog.reason.find("depend on its variable") != std::string::npos);
}

TEST_CASE("projection_length: element work of the host's own in a loop calling a host helper is refused") {
  Planned p = PlanIn(
      "import numpy as np\nfrom numba import njit\n\n@njit\ndef unit(v):\n    return v / np.sqrt(np.sum(v * v))\n\n"
      "@njit\ndef projection_length(a, b):\n    s = 0.0\n    for i in range(a.shape[0]):\n"
      "        s += a[i] * unit(b)[i]\n    return s\n",
      "projection_length", {"unit"});
  CHECK_FALSE(p.prog.ok);
}

namespace {

std::string Codes(const PassResult& r) {
  std::string codes;
  for (const Diagnostic& d : r.diagnostics) codes += std::string(d.Code()) + " ";
  return codes;
}

}  // namespace

TEST_CASE("laplace_sweeps: a parameter rebound to the copy made at every step is rebound by the host program") {
  const std::string src =
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:, :](float64[:, :], int64)\")\n"
      "def laplace_sweeps(u, iters):\n"
      "    for it in range(iters):\n"
      "        unew = u.copy()\n"
      "        for i in range(1, u.shape[0] - 1):\n"
      "            for j in range(1, u.shape[1] - 1):\n"
      "                unew[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])\n"
      "        u = unew\n"
      "    return u\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Codes(r).find("CRB129") == std::string::npos);
  CHECK(Codes(r).find("CRB304") == std::string::npos);
  CHECK(r.output.find("def laplace_sweeps(u, iters):") != std::string::npos);
  // The host allocates the copy at every step and rebinds the name.
  CHECK(r.output.find("        unew = np.empty((u.shape[0], u.shape[1]), dtype=np.float64)") != std::string::npos);
  CHECK(r.output.find("        u = unew\n") != std::string::npos);
  CHECK(r.output.find("@njit") == std::string::npos);
}

TEST_CASE("heat_1d: `u = u_new.copy()` at the end of a time loop allocates at every step, never before the loop") {
  const std::string src =
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:], float64, int64)\")\n"
      "def heat_1d(u, alpha, nt):\n"
      "    n = u.shape[0]\n"
      "    u_new = np.zeros(n)\n"
      "    for step in range(nt):\n"
      "        for i in range(1, n - 1):\n"
      "            u_new[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])\n"
      "        u = u_new.copy()\n"
      "    return u\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Codes(r).find("CRB129") == std::string::npos);
  // One array allocated before the loop would replace the input before the
  // first step reads it.
  size_t loop = r.output.find("for step in range(nt):");
  size_t alloc = r.output.find("u = np.empty(");
  REQUIRE(loop != std::string::npos);
  REQUIRE(alloc != std::string::npos);
  CHECK(alloc > loop);
}

TEST_CASE("decay: a scalar parameter counted down in the time loop is computed by the host program") {
  const std::string src =
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:], int64)\")\n"
      "def decay(x, k):\n"
      "    for t in range(k):\n"
      "        for i in range(x.shape[0]):\n"
      "            x[i] = 0.5 * x[i] + k\n"
      "        k = k - 1\n"
      "    return x\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Codes(r).find("CRB129") == std::string::npos);
  CHECK(r.output.find("        k = k - 1\n") != std::string::npos);
  CHECK(r.output.find("k=k") != std::string::npos);  // each dispatch passes the step's value
}

TEST_CASE("halve: an int parameter given a float keeps CRB129 (Numba types it float64 throughout)") {
  const std::string src =
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:], int64)\")\n"
      "def halve(x, k):\n"
      "    for t in range(3):\n"
      "        for i in range(x.shape[0]):\n"
      "            x[i] = x[i] + k\n"
      "        k = k * 0.5\n"
      "    return x\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Codes(r).find("CRB129") != std::string::npos);
  CHECK(r.output == src);
}

TEST_CASE("rebind_in_phase: a rebinding inside the loop that would be a phase keeps the kernel Numba code") {
  const std::string src =
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:], float64[:], int64)\")\n"
      "def rebind_in_phase(a, b, n):\n"
      "    for t in range(n):\n"
      "        for i in range(a.shape[0]):\n"
      "            b[i] = a[i] + 1.0\n"
      "            a = b\n"
      "    return a\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Codes(r).find("CRB129") != std::string::npos);
  CHECK(r.output == src);
}

TEST_CASE("dense_relu (mlp-style): a driver passing `x @ w1 + b1` to helpers it calls on the host is a host program") {
  const std::string src =
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit([\"float64[:, ::1](float32[:, ::1])\", \"float64[:, ::1](float64[:, ::1])\"])\n"
      "def relu(x):\n    return np.maximum(x, 0.0)\n\n\n"
      "@njit(\"float64[:, ::1](float64[:, ::1])\")\n"
      "def normalize_rows(x):\n"
      "    out = np.empty_like(x)\n"
      "    for i in range(x.shape[0]):\n"
      "        s = 0.0\n"
      "        for j in range(x.shape[1]):\n"
      "            s += x[i, j]\n"
      "        for j in range(x.shape[1]):\n"
      "            out[i, j] = x[i, j] / (s + 1.0)\n"
      "    return out\n\n\n"
      "@njit(\"float64[:, ::1](float32[:, ::1], float32[:, ::1], float32[::1])\")\n"
      "def dense_relu(x, w1, b1):\n"
      "    h = relu(x @ w1 + b1)\n"
      "    h = relu(h)\n"
      "    return normalize_rows(h)\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Codes(r).find("CRB119") == std::string::npos);
  CHECK(Codes(r).find("CRB203") == std::string::npos);
  // The host evaluates the argument with NumPy and calls relu's dispatcher.
  CHECK(r.output.find("def dense_relu(x, w1, b1):\n    h = relu(x @ w1 + b1)\n") != std::string::npos);
  CHECK(r.output.find("def relu(x):\n") != std::string::npos);
  CHECK(r.output.find("@njit") == std::string::npos);
}

// The body of a CSR row loop as the NumPy lowering writes `y[i] = vals @ x[cols]`.
constexpr const char* kCsrRow =
    "        cols = A_col[A_row[i]:A_row[i + 1]]\n"
    "        vals = A_val[A_row[i]:A_row[i + 1]]\n"
    "        if (vals.shape[0] != cols.shape[0]):\n"
    "            raise ValueError(\"shapes of the vectors of np.dot not aligned\")\n"
    "        acc = 0.0\n"
    "        for j in range(vals.shape[0]):\n"
    "            acc += vals[j] * x[cols[j]]\n"
    "        y[i] = acc\n";

TEST_CASE("spmv (NPBench, lowered): the CSR row loop is the parallel phase, its shape check deferred to the host") {
  // What the NumPy lowering makes of `y[i] = vals @ x[cols]`: the rows are
  // independent and write only the kernel's own `y`, so the row loop runs in
  // parallel instead of dispatching one small reduction per row.
  Planned p = Plan("A_row, A_col, A_val, x",
                   "    y = np.empty(A_row.size - 1)\n"
                   "    for i in range(A_row.size - 1):\n"
                   + std::string(kCsrRow) + "    return y\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK(p.prog.parallel_phases == 1);
  CHECK(p.prog.phases[0].loops[0].Text().rfind("for i in", 0) == 0);
  CHECK(p.prog.phases[0].checks.size() == 1);
}

TEST_CASE("spmv_into: rows written into an argument are one serial phase that stops at a failed check") {
  // The caller would see the rows before a failing one, so the rows do not
  // run in parallel; and a reduction per row, whose range the row computes,
  // is not worth a dispatch: the row loop is one serial phase, which stops
  // where Numba would raise.
  Planned p = Plan("A_row, A_col, A_val, x, y",
                   "    for i in range(A_row.size - 1):\n" + std::string(kCsrRow));
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK(p.prog.parallel_phases == 0);
  CHECK(p.prog.phases[0].loops[0].Text().rfind("for i in", 0) == 0);
  CHECK(p.prog.phases[0].checks.size() == 1);
}

TEST_CASE("lu (NPBench, lowered): a host loop whose inner ranges come from its variable through a local is one serial phase") {
  // `A[i, :j] @ A[:j, j]` per element: dispatching a reduction of j steps at
  // every (i, j) cost 400 times Numba's time.
  Planned p = Plan("A",
                   "    for i in range(A.shape[0]):\n"
                   "        for j in range(i):\n"
                   "            n0 = min(j, A.shape[1])\n"
                   "            acc = 0.0\n"
                   "            for k in range(n0):\n"
                   "                acc += A[i, k] * A[k, j]\n"
                   "            A[i, j] -= acc\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK(p.prog.parallel_phases == 0);
  CHECK(p.prog.phases[0].loops[0].Text().rfind("for i in", 0) == 0);
}

TEST_CASE("two_d_reduction (Numba docs, lowered): a prange loop of a sum and a max splits into two parallel phases") {
  // `total += a[i, j]` in an inner loop and `m = max(m, a[i].max())`: one
  // reduction per phase, each phase with the row's shape check deferred.
  std::string src =
      "import numpy as np\nfrom numba import njit, prange\n\n@njit(parallel=True)\ndef k(a):\n"
      "    total = 0.0\n"
      "    m = -np.inf\n"
      "    for i in prange(a.shape[0]):\n"
      "        for j in range(a.shape[1]):\n"
      "            total += a[i, j]\n"
      "        if a.shape[1] == 0:\n"
      "            raise ValueError(\"zero-size array to reduction operation maximum which has no identity\")\n"
      "        acc = a[i, 0]\n"
      "        for j2 in range(a.shape[1]):\n"
      "            v = a[i, j2]\n"
      "            if v > acc or v != v:\n"
      "                acc = v\n"
      "        m = max(m, acc)\n"
      "    return total, m\n";
  Tree tree = Tree::Parse(src);
  TranslateOptions opts;
  KernelPlans plans = KernelPlanAnalysis::Compute(AnalysisInput{tree, "t.py", &opts});
  REQUIRE(plans.plans.size() == 1);
  ModuleInfo mod = AnalyzeModule(tree, "t.py");
  Node def;
  Walk(tree.Root(), [&](const Node& n) {
    if (n.Type() == "function_definition") def = n;
    return !def;
  });
  PhaseProgram prog = PlanPhases(PhaseInput{def, plans.plans[0].types, plans.plans[0].params, mod.imports});
  REQUIRE(prog.ok);
  REQUIRE(prog.phases.size() == 2);
  CHECK(prog.parallel_phases == 2);
  // One part per value, in the order of their names.
  CHECK(prog.phases[0].output == "m");
  CHECK(prog.phases[1].output == "total");
  CHECK(prog.phases[0].checks.size() == 1);
  CHECK(prog.phases[0].only.size() == 4);  // the check, acc, its loop, the max
  CHECK(prog.phases[1].only.size() == 2);  // the check, the loop over j
}

TEST_CASE("csr_row_sq_norms (NPBench gathers, lowered): a row loop that allocates at every step stays on the host") {
  // `v = A_val[lo:hi] * x[...]` allocates per row: only the host can, so the
  // loop stays a host loop around its phases even though their ranges follow
  // the row.
  Planned p = Plan("A_row, A_val, out",
                   "    for i in range(A_row.size - 1):\n"
                   "        n = A_row[i + 1] - A_row[i]\n"
                   "        v = np.empty(n)\n"
                   "        for k in range(n):\n"
                   "            v[k] = A_val[A_row[i] + k] * 2.0\n"
                   "        acc = 0.0\n"
                   "        for k in range(n):\n"
                   "            acc += v[k] * v[k]\n"
                   "        out[i] = acc\n");
  REQUIRE(p.prog.ok);
  REQUIRE(!p.prog.phases.empty());
  for (const Phase& ph : p.prog.phases) CHECK(ph.loops[0].Text().rfind("for i in", 0) != 0);
}

TEST_CASE("bisect: a while loop computing several values stays one serial phase (the split lost its condition)") {
  // legacy_fortran.py's bisection: the loop carries rtb, dx, fmid and j.
  Planned p = Plan("x1, x2, tol, maxit",
                   "    rtb = x1\n"
                   "    dx = x2 - x1\n"
                   "    fmid = 0.0\n"
                   "    j = 1\n"
                   "    while j <= maxit:\n"
                   "        dx = dx * 0.5\n"
                   "        xmid = rtb + dx\n"
                   "        fmid = xmid * xmid - 2.0\n"
                   "        if fmid <= 0.0:\n"
                   "            rtb = xmid\n"
                   "        if abs(dx) < tol or fmid == 0.0:\n"
                   "            break\n"
                   "        j = j + 1\n"
                   "    return rtb, j\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK_FALSE(p.prog.phases[0].parallel);
  CHECK(p.prog.phases[0].only.empty());
  CHECK(p.prog.phases[0].cells.size() >= 2);
}

TEST_CASE("finite_mean: a loop that skips elements with continue keeps its sum and count together") {
  // math_functions.py's finite_mean: split into a count and a sum, each part
  // lost the `continue` and counted the NaNs (a mismatch: nan for 0.54).
  Planned p = Plan("x",
                   "    s = 0.0\n"
                   "    n = 0\n"
                   "    for i in range(x.shape[0]):\n"
                   "        if x[i] != x[i]:\n"
                   "            continue\n"
                   "        s += x[i]\n"
                   "        n += 1\n"
                   "    return s / n\n");
  // Each part that runs only some statements runs the `if ...: continue` too.
  for (const Phase& ph : p.prog.phases) {
    if (ph.only.empty()) continue;
    bool skips = false;
    for (const Node& st : ph.only) skips = skips || st.Text().find("continue") != std::string_view::npos;
    CHECK(skips);
  }
  // A loop that returns from inside keeps its values together.
  Planned q = Plan("x",
                   "    s = 0.0\n"
                   "    n = 0\n"
                   "    for i in range(x.shape[0]):\n"
                   "        if x[i] < 0:\n"
                   "            return -1.0\n"
                   "        s += x[i]\n"
                   "        n += 1\n"
                   "    return s / n\n");
  for (const Phase& ph : q.prog.phases) CHECK(ph.only.empty());
}

TEST_CASE("bisect (legacy_fortran.py): values an if sets before the while loop are carried into its serial phase") {
  // `rtb` and `dx` depend on the sign of f(x1): no single assignment can move
  // into the phase, which takes them as the host holds them.
  Planned p = Plan("x1: \"float64\", x2: \"float64\", tol: \"float64\", maxit: \"int64\"",
                   "    f = x1 * x1 - 2.0\n"
                   "    if f < 0.0:\n"
                   "        rtb = x1\n"
                   "        dx = x2 - x1\n"
                   "    else:\n"
                   "        rtb = x2\n"
                   "        dx = x1 - x2\n"
                   "    j = 1\n"
                   "    while j <= maxit:\n"
                   "        dx = dx * 0.5\n"
                   "        xmid = rtb + dx\n"
                   "        if xmid * xmid - 2.0 <= 0.0:\n"
                   "            rtb = xmid\n"
                   "        if abs(dx) < tol:\n"
                   "            break\n"
                   "        j = j + 1\n"
                   "    return rtb, j\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  const Phase& ph = p.prog.phases[0];
  CHECK_FALSE(ph.parallel);
  CHECK(ph.carried == std::vector<std::string>{"dx", "rtb"});
  REQUIRE(ph.inits.size() == 1);
  CHECK(ph.inits[0].Text() == "j = 1");
  CHECK(ph.cells == std::vector<std::string>{"j", "rtb"});
  // Neither is an input under its own name: the phase binds them.
  CHECK(std::find(ph.inputs.begin(), ph.inputs.end(), "rtb") == ph.inputs.end());
}

TEST_CASE("pendulum_verlet (ode_integrators.py): a value another initialisation reads is carried, that one moves") {
  Planned p = Plan("theta0: \"float64\", omega0: \"float64\", dt: \"float64\", steps: \"int64\", g: \"float64\"",
                   "    theta = theta0\n"
                   "    omega = omega0\n"
                   "    energy = np.empty(steps)\n"
                   "    a = -g * np.sin(theta)\n"
                   "    for n in range(steps):\n"
                   "        theta += omega * dt + 0.5 * a * dt * dt\n"
                   "        a_new = -g * np.sin(theta)\n"
                   "        omega += 0.5 * (a + a_new) * dt\n"
                   "        a = a_new\n"
                   "        energy[n] = omega * omega\n"
                   "    return theta, omega, energy\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  const Phase& ph = p.prog.phases[0];
  CHECK(ph.carried == std::vector<std::string>{"theta"});
  REQUIRE(ph.inits.size() == 2);  // omega = omega0, then a = ... (after theta is set)
  CHECK(ph.inits[0].Text() == "omega = omega0");
  CHECK(ph.cells == std::vector<std::string>{"omega", "theta"});
}

TEST_CASE("momentum_descent (optimization.py): parameters a serial loop updates are carried and come back") {
  Planned p = Plan("x: \"float64\", y: \"float64\", lr: \"float64\", iters: \"int64\"",
                   "    vx = 0.0\n"
                   "    vy = 0.0\n"
                   "    for _ in range(iters):\n"
                   "        vx = 0.9 * vx - lr * 2.0 * (x - 1.0)\n"
                   "        vy = 0.9 * vy - lr * 8.0 * (y + 0.5)\n"
                   "        x += vx\n"
                   "        y += vy\n"
                   "    return x, y\n");
  INFO(p.prog.reason);
  REQUIRE(p.prog.ok);
  std::set<std::string> carried;
  for (const Phase& ph : p.prog.phases) {
    CHECK_FALSE(ph.parallel);
    carried.insert(ph.carried.begin(), ph.carried.end());
  }
  CHECK(carried == std::set<std::string>{"x", "y"});
  // A parallel loop never carries a value: its reduction starts in the workunit.
  Planned q = Plan("x: \"float64\", a",
                   "    for i in range(a.shape[0]):\n"
                   "        x += a[i]\n"
                   "    return x\n");
  for (const Phase& ph : q.prog.phases) CHECK((ph.carried.empty() || !ph.parallel));
}

TEST_CASE("levenshtein (byte_strings.py): a loop that swaps its two rows stays on the host") {
  Planned p = Plan("a, b",
                   "    n, m = a.size, b.size\n"
                   "    prev = np.arange(m + 1)\n"
                   "    cur = np.zeros(m + 1, dtype=np.int64)\n"
                   "    for i in range(1, n + 1):\n"
                   "        cur[0] = i\n"
                   "        for j in range(1, m + 1):\n"
                   "            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + 1)\n"
                   "        prev, cur = cur, prev\n"
                   "    return prev[m]\n");
  REQUIRE(p.prog.ok);
  REQUIRE(p.prog.phases.size() == 1);
  CHECK(p.prog.phases[0].loops[0].Text().rfind("for j in", 0) == 0);
  CHECK_FALSE(p.prog.phases[0].parallel);  // cur[j - 1]
  // count_inversions: the merge passes' while loop swaps src and dst.
  Planned q = Plan("a",
                   "    n = a.shape[0]\n"
                   "    src = a.copy()\n"
                   "    dst = np.empty_like(a)\n"
                   "    inv = 0\n"
                   "    width = 1\n"
                   "    while width < n:\n"
                   "        for lo in range(0, n, 2 * width):\n"
                   "            mid = min(lo + width, n)\n"
                   "            k = lo\n"
                   "            while k < mid:\n"
                   "                dst[k] = src[k]\n"
                   "                inv += 1\n"
                   "                k += 1\n"
                   "        src, dst = dst, src\n"
                   "        width *= 2\n"
                   "    return inv\n");
  REQUIRE(q.prog.ok);
  REQUIRE(q.prog.phases.size() == 1);
  CHECK(q.prog.phases[0].loops[0].Text().rfind("for lo in", 0) == 0);
}
