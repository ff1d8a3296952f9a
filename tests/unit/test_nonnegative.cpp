// Where `x ** 0.5` may become math.sqrt(x) (lowering.h: NonNegativeValue,
// NonNegativeLocals): only bases that are never -0.0 or -inf, where Numba's
// pow and sqrt agree. Each case is named after the kernel shape it came from.
#include <doctest/doctest.h>

#include "caramba/analysis/lowering.h"
#include "caramba/module_analysis.h"

using namespace caramba;

namespace {

Node Body(const Tree& tree) {
  for (const Node& c : tree.Root().NamedChildren())
    if (c.Type() == "function_definition") return c.ChildByField("body");
  return Node();
}

}  // namespace

TEST_CASE("non-negative locals: a sum of squares, and what it feeds (lennard_jones distance)") {
  Tree tree = Tree::Parse(
      "import math\n"
      "def lj(dx, dy, dz, s):\n"
      "    r2 = dx * dx + dy * dy + dz ** 2\n"
      "    r = math.sqrt(r2)\n"
      "    inv = 1.0 / r2\n"
      "    shifted = r2 - 1.0\n"
      "    scaled = s * r2\n"
      "    acc = 0.0\n"
      "    acc += r2\n"
      "    for k in range(3):\n"
      "        pass\n"
      "    return r\n");
  ModuleInfo mod = AnalyzeModule(tree);
  auto names = NonNegativeLocals(Body(tree), mod.imports);
  CHECK(names.count("r2") == 1);
  CHECK(names.count("r") == 1);
  CHECK(names.count("inv") == 1);
  CHECK(names.count("acc") == 1);
  CHECK(names.count("shifted") == 0);  // may be negative
  CHECK(names.count("scaled") == 0);   // s may be negative
  CHECK(names.count("k") == 0);        // loop variables never count
  CHECK(names.count("dx") == 0);       // nor parameters
}

TEST_CASE("non-negative locals: one negative binding anywhere drops the name (signed_roots)") {
  Tree tree = Tree::Parse(
      "def f(x, flag):\n"
      "    v = x * x\n"
      "    if flag:\n"
      "        v = -1.0\n"
      "    w = v\n"
      "    u = 2.0\n"
      "    u -= 1.0\n"
      "    return w\n");
  ModuleInfo mod = AnalyzeModule(tree);
  auto names = NonNegativeLocals(Body(tree), mod.imports);
  CHECK(names.count("v") == 0);
  CHECK(names.count("w") == 0);  // follows v
  CHECK(names.count("u") == 0);  // -= may go below zero
}

TEST_CASE("non-negative values: x * x only when x is pure (a call may differ between the two evaluations)") {
  Tree tree = Tree::Parse("import numpy as np\ny = (a * a, f(a) * f(a), abs(a), np.exp(a), a - a, -a * -a)\n");
  ModuleInfo mod = AnalyzeModule(tree);
  Node tuple = tree.Root().NamedChild(1).NamedChild(0).ChildByField("right");
  auto items = tuple.NamedChildren();
  REQUIRE(items.size() == 6);
  CHECK(NonNegativeValue(items[0], mod.imports));
  CHECK_FALSE(NonNegativeValue(items[1], mod.imports));
  CHECK(NonNegativeValue(items[2], mod.imports));
  CHECK(NonNegativeValue(items[3], mod.imports));
  CHECK_FALSE(NonNegativeValue(items[4], mod.imports));
  CHECK(NonNegativeValue(items[5], mod.imports));
}
