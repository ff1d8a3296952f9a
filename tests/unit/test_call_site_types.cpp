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
