// The early Numba-to-Numba lowerings: loops over arrays, enumerate and zip
// become range loops (iteration_lowering.h); module-level constants become
// their values (module_constants.h). Each case is named after the kernel
// shape it came from.
#include <doctest/doctest.h>

#include "caramba/analysis/module_constants.h"
#include "caramba/pass_manager.h"
#include "visitors/chained_assignment_splitting.h"
#include "visitors/constant_inliner.h"
#include "visitors/helper_inliner.h"
#include "visitors/iteration_lowering.h"
#include "visitors/jit_wrapper_lowering.h"
#include "visitors/kernel_restorer.h"
#include "visitors/tuple_local_inliner.h"

using namespace caramba;

namespace {

std::string Lower(const std::string& src) {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<JitWrapperLowering>());
  v.push_back(std::make_unique<ConstantInliner>());
  v.push_back(std::make_unique<HelperInliner>());
  v.push_back(std::make_unique<TupleLocalInliner>());
  v.push_back(std::make_unique<IterationLowering>());
  PassManager pm(std::move(v));
  PassResult r = pm.Run(src, "t.py", {});
  REQUIRE(r.ok);
  return r.output;
}

const std::string kHead = "import numba\nimport numpy as np\nfrom numba import njit\n\n";

}  // namespace

TEST_CASE("iteration lowering: for v in x reads the element at the top of each iteration (array_total)") {
  std::string out = Lower(kHead + "@njit\ndef array_total(x):\n    t = 0.0\n    for v in x:\n        t += v\n    return t\n");
  CHECK(out == kHead +
                   "@njit\ndef array_total(x):\n    t = 0.0\n    for _pk_it0 in range(x.shape[0]):\n        v = "
                   "x[_pk_it0]\n        t += v\n    return t\n");
}

TEST_CASE("iteration lowering: enumerate uses the user's counter as the index, start is added (ranked_sum)") {
  std::string out = Lower(kHead + "@njit\ndef f(a, b):\n    for i, v in enumerate(a):\n        b[i] = v\n"
                                  "    for r, v in enumerate(a, 1):\n        b[0] += v / r\n");
  CHECK(out.find("for i in range(a.shape[0]):\n        v = a[i]\n        b[i] = v") != std::string::npos);
  CHECK(out.find("for _pk_it0 in range(a.shape[0]):\n        r = _pk_it0 + 1\n        v = a[_pk_it0]") !=
        std::string::npos);
}

TEST_CASE("iteration lowering: zip stops at the shortest, ranges give a + k (dot, offset_sum)") {
  std::string out = Lower(kHead + "@njit\ndef dot(a, b, lo, hi):\n    s = 0.0\n    for x, y in zip(a, b):\n"
                                  "        s += x * y\n    for k, v in zip(range(lo, hi), a):\n        s += k * v\n"
                                  "    return s\n");
  CHECK(out.find("for _pk_it0 in range(min(a.shape[0], b.shape[0])):\n        x = a[_pk_it0]\n        y = b[_pk_it0]") !=
        std::string::npos);
  CHECK(out.find("for _pk_it1 in range(min(hi - lo, a.shape[0])):\n        k = lo + _pk_it1\n        v = a[_pk_it1]") !=
        std::string::npos);
}

TEST_CASE("iteration lowering: enumerate(zip(...)) with a nested pattern (running_max)") {
  std::string out = Lower(kHead + "@njit\ndef running_max(a, out):\n    for i, (v, w) in enumerate(zip(a, out)):\n"
                                  "        out[i] = v + w\n");
  CHECK(out.find("for i in range(min(a.shape[0], out.shape[0])):\n        v = a[i]\n        w = out[i]\n") !=
        std::string::npos);
}

TEST_CASE("iteration lowering: a slice with literal bounds (min_max in eager_signatures.py)") {
  std::string out = Lower(kHead + "@njit\ndef min_max(x):\n    lo = x[0]\n    for v in x[1:]:\n        lo = min(lo, v)\n"
                                  "    for v in x[:-2]:\n        lo = min(lo, v)\n    for v in x[2:5]:\n"
                                  "        lo = min(lo, v)\n    return lo\n");
  CHECK(out.find("for _pk_it0 in range(x.shape[0] - 1):\n        v = x[1 + _pk_it0]\n") != std::string::npos);
  CHECK(out.find("for _pk_it1 in range(x.shape[0] - 2):\n        v = x[_pk_it1]\n") != std::string::npos);
  CHECK(out.find("for _pk_it2 in range(min(5, x.shape[0]) - 2):\n        v = x[2 + _pk_it2]\n") != std::string::npos);
}

