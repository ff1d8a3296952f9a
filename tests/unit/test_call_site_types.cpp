// Kernel argument types from the module's own calls (caramba/analysis/
// call_site_types.h): one case per rule and per refusal, each named after the
// kind of program it came from.
#include <doctest/doctest.h>

#include "caramba/analysis/call_site_types.h"
#include "caramba/analysis/kernel_plan.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

const std::string kHead =
    "import numpy as np\nfrom numba import njit, prange\n\n@njit\ndef k(a):\n    return a\n\n";

CallSiteEvidence Evidence(const std::string& src) {
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree, "t.py");
  return CallSiteTypes(tree, mod);
}

// The one signature the calls of `k` give (`a` set by the program), or "".
std::string TypeOfA(const std::string& setup, const std::string& call = "k(a)") {
  CallSiteEvidence e = Evidence(kHead + "if __name__ == \"__main__\":\n    " + setup + "\n    " + call + "\n");
  auto it = e.signatures.find("k");
  if (it == e.signatures.end() || it->second.size() != 1) return "";
  return it->second[0][0].ToString();
}

std::string Missing(const std::string& src) {
  CallSiteEvidence e = Evidence(src);
  return e.missing.count("k") ? e.missing.at("k") : "";
}

}  // namespace

TEST_CASE("tutorial __main__: NumPy's default dtypes and ranks") {
  CHECK(TypeOfA("a = np.random.rand(1000)") == "float64[::1]");
  CHECK(TypeOfA("a = np.random.rand(30, 40)") == "float64[:, ::1]");
  CHECK(TypeOfA("a = np.random.randn(8)") == "float64[::1]");
  CHECK(TypeOfA("a = np.random.random((10, 10))") == "float64[:, ::1]");
  CHECK(TypeOfA("a = np.random.randint(0, 10, 100)") == "int64[::1]");
  CHECK(TypeOfA("a = np.random.randint(0, 10, size=(5, 5), dtype=np.int32)") == "int32[:, ::1]");
  CHECK(TypeOfA("a = np.zeros((64, 64))") == "float64[:, ::1]");
  CHECK(TypeOfA("a = np.zeros(64, dtype=np.int32)") == "int32[::1]");
  CHECK(TypeOfA("a = np.ones(8, np.float32)") == "float32[::1]");
  CHECK(TypeOfA("a = np.empty((3, 4, 5), dtype='float32')") == "float32[:, :, ::1]");
  CHECK(TypeOfA("a = np.full(10, 0)") == "int64[::1]");
  CHECK(TypeOfA("a = np.full((2, 2), 1.5)") == "float64[:, ::1]");
  CHECK(TypeOfA("a = np.arange(10)") == "int64[::1]");
  CHECK(TypeOfA("a = np.arange(0.0, 1.0, 0.1)") == "float64[::1]");
  CHECK(TypeOfA("a = np.linspace(0, 1, 50)") == "float64[::1]");
  CHECK(TypeOfA("a = np.eye(4)") == "float64[:, ::1]");
  CHECK(TypeOfA("a = np.array([1.0, 2.0])") == "float64[::1]");
  CHECK(TypeOfA("a = np.array([[1, 2], [3, 4]])") == "int64[:, ::1]");
  CHECK(TypeOfA("a = np.array([True, False])") == "boolean[::1]");
  CHECK(TypeOfA("a = np.array([1, 2.5])") == "float64[::1]");
  CHECK(TypeOfA("rng = np.random.default_rng(0)\n    a = rng.random((4, 4))") == "float64[:, ::1]");
  CHECK(TypeOfA("rng = np.random.default_rng(0)\n    a = rng.integers(0, 5, 10)") == "int64[::1]");
}

TEST_CASE("scripts pass literals and derived scalars: Python int is int64, float float64, bool bool") {
  CHECK(TypeOfA("a = 3") == "int64");
  CHECK(TypeOfA("a = 0.5") == "float64");
  CHECK(TypeOfA("a = True") == "boolean");
  CHECK(TypeOfA("x = np.zeros((4, 5))\n    a = x.shape[0]") == "int64");
  CHECK(TypeOfA("x = np.zeros(4)\n    a = len(x)") == "int64");
  CHECK(TypeOfA("n = 10\n    a = n // 2") == "int64");
  CHECK(TypeOfA("n = 10\n    a = n / 2") == "float64");
  CHECK(TypeOfA("a = float(7)") == "float64");
  CHECK(TypeOfA("a = 1\n    a += 2") == "int64");  // an update that keeps the type
  CHECK(TypeOfA("a = b = 2.5") == "float64");
}

