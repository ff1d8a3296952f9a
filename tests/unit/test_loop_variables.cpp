// Range loops whose variable the C++ counter cannot carry
// (caramba/analysis/loop_variables.h): rebound in the body, or read where the
// loop's last value reaches.
#include <doctest/doctest.h>

#include "caramba/analysis/loop_variables.h"

using namespace caramba;

namespace {

// The lines (1-based, in the function) of the loops needing a copy.
std::set<int> CopiedLines(const std::string& body) {
  std::string src = "def k(a, out, n):\n" + body;
  Tree tree = Tree::Parse(src);
  Node def = tree.Root().NamedChild(0);
  std::set<int> lines;
  for (uint32_t at : LoopsNeedingVariableCopy(def.ChildByField("body"))) {
    int line = 1;
    for (uint32_t i = 0; i < at; ++i) line += src[i] == '\n';
    lines.insert(line);
  }
  return lines;
}

}  // namespace

TEST_CASE("loop variables: one rebound in the body (shifted window) needs a copy") {
  CHECK(CopiedLines("    for k in range(1, n):\n        k = k - 1\n        out[k] = a[k]\n") == std::set<int>{2});
  CHECK(CopiedLines("    for k in range(n):\n        k += 1\n        out[k - 1] = a[k - 1]\n") == std::set<int>{2});
  CHECK(CopiedLines("    for k in range(n):\n        k, j = 0, k\n        out[j] = a[k]\n") == std::set<int>{2});
}

TEST_CASE("loop variables: one read after the loop (search and break) needs a copy") {
  CHECK(CopiedLines("    i = 0\n    for i in range(n):\n        if a[i] > 0.5:\n            break\n    return i\n") ==
        std::set<int>{3});
}

TEST_CASE("loop variables: a nested loop reusing the outer name rebinds it") {
  // The outer loop's body binds i (the inner loop); the inner loop's value
  // is read after it.
  CHECK(CopiedLines("    for i in range(n):\n        for i in range(3):\n            out[i] += a[i]\n        out[i] += 1.0\n") ==
        std::set<int>{2, 3});
}

TEST_CASE("loop variables: used only inside its loop, the variable stays the counter") {
  CHECK(CopiedLines("    for i in range(n):\n        out[i] = a[i]\n").empty());
  // Assigned before the loop and rebound by it: nothing reads the loop's value.
  CHECK(CopiedLines("    c = 0\n    out[c] = 1.0\n    for c in range(n):\n        out[c] += a[c]\n").empty());
}

TEST_CASE("loop variables: loops one after the other reusing a name inside an outer loop need no copy") {
  // The NumPy lowering's index loops: each read is bound by its own loop.
  CHECK(CopiedLines("    for j in range(n):\n        for t in range(n):\n            out[t] += a[t]\n"
                    "        for t in range(n):\n            out[t] -= a[t]\n")
            .empty());
}

TEST_CASE("loop variables: a read earlier in an enclosing loop sees the previous iteration's value") {
  CHECK(CopiedLines("    j = 0\n    for t in range(n):\n        out[t] = a[j]\n        for j in range(3):\n            out[j] += 1.0\n") ==
        std::set<int>{5});
}