TEST_CASE("iteration lowering: loops it cannot keep exact stay as written") {
  const std::string cases[] = {
      // the body rebinds the iterated name: Python iterates the old object
      "@njit\ndef f(a, b):\n    for v in a:\n        a = b\n",
      // a bound evaluated once that the body changes
      "@njit\ndef f(a, n):\n    for k, v in zip(range(n), a):\n        n = n - 1\n",
      // a call, a slice with a step or a bound that is not a literal, a tuple
      // target for an array, a one-line body, for ... else
      "@njit\ndef f(a):\n    for v in g(a):\n        pass\n",
      "@njit\ndef f(a):\n    for v in a[1::2]:\n        pass\n",
      "@njit\ndef f(a, k):\n    for v in a[k:]:\n        pass\n",
      "@njit\ndef f(p):\n    for x, y in p:\n        pass\n",
      "@njit\ndef f(a):\n    for v in a: pass\n",
      "@njit\ndef f(a):\n    for v in a:\n        pass\n    else:\n        pass\n",
      // a start that is not a literal, a zip target that is a tuple
      "@njit\ndef f(a, s):\n    for i, v in enumerate(a, s):\n        pass\n",
      "@njit\ndef f(a, b):\n    for p in zip(a, b):\n        pass\n",
      // a user name in the reserved namespace (CRB125 says why)
      "@njit\ndef f(a):\n    _pk_it0 = 0\n    for v in a:\n        pass\n",
      // not a kernel
      "def f(a):\n    for v in a:\n        pass\n",
  };
  for (const std::string& c : cases) {
    INFO(c);
    CHECK(Lower(kHead + c) == kHead + c);
  }
}

TEST_CASE("module constants: numbers bound once are inlined where kernels read them (potential, integrate)") {
  std::string src = kHead +
                    "G = 6.674e-11\nSTEPS = 10\nDT = 1.0 / STEPS\nTWO_PI = 2 * np.pi\nW = (0.25, 0.5, 0.25)\n\n"
                    "@njit\ndef f(x):\n    for _ in range(STEPS):\n        x += DT * G * TWO_PI\n"
                    "    return x * W[0] + W[-1] + len(W)\n";
  std::string out = Lower(src);
  CHECK(out.find("for _ in range(10):\n        x += (1.0 / 10) * 6.674e-11 * (2 * np.pi)\n") != std::string::npos);
  CHECK(out.find("return x * 0.25 + 0.25 + 3\n") != std::string::npos);
  // The module's own statements are not touched.
  CHECK(out.find("DT = 1.0 / STEPS\n") != std::string::npos);
}

TEST_CASE("module constants: a float math call of constants is inlined as the call (norm_cdf's SQRT2)") {
  std::string src = "import math\nimport numpy as np\nfrom numba import njit\n\n"
                    "SQRT2 = math.sqrt(2.0)\nLN2 = np.log(2 * 1.0)\nFLOOR = math.floor(2.5)\nNAN = math.isnan(1.0)\n"
                    "KW = math.pow(2.0, y=3.0)\n\n"
                    "@njit\ndef norm_cdf(x):\n    return 0.5 * (1.0 + math.erf(x / SQRT2)) + LN2\n";
  std::string out = Lower(src);
  CHECK(out.find("return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0))) + np.log((2 * 1.0))\n") != std::string::npos);
  Tree t = Tree::Parse(src);
  ImportTable imports;
  imports.Build(t);
  ModuleConstants c = FindModuleConstants(t, imports);
  // math.floor is an int in Python, isnan a bool; keyword arguments are not read: all stay names.
  CHECK(c.refused.count("FLOOR") == 1);
  CHECK(c.refused.count("NAN") == 1);
  CHECK(c.refused.count("KW") == 1);
}

