// The NumPy table (numpy_table.h) and the NumPy facts of the KernelPlan
// (numpy_lowering.h): what is lowered, typed, guarded or refused.
#include <doctest/doctest.h>

#include <algorithm>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "caramba/syntax.h"
#include "tests/unit/planned.h"

using namespace caramba;
using caramba_test::AllRewrites;
using caramba_test::Planned;
using caramba_test::Refused;
using caramba_test::RefusalText;

TEST_CASE("numpy table: every element-wise math row has a dialect math function") {
  for (const NumpyFunction* f : NumpyRows(NumpyClass::kMath)) {
    INFO(f->name);
    // fmin/fmax are dialect math (pykokkos-dialect.md §3.4) but not Python's.
    // (np.round's "remainder" is lowered to x - math.remainder(x, 1.0).)
    CHECK((FindMathFunction(f->scalar) != nullptr || f->scalar == "fmin" || f->scalar == "fmax" ||
           f->scalar == "remainder"));
    CHECK(FindNumpyScalarFunction(f->name) != nullptr);
  }
  for (const NumpyFunction* f : NumpyRows(NumpyClass::kReduction)) CHECK(f->reduce != NumpyReduce::kNone);
  CHECK(FindNumpyScalarFunction("arcsin")->dialect == "asin");
  CHECK(FindNumpyFunction("numpy.linalg.norm")->reduce == NumpyReduce::kNorm);
  CHECK(FindNumpyFunction("numpy.interp") == nullptr);
  CHECK(FindNumpyFunction("math.sqrt") == nullptr);
  CHECK(FindNumpyMethod("sum")->reduce == NumpyReduce::kSum);
  CHECK(IsNumpyAllocation("numpy.zeros_like"));
  CHECK_FALSE(IsNumpyAllocation("numpy.sum"));
  CHECK(ScalarBuiltinAlias("numpy.minimum") == "min");
  CHECK(ScalarBuiltinAlias("numpy.sqrt") == "numpy.sqrt");
}

TEST_CASE("numpy table: host ufuncs only where PyKokkos equals NumPy for every dtype") {
  // Arithmetic ufuncs of two int arrays give floats in PyKokkos: never substituted.
  for (const NumpyFunction* f : NumpyRows(NumpyClass::kMath))
    if (!f->host_ufunc.empty()) CHECK(f->dtype == NumpyDtype::kFloat);
  for (NumpyClass c : {NumpyClass::kBuiltin, NumpyClass::kNanMinMax, NumpyClass::kReduction, NumpyClass::kAllocation})
    for (const NumpyFunction* f : NumpyRows(c)) CHECK(f->host_ufunc.empty());
}

TEST_CASE("numpy plan: reductions are typed by the table's dtype rules") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64(int64[:], float64[:, :], float64[:])\")\n"
      "def k(a, m, v):\n"
      "    s = np.sum(a)\n"
      "    mu = np.mean(a)\n"
      "    hi = np.max(a[1:])\n"
      "    d = np.dot(m[0, :], v)\n"
      "    return s + mu + hi + d\n");
  const KernelPlan& p = mod.Of("k");
  CHECK(p.types.at("s").scalar == Scalar::kInt64);
  CHECK(p.types.at("mu").scalar == Scalar::kFloat64);
  CHECK(p.types.at("hi").scalar == Scalar::kInt64);
  CHECK(p.types.at("d").scalar == Scalar::kFloat64);
  CHECK(p.refusals.empty());
  CHECK(p.numpy_rewrites.size() == 4);
}

TEST_CASE("numpy plan: a slice assignment is lowered, its shape check moves to the caller") {
  Planned mod(
      "from numba import njit\n\n"
      "@njit\n"
      "def k(a, out):\n"
      "    out[1:-1] = a[:-2] + a[2:]\n");
  const KernelPlan& p = mod.Of("k");
  REQUIRE(p.numpy_rewrites.size() == 1);
  const std::string& text = p.numpy_rewrites[0].text;
  CHECK(text.find("raise ValueError(") != std::string::npos);
  // out[1:-1] is provably in range: the loop runs over its own indices.
  CHECK(text.find("for _pk_np_i0 in range(1, out.shape[0] - 1):") != std::string::npos);
  CHECK(text.find("out[_pk_np_i0] = a[") != std::string::npos);
}

