// NumPy shapes inside kernels: reshapes as index maps, and the operands
// whose shape is not the statement's (each case named after its input).
#include <doctest/doctest.h>

#include <string>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/numpy_table.h"
#include "tests/unit/planned.h"

using namespace caramba;
using caramba_test::AllRewrites;
using caramba_test::Planned;
using caramba_test::Refused;
using caramba_test::RefusalText;

TEST_CASE("softmax: np.reshape of an axis reduction keeps the row-major order, its size is checked") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:, :], float64[:, :])\")\n"
      "def softmax(x, out):\n"
      "    tmp_max = np.empty((x.shape[0], 1), dtype=x.dtype)\n"
      "    for i in range(x.shape[0]):\n"
      "        tmp_max[i, 0] = np.max(x[i])\n"
      "    tmp_out = np.exp(x - tmp_max)\n"
      "    tmp_sum = np.reshape(np.sum(tmp_out, axis=-1), (x.shape[0], 1))\n"
      "    out[:] = tmp_out / tmp_sum\n");
  const KernelPlan& p = mod.Of("softmax");
  INFO(RefusalText(p));
  CHECK(p.refusals.empty());
  std::string s = AllRewrites(p);
  INFO(s);
  // NumPy's and Numba's error when the sizes differ.
  CHECK(s.find("raise ValueError(\"total size of new array must be unchanged\")") != std::string::npos);
  // The new array has the reshape's extents; x.shape[0] keeps x's key, so
  // the division broadcasts tmp_sum's last axis of 1 against x's.
  CHECK(s.find("tmp_sum = np.empty((x.shape[0], 1), dtype=np.float64)") != std::string::npos);
  // The row of tmp_sum is the flat position, unravelled over the sum's extents.
  CHECK(s.find("+= tmp_out[") != std::string::npos);
}

TEST_CASE("doitgen: a reshape of an array is an index map inside a matrix product, -1 is computed") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(int64, int64, int64, float64[:, :, :], float64[:, :])\")\n"
      "def kernel(NR, NQ, NP, A, C4):\n"
      "    A[:] = np.reshape(np.reshape(A, (NR * NQ, NP)) @ C4, (NR, NQ, NP))\n\n"
      "@njit(\"void(float64[:, :], float64[:])\")\n"
      "def flat(a, out):\n"
      "    out[:] = a.reshape(-1) * 2.0\n\n"
      "@njit(\"void(float64[:, :], int64, float64[:, :])\")\n"
      "def rows(a, n, out):\n"
      "    out[:] = np.reshape(a + 1.0, (n, -1))\n\n"
      "@njit(\"void(float64[:], int64, float64[:, :])\")\n"
      "def ordered(a, n, out):\n"
      "    out[:] = np.reshape(a, (n, -1), order='F')\n");
  const KernelPlan& k = mod.Of("kernel");
  CHECK(k.refusals.empty());
  std::string s = AllRewrites(k);
  INFO(s);
  // A is read through the product while it is written: a temporary first.
  CHECK(s.find("A[_pk_np_i0, _pk_np_i1, _pk_np_i2] = ") != std::string::npos);
  CHECK(s.find(" % ") != std::string::npos);
  INFO(RefusalText(mod.Of("flat")));
  CHECK(mod.Of("flat").refusals.empty());
  std::string f = AllRewrites(mod.Of("flat"));
  INFO(f);
  CHECK(f.find(" // ") != std::string::npos);
  INFO(RefusalText(mod.Of("rows")));
  CHECK(mod.Of("rows").refusals.empty());
  // Only NumPy's default order is lowered.
  CHECK(Refused(mod.Of("ordered"), "CRB203"));
}

TEST_CASE("numpy table: reshape is a row and a method") {
  CHECK(FindNumpyFunction("numpy.reshape")->cls == NumpyClass::kReshape);
  CHECK(FindNumpyMethod("reshape")->cls == NumpyClass::kReshape);
}

