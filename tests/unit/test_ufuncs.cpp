// @vectorize ufuncs (caramba/analysis/ufuncs.h): which ufuncs are lowered,
// how their pieces are named, why the others stay Numba code, and what the
// translation becomes. Each case is named after the input it came from.
#include <doctest/doctest.h>

#include "caramba/analysis/ufuncs.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

std::vector<UfuncPlan> Plans(const std::string& src, const TranslateOptions& options = {}) {
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree, "t.py");
  return PlanUfuncs(tree, mod, options);
}

std::string Crb101(const PassResult& r) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.Code() == "CRB101") return d.message;
  return "";
}

const std::string kHead = "import math\nimport numpy as np\nfrom numba import njit, vectorize, float64, float32\n\n";

}  // namespace

TEST_CASE("logistic (ufunc_factories): one signature gives logistic_float64 and its element helper") {
  auto p = Plans(kHead + "@vectorize([float64(float64)])\ndef logistic(x):\n    return 1.0 / (1.0 + math.exp(-x))\n");
  REQUIRE(p.size() == 1);
  CHECK(p[0].refusal == "");
  REQUIRE(p[0].loops.size() == 1);
  CHECK(p[0].loops[0].kernel == "logistic_float64");
  CHECK(p[0].loops[0].element == "logistic_float64_element");
}

TEST_CASE("hypot2 (ufunc_factories): two signatures give a kernel each, in the order NumPy tries them") {
  auto p = Plans(kHead + "@vectorize([float64(float64, float64), float32(float32, float32)], nopython=True)\n"
                         "def hypot2(a, b):\n    return math.sqrt(a * a + b * b)\n");
  REQUIRE(p.size() == 1);
  CHECK(p[0].refusal == "");
  REQUIRE(p[0].loops.size() == 2);
  CHECK(p[0].loops[0].kernel == "hypot2_float64");
  CHECK(p[0].loops[1].kernel == "hypot2_float32");
}

TEST_CASE("mixed types: a loop of several types is named after all of them") {
  auto p = Plans(kHead + "@vectorize([\"float64(float64, int64)\"])\ndef scale(x, k):\n    return x * k\n");
  REQUIRE(p.size() == 1);
  REQUIRE(p[0].loops.size() == 1);
  CHECK(p[0].loops[0].kernel == "scale_float64_int64_to_float64");
}

TEST_CASE("clipped_relu (ufunc_factories): a lazy ufunc has no types to translate for, and the help says what to add") {
  auto p = Plans(kHead + "@vectorize\ndef clipped_relu(x, cap):\n    if x < 0:\n        return 0.0\n"
                         "    return min(x, cap)\n");
  REQUIRE(p.size() == 1);
  CHECK(p[0].refusal.find("no signatures") != std::string::npos);
  CHECK(p[0].help.find("@vectorize([\"float64(float64, float64)\"])") != std::string::npos);
}

TEST_CASE("hypot2 called from a kernel: with several signatures, which one Numba picks depends on the arguments") {
  auto p = Plans(kHead + "@vectorize([float64(float64, float64), float32(float32, float32)])\n"
                         "def hypot2(a, b):\n    return math.sqrt(a * a + b * b)\n\n\n"
                         "@njit\ndef norms(x, y, out):\n    for i in range(x.shape[0]):\n"
                         "        out[i] = hypot2(x[i], y[i])\n");
  REQUIRE(p.size() == 1);
  CHECK(p[0].refusal.find("the kernel 'norms' calls it") != std::string::npos);
}

TEST_CASE("apply_logistic (ufunc_factories): a kernel's call of a one-signature ufunc calls the element helper") {
  const std::string src = kHead + "@vectorize([float64(float64)])\ndef logistic(x):\n"
                                  "    return 1.0 / (1.0 + math.exp(-x))\n\n\n"
                                  "@njit\ndef apply_logistic(x):\n    out = np.empty_like(x)\n"
                                  "    for i in range(x.shape[0]):\n        out[i] = logistic(x[i])\n    return out\n";
  auto p = Plans(src);
  REQUIRE(p.size() == 1);
  CHECK(p[0].refusal == "");
  CHECK(p[0].kernel_calls.size() == 1);
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Crb101(r) == "");
  CHECK(r.output.find("class _pk_ufunc:") != std::string::npos);
  CHECK(r.output.find("logistic = _pk_ufunc(\"logistic\", 1, [\n    ((np.float64,), np.float64, logistic_float64),\n])") !=
        std::string::npos);
  CHECK(r.output.find("def _pk_fn_logistic_float64_element(x: pk.double) -> pk.double:") != std::string::npos);
  CHECK(r.output.find("out[i] = _pk_fn_logistic_float64_element(x[i])") != std::string::npos);
  CHECK(r.output.find("@vectorize(") == std::string::npos);
  CHECK(r.output.find("numba") == std::string::npos);
}

TEST_CASE("a kernel that stays Numba code calls the ufunc: it stays Numba code too, and CRB101 says why") {
  const std::string src = kHead + "@vectorize([float64(float64)])\ndef logistic(x):\n"
                                  "    return 1.0 / (1.0 + math.exp(-x))\n\n\n"
                                  "@njit\ndef report(x):\n    for i in range(x.shape[0]):\n"
                                  "        print(logistic(x[i]))\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Crb101(r).find("'report', which stays Numba code, calls it") != std::string::npos);
  CHECK(r.output == src);
}

TEST_CASE("a body the translator refuses: the ufunc stays Numba code, with its input text") {
  const std::string src = kHead + "@vectorize([float64(float64)])\ndef noisy(x):\n"
                                  "    return x + np.random.random()\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Crb101(r).find("stays Numba code") != std::string::npos);
  CHECK(r.output == src);
}

TEST_CASE("a module without njit or numpy imports: the pieces import what they need") {
  const std::string src = "import math\nfrom numba import vectorize\n\n\n"
                          "@vectorize([\"float64(float64)\"])\ndef half(x):\n    return x / 2.0\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Crb101(r) == "");
  CHECK(r.output.find("import numpy as np\n") != std::string::npos);
  CHECK(r.output.find("half = _pk_ufunc(\"half\", 1, [") != std::string::npos);
  CHECK(r.output.find("numba") == std::string::npos);
}