TEST_CASE("numpy plan: a written guard at the top level is a caller check, under an if it is refused") {
  Planned mod(
      "from numba import njit\n\n"
      "@njit\n"
      "def ok(a, b):\n"
      "    if a.shape[0] != b.shape[0]:\n"
      "        raise ValueError(\"lengths differ\")\n"
      "    for i in range(a.shape[0]):\n"
      "        b[i] = a[i]\n\n"
      "@njit\n"
      "def nested(a, b, flag):\n"
      "    if flag:\n"
      "        if a.shape[0] != b.shape[0]:\n"
      "            raise ValueError(\"lengths differ\")\n"
      "    for i in range(a.shape[0]):\n"
      "        b[i] = a[i]\n");
  const KernelPlan& ok = mod.Of("ok");
  CHECK(ok.translatable);
  CHECK(ok.guards.size() == 1);
  const KernelPlan& nested = mod.Of("nested");
  CHECK_FALSE(nested.translatable);
  CHECK(Refused(nested, "CRB113"));  // a raise that cannot move stays an exception in a kernel
}

TEST_CASE("numpy plan: refusals name the limit, and the kernel is not rewritten") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:, :], float64[:])\")\n"
      "def rank(m, v):\n"
      "    v[:] = m[:, :] * 2.0\n\n"
      "@njit\n"
      "def ambiguous(x, out):\n"
      "    out[:] = x * 2.0\n"
      "    for i in range(out.shape[0]):\n"
      "        out[i] += 1.0\n");
  CHECK(Refused(mod.Of("rank"), "CRB209"));
  CHECK(Refused(mod.Of("ambiguous"), "CRB204"));
  for (const auto& p : mod.plans.plans) CHECK(p.numpy_rewrites.empty());
}

TEST_CASE("numpy plan: an overlapping update goes through a temporary the caller allocates") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit\n"
      "def shift(a):\n"
      "    a[1:] = a[:-1]\n");
  const KernelPlan& p = mod.Of("shift");
  REQUIRE(p.numpy_rewrites.size() == 1);
  // a[1:] and a[:-1] are provably in range: the temporary has their exact length.
  CHECK(p.numpy_rewrites[0].text.find("_pk_np_tmp0 = np.empty(max(a.shape[0] - 1, 0))") != std::string::npos);
}

TEST_CASE("numpy plan: whole-array NumPy of unknown rank falls back to plain Python (CRB515)") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:], float64[:, :], float64[:])\")\n"
      "def step(Y, X, w):\n"
      "    w -= np.dot(np.exp(-Y * np.dot(X, w)) * Y, X)\n");
  const KernelPlan& p = mod.Of("step");
  CHECK_FALSE(p.translatable);
  CHECK(std::any_of(p.notes.begin(), p.notes.end(), [](const Diagnostic& d) { return d.Code() == "CRB515"; }));
  // Only the decorator goes: np.exp stays NumPy's (upstream's pk.exp refuses
  // the NumPy arrays it would get; apps/logistic.py under strict mode).
  bool decorator_removed = false, rewrites_call = false;
  for (const NumpyRewrite& w : p.numpy_rewrites) {
    decorator_removed = decorator_removed || (w.text.empty() && w.end > w.start);
    rewrites_call = rewrites_call || !w.text.empty();
  }
  CHECK(decorator_removed);
  CHECK_FALSE(rewrites_call);
}

TEST_CASE("star2: slices within a's own extent loop over plain bounds, b's keep one clamped line per bound") {
  Planned mod(
      "from numba import njit\n\n"
      "@njit\n"
      "def star2(a, b):\n"
      "    n = a.shape[0]\n"
      "    m = a.shape[1]\n"
      "    a[2:n - 2, 2:m - 2] += 0.4 * a[2:n - 2, 2:m - 2]\n"
      "    b[2:n - 2, 2:m - 2] += 0.05 * a[0:n - 4, 2:m - 2]\n");
  const KernelPlan& p = mod.Of("star2");
  REQUIRE(p.numpy_rewrites.size() == 2);
  const std::string& own = p.numpy_rewrites[0].text;
  CHECK(own.find("for _pk_np_i0 in range(2, n - 2):") != std::string::npos);
  CHECK(own.find("a[_pk_np_i0, _pk_np_i1] += 0.4 * a[_pk_np_i0, _pk_np_i1]") != std::string::npos);
  CHECK(own.find("raise") == std::string::npos);
  CHECK(own.find("min(") == std::string::npos);
  // b's extent may differ from n, and a[0:n - 4] is not a[0:n - 4] of plain
  // arithmetic when n is 3 (Python reads n - 4 = -1 as the last element).
  const std::string& other = p.numpy_rewrites[1].text;
  CHECK(other.find("min(max(n - 2 + b.shape[0] if n - 2 < 0 else n - 2, 0), b.shape[0])") != std::string::npos);
  CHECK(other.find("min(max(n - 4 + a.shape[0] if n - 4 < 0 else n - 4, 0), a.shape[0])") != std::string::npos);
  CHECK(other.find("raise ValueError(") != std::string::npos);
}

