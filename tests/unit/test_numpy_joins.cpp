// NumPy arrays joined into new ones (np.concatenate & co) and bool arrays
// that kernels write (each case named after its input).
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

TEST_CASE("getAcc: np.hstack of (n, 1) columns is one allocation, each column filled by a loop of its own") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:, :](float64[:, :], float64[:, :], float64[:, :])\")\n"
      "def getAcc(ax, ay, az):\n"
      "    a = np.hstack((ax, ay, az))\n"
      "    return a\n");
  const KernelPlan& p = mod.Of("getAcc");
  INFO(RefusalText(p));
  // (The plan of the lowered text knows a's type; this one reports CRB124 on `return a`.)
  CHECK(!Refused(p, "CRB201"));
  CHECK(!Refused(p, "CRB203"));
  std::string s = AllRewrites(p);
  INFO(s);
  // The columns follow each other along axis 1; rows must match (NumPy's ValueError).
  CHECK(s.find("a = np.empty((ax.shape[0], ") != std::string::npos);
  CHECK(s.find("dtype=np.float64)") != std::string::npos);
  CHECK(s.find("raise ValueError(\"all the input array dimensions except for the concatenation axis must match "
               "exactly\")") != std::string::npos);
  CHECK(s.find("a[_pk_np_i0, _pk_np_i1] = ax[_pk_np_i0, _pk_np_i1]") != std::string::npos);
  CHECK(s.find("a[_pk_np_i0, ax.shape[1] + _pk_np_i1] = ay[_pk_np_i0, _pk_np_i1]") != std::string::npos);
  CHECK(FindNumpyFunction("numpy.hstack")->cls == NumpyClass::kJoin);
}

TEST_CASE("stack_coords: np.stack(axis=1) puts each operand at one index of the new axis, np.vstack of vectors makes rows") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:, :](float64[:], float64[:])\")\n"
      "def stack_coords(x, y):\n"
      "    return np.stack((x * 2.0, y), axis=1)\n\n"
      "@njit(\"float64[:, :](float64[:], int64[:])\")\n"
      "def two_rows(u, v):\n"
      "    return np.vstack((u, v))\n\n"
      "@njit(\"float64[:](float64[:])\")\n"
      "def edge_pad(x):\n"
      "    return np.concatenate((x[:1], x, x[-1:]))\n");
  std::string s = AllRewrites(mod.Of("stack_coords"));
  INFO(s);
  CHECK(s.find("np.empty((x.shape[0], 2), dtype=np.float64)") != std::string::npos);
  CHECK(s.find("[_pk_np_i0, 0] = x[_pk_np_i0] * 2.0") != std::string::npos);
  CHECK(s.find("[_pk_np_i0, 1] = y[_pk_np_i0]") != std::string::npos);
  CHECK(s.find("raise ValueError(\"all input arrays must have the same shape\")") != std::string::npos);
  // int64 and float64 operands promote to float64, as np.vstack's result.
  std::string v = AllRewrites(mod.Of("two_rows"));
  INFO(v);
  CHECK(v.find("np.empty((2, u.shape[0]), dtype=np.float64)") != std::string::npos);
  CHECK(v.find("[1, _pk_np_i0] = v[_pk_np_i0]") != std::string::npos);
  const KernelPlan& e = mod.Of("edge_pad");
  INFO(RefusalText(e));
  CHECK(!Refused(e, "CRB201"));
  CHECK(!Refused(e, "CRB203"));
  CHECK(AllRewrites(e).find("_pk_np_r0[_pk_np_n1 + _pk_np_i0] = x[_pk_np_i0]") != std::string::npos);
}

