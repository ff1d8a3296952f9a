// Kernels translated once per kind of recorded signature
// (caramba/analysis/signature_splits.h): which kernels split, how the
// variants are named, and what the translation becomes. Each case is named
// after the input it came from.
#include <doctest/doctest.h>

#include "caramba/analysis/signature_splits.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

std::map<std::string, std::vector<SignatureVariant>> Splits(const std::string& src) {
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree, "t.py");
  return PlanSignatureSplits(tree, mod, "t.py", TranslateOptions{});
}

std::string Codes(const PassResult& r) {
  std::string codes;
  for (const Diagnostic& d : r.diagnostics) codes += std::string(d.Code()) + " ";
  return codes;
}

const std::string kHead = "import numpy as np\nfrom numba import njit\n\n";

}  // namespace

TEST_CASE("twice (call_chain): an int64 and a float64 signature give twice_int64 and twice_float64") {
  auto s = Splits(kHead + "@njit([\"int64(int64)\", \"float64(float64)\"])\ndef twice(x):\n    return x + x\n");
  REQUIRE(s.count("twice"));
  REQUIRE(s["twice"].size() == 2);
  CHECK(s["twice"][0].name == "twice_int64");
  CHECK(s["twice"][1].name == "twice_float64");
  CHECK(s["twice"][0].selecting == std::vector<size_t>{0});
  CHECK(VariantSignature(s["twice"][1]) == "float64(float64)");
}

TEST_CASE("relu (lenet): 2-D and 4-D float32 arrays give relu_2d and relu_4d, named by rank only") {
  auto s = Splits(kHead +
                  "@njit([\"float32[:, ::1](float32[:, ::1])\", \"float32[:, :, :, ::1](float32[:, :, :, ::1])\"])\n"
                  "def relu(x):\n    return np.maximum(x, 0)\n");
  REQUIRE(s["relu"].size() == 2);
  CHECK(s["relu"][0].name == "relu_2d");
  CHECK(s["relu"][1].name == "relu_4d");
}

TEST_CASE("relu_2d already defined: the variant's name gets a number instead") {
  auto s = Splits(kHead + "def relu_2d(x):\n    return x\n\n"
                          "@njit([\"float64[:, :](float64[:, :])\", \"float64[:](float64[:])\"])\n"
                          "def relu(x):\n    return np.maximum(x, 0)\n");
  REQUIRE(s["relu"].size() == 2);
  CHECK(s["relu"][0].name == "relu_2d_2");
  CHECK(s["relu"][1].name == "relu_1d");
}

TEST_CASE("total: signatures that differ in layout only need one translation, no split") {
  auto s = Splits(kHead + "@njit([\"float64(float64[::1])\", \"float64(float64[:])\"])\ndef total(a):\n"
                          "    s = 0.0\n    for i in range(a.shape[0]):\n        s += a[i]\n    return s\n");
  CHECK(s.empty());
}

TEST_CASE("add_pair (particles): a scalar index recorded as int64 and uint64 is told apart by its type") {
  Type i64{Scalar::kInt64, 0, 'A'}, u64{Scalar::kUInt64, 0, 'A'}, f32{Scalar::kFloat32, 2, 'C'};
  CHECK(KindCondition("i", i64, "np") == "type(i) in (int, np.int64)");
  CHECK(KindCondition("i", u64, "np") == "type(i) is np.uint64");
  CHECK(KindCondition("x", f32, "np") == "isinstance(x, np.ndarray) and x.ndim == 2 and x.dtype == np.float32");
}

TEST_CASE("twice (call_chain): the kernel becomes a dispatcher over its translations, kernel callers keep @pk.functions") {
  const std::string src = kHead +
                          "@njit([\"int64(int64)\", \"float64(float64)\"])\ndef twice(x):\n    return x + x\n\n\n"
                          "@njit(\"void(int64[:], float64[:], float64[:])\")\n"
                          "def mixed_types(ints, floats, out):\n"
                          "    for i in range(ints.shape[0]):\n"
                          "        out[i] = twice(ints[i]) + twice(floats[i])\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  CHECK(Codes(r).find("CRB144") != std::string::npos);
  CHECK(Codes(r).find("CRB141") == std::string::npos);
  CHECK(r.output.find("def twice(x):\n") != std::string::npos);
  CHECK(r.output.find("    if type(x) in (int, np.int64):\n        return twice_int64(x)\n") != std::string::npos);
  CHECK(r.output.find("    raise TypeError(\"twice() was translated for x of these kinds only") != std::string::npos);
  CHECK(r.output.find("def _pk_twice_float64(") != std::string::npos);
  CHECK(r.output.find("def twice_float64(x):") != std::string::npos);
  CHECK(r.output.find("_pk_fn_twice(ints[i])") != std::string::npos);
  CHECK(r.output.find("@njit") == std::string::npos);
}

TEST_CASE("relu (mlp): a kernel that stays Numba code calls it, so it stays whole with CRB141 saying why") {
  const std::string src = kHead +
                          "@njit([\"float64[:, :](float64[:, :])\", \"float64[:](float64[:])\"])\n"
                          "def relu(x):\n    return np.maximum(x, 0.0)\n\n\n"
                          "@njit(\"float64[:](float64[:])\")\n"
                          "def mlp(x):\n    print(x)\n    return relu(x)\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", {});
  REQUIRE(r.ok);
  bool why = false;
  for (const Diagnostic& d : r.diagnostics)
    why = why || (d.Code() == "CRB141" && d.message.find("'mlp', which stays Numba code, calls it") != std::string::npos);
  CHECK(why);
  CHECK(Codes(r).find("CRB144") == std::string::npos);
  CHECK(r.output == src);
}

TEST_CASE("gamma (math_gamma): with --kernel, the variants are validated too, and a rejected one keeps the kernel whole") {
  const std::string src = "import math\n" + kHead +
                          "@njit([\"float64(float64)\", \"float64(int64)\"])\ndef g(v):\n    return math.gamma(v + 1.0)\n";
  TranslateOptions only_g;
  only_g.kernels = {"g"};
  PassResult r = PassManager(BuildPipeline()).Run(src, "k.py", only_g);
  REQUIRE(r.ok);
  bool why = false;
  for (const Diagnostic& d : r.diagnostics)
    why = why || (d.Code() == "CRB141" && d.message.find("its translation for float64 stays Numba code") != std::string::npos);
  CHECK(why);
  CHECK(r.output == src);
}
