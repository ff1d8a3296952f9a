// Module analysis: the alias table and kernel discovery for every spelling.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "caramba/module_analysis.h"

using namespace caramba;

namespace {
const Kernel* Find(const ModuleInfo& m, std::string_view qualname) {
  for (const auto& k : m.kernels)
    if (k.qualname == qualname) return &k;
  return nullptr;
}
std::string ResolveFirstCall(const std::string& src) {
  Tree t = Tree::Parse(src);
  ImportTable imp;
  imp.Build(t);
  Node call;
  Walk(t.Root(), [&](const Node& n) {
    if (!call && n.Type() == "call") call = n;
    return true;
  });
  return imp.Resolve(call.ChildByField("function"));
}
}  // namespace

TEST_CASE("alias table resolves every import spelling") {
  CHECK(ResolveFirstCall("import numba\nnumba.njit(f)\n") == "numba.njit");
  CHECK(ResolveFirstCall("import numba as nb\nnb.njit(f)\n") == "numba.njit");
  CHECK(ResolveFirstCall("from numba import njit, prange\nprange(3)\n") == "numba.prange");
  CHECK(ResolveFirstCall("from numba import njit as fast\nfast(f)\n") == "numba.njit");
  CHECK(ResolveFirstCall("import numpy as np\nnp.linalg.norm(x)\n") == "numpy.linalg.norm");
  CHECK(ResolveFirstCall("import math\nmath.sqrt(x)\n") == "math.sqrt");
  CHECK(ResolveFirstCall("from math import sqrt\nsqrt(x)\n") == "math.sqrt");
  CHECK(ResolveFirstCall("from numba import *\nprange(3)\n") == "numba.prange");
  CHECK(ResolveFirstCall("import numba.cuda\nnumba.cuda.jit(f)\n") == "numba.cuda.jit");
  CHECK(ResolveFirstCall("from numba import cuda\ncuda.jit(f)\n") == "numba.cuda.jit");
  CHECK(ResolveFirstCall("len(x)\n") == "len");
  Tree t = Tree::Parse("import numpy as np\nimport numba as nb\n");
  ImportTable imp;
  imp.Build(t);
  CHECK(imp.AliasOf("numpy") == "np");
  CHECK(imp.Records().size() == 2);
}

TEST_CASE("kernel discovery: every decorator spelling, options, signatures, lines") {
  const char* src =
      "import numba\n"                                              // 1
      "import numba as nb\n"                                        // 2
      "from numba import njit, jit, prange, vectorize, guvectorize, stencil, cfunc\n"  // 3
      "from numba import njit as fast\n"                            // 4
      "from numba.experimental import jitclass\n"                   // 5
      "from numba import cuda\n"                                    // 6
      "\n"                                                          // 7
      "@njit\n"                                                     // 8
      "def a(x):\n"                                                 // 9
      "    return x\n"                                              // 10
      "@nb.njit(parallel=True, fastmath=True, cache=True, nogil=True, boundscheck=False)\n"  // 11
      "def b(x, n):\n"                                              // 12
      "    s = 0.0\n"                                               // 13
      "    for i in prange(n):\n"                                   // 14
      "        for j in nb.prange(n):\n"                            // 15
      "            s += x[i]\n"                                     // 16
      "    return s\n"                                              // 17
      "@fast('float64(float64[:, ::1], int64)', inline='always')\n" // 18
      "def c(x, n):\n"                                              // 19
      "    return 1.0\n"                                            // 20
      "@jit(nopython=True)\n"                                       // 21
      "def d(): pass\n"                                             // 22
      "@jit\n"                                                      // 23
      "def e(): pass\n"                                             // 24
      "@jit(forceobj=True)\n"                                       // 25
      "def f(): pass\n"                                             // 26
      "@numba.jit(['f8(f8)', 'f4(f4)'], nopython=True)\n"           // 27
      "def g(x): return x\n"                                        // 28
      "@vectorize(['float64(float64)'])\n"                          // 29
      "def h(x): return x\n"                                        // 30
      "@guvectorize(['void(f8[:], f8[:])'], '(n)->(n)')\n"          // 31
      "def i(x, y): pass\n"                                         // 32
      "@stencil\n"                                                  // 33
      "def j(a): return a[0, 1]\n"                                  // 34
      "@cfunc('float64(float64)')\n"                                // 35
      "def k(x): return x\n"                                        // 36
      "@cuda.jit\n"                                                 // 37
      "def l(x): pass\n"                                            // 38
      "@jitclass([('x', numba.float64)])\n"                         // 39
      "class M:\n"                                                  // 40
      "    def __init__(self): self.x = 0.0\n"                      // 41
      "def outer():\n"                                              // 42
      "    @njit\n"                                                 // 43
      "    def inner(y):\n"                                         // 44
      "        return y\n"                                          // 45
      "    return inner\n"                                          // 46
      "class K:\n"                                                  // 47
      "    @staticmethod\n"                                         // 48
      "    @numba.njit\n"                                           // 49
      "    def m(x): return x\n"                                    // 50
      "def w(x): return x\n"                                        // 51
      "wj = njit(parallel=True)(w)\n"                               // 52
      "@functools.lru_cache\n"                                      // 53
      "def not_a_kernel(x): return x\n";                            // 54
  Tree t = Tree::Parse(src);
  ModuleInfo m = AnalyzeModule(t, "mix.py");
  CHECK(m.diagnostics.empty());
  CHECK(m.kernels.size() == 16);
  CHECK(Find(m, "not_a_kernel") == nullptr);

  const Kernel* a = Find(m, "a");
  REQUIRE(a);
  CHECK(a->line == 9);
  CHECK(a->decorator_line == 8);
  CHECK(a->kind == JitKind::kNjit);
  CHECK(a->params == std::vector<std::string>{"x"});

  const Kernel* b = Find(m, "b");
  REQUIRE(b);
  CHECK(b->Option("parallel"));
  CHECK(b->Option("fastmath"));
  CHECK(b->Option("cache"));
  CHECK(b->Option("nogil"));
  CHECK(b->options.at("boundscheck") == "False");
  REQUIRE(b->prange_loops.size() == 2);
  CHECK(b->prange_loops[0].line == 14);
  CHECK(b->prange_loops[0].depth == 0);
  CHECK(b->prange_loops[1].line == 15);
  CHECK(b->prange_loops[1].depth == 1);

  const Kernel* c = Find(m, "c");
  REQUIRE(c);
  CHECK(c->kind == JitKind::kNjit);
  CHECK(c->options.at("inline") == "'always'");
  REQUIRE(c->signatures.size() == 1);
  CHECK(c->signatures[0].ToString() == "float64(float64[:, ::1], int64)");

  CHECK(Find(m, "d")->kind == JitKind::kNjit);
  CHECK(Find(m, "e")->kind == JitKind::kJit);
  CHECK(Find(m, "f")->kind == JitKind::kObjectMode);
  CHECK(Find(m, "g")->signatures.size() == 2);
  CHECK(Find(m, "h")->kind == JitKind::kVectorize);
  CHECK(Find(m, "i")->kind == JitKind::kGuvectorize);
  CHECK(Find(m, "i")->signatures.size() == 1);
  CHECK(Find(m, "j")->kind == JitKind::kStencil);
  CHECK(Find(m, "k")->kind == JitKind::kCfunc);
  CHECK(Find(m, "l")->kind == JitKind::kCudaJit);
  CHECK(Find(m, "M")->kind == JitKind::kJitclass);
  CHECK(Find(m, "M")->is_class);

  const Kernel* inner = Find(m, "outer.<locals>.inner");
  REQUIRE(inner);
  CHECK(inner->nested);
  CHECK(inner->line == 44);
  CHECK(inner->column == 5);
  const Kernel* meth = Find(m, "K.m");
  REQUIRE(meth);
  CHECK(meth->nested);
  CHECK(meth->line == 50);

  const Kernel* w = Find(m, "w");
  REQUIRE(w);
  CHECK_FALSE(w->via_decorator);
  CHECK(w->Option("parallel"));
  CHECK(w->options.at("bound_name") == "wj");
  CHECK(w->decorator_line == 52);
}