TEST_CASE("jacobi_2d: an overlapping update in a time loop uses one temporary allocated before the loop") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit\n"
      "def jacobi_2d(tsteps, u):\n"
      "    n, m = u.shape\n"
      "    for t in range(tsteps):\n"
      "        u[1:n - 1, 1:m - 1] = 0.25 * (u[:n - 2, 1:m - 1] + u[2:, 1:m - 1] + u[1:n - 1, :m - 2] + u[1:n - 1, 2:])\n");
  const KernelPlan& p = mod.Of("jacobi_2d");
  bool before_loop = false, in_loop = false;
  for (const NumpyRewrite& w : p.numpy_rewrites) {
    before_loop |= w.start == w.end && w.text.find("_pk_np_tmp0 = np.empty((max(n - 2, 0), max(m - 2, 0)))") == 0;
    in_loop |= w.text.find("_pk_np_tmp0[_pk_np_i0 - 1, _pk_np_i1 - 1] = 0.25 * (u[_pk_np_i0 - 1, _pk_np_i1]") !=
               std::string::npos;
  }
  CHECK(before_loop);
  CHECK(in_loop);
  CHECK_FALSE(Refused(p, "CRB210"));
}

TEST_CASE("pressure_poisson: a copy in a time loop is one array allocated before the loop, unless a step keeps it") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:, :](int64, float64[:, :], float64[:, :])\")\n"
      "def pressure_poisson(nit, p, b):\n"
      "    for q in range(nit):\n"
      "        pn = p.copy()\n"
      "        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1] - b[1:-1, 1:-1])\n"
      "    return p\n\n"
      "@njit(\"float64[:](float64[:], int64)\")\n"
      "def keeps(u, steps):\n"
      "    for t in range(steps):\n"
      "        un = u.copy()\n"
      "        row = un[1:]\n"
      "        u[1:] = row + 1.0\n"
      "    return u\n");
  const KernelPlan& p = mod.Of("pressure_poisson");
  CHECK(p.refusals.empty());
  bool before_loop = false, in_loop = false;
  for (const NumpyRewrite& w : p.numpy_rewrites) {
    before_loop |= w.start == w.end && w.text.find("pn = np.empty((p.shape[0], p.shape[1]), dtype=np.float64)") == 0;
    in_loop |= w.start != w.end && w.text.find("pn[_pk_np_i0, _pk_np_i1] = p[_pk_np_i0, _pk_np_i1]") != std::string::npos;
  }
  CHECK(before_loop);
  CHECK(in_loop);
  // `row` views the step's copy: the copy is allocated at every step, where Numba allocates it.
  const KernelPlan& k = mod.Of("keeps");
  bool hoisted = false, each_step = false;
  for (const NumpyRewrite& w : k.numpy_rewrites) {
    hoisted |= w.start == w.end && w.text.find("un = np.empty") != std::string::npos;
    each_step |= w.start != w.end && w.text.find("un = np.empty(u.shape[0], dtype=np.float64)") != std::string::npos;
  }
  CHECK_FALSE(hoisted);
  CHECK(each_step);
}

TEST_CASE("damped_sweep: a new array bound twice stays NumPy for the host, the statements around it are lowered") {
  // `v` is bound twice: the host program runs both bindings as NumPy (the
  // refusal stands for the one-workunit model); v's rank is known, so
  // `u[1:] = v[1:]` is still lowered into a loop, for a phase.
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:], int64)\")\n"
      "def damped_sweep(u, steps):\n"
      "    for t in range(steps):\n"
      "        v = u * 0.5\n"
      "        v = v + 1.0\n"
      "        u[1:] = v[1:]\n"
      "    return u\n");
  const KernelPlan& p = mod.Of("damped_sweep");
  CHECK(Refused(p, "CRB207"));
  bool lowered = false, bindings = false;
  for (const NumpyRewrite& w : p.numpy_rewrites) {
    lowered |= w.text.find("u[_pk_np_i0] = v[") != std::string::npos;
    bindings |= w.text.find("v = ") != std::string::npos;
  }
  CHECK(lowered);
  CHECK_FALSE(bindings);
}

// Only a new array bound twice outside prange loops waits for a host program;
// any other new array the lowering refuses leaves the kernel its fallback.
static bool FallsBack(const KernelPlan& p) {
  return p.numpy_fallback &&
         std::any_of(p.notes.begin(), p.notes.end(), [](const Diagnostic& d) { return d.Code() == "CRB515"; });
}

