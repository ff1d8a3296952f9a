// test_cases.cpp — directives, sizes, input inference and expectations.
#include <doctest/doctest.h>

#include "caramba/difftest/cases.h"
#include "caramba/difftest/difftest.h"
#include "caramba/difftest/inference.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

using namespace caramba;
using namespace caramba::difftest;

TEST_CASE("markers: runas and sizes, with errors located") {
  DirectiveSet s = ParseMarkers(
      "import numpy as np\n"
      "# caramba: runas f(np.zeros((N, 3)), k=2)\n"
      "#caramba: sizes N=8,64 M=3\n"
      "# caramba: runas g(\n"
      "# caramba: hello\n"
      "# caramba: format off\n"
      "x = 1  # caramba: runas not_a_marker(1)\n",
      "m.py");
  REQUIRE(s.runs.size() == 1);
  CHECK(s.runs[0].kernel == "f");
  CHECK(s.runs[0].args == "np.zeros((N, 3)), k=2");
  CHECK(s.runs[0].origin == "marker at m.py:2");
  CHECK(s.sizes.at("N") == std::vector<int64_t>{8, 64});
  CHECK(s.sizes.at("M") == std::vector<int64_t>{3});
  // `runas g(` is malformed; `hello`/`format` belong to other tools: ignored.
  REQUIRE(s.errors.size() == 1);
  CHECK(s.errors[0].find("m.py:4") == 0);
}

TEST_CASE("cases file: same directives without the prefix") {
  DirectiveSet s = ParseCasesFile("# comment\nsizes N=5\nrunas k(np.ones(N))\nbogus x\n", "c.txt");
  REQUIRE(s.runs.size() == 1);
  CHECK(s.runs[0].origin == "cases file c.txt:3");
  REQUIRE(s.errors.size() == 1);
  CHECK(s.errors[0].find("c.txt:4") == 0);
}

TEST_CASE("sizes: defaults, declarations, the command line, derived N2/N3") {
  SizeTable t = SizeTable::Make({100, 10000}, {{"M", {3}}}, {});
  CHECK(t.levels == 2);
  CHECK(t.At("N2", 1) == 100);
  CHECK(t.At("N3", 0) == 5);
  CHECK(t.At("M", 1) == 3);  // last value repeats
  SizeTable c = SizeTable::Make({100, 10000}, {{"N", {8, 64}}}, {27});
  CHECK(c.levels == 1);
  CHECK(c.At("N", 0) == 27);
  CHECK(c.At("N3", 0) == 3);
}

TEST_CASE("a runas runs once per level only when it names a size") {
  SizeTable t = SizeTable::Make({10, 1000}, {}, {});
  auto sized = ExpandDirective({"f", "np.ones(N2), n=N", "m"}, t);
  REQUIRE(sized.size() == 2);
  CHECK(sized[1].label == "N=1000,N2=32");
  CHECK(ExpandDirective({"f", "3.0, 'N'", "m"}, t).size() == 1);
  CHECK(SizeNamesIn("f(N=3) + a.N + N2", t) == std::vector<std::string>{"N2"});
}

namespace {
Inference Infer(const std::string& src, const std::string& kernel) {
  Tree tree = Tree::Parse(src);
  ModuleInfo m = AnalyzeModule(tree, "t.py");
  for (const auto& k : m.kernels)
    if (k.name == kernel) return InferParams(tree, m, k);
  FAIL("no kernel " << kernel);
  return {};
}
}  // namespace