TEST_CASE("NPBench-style set-up: NumPy's promotion of arithmetic, value-based for scalars") {
  CHECK(TypeOfA("n = 100\n    a = 0.5 + 0.1 * np.random.rand(n)") == "float64[::1]");
  CHECK(TypeOfA("a = np.arange(10) * 2") == "int64[::1]");
  CHECK(TypeOfA("a = np.arange(10) / 2") == "float64[::1]");
  CHECK(TypeOfA("a = np.arange(10) * 0.5") == "float64[::1]");
  CHECK(TypeOfA("a = np.ones(4, dtype=np.float32) * 2.0") == "float32[::1]");
  CHECK(TypeOfA("a = np.ones(4, dtype=np.int32) + 1") == "int32[::1]");
  CHECK(TypeOfA("a = np.ones(4, dtype=np.float32) + np.ones(4)") == "float64[::1]");
  CHECK(TypeOfA("a = np.random.rand(4, 4) < 0.5") == "boolean[:, ::1]");
  CHECK(TypeOfA("a = (np.random.rand(8, 8) < 0.05).astype(np.int64)") == "int64[:, ::1]");
  CHECK(TypeOfA("a = np.random.rand(16).astype(np.float32)") == "float32[::1]");
  CHECK(TypeOfA("a = np.random.rand(16).reshape(4, 4)") == "float64[:, ::1]");
  CHECK(TypeOfA("a = np.sqrt(np.arange(9))") == "float64[::1]");
  CHECK(TypeOfA("a = np.random.rand(5)\n    a += 1.0") == "float64[::1]");
  // The value of a variable decides NumPy 1.x's result for narrow dtypes.
  CHECK(TypeOfA("s = 3\n    a = np.ones(4, dtype=np.int32) + s") == "int32[::1]");
  CHECK(TypeOfA("a = np.ones(4, dtype=np.int32) + 2 ** 40").empty());
}

TEST_CASE("legacy script: helper functions returning evident values, module-level set-up") {
  std::string src = kHead +
                    "N = 50\n\ndef random_weights(n):\n    w = np.random.rand(n, n) * 10.0\n"
                    "    w[w < 2.0] = np.inf\n    return w\n\nW = random_weights(N)\nk(W)\n";
  CallSiteEvidence e = Evidence(src);
  INFO(e.missing["k"]);
  REQUIRE(e.signatures.count("k"));
  CHECK(e.signatures.at("k")[0][0].ToString() == "float64[:, ::1]");
}

TEST_CASE("pytest-style test functions: locals of the test are evident") {
  std::string src = kHead + "def test_k():\n    a = np.arange(12).reshape((3, 4))\n    out = k(a)\n"
                            "    assert out.shape == (3, 4)\n";
  CallSiteEvidence e = Evidence(src);
  REQUIRE(e.signatures.count("k"));
  CHECK(e.signatures.at("k")[0][0].ToString() == "int64[:, ::1]");
}

TEST_CASE("calls with two kinds of argument give two signatures") {
  CallSiteEvidence e = Evidence(kHead + "k(np.zeros(3))\nk(np.zeros((3, 3)))\nk(np.zeros(5))\n");
  REQUIRE(e.signatures.count("k"));
  CHECK(e.signatures.at("k").size() == 2);
}

TEST_CASE("refusals: no evidence when any call is not evident") {
  // A parameter of the enclosing function.
  CHECK(Missing(kHead + "def run(a):\n    return k(a)\n").find("parameter of 'run'") != std::string::npos);
  // A file read, an unknown call.
  CHECK(!Missing(kHead + "a = np.load('x.npy')\nk(a)\n").empty());
  CHECK(!Missing(kHead + "import pandas as pd\na = pd.read_csv('x').values\nk(a)\n").empty());
  // Bound twice to different types.
  CHECK(Missing(kHead + "a = np.zeros(3)\na = np.zeros(3, dtype=np.int32)\nk(a)\n").find("different types") !=
        std::string::npos);
  // A loop variable, a subscript.
  CHECK(!Missing(kHead + "for a in [np.zeros(3)]:\n    k(a)\n").empty());
  CHECK(!Missing(kHead + "x = np.zeros((3, 3))\nk(x[0])\n").empty());
  // One evident call does not make up for another that is not.
  CHECK(!Missing(kHead + "k(np.zeros(3))\ndef f(b):\n    k(b)\n").empty());
  // The kernel passed as a value: its calls cannot be seen.
  CHECK(Missing(kHead + "f = k\nf(np.zeros(3))\n").find("used as a value") != std::string::npos);
  // A call inside a comprehension, a default left out.
  CHECK(!Missing(kHead + "r = [k(np.zeros(i)) for i in range(3)]\n").empty());
  CallSiteEvidence d = Evidence(kHead + "@njit\ndef g(a, b=2):\n    return a\n\ng(np.zeros(3))\n");
  CHECK(d.missing.at("g").find("default") != std::string::npos);
  // A scalar whose type changes (`a += 0.5` makes an int a float).
  CHECK(!Missing(kHead + "a = 1\na += 0.5\nk(a)\n").empty());
  // Bool arithmetic differs between Python and NumPy.
  CHECK(!Missing(kHead + "k(True + True)\n").empty());
}

