// The type analysis (caramba/analysis/type_inference.h): recorded types
// first, static inference last, and no guess that decides the code. Each case
// is named after the input it came from.
#include <doctest/doctest.h>

#include <algorithm>

#include "caramba/analysis/kernel_plan.h"

using namespace caramba;

namespace {

KernelPlan PlanOf(const std::string& src, const std::string& name, TranslateOptions opts = {}) {
  Tree tree = Tree::Parse(src);
  KernelPlans plans = KernelPlanAnalysis::Compute(AnalysisInput{tree, "t.py", &opts});
  const KernelPlan* p = plans.Find(name);
  REQUIRE(p);
  return *p;
}

std::string Refusal(const KernelPlan& p, std::string_view code) {
  for (const Diagnostic& d : p.refusals)
    if (d.Code() == code) return d.message;
  return "";
}

const std::string kHead = "import numpy as np\nfrom numba import njit, prange\n\n";

}  // namespace

TEST_CASE("axpy returning 'a * x + b': parameters never subscripted may be arrays (CRB140)") {
  KernelPlan p = PlanOf(kHead + "@njit\ndef axpy(a, x, b):\n    return a * x + b\n", "axpy");
  CHECK_FALSE(p.translatable);
  CHECK(Refusal(p, "CRB140").find("whether parameter 'a' is a scalar or an array") != std::string::npos);
  // The same kernel with an eager signature translates: the types are exact.
  p = PlanOf(kHead + "@njit(\"float64(float64, float64, float64)\")\ndef axpy(a, x, b):\n    return a * x + b\n",
             "axpy");
  CHECK(p.translatable);
  CHECK(p.types.at("x") == Type{Scalar::kFloat64, 0, 'A'});
}

TEST_CASE("matvec 'A @ x' and clip 'np.minimum(np.maximum(x, 2), 10)' are not scalar arithmetic") {
  KernelPlan p = PlanOf(kHead + "@njit\ndef matvec(A, x):\n    return A @ x\n", "matvec");
  CHECK_FALSE(p.translatable);
  CHECK(!Refusal(p, "CRB140").empty());
  p = PlanOf(kHead + "@njit\ndef clip(x):\n    return np.minimum(np.maximum(x, 2), 10)\n", "clip");
  CHECK_FALSE(p.translatable);
}

TEST_CASE("scale: a scalar stored into an element, a bound and a condition are evidence") {
  KernelPlan p = PlanOf(kHead +
                            "@njit(\"void(float64[:], float64[:], float64, int64)\")\n"
                            "def scale(out, x, w, n):\n    for i in range(n):\n        out[i] = w * x[i]\n",
                        "scale");
  CHECK(p.translatable);
  // Without a signature: `w` flows into an element store, so it is a scalar;
  // no local depends on the element types, so nothing is guessed that matters.
  p = PlanOf(kHead + "@njit\ndef scale(out, x, w, n):\n    for i in range(n):\n        out[i] = w * x[i]\n", "scale");
  CHECK(p.translatable);
  CHECK(p.types.at("w").rank == 0);
  CHECK(p.types.at("n").scalar == Scalar::kInt64);
}

TEST_CASE("smooth: a size parameter used only in slice bounds is an integer") {
  KernelPlan p = PlanOf(kHead +
                            "@njit(\"void(float64[:], float64[:], int64)\")\n"
                            "def smooth(a, b, n):\n    b[2:n - 2] = a[2:n - 2] * 0.5\n",
                        "smooth");
  CHECK(p.types.at("n").scalar == Scalar::kInt64);
  p = PlanOf(kHead + "@njit\ndef smooth(a, b, n):\n    b[2:n - 2] = a[2:n - 2] * 0.5\n", "smooth");
  CHECK(p.types.at("n").scalar == Scalar::kInt64);
}

TEST_CASE("bin_counts: an array used in 'ids[i] % nb' inside an index holds integers (no fmod)") {
  KernelPlan p = PlanOf(kHead +
                            "@njit\ndef bin_counts(ids, nb, out):\n    for i in range(ids.shape[0]):\n"
                            "        out[ids[i] % nb] += 1\n",
                        "bin_counts");
  CHECK(p.types.at("ids").scalar == Scalar::kInt64);
  CHECK(p.types.at("nb").scalar == Scalar::kInt64);
}

TEST_CASE("gather: 'np.sum(G[k, e, j])' uses a subscript as an array, so G's rank is unknown") {
  KernelPlan p = PlanOf(kHead +
                            "@njit\ndef gather(G, idx, out):\n    for k in range(out.shape[0]):\n"
                            "        for e in range(out.shape[1]):\n"
                            "            out[k, e] = np.sum(G[k, e, idx[k, e]])\n",
                        "gather");
  CHECK_FALSE(p.translatable);
  CHECK(Refusal(p, "CRB140").find("'G' has more than 3 dimensions") != std::string::npos);
}