TEST_CASE("inference: ranks, integer elements, bounds, counts and indices") {
  Inference inf = Infer(
      "from numba import njit\n"
      "@njit\n"
      "def k(A, idx, x, n, steps, j, alpha):\n"
      "    M, K = A.shape\n"
      "    for it in range(steps):\n"
      "        for i in range(n):\n"
      "            x[idx[i]] += alpha * A[i, j]\n",
      "k");
  REQUIRE(inf.not_tested.empty());
  REQUIRE(inf.params.size() == 7);
  CHECK(inf.params[0].kind == ParamGuess::Kind::kArray);
  CHECK(inf.params[0].rank == 2);
  CHECK(inf.params[1].dtype == "int64");  // elements used as indices
  CHECK(inf.params[2].rank == 1);
  CHECK(inf.params[3].role == ParamGuess::Role::kBound);
  CHECK(inf.params[4].role == ParamGuess::Role::kCount);
  CHECK(inf.params[5].role == ParamGuess::Role::kIndex);
  CHECK(inf.params[6].kind == ParamGuess::Kind::kFloat);
  CHECK(inf.work_rank == 2);
}

TEST_CASE("inference: ranks across calls (the thesis's snippet 2.2)") {
  Inference inf = Infer(
      "import numba\n"
      "@numba.njit\n"
      "def dist(p, q):\n"
      "    return p[0] - q[2]\n"
      "@numba.njit\n"
      "def total(cluster):\n"
      "    s = 0.0\n"
      "    for i in range(len(cluster) - 1):\n"
      "        s += dist(cluster[i], cluster[i + 1])\n"
      "    return s\n",
      "total");
  REQUIRE(inf.params.size() == 1);
  CHECK(inf.params[0].rank == 2);
  Inference d = Infer("import numba\n@numba.njit\ndef dist(p, q):\n    return p[0] - q[2]\n", "dist");
  CHECK(d.params[1].min_extent == 3);
}

TEST_CASE("inference: eager signatures are exact, callables are not-tested") {
  Inference s = Infer("from numba import njit\n@njit('float32(float32[:, ::1], int32)')\ndef f(a, n):\n    return a[0, 0]\n", "f");
  REQUIRE(s.params.size() == 2);
  CHECK(s.params[0].dtype == "float32");
  CHECK(s.params[0].rank == 2);
  CHECK(s.params[1].kind == ParamGuess::Kind::kInt);
  Inference c = Infer("from numba import njit\n@njit\ndef f(g, a):\n    return g(a[0])\n", "f");
  CHECK(c.not_tested.find("'g' is called") != std::string::npos);
  Inference o = Infer("from numba import njit\n@njit\ndef f(p):\n    return p.mass\n", "f");
  CHECK(o.not_tested.find("p.mass") != std::string::npos);
}

TEST_CASE("inference: blas_reference dscal - an int through a local that bounds a range, a stride") {
  // `nincx = n * incx` is a range bound, so n and incx are ints (a float
  // would make nincx a float, which range() refuses); both are small counts,
  // and the step stays a stride (not the arrays' extent, which would index
  // past them).
  const std::string dscal =
      "from numba import njit\n"
      "@njit\n"
      "def dscal(n, da, dx, incx):\n"
      "    if n <= 0 or incx <= 0:\n"
      "        return\n"
      "    nincx = n * incx\n"
      "    for i in range(1, nincx + 1, incx):\n"
      "        dx[i - 1] = da * dx[i - 1]\n";
  Inference inf = Infer(dscal, "dscal");
  REQUIRE(inf.params.size() == 4);
  CHECK(inf.params[0].kind == ParamGuess::Kind::kInt);
  CHECK(inf.params[0].role == ParamGuess::Role::kCount);
  CHECK(inf.params[1].kind == ParamGuess::Kind::kFloat);
  CHECK(inf.params[3].kind == ParamGuess::Kind::kInt);
  CHECK(inf.params[3].role == ParamGuess::Role::kCount);
  // A local computed with `/` or bound twice proves nothing about the parameter.
  Inference div = Infer(
      "from numba import njit\n@njit\ndef f(x, a):\n    m = x / 2\n    for i in range(int(m)):\n        a[i] = 0.0\n", "f");
  CHECK(div.params[0].kind == ParamGuess::Kind::kFloat);
  Inference twice = Infer(
      "from numba import njit\n@njit\ndef f(x, a):\n    m = x * 2\n    m = 4\n    for i in range(m):\n"
      "        a[i] = 0.0\n",
      "f");
  CHECK(twice.params[0].kind == ParamGuess::Kind::kFloat);
}