TEST_CASE("calls inside jitted kernels are not evidence for the drop-in caller") {
  CallSiteEvidence e = Evidence(kHead + "@njit\ndef outer(x):\n    return k(x)\n");
  CHECK(e.signatures.empty());
  CHECK(e.missing.empty());
}

TEST_CASE("square_sum without recorded types: the __main__ block's types translate it (no CRB140)") {
  std::string src =
      "import numpy as np\nfrom numba import njit\n\n@njit\ndef square_sum(a):\n    s = 0\n"
      "    for i in range(a.shape[0]):\n        s += a[i] * a[i]\n    return s\n\n"
      "if __name__ == \"__main__\":\n    a = np.arange(100)\n    print(square_sum(a))\n";
  PassManager pm(BuildPipeline());
  TranslateOptions opts;
  PassResult r = pm.Run(src, "t.py", opts);
  bool crb140 = false;
  for (const Diagnostic& d : r.diagnostics) crb140 |= d.Code() == "CRB140";
  CHECK_FALSE(crb140);
  CHECK(r.output.find("pk.View1D[pk.int64]") != std::string::npos);
  // Without the calls it stays Numba code: `s = 0; s += a[i] * a[i]` needs the element type.
  std::string bare = src.substr(0, src.find("if __name__"));
  r = pm.Run(bare, "t.py", opts);
  crb140 = false;
  for (const Diagnostic& d : r.diagnostics) crb140 |= d.Code() == "CRB140";
  CHECK(crb140);
}

TEST_CASE("tutorial helpers with defaults: `def prices(n, seed=0)` and a Generator's methods") {
  std::string src = kHead +
                    "def prices(n, seed=0):\n    r = np.random.default_rng(seed)\n"
                    "    return 100.0 * np.exp(np.cumsum(0.01 * r.standard_normal(n)))\n\n"
                    "def payload(n, seed=0):\n    return np.random.default_rng(seed).integers(0, 256, n).astype(np.uint8)\n\n"
                    "def lattice(L, seed=0):\n    r = np.random.default_rng(seed)\n"
                    "    return np.where(r.random((L, L)) < 0.5, -1, 1).astype(np.int8)\n\n"
                    "k(prices(300))\nk(payload(100))\nk(lattice(32))\nk(prices(10, seed=3))\n";
  CallSiteEvidence e = Evidence(src);
  INFO(e.missing["k"]);
  REQUIRE(e.signatures.count("k"));
  REQUIRE(e.signatures.at("k").size() == 3);
  CHECK(e.signatures.at("k")[0][0].ToString() == "float64[::1]");
  CHECK(e.signatures.at("k")[1][0].ToString() == "uint8[::1]");
  CHECK(e.signatures.at("k")[2][0].ToString() == "int8[:, ::1]");
  // A default that is not evident is no evidence.
  CHECK(!Missing(kHead + "def make(n, dt=CONFIG['dtype']):\n    return np.zeros(n, dtype=dt)\n\nk(make(3))\n").empty());
}

TEST_CASE("scripts unpack a helper's tuple: `x, v = plasma(n)`, `f(*edges(n, m))`") {
  std::string src = kHead +
                    "def plasma(n):\n    return np.random.rand(n), np.zeros(n)\n\n"
                    "def edges(n, m, seed=0):\n    r = np.random.default_rng(seed)\n"
                    "    return r.integers(0, n, m), r.integers(0, n, m)\n\n"
                    "@njit\ndef g(u, v, n):\n    return n\n\n"
                    "x, v = plasma(100)\nk(x)\nk(v)\ng(*edges(100, 50), 100)\n";
  CallSiteEvidence e = Evidence(src);
  REQUIRE(e.signatures.count("k"));
  CHECK(e.signatures.at("k")[0][0].ToString() == "float64[::1]");
  REQUIRE(e.signatures.count("g"));
  CHECK(e.signatures.at("g")[0][0].ToString() == "int64[::1]");
  CHECK(e.signatures.at("g")[0][2].ToString() == "int64");
  // Unpacking into more names than the tuple holds, or a value that is not a tuple.
  CHECK(Missing(kHead + "def two():\n    return np.zeros(3), np.zeros(3)\n\na, b, c = two()\nk(a)\n")
            .find("not a tuple of 3") != std::string::npos);
  CHECK(!Missing(kHead + "a, b = np.zeros((2, 3))\nk(a)\n").empty());
}