TEST_CASE("zscore: x.std() and np.var are Numba's two passes, the mean first, an empty array raises") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:], float64[:])\")\n"
      "def zscore(x, out):\n"
      "    mu = x.mean()\n"
      "    sd = x.std()\n"
      "    v = np.var(x[1:])\n"
      "    for i in range(x.shape[0]):\n"
      "        out[i] = (x[i] - mu) / sd + v\n");
  const KernelPlan& p = mod.Of("zscore");
  INFO(RefusalText(p));
  CHECK(p.refusals.empty());
  CHECK(p.types.at("sd").scalar == Scalar::kFloat64);
  CHECK(p.types.at("v").scalar == Scalar::kFloat64);
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("raise ZeroDivisionError(") != std::string::npos);
  // The deviations from the mean, squared, in their own accumulator.
  CHECK(s.find("_pk_np_acc4 += _pk_np_d3 * _pk_np_d3") != std::string::npos);
  CHECK(s.find("sd = np.sqrt(_pk_np_acc4 / x.shape[0])") != std::string::npos);
  CHECK(FindNumpyMethod("std")->reduce == NumpyReduce::kStd);
}

TEST_CASE("spmv: vals @ x[cols] gathers x at an integer array, negative indices from the end, masks are refused") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(int64[:], int64[:], float64[:], float64[:], float64[:])\")\n"
      "def spmv(A_row, A_col, A_val, x, y):\n"
      "    for i in range(A_row.size - 1):\n"
      "        cols = A_col[A_row[i]:A_row[i + 1]]\n"
      "        vals = A_val[A_row[i]:A_row[i + 1]]\n"
      "        y[i] = vals @ x[cols]\n\n"
      "@njit(\"void(float64[:], boolean[:], float64[:])\")\n"
      "def masked(x, keep, out):\n"
      "    out[:] = x[keep]\n\n"
      "@njit(\"void(float64[:], int64[:])\")\n"
      "def permute_in_place(x, perm):\n"
      "    x[:] = x[perm]\n");
  const KernelPlan& p = mod.Of("spmv");
  INFO(RefusalText(p));
  // Lowered; its shape check reads the row's slices, so the row loop stays
  // on the host (CRB205 here, lifted by the host program).
  CHECK_FALSE(Refused(p, "CRB203"));
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("_pk_np_g1 = cols[_pk_np_i0]") != std::string::npos);
  CHECK(s.find("* x[_pk_np_g1 if _pk_np_g1 >= 0 else _pk_np_g1 + x.shape[0]]") != std::string::npos);
  CHECK(Refused(mod.Of("masked"), "CRB203"));
  // x[perm] reads any element of x: the gather goes through a temporary first.
  std::string q = AllRewrites(mod.Of("permute_in_place"));
  INFO(q);
  CHECK(q.find("_pk_np_tmp") != std::string::npos);
}

TEST_CASE("max_abs_error: a top-level np.max reads NaN as +inf in a parallel max, only +inf asks for a NaN count") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64(float64[:], float64[:])\")\n"
      "def max_abs_error(a, b):\n"
      "    e = np.max(np.abs(a - b))\n"
      "    return e\n\n"
      "@njit(\"int64(int64[:, :])\")\n"
      "def peak(counts):\n"
      "    p = counts.min()\n"
      "    return p\n\n"
      "@njit(\"void(float64[:, :], float64[:])\")\n"
      "def row_max(a, out):\n"
      "    for i in range(a.shape[0]):\n"
      "        out[i] = np.max(a[i])\n");
  std::string s = AllRewrites(mod.Of("max_abs_error"));
  INFO(s);
  CHECK(s.find("_pk_np_acc3 = -np.inf\n") != std::string::npos);
  CHECK(s.find("_pk_np_acc3 = max(_pk_np_acc3, (_pk_np_v4 if _pk_np_v4 == _pk_np_v4 else np.inf))") !=
        std::string::npos);
  CHECK(s.find("if _pk_np_acc3 == np.inf:\n        _pk_np_nan5 = 0") != std::string::npos);
  CHECK(s.find("if _pk_np_nan5 > 0:\n            _pk_np_acc3 = np.nan") != std::string::npos);
  // Integers: no NaN, the first element starts the min.
  std::string p = AllRewrites(mod.Of("peak"));
  INFO(p);
  CHECK(p.find("_pk_np_acc0 = counts[0, 0]") != std::string::npos);
  CHECK(p.find("_pk_np_acc0 = min(_pk_np_acc0, counts[_pk_np_i0, _pk_np_i1])") != std::string::npos);
  // Inside a loop the max stays one NaN-propagating serial loop.
  std::string r = AllRewrites(mod.Of("row_max"));
  INFO(r);
  CHECK(r.find("or _pk_np_v") != std::string::npos);
  CHECK(r.find("_pk_np_nan") == std::string::npos);
}