TEST_CASE("module constants: kernel names hide module names, rebound names, arrays and variable indices stay") {
  std::string src = kHead +
                    "N = 4\nS = 2.0\nT = np.linspace(0.0, 1.0, 8)\nW = (1, 2)\n\n"
                    "@njit\ndef f(a, k):\n    N = a.shape[0]\n    return N * S * T[0] * W[k]\n\n"
                    "def set_scale(v):\n    global S\n    S = v\n";
  CHECK(Lower(src) == src);
  Tree t = Tree::Parse(src);
  ImportTable imports;
  imports.Build(t);
  ModuleConstants c = FindModuleConstants(t, imports);
  CHECK(c.values.count("N") == 1);
  CHECK(c.refused.at("S").find("declared global in 'set_scale'") != std::string::npos);
  CHECK(c.refused.at("T").find("NumPy array") != std::string::npos);
  CHECK(ModuleNameHelp(t, imports, "W").find("literal index") != std::string::npos);
  CHECK(ModuleNameHelp(t, imports, "S").find("pass the value as a parameter") != std::string::npos);
}

TEST_CASE("module constants: a name bound twice at module level is not a constant (Numba freezes one of them)") {
  std::string src = kHead + "K = 1\nK = 2\nif True:\n    M = 3\n\n@njit\ndef f():\n    return K + M\n";
  CHECK(Lower(src) == src);
  Tree t = Tree::Parse(src);
  ImportTable imports;
  imports.Build(t);
  ModuleConstants c = FindModuleConstants(t, imports);
  CHECK(c.refused.at("K").find("bound more than once") != std::string::npos);
  CHECK(c.refused.at("M").find("not bound by one top-level assignment") != std::string::npos);
}

TEST_CASE("iteration lowering: a literal tuple of offsets in progression is its range (max_filter3)") {
  std::string out = Lower(kHead + "@njit\ndef max_filter3(a, i):\n    best = a[i]\n    for di in (-1, 0, 1):\n"
                                  "        best = max(best, a[i + di])\n    for s in [6, 4, 2]:\n        best += s\n"
                                  "    for one in (7,):\n        best += one\n    return best\n");
  CHECK(out.find("for di in range(-1, 2):\n") != std::string::npos);
  CHECK(out.find("for s in range(6, 1, -2):\n") != std::string::npos);
  CHECK(out.find("for one in range(7, 8):\n") != std::string::npos);
  // Not a progression, not integers, or a target that unpacks: left as written (CRB120).
  const std::string kept[] = {"    for d in (1, 2, 4):\n        x += d\n", "    for d in (0.5, 1.5):\n        x += d\n",
                              "    for d in (1, 1):\n        x += d\n", "    for d, e in ((1, 2), (3, 4)):\n        x += d\n"};
  for (const std::string& k : kept) {
    std::string src = kHead + "@njit\ndef f(x):\n" + k + "    return x\n";
    INFO(src);
    CHECK(Lower(src) == src);
  }
}

TEST_CASE("iteration lowering: a row only indexed becomes the array's own index (row_norms)") {
  std::string out = Lower(kHead + "@njit\ndef row_norms(points, out):\n    for i, p in enumerate(points):\n"
                                  "        out[i] = p[0] * p[0] + p[1, 2]\n");
  CHECK(out == kHead + "@njit\ndef row_norms(points, out):\n    for i in range(points.shape[0]):\n"
                       "        out[i] = points[i, 0] * points[i, 0] + points[i, 1, 2]\n");
  // Used whole, used after the loop, or indexed by a counter the body
  // rebinds: the row keeps its name.
  std::string whole = Lower(kHead + "@njit\ndef f(x, out):\n    for i, p in enumerate(x):\n        out[i] = g(p)\n");
  CHECK(whole.find("p = x[i]\n") != std::string::npos);
  std::string after = Lower(kHead + "@njit\ndef f(x):\n    for p in x:\n        s = p[0]\n    return p[1]\n");
  CHECK(after.find("p = x[_pk_it0]\n") != std::string::npos);
  std::string counter = Lower(kHead + "@njit\ndef f(x, out):\n    for i, p in enumerate(x):\n        i = 0\n"
                                      "        out[i] = p[0]\n");
  CHECK(counter.find("p = x[i]\n") != std::string::npos);
}