TEST_CASE("compute: a returned expression of unknown element type falls back to plain Python, with no host program to wait for") {
  Planned mod(
      "import numpy as np\nimport numba as nb\n\n"
      "@nb.jit(\"int64[:, :](int64[:, :], int64[:, :], int64, int64, int64)\", nopython=True, parallel=True, fastmath=True)\n"
      "def compute(array_1, array_2, a, b, c):\n"
      "    return np.clip(array_1, 2, 10) * a + array_2 * b + c\n");
  const KernelPlan& p = mod.Of("compute");
  CHECK(FallsBack(p));
  REQUIRE_FALSE(p.fallback_reasons.empty());
  CHECK(p.fallback_reasons[0].Code() == "CRB207");
}

TEST_CASE("row_sums_f32: a reduction along an axis times np.float32(0.5), a float32 scalar, is lowered: a float32 vector") {
  Planned mod(
      "import numpy as np\nimport numba as nb\n\n"
      "@nb.njit(\"float32[:](float32[:, :])\")\n"
      "def row_sums_f32(A):\n"
      "    return np.sum(A, axis=-1) * np.float32(0.5)\n");
  const KernelPlan& p = mod.Of("row_sums_f32");
  CHECK_FALSE(FallsBack(p));
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("dtype=np.float32)") != std::string::npos);
  CHECK(s.find(" * np.float32(0.5)") != std::string::npos);
}

TEST_CASE("softmax_rows: a new array in a prange loop is refused (no host program allocates inside a phase) and falls back") {
  Planned mod(
      "import numpy as np\nimport numba as nb\n\n"
      "@nb.njit(\"float64[:, :](float64[:, :])\", parallel=True, fastmath=True)\n"
      "def softmax_rows(x):\n"
      "    out = np.empty_like(x)\n"
      "    for i in nb.prange(x.shape[0]):\n"
      "        row_max = np.max(x[i])\n"
      "        e = np.exp(x[i] - row_max)\n"
      "        out[i] = e / np.sum(e)\n"
      "    return out\n");
  const KernelPlan& p = mod.Of("softmax_rows");
  CHECK(FallsBack(p));
  REQUIRE_FALSE(p.fallback_reasons.empty());
  CHECK(p.fallback_reasons[0].message.find("binds 'e' to a new array inside a prange loop") != std::string::npos);
  // Not an allocation left inside the prange loop for a later pass to refuse (CRB202).
  for (const NumpyRewrite& w : p.numpy_rewrites) CHECK(w.text.find("e = np.empty") == std::string::npos);
}

TEST_CASE("softmax: an array expression bound to a name becomes an allocation and the loop that fills it") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:])\")\n"
      "def softmax(x):\n"
      "    e = np.exp(x - np.max(x))\n"
      "    return e / np.sum(e)\n\n"
      "@njit(\"float64[:](int64[:], int64[:])\")\n"
      "def mixed(a, b):\n"
      "    c = np.where(a > b, a, 0.5 * b)\n"
      "    return c\n\n"
      "@njit\n"
      "def guess(a, b, out):\n"
      "    c = a + b\n"
      "    out[0] = c[0]\n\n"
      "@njit\n"
      "def noise(x):\n"
      "    return x + np.random.rand(x.shape[0])\n");
  auto all_text = [](const KernelPlan& k) {
    std::string s;
    for (const NumpyRewrite& w : k.numpy_rewrites) s += w.text + "\n";
    return s;
  };
  std::string soft = all_text(mod.Of("softmax"));
  CHECK(soft.find("e = np.empty(x.shape[0], dtype=np.float64)") != std::string::npos);
  CHECK(soft.find("return _pk_np_r") != std::string::npos);
  // np.where promotes int64 and float64 to float64; the choice is a conditional expression.
  std::string mixed = all_text(mod.Of("mixed"));
  // a and b broadcast against each other: NumPy's ValueError is kept.
  CHECK(mixed.find("c = np.empty(_pk_np_n0, dtype=np.float64)") != std::string::npos);
  CHECK(mixed.find("raise ValueError(") != std::string::npos);
  CHECK(mixed.find("(a[_pk_np_i0 * _pk_np_s1] if a[_pk_np_i0 * _pk_np_s1] > b[_pk_np_i0 * _pk_np_s2] else 0.5 * "
                   "b[_pk_np_i0 * _pk_np_s2])") != std::string::npos);
  // Assumed float64 arrays: int64 ones would make an int64 array.
  CHECK(Refused(mod.Of("guess"), "CRB140"));
  CHECK(Refused(mod.Of("noise"), "CRB211"));
}