TEST_CASE("legacy time loop: `u, un = un, u` swaps arrays of one type, other rebindings must agree") {
  CHECK(TypeOfA("a = np.zeros(64)\n    b = np.ones(64)\n    for t in range(10):\n        k(a)\n"
                "        a, b = b, a",
                "k(a)") == "float64[::1]");
  // Swapped with an array of another dtype: no single type.
  CHECK(Missing(kHead + "a = np.zeros(3)\nb = np.zeros(3, dtype=np.int32)\nfor t in range(2):\n"
                        "    a, b = b, a\nk(a)\n")
            .find("different types") != std::string::npos);
  // Computed from itself with another type: `a / 2` makes the int a float.
  CHECK(!Missing(kHead + "a = 3\nb = a / 2\na = b\nk(a)\n").empty());
  CHECK(TypeOfA("a = 3\n    b = a * 2\n    a = b") == "int64");
}

TEST_CASE("NPBench-style slices and transposes: a copy is C-contiguous, a view is no evidence") {
  CHECK(TypeOfA("X = np.random.randn(100, 4)\n    a = X[:, :3].copy()") == "float64[:, ::1]");
  CHECK(TypeOfA("X = np.random.rand(5, 5)\n    a = np.ascontiguousarray(X.T)") == "float64[:, ::1]");
  CHECK(TypeOfA("X = np.random.rand(5, 5)\n    a = X[2].copy()") == "float64[::1]");
  CHECK(TypeOfA("X = np.random.rand(5, 5)\n    a = X[1, 2]") == "float64");  // a NumPy scalar
  CHECK(TypeOfA("X = np.zeros((4, 6))\n    a = X.shape[-1]") == "int64");
  CHECK(TypeOfA("X = np.random.rand(5, 2)\n    a = X[np.argsort(X[:, 0])]") == "float64[:, ::1]");
  CHECK(TypeOfA("x = np.random.rand(50)\n    a = x[x > 0.5]") == "float64[::1]");
  CHECK(TypeOfA("A = np.random.rand(4, 4)\n    a = A @ A.T") == "float64[:, ::1]");
  CHECK(TypeOfA("v = np.random.rand(4)\n    a = v @ v") == "float64");
  // Views: Numba compiles another layout (A, F) than the translation's C views.
  CHECK(Missing(kHead + "X = np.random.rand(5, 5)\nk(X[:, 1:])\n").find("view") != std::string::npos);
  CHECK(Missing(kHead + "X = np.random.rand(5, 5)\nk(X.T)\n").find("view") != std::string::npos);
  CHECK(!Missing(kHead + "X = np.random.rand(5, 5)\nk(X.T.astype(np.float32))\n").empty());
  CHECK(!Missing(kHead + "X = np.random.rand(5, 5)\nk(X.T * 2.0)\n").empty());
  CHECK(!Missing(kHead + "X = np.random.rand(5, 5)\nk(np.zeros_like(X.T))\n").empty());
  // An index that is not an evident integer.
  CHECK(!Missing(kHead + "X = np.random.rand(5, 5)\nk(X[0.5].copy())\n").empty());
}

TEST_CASE("text as bytes: np.frombuffer is read-only, its copy and its fancy-indexed values are arrays") {
  std::string src = kHead +
                    "def as_bytes(s):\n    return np.frombuffer(s.encode('ascii'), dtype=np.uint8).copy()\n\n"
                    "def dna(n, seed=0):\n    r = np.random.default_rng(seed)\n"
                    "    return np.frombuffer(b'ACGT', dtype=np.uint8)[r.choice(len(b'ACGT'), n)]\n\n"
                    "base = 'abracadabra '\nk(as_bytes((base * (100 // len(base) + 1))[:100]))\nk(dna(50))\n";
  CallSiteEvidence e = Evidence(src);
  INFO(e.missing["k"]);
  REQUIRE(e.signatures.count("k"));
  CHECK(e.signatures.at("k")[0][0].ToString() == "uint8[::1]");
  CHECK(Missing(kHead + "b = np.frombuffer(b'abc', dtype=np.uint8)\nk(b)\n").find("read-only") != std::string::npos);
  CHECK(!Missing(kHead + "k('text')\n").empty());  // a string is never an argument
}