TEST_CASE("jit wrappers: f = njit(f) after its def moves onto the def, g = njit(f) is a decorated copy named g (saxpy, clip)") {
  std::string in_place = Lower(kHead + "def saxpy(a, x):\n    return a * x[0]\n\n\nsaxpy = njit(saxpy)\n\nz = 1\n");
  CHECK(in_place == kHead + "@njit\ndef saxpy(a, x):\n    return a * x[0]\n\nz = 1\n");
  std::string copy = Lower(kHead + "def _clip(x, lo):\n    return max(x, lo)\n\n\nclip = numba.njit(parallel=True)(_clip)\n");
  CHECK(copy == kHead + "def _clip(x, lo):\n    return max(x, lo)\n\n\n@numba.njit(parallel=True)\ndef clip(x, lo):\n"
                        "    return max(x, lo)\n");
  // Separated from its def by other code: a copy too, so the plain function
  // stays plain until the statement.
  std::string later = Lower(kHead + "def f(x):\n    return x\n\ny = f(1)\nf = njit(f)\n");
  CHECK(later == kHead + "def f(x):\n    return x\n\ny = f(1)\n@njit\ndef f(x):\n    return x\n");
}

TEST_CASE("jit wrappers: inside a function, or of a decorated function, the wrapper stays (CRB122)") {
  const std::string cases[] = {
      "def make():\n    def f(x):\n        return x\n    g = njit(f)\n    return g\n",
      "@other\ndef f(x):\n    return x\n\ng = njit(f)\n",
  };
  for (const std::string& c : cases) {
    INFO(c);
    CHECK(Lower(kHead + c) == kHead + c);
  }
}

TEST_CASE("jit wrappers: a refused kernel made by wrapping gets its statement back byte for byte (show)") {
  std::string src = kHead + "def _show(x):\n    print(x[0])\n\n\nshow = njit(_show)\n\n\ndef f(x):\n    print(x)\n\nf = njit(f)\n";
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<JitWrapperLowering>());
  v.push_back(std::make_unique<KernelRestorer>());
  PassManager pm(std::move(v));
  PassResult r = pm.Run(src, "t.py", {});
  REQUIRE(r.ok);
  CHECK(r.output == src);
}

TEST_CASE("tuple locals: a shape tuple and a.shape are written where they are used (coordinate_grid)") {
  std::string out = Lower(kHead + "@njit\ndef coordinate_grid(n, m, a):\n    shape = (n, m)\n    sh = a.shape\n"
                                  "    x = np.empty(shape)\n    return x[0, 0] + shape[1] + len(shape) + sh[0]\n");
  CHECK(out == kHead + "@njit\ndef coordinate_grid(n, m, a):\n    x = np.empty((n, m))\n"
                       "    return x[0, 0] + m + 2 + a.shape[0]\n");
}

TEST_CASE("tuple locals: tuples whose value could change before a use stay (CRB121 says why)") {
  const std::string cases[] = {
      // n changes after the binding
      "@njit\ndef f(a):\n    n = 1\n    t = (n, 2)\n    n = 3\n    return t[0]\n",
      // bound twice, bound in a loop, calls a helper, shares its line
      "@njit\ndef f(a, n):\n    t = (n, 1)\n    t = (1, n)\n    return t[0]\n",
      "@njit\ndef f(a, n):\n    for i in range(n):\n        t = (i, 1)\n    return t[0]\n",
      "@njit\ndef f(a, n):\n    t = (g(n), 1)\n    return t[0]\n",
      "@njit\ndef f(a, n):\n    t = (n, 1); u = 2\n    return t[0] + u\n",
      // a local bound inside a branch before the tuple
      "@njit\ndef f(a, n):\n    if n > 0:\n        k = 1\n    t = (k, 1)\n    return t[0]\n",
  };
  for (const std::string& c : cases) {
    INFO(c);
    CHECK(Lower(kHead + c) == kHead + c);
  }
}

TEST_CASE("helper inlining: a helper returning a tuple of scalars is written at the call site (rotate, delta)") {
  std::string helper = "@njit\ndef rotate(x, y, t):\n    \"\"\"Rotates.\"\"\"\n    c = math.cos(t)\n    s = math.sin(t)\n"
                       "    return c * x - s * y, s * x + c * y\n\n\n";
  std::string out = Lower(kHead + helper + "@njit\ndef spin(xs, ys, t):\n    for i in range(xs.shape[0]):\n"
                                           "        xs[i], ys[i] = rotate(xs[i], ys[i], t * i)\n");
  CHECK(out.find("    for i in range(xs.shape[0]):\n"
                 "        _pk_in0_x = xs[i]\n        _pk_in0_y = ys[i]\n        _pk_in0_t = t * i\n"
                 "        _pk_in0_c = math.cos(_pk_in0_t)\n        _pk_in0_s = math.sin(_pk_in0_t)\n"
                 "        xs[i], ys[i] = _pk_in0_c * _pk_in0_x - _pk_in0_s * _pk_in0_y, "
                 "_pk_in0_s * _pk_in0_x + _pk_in0_c * _pk_in0_y\n") != std::string::npos);
  // Plain names and literals stand for the parameters.
  std::string plain = Lower(kHead + helper + "@njit\ndef f(a, b):\n    p, q = rotate(a, b, 0.5)\n    return p + q\n");
  CHECK(plain.find("    _pk_in0_c = math.cos(0.5)\n    _pk_in0_s = math.sin(0.5)\n"
                   "    p, q = _pk_in0_c * a - _pk_in0_s * b, _pk_in0_s * a + _pk_in0_c * b\n") != std::string::npos);
}