TEST_CASE("blocks: a join whose operands are not a tuple, or with an axis that is not a literal, is refused precisely") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:, :](float64[:, :], int64)\")\n"
      "def by_axis(a, k):\n"
      "    return np.concatenate((a, a), axis=k)\n\n"
      "@njit(\"float64[:](float64[:, :], float64[:])\")\n"
      "def mixed(a, b):\n"
      "    return np.concatenate((a, b))\n\n"
      "@njit(\"float64(float64[:], float64[:])\")\n"
      "def inside(a, b):\n"
      "    return np.sum(np.concatenate((a, b)) * 2.0)\n");
  const KernelPlan& k = mod.Of("by_axis");
  INFO(RefusalText(k));
  CHECK(Refused(k, "CRB203"));
  CHECK(RefusalText(k).find("its axis is not an integer literal") != std::string::npos);
  CHECK(RefusalText(mod.Of("mixed")).find("not all arrays of one rank") != std::string::npos);
  CHECK(RefusalText(mod.Of("inside")).find("() inside an array expression") != std::string::npos);
}

TEST_CASE("in_window: a kernel stores bools into a bool array (its uint8 view), other values are refused") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"void(float64[:], boolean[:])\")\n"
      "def in_window(x, flags):\n"
      "    for i in range(x.shape[0]):\n"
      "        flags[i] = x[i] >= 0.0 and x[i] < 1.0\n"
      "        flags[i] |= x[i] == 5.0\n\n"
      "@njit(\"void(float64[:], boolean[:])\")\n"
      "def truthy(x, flags):\n"
      "    for i in range(x.shape[0]):\n"
      "        flags[i] = x[i]\n\n"
      "@njit(\"void(int64[:], boolean[:])\")\n"
      "def summed(c, flags):\n"
      "    for i in range(c.shape[0]):\n"
      "        flags[i] += c[i] > 0\n");
  const KernelPlan& p = mod.Of("in_window");
  INFO(RefusalText(p));
  CHECK(!Refused(p, "CRB305"));
  // 0.5 stored as uint8 is 0, Numba's bool is True.
  CHECK(Refused(mod.Of("truthy"), "CRB305"));
  // True + True is 2 in uint8, True in Numba.
  CHECK(Refused(mod.Of("summed"), "CRB305"));
}

TEST_CASE("label_counts: np.bincount scans for the largest value, checks for a negative one, then counts") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](int64[:])\")\n"
      "def label_counts(labels):\n"
      "    counts = np.bincount(labels)\n"
      "    return counts / labels.shape[0]\n\n"
      "@njit(\"int64[:](int64[:], float64[:])\")\n"
      "def weighted(labels, w):\n"
      "    return np.bincount(labels, w)\n\n"
      "@njit(\"int64[:](float64[:])\")\n"
      "def floats(x):\n"
      "    return np.bincount(x)\n\n"
      "@njit(\"int64[:](int64[:], int64)\")\n"
      "def votes(ballots, ncand):\n"
      "    return np.bincount(ballots, minlength=ncand)\n");
  std::string s = AllRewrites(mod.Of("label_counts"));
  INFO(s);
  CHECK(s.find("= max(_pk_np_acc0, labels[_pk_np_i0])") != std::string::npos);
  CHECK(s.find("= min(_pk_np_acc1, labels[_pk_np_i0])") != std::string::npos);
  CHECK(s.find("raise ValueError(\"bincount(): first argument must be non-negative\")") != std::string::npos);
  CHECK(s.find("_pk_np_n2 = _pk_np_acc0 + 1") != std::string::npos);
  CHECK(s.find("counts = np.zeros(_pk_np_n2, dtype=np.int64)") != std::string::npos);
  CHECK(s.find("counts[labels[_pk_np_i0]] += 1") != std::string::npos);
  // The division reads counts with the length the lowering computed.
  CHECK(s.find("counts[_pk_np_i0] / ") != std::string::npos);
  CHECK(RefusalText(mod.Of("weighted")).find("with weights") != std::string::npos);
  CHECK(RefusalText(mod.Of("floats")).find("not known to be integers") != std::string::npos);
  CHECK(AllRewrites(mod.Of("votes")).find("max(_pk_np_acc1 + 1, ncand)") != std::string::npos);
}