TEST_CASE("heat_1d: a scratch array allocated at every step moves before the time loop unless a step keeps it") {
  Planned mod(
      "import numpy as np\nfrom numba import njit, prange\n\n"
      "@njit(\"void(float64[:], int64)\")\n"
      "def heat_1d(u, steps):\n"
      "    for t in range(steps):\n"
      "        un = np.zeros(u.shape[0])\n"
      "        un[1:-1] = u[1:-1] + 0.25 * (u[2:] - 2.0 * u[1:-1] + u[:-2])\n"
      "        u[:] = un\n\n"
      "@njit(\"void(float64[:], float64[:, :], int64)\")\n"
      "def kept(u, hist, steps):\n"
      "    prev = u\n"
      "    for t in range(steps):\n"
      "        un = np.empty_like(u)\n"
      "        un[:] = prev\n"
      "        prev = un\n"
      "        hist[t, :] = prev\n\n"
      "@njit(\"void(float64[:, :])\", parallel=True)\n"
      "def rows(a):\n"
      "    for i in prange(a.shape[0]):\n"
      "        r = np.zeros(a.shape[1])\n"
      "        r[:] = a[i, :]\n"
      "        a[i, :] = r\n");
  std::string s = AllRewrites(mod.Of("heat_1d"));
  INFO(s);
  // Before the loop; in its place, the zeros again.
  CHECK(s.find("un = np.zeros(u.shape[0])\n    ") != std::string::npos);
  CHECK(s.find("un[_pk_np_i0] = 0") != std::string::npos);
  // `prev = un` keeps the step's array: each step needs a fresh one.
  CHECK(AllRewrites(mod.Of("kept")).find("un = np.empty_like(u)") == std::string::npos);
  // Every prange iteration needs its own array.
  CHECK(AllRewrites(mod.Of("rows")).find("r = np.zeros") == std::string::npos);
}

TEST_CASE("correlation: a[a <= 0.1] = 1.0 stores where the mask holds, np.eye is an allocation the caller makes") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:, :], float64[:])\")\n"
      "def clamp(data, stddev):\n"
      "    stddev[:] = np.sqrt(np.sum(data * data, axis=0))\n"
      "    stddev[stddev <= 0.1] = 1.0\n\n"
      "@njit(\"void(float64[:, :])\")\n"
      "def mask2d(data):\n"
      "    data[data < 0.0] = 0.0\n\n"
      "@njit(\"void(float64[:], float64[:])\")\n"
      "def reversed_mask(a, b):\n"
      "    a[a[::-1] > 0.5] = 0.0\n\n"
      "@njit(\"void(float64[:], float64[:])\")\n"
      "def compress(a, b):\n"
      "    a[a > 0.5] = b\n\n"
      "@njit(\"float64[:, :](int64)\")\n"
      "def ident(m):\n"
      "    corr = np.eye(m, dtype=np.float64)\n"
      "    return corr\n");
  const KernelPlan& p = mod.Of("clamp");
  INFO(RefusalText(p));
  CHECK(p.refusals.empty());
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("if stddev[_pk_np_i0] <= 0.1:\n            stddev[_pk_np_i0] = 1.0") != std::string::npos);
  // A 2-D mask fails to type in Numba 0.56: not lowered.
  CHECK(Refused(mod.Of("mask2d"), "CRB203"));
  // NumPy computes the whole mask first: a mask reading other elements is refused.
  CHECK(Refused(mod.Of("reversed_mask"), "CRB210"));
  CHECK(Refused(mod.Of("compress"), "CRB203"));
  const KernelPlan& e = mod.Of("ident");
  INFO(RefusalText(e));
  CHECK(e.refusals.empty());
  CHECK(e.types.at("corr").rank == 2);
}

