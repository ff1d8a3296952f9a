// np.arange, np.linspace, np.cumsum and np.cumprod inside kernels, lowered
// as Numba 0.56 computes them (each case named after its input).
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

TEST_CASE("edit_distance: np.arange(m + 1) is an int64 vector filled with its positions") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"int64(int64[:], int64[:])\")\n"
      "def edit_distance(s, t):\n"
      "    n, m = s.shape[0], t.shape[0]\n"
      "    prev = np.arange(m + 1)\n"
      "    return prev[m]\n");
  const KernelPlan& p = mod.Of("edit_distance");
  INFO(RefusalText(p));
  CHECK(!Refused(p, "CRB201"));
  std::string s = AllRewrites(p);
  INFO(s);
  // Numba's length: ceil((stop - start) / step) as floats, never negative.
  CHECK(s.find("_pk_np_hi0 = m + 1") != std::string::npos);
  CHECK(s.find("= max(int(np.ceil((_pk_np_hi0) / 1)), 0)") != std::string::npos);
  CHECK(s.find("prev = np.empty(_pk_np_n1, dtype=np.int64)") != std::string::npos);
  CHECK(s.find("prev[_pk_np_i0] = _pk_np_i0") != std::string::npos);
  CHECK(FindNumpyFunction("numpy.arange")->cls == NumpyClass::kRange);
}

TEST_CASE("strided_labels: np.arange with a step checks it for zero and takes dtype=: a float bound makes float64") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"int64[:](int64, int64)\")\n"
      "def strided_labels(n, k):\n"
      "    idx = np.arange(0, n, k, dtype=np.int64)\n"
      "    return idx * 2 + 1\n\n"
      "@njit(\"float64[:](float64, float64, float64)\")\n"
      "def poly_samples(lo, hi, h):\n"
      "    t = np.arange(lo, hi, h)\n"
      "    return t * t\n\n"
      "@njit(\"float64[:](int64)\")\n"
      "def float_stop(n):\n"
      "    t = np.arange(n * 0.5)\n"
      "    return t\n\n"
      "@njit(\"int64[:](int64)\")\n"
      "def unsupported_dtype(n):\n"
      "    t = np.arange(n, dtype=np.uint8)\n"
      "    return t\n");
  std::string s = AllRewrites(mod.Of("strided_labels"));
  INFO(s);
  CHECK(s.find("if k == 0:") != std::string::npos);
  CHECK(s.find("raise ValueError(\"Maximum allowed size exceeded\")") != std::string::npos);
  CHECK(s.find("max(int(np.ceil((n) / k)), 0)") != std::string::npos);
  CHECK(s.find("idx[_pk_np_i0] = _pk_np_i0 * k") != std::string::npos);
  std::string f = AllRewrites(mod.Of("poly_samples"));
  INFO(f);
  CHECK(f.find("max(int(np.ceil((hi - lo) / h)), 0)") != std::string::npos);
  CHECK(f.find("dtype=np.float64)") != std::string::npos);
  CHECK(f.find("t[_pk_np_i0] = lo + _pk_np_i0 * h") != std::string::npos);
  CHECK(AllRewrites(mod.Of("float_stop")).find("dtype=np.float64)") != std::string::npos);
  CHECK(RefusalText(mod.Of("unsupported_dtype")).find("dtype=np.uint8") != std::string::npos);
}

TEST_CASE("trapz_sin: np.linspace is Numba's: bounds times 1.0, the step, the last element stop itself") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64(float64, float64, int64)\")\n"
      "def trapz_sin(a, b, n):\n"
      "    x = np.linspace(a, b, n)\n"
      "    return x[n - 1]\n\n"
      "@njit(\"float64[:](float64, float64, int64)\")\n"
      "def open_grid(a, b, n):\n"
      "    return np.linspace(a, b, n, endpoint=False)\n\n"
      "@njit(\"float64[:](float64, float64, float64)\")\n"
      "def float_count(a, b, n):\n"
      "    return np.linspace(a, b, n)\n");
  std::string s = AllRewrites(mod.Of("trapz_sin"));
  INFO(s);
  CHECK(s.find("_pk_np_lo0 = a * 1.0") != std::string::npos);
  CHECK(s.find("_pk_np_hi1 = b * 1.0") != std::string::npos);
  // One value: the step -0.0 leaves start itself (-0.0 included).
  CHECK(s.find("= (_pk_np_hi1 - _pk_np_lo0) / (n - 1) if n > 1 else -0.0") != std::string::npos);
  CHECK(s.find("_pk_np_last3 = max(n - 1, 1)") != std::string::npos);
  CHECK(s.find("x = np.empty(n, dtype=np.float64)") != std::string::npos);
  CHECK(s.find("x[_pk_np_i0] = _pk_np_hi1 if _pk_np_i0 == _pk_np_last3 else _pk_np_lo0 + _pk_np_i0 * _pk_np_step2") !=
        std::string::npos);
  CHECK(RefusalText(mod.Of("open_grid")).find("endpoint=, which Numba does not accept") != std::string::npos);
  CHECK(RefusalText(mod.Of("float_count")).find("not an integer") != std::string::npos);
}