TEST_CASE("generated cases: consistent extents, two sizes") {
  std::string src = "from numba import njit\n@njit\ndef mv(A, x, y):\n    for i in range(A.shape[0]):\n"
                    "        for j in range(A.shape[1]):\n            y[i] += A[i, j] * x[j]\n";
  Tree tree = Tree::Parse(src);
  ModuleInfo m = AnalyzeModule(tree, "t.py");
  std::string why;
  auto cases = GenerateCases(tree, m, m.kernels[0], SizeTable::Make({100, 10000}, {}, {}), &why);
  REQUIRE(cases.size() == 2);
  CHECK(cases[0].args == "_crb.array((10,10), 'float64', 'C'), _crb.array((10,), 'float64', 'C'), "
                         "_crb.array((10,), 'float64', 'C')");
  CHECK(cases[1].label == "n=100");
}

TEST_CASE("expectations: parse, diff, update") {
  auto exp = ParseExpectations("# c\nthesis/a.py::f  equal\nthesis/a.py::gone  equal\nother.py::h refused CRB101\n");
  CHECK(exp.size() == 3);
  FileResult fr;
  fr.path = "corpora/thesis/a.py";
  KernelResult k1, k2;
  k1.qualname = "f";
  k1.verdict = Verdict::kMismatch;
  k2.qualname = "new";
  k2.verdict = Verdict::kNotTranslated;
  k2.codes = {"CRB111", "CRB201"};
  fr.kernels = {k1, k2};
  std::map<std::string, std::string> merged;
  auto diff = DiffExpectations(exp, {fr}, "corpora/expected.txt", &merged);
  CHECK(merged.at("thesis/a.py::f") == "mismatch");
  CHECK(merged.at("thesis/a.py::new") == "refused CRB111,CRB201");
  CHECK(merged.count("thesis/a.py::gone") == 0);
  CHECK(merged.at("other.py::h") == "refused CRB101");  // files not tested are kept
  CHECK(diff.size() == 4);
  CHECK(ParseExpectations(FormatExpectations(merged)) == merged);
}

// npbench/nbody.py::nbody: the same refusal codes came out in another order
// after an unrelated pass change, and CI failed on it.
TEST_CASE("expectations: nbody - the order of refusal codes is not an outcome change, and kept kernels read 'kept'") {
  auto exp = ParseExpectations("npbench/nbody.py::nbody  refused CRB203,CRB119,CRB201\n"
                               "npbench/nbody.py::getAcc  refused CRB132,CRB208\n");
  FileResult fr;
  fr.path = "corpora/npbench/nbody.py";
  KernelResult same, changed, kept;
  same.qualname = "nbody";
  same.verdict = Verdict::kNotTranslated;
  same.codes = {"CRB119", "CRB201", "CRB203"};
  changed.qualname = "getAcc";
  changed.verdict = Verdict::kNotTranslated;
  changed.codes = {"CRB132"};
  kept.qualname = "records";
  kept.verdict = Verdict::kNotTranslated;
  kept.kept = true;
  CHECK(kept.Outcome() == "kept");
  fr.kernels = {same, changed, kept};
  std::map<std::string, std::string> merged;
  auto diff = DiffExpectations(exp, {fr}, "corpora/expected.txt", &merged);
  CHECK(merged.at("npbench/nbody.py::nbody") == "refused CRB203,CRB119,CRB201");  // the line stays as written
  CHECK(merged.at("npbench/nbody.py::getAcc") == "refused CRB132");
  CHECK(merged.at("npbench/nbody.py::records") == "kept");
  REQUIRE(diff.size() == 3);  // getAcc changed (- and +), records is new
  CHECK(diff[0] == "- npbench/nbody.py::getAcc refused CRB132,CRB208");
}