TEST_CASE("getEnergy: np.triu(e, 1) keeps e above the diagonal, zeros of e's dtype elsewhere, np.tril alike") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64(float64[:, :], float64[:, :])\")\n"
      "def getEnergy(inv_r, mass):\n"
      "    PE = np.sum(np.triu(-(mass * mass.T) * inv_r, 1))\n"
      "    return PE\n\n"
      "@njit(\"void(int64[:, :], int64[:, :])\")\n"
      "def lower(a, out):\n"
      "    out[:] = np.tril(a, -1)\n");
  std::string s = AllRewrites(mod.Of("getEnergy"));
  INFO(s);
  CHECK(s.find(" if _pk_np_i1 - _pk_np_i0 >= 1 else 0.0)") != std::string::npos);
  std::string l = AllRewrites(mod.Of("lower"));
  INFO(l);
  // The operand's own indices decide (out may broadcast it), integers keep an integer zero.
  CHECK(l.find("(a[_pk_np_b3, _pk_np_b4] if _pk_np_b4 - _pk_np_b3 <= _pk_np_k0 else 0)") != std::string::npos);
  CHECK(FindNumpyFunction("numpy.triu")->cls == NumpyClass::kTriangle);
}

TEST_CASE("getEnergy: x = pos[:, 0:1] bound once is read as that slice of pos, so no strided view reaches a workunit") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:, :], float64[:, :])\")\n"
      "def pair_dx(pos, dx):\n"
      "    x = pos[:, 0:1]\n"
      "    dx[:, :] = x.T - x\n\n"
      "@njit(\"void(float64[:, :], float64[:, :])\")\n"
      "def written(pos, dx):\n"
      "    x = pos[:, 0:1]\n"
      "    x[0, 0] = 1.0\n"
      "    dx[:, :] = x.T - x\n");
  std::string s = AllRewrites(mod.Of("pair_dx"));
  INFO(s);
  CHECK(s.find("= pos[_pk_np_i1 * _pk_np_s2, _pk_np_i0 * _pk_np_s1] - pos[_pk_np_i0 * _pk_np_s2, _pk_np_i1 * _pk_np_s1]") !=
        std::string::npos);
  // Written through: x stays a view of its own.
  CHECK(AllRewrites(mod.Of("written")).find("- x[") != std::string::npos);
}

TEST_CASE("mlp relu: np.maximum(f32, 0) allocates float32, a float scalar or an int32 array promotes as in Numba") {
  // npbench/mlp.py: relu(x) = np.maximum(x, 0) on float32 layers was
  // allocated float64, so mlp's result was float64 where Numba's is float32.
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float32[:, :], float32[:, :])\")\n"
      "def relu(x, out):\n"
      "    y = np.maximum(x, 0)\n"
      "    out[:] = y\n\n"
      "@njit(\"void(float32[:], float64[:])\")\n"
      "def floor_half(x, out):\n"
      "    y = np.maximum(x, 0.5)\n"
      "    out[:] = y\n\n"
      "@njit(\"void(int32[:], int64[:])\")\n"
      "def clip(x, out):\n"
      "    y = np.maximum(x, 0)\n"
      "    out[:] = y\n");
  auto alloc = [&](const char* k) {
    const KernelPlan& p = mod.Of(k);
    INFO(RefusalText(p));
    CHECK(p.refusals.empty());
    return AllRewrites(p);
  };
  CHECK(alloc("relu").find("dtype=np.float32") != std::string::npos);
  CHECK(alloc("floor_half").find("dtype=np.float64") != std::string::npos);
  CHECK(alloc("clip").find("dtype=np.int64") != std::string::npos);
}