TEST_CASE("NumPy's rules for scans, where, choice, permutation, sort and scalar types") {
  CHECK(TypeOfA("a = np.cumsum(np.ones(5, dtype=np.int32))") == "int64[::1]");
  CHECK(TypeOfA("a = np.cumsum(np.ones(5, dtype=np.uint8))") == "uint64[::1]");
  CHECK(TypeOfA("a = np.random.rand(3, 4).cumsum()") == "float64[::1]");
  CHECK(TypeOfA("a = np.cumsum(np.random.rand(3, 4), axis=0)") == "float64[:, ::1]");
  CHECK(TypeOfA("a = np.cumsum(np.ones(5, dtype=np.float32))") == "float32[::1]");
  CHECK(TypeOfA("a = np.where(np.random.rand(4) < 0.5, 1.0, 0.45)") == "float64[::1]");
  CHECK(TypeOfA("a = np.where(np.random.rand(4, 4) < 0.5, -1, 1)") == "int64[:, ::1]");
  CHECK(TypeOfA("a = np.random.choice(5, 10)") == "int64[::1]");
  CHECK(TypeOfA("rng = np.random.default_rng(1)\n    a = rng.choice(np.arange(5.0), (2, 3))") ==
        "float64[:, ::1]");
  CHECK(TypeOfA("a = np.random.permutation(100)") == "int64[::1]");
  CHECK(TypeOfA("a = np.sort(np.random.rand(10))") == "float64[::1]");
  CHECK(TypeOfA("a = np.repeat(np.arange(3), 100)") == "int64[::1]");
  CHECK(TypeOfA("a = np.int32(-2)") == "int32");
  CHECK(TypeOfA("a = np.float32(0.5)") == "float32");
  CHECK(!Missing(kHead + "k(np.int32(2 ** 40))\n").empty());  // does not fit
  CHECK(!Missing(kHead + "k(np.uint64(-1))\n").empty());
  CHECK(!Missing(kHead + "k(np.cumsum(np.ones(3, dtype=np.complex128)))\n").empty());
  // A 0-d result: np.where of scalars.
  CHECK(!Missing(kHead + "k(np.where(True, 1.0, 2.0))\n").empty());
}

TEST_CASE("legacy sweeps: `for c in range(2): sweep(s, c)` passes Python ints") {
  CallSiteEvidence e = Evidence(kHead + "s = np.ones((8, 8))\nfor c in range(2):\n    k(c)\n");
  REQUIRE(e.signatures.count("k"));
  CHECK(e.signatures.at("k")[0][0].ToString() == "int64");
  CHECK(!Missing(kHead + "for c in range(0.5, 2):\n    k(c)\n").empty());
  CHECK(!Missing(kHead + "for c in [1, 2.5]:\n    k(c)\n").empty());
  CHECK(!Missing(kHead + "range = lambda n: [0.5] * n\nfor c in range(2):\n    k(c)\n").empty());
}

TEST_CASE("image_ops style: the result of another kernel, typed by its allocations") {
  std::string src = kHead +
                    "@njit\ndef integral(img):\n    h, w = img.shape\n"
                    "    S = np.zeros((h + 1, w + 1), dtype=np.int64)\n    for y in range(h):\n"
                    "        for x in range(w):\n            S[y + 1, x + 1] = S[y, x + 1] + S[y + 1, x] - S[y, x] + img[y, x]\n"
                    "    return S\n\n"
                    "@njit\ndef scaled(x):\n    return x * 2\n\n"
                    "g = np.ones((4, 5), dtype=np.uint8)\nk(integral(g))\n";
  CallSiteEvidence e = Evidence(src);
  INFO(e.missing["k"]);
  REQUIRE(e.signatures.count("k"));
  CHECK(e.signatures.at("k")[0][0].ToString() == "int64[:, ::1]");
  // Numba types `x * 2` of an int32 array by the scalar's type, not its value: no evidence.
  CHECK(!Missing(src + "k(scaled(np.ones(3, dtype=np.int32)))\n").empty());
  // A NumPy call inside the kernel other than an allocation: no evidence.
  CHECK(!Missing(kHead + "@njit\ndef c(x):\n    return np.cumsum(x)\n\nk(c(np.ones(3)))\n").empty());
}