TEST_CASE("deriche: an integer scalar times a float32 array allocates float32, as Numba does") {
  // npbench/deriche.py with float32 images (NumPy 2 keeps np.fromfunction's
  // float32): `imgOut = c1 * (y1 + y2)` was allocated float64 while Numba's
  // imgOut, and so the phase's view type, is float32.
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float32[:, :](float32[:, :], float32[:, :])\")\n"
      "def combine(y1, y2):\n"
      "    c1 = 1\n"
      "    imgOut = c1 * (y1 + y2)\n"
      "    return imgOut\n\n"
      "@njit(\"float64[:](float32[:])\")\n"
      "def widen(x):\n"
      "    w = x * 2.0\n"
      "    return w\n\n"
      "@njit(\"float32[:](float32[:])\")\n"
      "def third(x):\n"
      "    t = x / 3\n"
      "    return t\n\n"
      "@njit(\"int64[:](int32[:])\")\n"
      "def shifted(x):\n"
      "    s = x + 1\n"
      "    return s\n");
  auto all_text = [](const KernelPlan& k) {
    std::string s;
    for (const NumpyRewrite& w : k.numpy_rewrites) s += w.text + "\n";
    return s;
  };
  CHECK(all_text(mod.Of("combine")).find("dtype=np.float32)") != std::string::npos);
  CHECK(all_text(mod.Of("third")).find("dtype=np.float32)") != std::string::npos);
  // A scalar of the array's own kind promotes: float32 * float64 is float64,
  // int32 + int64 is int64.
  CHECK(all_text(mod.Of("widen")).find("dtype=np.float64)") != std::string::npos);
  CHECK(all_text(mod.Of("shifted")).find("dtype=np.int64)") != std::string::npos);
}


TEST_CASE("numpy table: transpose, flip and outer rows, axis= only where Numba accepts it") {
  CHECK(FindNumpyFunction("numpy.transpose")->cls == NumpyClass::kTranspose);
  CHECK(FindNumpyAttribute("T") == FindNumpyFunction("numpy.transpose"));
  CHECK(FindNumpyMethod("transpose") == FindNumpyFunction("numpy.transpose"));
  CHECK(FindNumpyFunction("numpy.flip")->cls == NumpyClass::kFlip);
  CHECK(FindNumpyFunction("numpy.outer")->cls == NumpyClass::kOuter);
  CHECK(FindNumpyFunction("numpy.matmul") == nullptr);  // Numba 0.56 has no np.matmul
  CHECK(NumpyAcceptsAxis(FindNumpyFunction("numpy.sum")));
  CHECK(NumpyAcceptsAxis(FindNumpyMethod("argmax")));
  for (const char* no : {"numpy.mean", "numpy.max", "numpy.min", "numpy.prod"}) CHECK_FALSE(NumpyAcceptsAxis(FindNumpyFunction(no)));
}

TEST_CASE("mvt: A @ x and y @ A are loop nests whose elements accumulate privately") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:, :], float64[:], float64[:])\")\n"
      "def mvt(A, x, y):\n"
      "    y[:] = A @ x\n"
      "    x += y @ A\n");
  const KernelPlan& p = mod.Of("mvt");
  CHECK(p.refusals.empty());
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("_pk_np_acc2 += A[_pk_np_b1, _pk_np_k3] * x[_pk_np_k3]") != std::string::npos);
  // y @ A reads A's column: A[k, i].
  CHECK(s.find("+= y[_pk_np_k7] * A[_pk_np_k7, _pk_np_b5]") != std::string::npos);
  // A of another length than y would broadcast only when it is 1: NumPy's check, kept.
  CHECK(s.find("for _pk_np_i0 in range(y.shape[0]):") != std::string::npos);
  CHECK(s.find("raise ValueError(\"incompatible array sizes for the matrix product") != std::string::npos);
}

TEST_CASE("trisolv: a slice @ a slice is a dot product reduction") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:, :], float64[:], float64[:])\")\n"
      "def trisolv(L, x, b):\n"
      "    for i in range(x.shape[0]):\n"
      "        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]\n");
  const KernelPlan& p = mod.Of("trisolv");
  CHECK(p.refusals.empty());
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("_pk_np_acc1 += L[i, _pk_np_i0] * x[_pk_np_i0]") != std::string::npos);
  CHECK(s.find("x[i] = (b[i] - _pk_np_acc1) / L[i, i]") != std::string::npos);
}