TEST_CASE("hist_numpy: np.histogram with a number of bins is Numba's algorithm: scans, checks, floor of the scaled value") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"Tuple((int64[:], float64[:]))(float64[:], int64)\")\n"
      "def hist_numpy(x, bins):\n"
      "    counts, edges = np.histogram(x, bins=bins)\n"
      "    return counts, edges\n\n"
      "@njit(\"int64[:](float64[:])\")\n"
      "def ranged(x):\n"
      "    h, e = np.histogram(x, 8, range=(0.0, 1.0))\n"
      "    return h\n\n"
      "@njit(\"int64[:](float64[:], float64[:])\")\n"
      "def edges_given(x, e):\n"
      "    h, e2 = np.histogram(x, e)\n"
      "    return h\n");
  std::string s = AllRewrites(mod.Of("hist_numpy"));
  INFO(s);
  // The data's least value, NaN skipped as in Numba's scan.
  CHECK(s.find("_pk_np_lo1 = np.inf") != std::string::npos);
  CHECK(s.find("if _pk_np_v0 < _pk_np_lo1:") != std::string::npos);
  CHECK(s.find("raise ValueError(\"histogram(): `bins` should be a positive integer\")") != std::string::npos);
  CHECK(s.find("counts = np.zeros(bins, dtype=np.int64)") != std::string::npos);
  CHECK(s.find("= np.floor((_pk_np_v0 - _pk_np_lo1) * _pk_np_r3)") != std::string::npos);
  CHECK(s.find("counts[bins - 1] += 1") != std::string::npos);
  CHECK(s.find("edges[bins] = _pk_np_hi2 * 1.0") != std::string::npos);
  std::string r = AllRewrites(mod.Of("ranged"));
  INFO(r);
  CHECK(r.find("h = np.zeros(8, dtype=np.int64)") != std::string::npos);
  CHECK(r.find("_pk_np_lo") == std::string::npos);  // the range is given: no scan
  CHECK(RefusalText(mod.Of("edges_given")).find("an array of bin edges") != std::string::npos);
}

TEST_CASE("first_column_energy: a column of an array the kernel computed is read through that array, never passed as a strided view") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64(float64[:, :])\")\n"
      "def first_column_energy(a):\n"
      "    centred = a - np.mean(a)\n"
      "    col = centred[:, 0]\n"
      "    return np.sum(col * col)\n");
  const KernelPlan& p = mod.Of("first_column_energy");
  INFO(RefusalText(p));
  std::string s = AllRewrites(p);
  INFO(s);
  // pk.array refuses the non-contiguous column col; centred is contiguous.
  CHECK(s.find("+= centred[_pk_np_i0, 0] * centred[_pk_np_i0, 0]") != std::string::npos);
}

TEST_CASE("azimint_naive: data[mask] of a boolean mask, only reduced, is read through the mask where it is reduced") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:], float64[:], int64)\")\n"
      "def azimint_naive(data, radius, npt):\n"
      "    rmax = radius.max()\n"
      "    res = np.zeros(npt, dtype=np.float64)\n"
      "    for i in range(npt):\n"
      "        r1 = rmax * i / npt\n"
      "        r2 = rmax * (i + 1) / npt\n"
      "        mask_r12 = np.logical_and((r1 <= radius), (radius < r2))\n"
      "        values_r12 = data[mask_r12]\n"
      "        res[i] = np.mean(values_r12)\n"
      "    return res\n");
  const KernelPlan& p = mod.Of("azimint_naive");
  INFO(RefusalText(p));
  CHECK(!Refused(p, "CRB203"));
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("# values_r12 = data[mask_r12]  (its reductions read data where the mask holds)") != std::string::npos);
  CHECK(s.find("if mask_r12[_pk_np_i0]:") != std::string::npos);
}