TEST_CASE("a decorator named njit that is not Numba's is not a kernel") {
  Tree t = Tree::Parse("from mylib import njit\n@njit\ndef f(x): return x\n");
  CHECK(AnalyzeModule(t).kernels.empty());
  Tree u = Tree::Parse("@njit\ndef f(x): return x\n");  // not imported at all
  CHECK(AnalyzeModule(u).kernels.empty());
}

TEST_CASE("a bad signature string is reported, not fatal") {
  Tree t = Tree::Parse("from numba import njit\n@njit('flt64(f8)')\ndef f(x): return x\n");
  ModuleInfo m = AnalyzeModule(t, "s.py");
  REQUIRE(m.kernels.size() == 1);
  CHECK(m.kernels[0].signatures.empty());
  REQUIRE(m.diagnostics.size() == 1);
  CHECK(m.diagnostics[0].id == DiagId::kBadSignature);
  CHECK(m.diagnostics[0].message.find("flt64") != std::string::npos);
}

TEST_CASE("loops of a nested def belong to the nested def, objmode blocks are noticed") {
  Tree t = Tree::Parse(
      "import numba\n"
      "@numba.njit\n"
      "def f(n):\n"
      "    with numba.objmode():\n"
      "        pass\n"
      "    def g():\n"
      "        for i in numba.prange(n):\n"
      "            pass\n"
      "    for j in range(n):\n"
      "        pass\n");
  ModuleInfo m = AnalyzeModule(t);
  REQUIRE(m.kernels.size() == 1);
  CHECK(m.kernels[0].prange_loops.empty());
  CHECK(m.kernels[0].loops.size() == 1);
  CHECK(m.kernels[0].uses_objmode_block);
}

TEST_CASE("kernel JSON has the listed fields") {
  Tree t = Tree::Parse("from numba import njit, prange\n@njit('f8(f8[:])', parallel=True)\ndef s(a):\n"
                       "    t = 0.0\n    for i in prange(a.shape[0]):\n        t += a[i]\n    return t\n");
  ModuleInfo m = AnalyzeModule(t);
  auto j = KernelToJson(m.kernels.at(0));
  CHECK(j["name"] == "s");
  CHECK(j["line"] == 3);
  CHECK(j["options"]["parallel"] == true);
  CHECK(j["signatures"][0]["parsed"] == "float64(float64[:])");
  CHECK(j["parallel_loops"][0]["line"] == 5);
}

TEST_CASE("a comment after a decorator is not part of the decorator's range") {
  std::string src = "from numba import jit\n@jit  # keep me\ndef f(x): return x\n";
  Tree t = Tree::Parse(src);
  ModuleInfo m = AnalyzeModule(t);
  REQUIRE(m.kernels.size() == 1);
  CHECK(m.kernels[0].spelling == "@jit");
  CHECK(m.kernels[0].decorator_end_byte == src.find("  # keep me"));
}