TEST_CASE("gemver: np.outer of vectors, a.T and np.flip read their operands at mapped indices") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:, :], float64[:], float64[:], float64[:, :], float64[:])\")\n"
      "def k(A, u, v, B, r):\n"
      "    A += np.outer(u, v)\n"
      "    B[:] = A.T\n"
      "    r[:] = np.flip(v)\n");
  const KernelPlan& p = mod.Of("k");
  CHECK(p.refusals.empty());
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("A[_pk_np_i0, _pk_np_i1] += (u[_pk_np_b2] * v[_pk_np_b3])") != std::string::npos);
  CHECK(s.find("B[_pk_np_i0, _pk_np_i1] = A[_pk_np_i1 * _pk_np_s5, _pk_np_i0 * _pk_np_s4]") != std::string::npos);
  CHECK(s.find("r[_pk_np_i0] = v[v.shape[0] - 1 - (_pk_np_i0 * _pk_np_s1)]") != std::string::npos);
}

TEST_CASE("correlation: np.sum(data, axis=0) sums each column, np.mean with an axis is refused as in Numba") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:], int64[:], float64[:, :])\")\n"
      "def stats(mean, best, data):\n"
      "    mean[:] = np.sum(data, axis=0)\n"
      "    best[:] = data.argmax(axis=1)\n\n"
      "@njit(\"void(float64[:], float64[:, :])\")\n"
      "def means(mean, data):\n"
      "    mean[:] = np.mean(data, axis=0)\n\n"
      "@njit(\"void(int64[:], int64[:, :])\")\n"
      "def counts(c, data):\n"
      "    c[:] = np.sum(data, axis=1)\n");
  const KernelPlan& p = mod.Of("stats");
  CHECK(p.refusals.empty());
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("+= data[_pk_np_k") != std::string::npos);
  CHECK(s.find("attempt to get argmax of an empty sequence") != std::string::npos);
  CHECK(Refused(mod.Of("means"), "CRB203"));
  // Integers accumulate in an integer.
  std::string c = AllRewrites(mod.Of("counts"));
  INFO(c);
  CHECK(c.find("_pk_np_acc2 = 0\n") != std::string::npos);
}

TEST_CASE("decimate: slices with a step read every step-th element, products of products are refused") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:], float64[:])\")\n"
      "def decimate(s, out):\n"
      "    out[:] = s[::2] + s[1::2]\n\n"
      "@njit(\"void(float64[:, :], float64[:])\")\n"
      "def chained(A, v):\n"
      "    v[:] = A @ (A @ v)\n\n"
      "@njit(\"void(int64[:, :], int64[:], int64[:])\")\n"
      "def ints(A, x, y):\n"
      "    y[:] = A @ x\n");
  const KernelPlan& p = mod.Of("decimate");
  CHECK(p.refusals.empty());
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("// 2, 0)") != std::string::npos);
  CHECK(s.find("* 2]") != std::string::npos);
  // Refused inside a workunit (CRB208); whole-array kernels fall back to plain Python (CRB515).
  auto refused_product = [](const KernelPlan& k) {
    return !k.translatable && std::any_of(k.notes.begin(), k.notes.end(), [](const Diagnostic& d) {
      return d.Code() == "CRB515" && d.message.find("CRB208") != std::string::npos;
    });
  };
  CHECK(refused_product(mod.Of("chained")));
  // Numba multiplies only floating-point arrays.
  CHECK(refused_product(mod.Of("ints")));
}

TEST_CASE("heat_run: copies swapped around a kernel call, with nothing else to lower, fall back to plain Python") {
  const std::string src =
      "import numpy as np\nfrom numba import njit, prange\n\n"
      "@njit(\"void(float64[:, :], float64[:, :], float64)\", parallel=True)\n"
      "def heat_step(u, u_new, alpha):\n"
      "    n, m = u.shape\n"
      "    for i in prange(1, n - 1):\n"
      "        for j in range(1, m - 1):\n"
      "            u_new[i, j] = u[i, j] + alpha * (u[i - 1, j] - u[i, j])\n\n"
      "@njit(\"float64[:, :](float64[:, :], float64, int64)\")\n"
      "def heat_run(u, alpha, steps):\n"
      "    a = u.copy()\n"
      "    b = u.copy()\n"
      "    for s in range(steps):\n"
      "        heat_step(a, b, alpha)\n"
      "        a, b = b, a\n"
      "    return a\n";
  // No prediction of the PhaseLowering's decision in the plan: a kernel it
  // declined (no phase: heat_step is its own kernel) gets its fallback once
  // named in declined_host_programs, and the whole pipeline gives it.
  TranslateOptions declined;
  declined.declined_host_programs.insert("heat_run");
  Planned second(src, &declined);
  CHECK(FallsBack(second.Of("heat_run")));
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  std::string codes;
  for (const Diagnostic& d : r.diagnostics) codes += std::string(d.Code()) + " ";
  CHECK(codes.find("CRB207") == std::string::npos);
  CHECK(codes.find("CRB515") != std::string::npos);
  CHECK(r.output.find("def heat_run(u, alpha, steps):") != std::string::npos);
  CHECK(r.output.find("@njit(\"float64[:, :](float64[:, :], float64, int64)\")\ndef heat_run") == std::string::npos);
}