TEST_CASE("empirical_cdf: np.cumsum is a serial scan with an accumulator of the result's dtype") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64[:](float64[:])\")\n"
      "def empirical_cdf(w):\n"
      "    c = np.cumsum(w)\n"
      "    return c / c[-1]\n\n"
      "@njit(\"int64[:](int32[:, :])\")\n"
      "def running_counts(counts):\n"
      "    return counts.cumprod()\n\n"
      "@njit(\"float32[:](float32[:])\")\n"
      "def narrow(x):\n"
      "    return np.cumsum(x)\n");
  std::string s = AllRewrites(mod.Of("empirical_cdf"));
  INFO(s);
  CHECK(s.find("c = np.empty(") != std::string::npos);
  CHECK(s.find("dtype=np.float64)") != std::string::npos);
  CHECK(s.find("_pk_np_acc0 = 0.0") != std::string::npos);
  CHECK(s.find("_pk_np_acc0 += w[_pk_np_i0]") != std::string::npos);
  CHECK(s.find("c[_pk_np_i0] = _pk_np_acc0") != std::string::npos);
  std::string r = AllRewrites(mod.Of("running_counts"));
  INFO(r);
  // Integers accumulate in int64, from 1 for a product; row-major positions.
  CHECK(r.find("dtype=np.int64)") != std::string::npos);
  CHECK(r.find(" = 1\n") != std::string::npos);
  CHECK(r.find(" *= counts[_pk_np_i0, _pk_np_i1]") != std::string::npos);
  CHECK(r.find("[(_pk_np_i0) * ") != std::string::npos);
  CHECK(RefusalText(mod.Of("narrow")).find("float32") != std::string::npos);
}

TEST_CASE("azimint_naive: np.mean of a masked selection counts, checks for none, then sums where the mask holds") {
  Planned mod(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"float64(float64[:], float64, float64)\")\n"
      "def bin_mean(data, lo, hi):\n"
      "    values = data[(data >= lo) & (data < hi)]\n"
      "    return np.mean(values)\n\n"
      "@njit(\"int64(int64[:])\")\n"
      "def odd_product(a):\n"
      "    return np.prod(a[a % 2 == 1])\n\n"
      "@njit(\"float64(float64[:])\")\n"
      "def selection_kept(x):\n"
      "    sel = x[x > 0.0]\n"
      "    return sel[0]\n");
  const KernelPlan& p = mod.Of("bin_mean");
  INFO(RefusalText(p));
  std::string s = AllRewrites(p);
  INFO(s);
  CHECK(s.find("# values = data[(data >= lo) & (data < hi)]  (its reductions read data where the mask holds)") !=
        std::string::npos);
  CHECK(s.find("if (data[_pk_np_i0] >= lo) & (data[_pk_np_i0] < hi):") != std::string::npos);
  CHECK(s.find("_pk_np_c1 += 1") != std::string::npos);
  CHECK(s.find("if _pk_np_c1 == 0:") != std::string::npos);
  CHECK(s.find("raise ZeroDivisionError(\"division by zero in np.mean of an empty array\")") != std::string::npos);
  CHECK(s.find("_pk_np_acc0 += data[_pk_np_i0]") != std::string::npos);
  CHECK(s.find("return (_pk_np_acc0 / _pk_np_c1)") != std::string::npos);
  // The count comes before the sum: the check stands between the two loops.
  CHECK(s.find("_pk_np_c1 += 1") < s.find("_pk_np_acc0 += data"));
  std::string r = AllRewrites(mod.Of("odd_product"));
  INFO(r);
  CHECK(r.find("_pk_np_acc0 = 1\n") != std::string::npos);
  CHECK(r.find("_pk_np_acc0 *= a[_pk_np_i0]") != std::string::npos);
  // A selection used other than reduced stays NumPy's new array: refused.
  CHECK(RefusalText(mod.Of("selection_kept")).find("which is a boolean mask") != std::string::npos);
}