TEST_CASE("dot_int: an element type that changes a declaration is not guessed") {
  KernelPlan p = PlanOf(kHead +
                            "@njit\ndef halves(a, out):\n    for i in range(a.shape[0]):\n"
                            "        t = a[i] // 2\n        out[i] = t\n",
                        "halves");
  CHECK_FALSE(p.translatable);
  CHECK(Refusal(p, "CRB140").find("element type of 'a'") != std::string::npos);
  // A float accumulator does not depend on it: Numba unifies 0.0 + int -> float.
  p = PlanOf(kHead + "@njit\ndef total(a):\n    s = 0.0\n    for i in range(a.shape[0]):\n        s += a[i]\n    return s\n",
             "total");
  CHECK(p.translatable);
}

TEST_CASE("eager signatures that need different source are refused (CRB141) and complex types too (CRB142)") {
  KernelPlan p = PlanOf(kHead + "@njit([\"float64(float64)\", \"float64(float64[:])\"])\ndef f(x):\n    return 2.0\n",
                        "f");
  CHECK_FALSE(p.translatable);
  CHECK(Refusal(p, "CRB141").find("a scalar and an array") != std::string::npos);
  p = PlanOf(kHead + "@njit(\"void(complex128[:], complex128[:])\")\ndef c(a, b):\n    for i in range(a.shape[0]):\n"
                     "        b[i] = a[i]\n",
             "c");
  CHECK_FALSE(p.translatable);
}

TEST_CASE("block_traces: 'blk = G[k, e, j]' then 'blk[0, 0]' says G's rank is unknown, not that blk is no array") {
  KernelPlan p = PlanOf(kHead +
                            "@njit\ndef block_traces(G, idx, out):\n    for k in range(out.shape[0]):\n"
                            "        for e in range(out.shape[1]):\n            blk = G[k, e, idx[k, e]]\n"
                            "            out[k, e] = blk[0, 0] + blk[1, 1]\n",
                        "block_traces");
  CHECK_FALSE(p.translatable);
  CHECK(!Refusal(p, "CRB140").empty());
  bool rank = false;
  for (const Diagnostic& d : p.refusals) rank |= d.message.find("'G' has more than 3 dimensions") != std::string::npos;
  CHECK(rank);
  CHECK(Refusal(p, "CRB121").empty());  // no echo about blk
}

TEST_CASE("chain 'x = a[i] + ... + i * 2 + 0.5' (cli.long_chains): the TypeMemo gives each operand's type once") {
  // The kernel writer asks for the type of both operands at every level of a
  // chain; with the memo the whole chain is typed once and each level is a
  // lookup, with the same types as without it.
  Tree tree = Tree::Parse("x = a[i] + a[i] + i * 2 + (n // 2) + 0.5\n");
  ModuleInfo mod = AnalyzeModule(tree);
  TypeTable names{{"a", Type{Scalar::kFloat32, 1, 'C'}}, {"i", Type{Scalar::kInt64, 0, 'A'}},
                  {"n", Type{Scalar::kInt64, 0, 'A'}}};
  Node value = tree.Root().NamedChild(0).NamedChild(0).ChildByField("right");
  REQUIRE(value.Type() == "binary_operator");
  TypeMemo memo;
  Type whole = TypeOfExpr(value, names, mod.imports, &memo);
  CHECK(whole == TypeOfExpr(value, names, mod.imports));
  CHECK(whole.scalar == Scalar::kFloat64);
  // Every operand down the left spine is in the memo, typed as without it.
  int levels = 0;
  for (Node n = value; n.Type() == "binary_operator"; n = n.ChildByField("left"), ++levels) {
    for (const Node& side : {n.ChildByField("left"), n.ChildByField("right")}) {
      const Type* known = memo.Find(side);
      REQUIRE(known);
      CHECK(*known == TypeOfExpr(side, names, mod.imports));
    }
  }
  CHECK(levels == 4);
  const Type* sum = memo.Find(value.ChildByField("left").ChildByField("left").ChildByField("left"));
  REQUIRE(sum);
  CHECK(sum->scalar == Scalar::kFloat32);  // a[i] + a[i] of float32 stays float32
  // A memo is for one table: another table's types are not looked up in it.
  TypeMemo other;
  TypeTable ints{{"a", Type{Scalar::kInt64, 1, 'C'}}, {"i", Type{Scalar::kInt64, 0, 'A'}},
                 {"n", Type{Scalar::kInt64, 0, 'A'}}};
  CHECK(TypeOfExpr(value, ints, mod.imports, &other).scalar == Scalar::kFloat64);
  CHECK(other.Find(value.ChildByField("left").ChildByField("left").ChildByField("left"))->scalar == Scalar::kInt64);
}

TEST_CASE("softmax: np.empty(shape, dtype=x.dtype) has x's element type") {
  KernelPlan p = PlanOf(kHead +
                            "@njit(\"float32[:, :](float32[:, :])\")\ndef softmax(x):\n"
                            "    tmp_max = np.empty((x.shape[0], 1), dtype=x.dtype)\n"
                            "    for i in range(x.shape[0]):\n        tmp_max[i, 0] = x[i, 0]\n"
                            "    return tmp_max\n",
                        "softmax");
  REQUIRE(p.types.count("tmp_max"));
  CHECK(p.types.at("tmp_max").scalar == Scalar::kFloat32);
  CHECK(p.types.at("tmp_max").rank == 2);
}