TEST_CASE("nussinov match: a helper returning from both branches of an if/else becomes a @pk.function") {
  const std::string src =
      "import numpy as np\nimport numba as nb\n\n"
      "@nb.njit\ndef match(b1, b2):\n    if b1 + b2 == 3:\n        return 1\n    else:\n        return 0\n\n"
      "@nb.njit(\"void(int32[:], int32[:])\")\n"
      "def pairs(seq, out):\n"
      "    for i in range(seq.shape[0] - 1):\n"
      "        out[i] = match(seq[i], seq[i + 1])\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  std::string codes;
  for (const Diagnostic& d : r.diagnostics)
    if (d.severity != Severity::Note) codes += std::string(d.Code()) + " ";
  CHECK(codes.find("CRB119") == std::string::npos);
  CHECK(codes.find("CRB127") == std::string::npos);
  CHECK(r.output.find("@pk.function") != std::string::npos);
}

namespace {

bool AnyRewrite(const KernelPlan& p, std::string_view text) {
  return std::any_of(p.numpy_rewrites.begin(), p.numpy_rewrites.end(),
                     [&](const NumpyRewrite& w) { return w.text.find(text) != std::string::npos; });
}

}  // namespace

TEST_CASE("adi: column j - 1 of the array whose column j is written needs no temporary") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(int64, float64[:, :], float64[:, :])\")\n"
      "def adi(N, p, q):\n"
      "    for j in range(1, N - 1):\n"
      "        p[1:N - 1, j] = -0.5 / (0.25 * p[1:N - 1, j - 1] + 2.0)\n"
      "        q[1:N - 1, j] = q[1:N - 1, j - 1] * p[1:N - 1, j]\n"
      "    for j in range(N - 2, 0, -1):\n"
      "        q[1:N - 1, j] -= p[1:N - 1, j] * q[1:N - 1, j + 1]\n\n"
      "@njit(\"void(int64, float64[:, :])\")\n"
      "def wraps(N, p):\n"
      "    for j in range(N):\n"
      "        p[:, j] = p[:, j - 1] + 1.0\n");
  const KernelPlan& p = mod.Of("adi");
  CHECK(p.refusals.empty());
  CHECK_FALSE(AnyRewrite(p, "_pk_np_tmp"));
  CHECK(AnyRewrite(p, "q[_pk_np_i0 + 1, j] -= p[1 + _pk_np_i0 * _pk_np_s4, j] * q[_pk_np_i0 + 1, j + 1]"));
  // At j = 0, p[:, j - 1] is the last column: it may be the one written, so
  // NumPy's temporary stays.
  const KernelPlan& w = mod.Of("wraps");
  CHECK(w.refusals.empty());
  CHECK(AnyRewrite(w, " = np.empty(p.shape[0])"));
}

TEST_CASE("durbin: y[:k] += alpha * np.flip(y[:k]) goes through a temporary of y's extent, allocated before the loop") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:])\")\n"
      "def durbin(r):\n"
      "    y = np.empty_like(r)\n"
      "    y[0] = -r[0]\n"
      "    alpha = -r[0]\n"
      "    for k in range(1, r.shape[0]):\n"
      "        y[:k] += alpha * np.flip(y[:k])\n"
      "        y[k] = alpha\n"
      "    return y\n\n"
      "@njit\n"
      "def loop_temp(a, n):\n"
      "    for k in range(n):\n"
      "        a[k + 1:] = a[:-k - 1]\n");
  const KernelPlan& p = mod.Of("durbin");
  CHECK_FALSE(Refused(p, "CRB210"));
  bool before_loop = false;
  for (const NumpyRewrite& w : p.numpy_rewrites)
    before_loop |= w.start == w.end && w.text.find(" = np.empty(y.shape[0])") != std::string::npos;
  CHECK(before_loop);
  // A shift by the loop variable: the same temporary of a's extent.
  const KernelPlan& shift = mod.Of("loop_temp");
  CHECK_FALSE(Refused(shift, "CRB210"));
  CHECK(AnyRewrite(shift, " = np.empty(a.shape[0])"));
}