TEST_CASE("helper inlining: helpers it cannot write out exactly stay calls") {
  const std::string cases[] = {
      // an early return, a parameter assigned, fewer targets than values, a keyword argument
      "@njit\ndef h(x):\n    if x > 0:\n        return x, 1\n    return x, 2\n\n\n@njit\ndef f(a):\n    p, q = h(a)\n    return p\n",
      "@njit\ndef h(x):\n    x = x + 1\n    return x, 2\n\n\n@njit\ndef f(a):\n    p, q = h(a)\n    return p\n",
      "@njit\ndef h(x):\n    return x, 2, 3\n\n\n@njit\ndef f(a):\n    p, q = h(a)\n    return p\n",
      "@njit\ndef h(x):\n    return x, 2\n\n\n@njit\ndef f(a):\n    p, q = h(x=a)\n    return p\n",
      // not a jitted helper
      "def h(x):\n    return x, 2\n\n\n@njit\ndef f(a):\n    p, q = h(a)\n    return p\n",
  };
  for (const std::string& c : cases) {
    INFO(c);
    CHECK(Lower(kHead + c) == kHead + c);
  }
}

TEST_CASE("jit wrappers: a wrapper not selected by --kernel keeps its text (saxpy with --kernel _total)") {
  std::string src = kHead + "def saxpy(a, x):\n    return a * x[0]\n\n\nsaxpy = njit(saxpy)\n\n\ndef _total(x):\n"
                            "    return x[0]\n\n\ntotal = njit(_total)\n";
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<JitWrapperLowering>());
  v.push_back(std::make_unique<KernelRestorer>());
  PassManager pm(std::move(v));
  TranslateOptions only_total;
  only_total.kernels = {"_total"};
  PassResult r = pm.Run(src, "t.py", only_total);
  REQUIRE(r.ok);
  CHECK(r.output == src);
}

namespace {

std::string Split(const std::string& src) {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<ChainedAssignmentSplitting>());
  PassManager pm(std::move(v));
  PassResult r = pm.Run(src, "t.py", {});
  REQUIRE(r.ok);
  return r.output;
}

}  // namespace

TEST_CASE("chained assignments: one assignment per target (biquad's x1 = x2 = y1 = y2 = 0.0, merge_sorted's i = j = k = 0)") {
  std::string out = Split(kHead + "@njit\ndef biquad(x):\n    x1 = x2 = y1 = y2 = 0.0\n    for n in range(x.shape[0]):\n"
                                  "        a = b = -1\n        x1 += x[n] + a + b\n    return x1 + x2 + y1 + y2\n");
  CHECK(out.find("    x1 = 0.0\n    x2 = 0.0\n    y1 = 0.0\n    y2 = 0.0\n") != std::string::npos);
  CHECK(out.find("        a = -1\n        b = -1\n") != std::string::npos);
  // A computed value is computed once; the other names copy it (one array, as in Python).
  out = Split(kHead + "@njit\ndef k(n):\n    a = b = np.zeros(n)\n    a[0] = 1.0\n    return b\n");
  CHECK(out.find("    b = np.zeros(n)\n    a = b\n") != std::string::npos);
  // Elements take a number each, converted by their own array.
  out = Split(kHead + "@njit\ndef k(u, v):\n    u[0] = v[0] = 2.5\n");
  CHECK(out.find("    u[0] = 2.5\n    v[0] = 2.5\n") != std::string::npos);
}

TEST_CASE("chained assignments: what cannot be split exactly stays (an element with a computed value, one line after ':')") {
  std::string src = kHead + "@njit\ndef k(u, v, c):\n    u[0] = v[0] = c * 2.0\n    if c > 0: s = t = 1.0\n";
  CHECK(Split(src) == src);
}