TEST_CASE("covariance: a chained assignment of arrays is one lowered assignment per target") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:, :](int64, float64, float64[:, :])\")\n"
      "def covariance(M, float_n, data):\n"
      "    cov = np.zeros((M, M), dtype=data.dtype)\n"
      "    for i in range(M):\n"
      "        cov[i:M, i] = cov[i, i:M] = data[:, i] @ data[:, i:M] / (float_n - 1.0)\n"
      "    return cov\n\n"
      "@njit(\"void(float64[:], float64[:])\")\n"
      "def reads_target(a, b):\n"
      "    a[1:] = b[1:] = a[:-1] * 2.0\n");
  const KernelPlan& p = mod.Of("covariance");
  CHECK(p.refusals.empty());
  CHECK(AnyRewrite(p, "cov[_pk_np_o1 + _pk_np_i0, i] = _pk_np_acc5 / (float_n - 1.0)"));
  CHECK(AnyRewrite(p, "cov[i, _pk_np_o8 + _pk_np_i0] = _pk_np_acc12 / (float_n - 1.0)"));
  // The value reads a target's array: evaluating it again would see the first store.
  CHECK(Refused(mod.Of("reads_target"), "CRB203"));
}

TEST_CASE("mask_logic: np.logical_and/or/xor/not are element-wise truth values, of arrays and of scalars") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:], float64[:], uint8[:])\")\n"
      "def mask_logic(x, y, out):\n"
      "    out[:] = np.logical_and(x > 0.0, np.logical_not(y))\n"
      "    out[1:] = np.logical_xor(out[1:], np.logical_or(x[:-1], y[1:]))\n"
      "    out[0] = np.logical_or(x[0], y[0] < 1.0)\n");
  const KernelPlan& p = mod.Of("mask_logic");
  CHECK(p.refusals.empty());
  CHECK(AnyRewrite(p, "out[_pk_np_i0] = (((x[_pk_np_i0 * _pk_np_s0] > 0.0) != 0) & (((y[_pk_np_i0 * _pk_np_s1] == 0)) != 0))"));
  CHECK(AnyRewrite(p, "out[0] = ((x[0] != 0) | ((y[0] < 1.0) != 0))"));
  CHECK(FindNumpyFunction("numpy.logical_xor")->dtype == NumpyDtype::kBool);
}

TEST_CASE("range_matmul_call_in_time_loop: a loop over `range @ f(n)` holding a copy is refused, not a crash") {
  // The iterable has no `function` field: the question "is this loop a
  // prange?" read the type of a null node (fuzz finding, device run 3).
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:, :](float64[:, :], int64)\")\n"
      "def relax(u, steps):\n"
      "    for t in range@njit(steps):\n"
      "        un = u.copy()\n"
      "    return u\n");
  const KernelPlan& p = mod.Of("relax");
  CHECK_FALSE(p.refusals.empty());
  CHECK(Node().Type().empty());
}

TEST_CASE("conv2d_loops: np.float32(0.0) is a float32 scalar, not a NumPy call the kernel refuses") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float32[:](float32[:], float32[:])\")\n"
      "def conv2d_loops(a, b):\n"
      "    out = np.empty(1, dtype=np.float32)\n"
      "    acc = np.float32(0.0)\n"
      "    for i in range(a.shape[0]):\n"
      "        acc += a[i] * b[i]\n"
      "    out[0] = acc\n"
      "    return out\n");
  const KernelPlan& p = mod.Of("conv2d_loops");
  INFO(RefusalText(p));
  CHECK(!Refused(p, "CRB201"));
  CHECK(p.types.at("acc").scalar == Scalar::kFloat32);
  CHECK(FindNumpyFunction("numpy.float32")->cls == NumpyClass::kCast);
}

TEST_CASE("quickselect: a = a.copy() is not lowered into a fill that reads the new array") {
  // sorting_searching.py's quickselect: the fill `a[i] = a[i]` read the new,
  // empty array and the translation returned garbage; the host program runs
  // the copy with NumPy instead.
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64(float64[:], int64)\")\n"
      "def quickselect(a, k):\n"
      "    a = a.copy()\n"
      "    a[0] = 1.0\n"
      "    return a[k]\n");
  const KernelPlan& p = mod.Of("quickselect");
  CHECK(Refused(p, "CRB207"));
  for (const NumpyRewrite& w : p.numpy_rewrites) CHECK(w.text.find("a[_pk_np_i0] = a[_pk_np_i0]") == std::string::npos);
}
