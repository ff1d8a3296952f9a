// Kernels defined inside functions and blocks, lifted to module level
// (caramba/analysis/nested_kernels.h). Each case is named after the kernel
// shape it came from.
#include <doctest/doctest.h>

#include "caramba/analysis/nested_kernels.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "visitors/kernel_restorer.h"
#include "visitors/nested_kernel_lifting.h"

using namespace caramba;

namespace {

const std::string kHead = "import numpy as np\nfrom numba import njit\n\n\n";

LiftDecision Decide(const std::string& src, const std::string& qualname) {
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree);
  for (const Kernel& k : mod.kernels)
    if (k.qualname == qualname) return PlanLift(tree, mod, k);
  FAIL("no kernel " << qualname);
  return {};
}

std::string Lift(const std::string& src) {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<NestedKernelLifting>());
  PassManager pm(std::move(v));
  PassResult r = pm.Run(src, "t.py", {});
  REQUIRE(r.ok);
  return r.output;
}

}  // namespace

TEST_CASE("nested kernels: the lifted name follows the qualified name (make.<locals>.inner)") {
  CHECK(LiftedName("make.<locals>.inner") == "make_inner");
  CHECK(LiftedName("norm2") == "norm2_kernel");
}

TEST_CASE("nested kernels: a factory's kernel is lifted, its closure passed by the def left in place (make_scaler)") {
  std::string src = kHead +
                    "def make_scaler(factor):\n    @njit\n    def scale(a):\n        out = np.empty_like(a)\n"
                    "        for i in range(a.shape[0]):\n            out[i] = factor * a[i]\n        return out\n"
                    "    return scale\n";
  CHECK(Lift(src) == kHead +
                         "@njit\ndef make_scaler_scale(a, factor):\n    out = np.empty_like(a)\n"
                         "    for i in range(a.shape[0]):\n        out[i] = factor * a[i]\n    return out\n\n\n"
                         "def make_scaler(factor):\n    def scale(a):\n        return make_scaler_scale(a, factor)\n"
                         "    return scale\n");
  Tree lifted = Tree::Parse(Lift(src));
  auto found = FindLifted(lifted, "make_scaler_scale");
  REQUIRE(found);
  CHECK(found->qualname == "make_scaler.<locals>.scale");
  CHECK(found->closure == std::vector<std::string>{"factor"});
}

TEST_CASE("nested kernels: what the enclosing function binds again, in a loop or as a loop variable stays (make_scalers)") {
  struct Case {
    const char* src;
    const char* qualname;
    const char* why;
  } cases[] = {
      {"def make():\n    out = []\n    for f in (1.0, 2.0):\n        @njit\n        def scale(x):\n            return x * f\n"
       "        out.append(scale)\n    return out\n",
       "make.<locals>.scale", "it reads 'f', which 'make' binds as a loop variable"},
      {"def make():\n    n = 0\n    @njit\n    def bump(a):\n        a[0] += n\n    n = 1\n    return bump\n",
       "make.<locals>.bump", "it reads 'n', which 'make' binds more than once"},
      {"def make(k):\n    while k > 0:\n        m = k\n        k -= 1\n    @njit\n    def f(a):\n        a[0] = m\n    return f\n",
       "make.<locals>.f", "it reads 'm', which 'make' binds in a loop"},
      {"def make():\n    @njit\n    def f(a):\n        a[0] = m\n    m = 2\n    return f\n", "make.<locals>.f",
       "it reads 'm', which 'make' binds after the kernel"},
      {"def make(fast):\n    if fast:\n        @njit\n        def k(a):\n            a[0] = 1\n    else:\n        @njit\n"
       "        def k(a):\n            a[0] = 2\n    return k\n",
       "make.<locals>.k", "another kernel named 'k' is defined in the same scope"},
      {"@njit\ndef make_k(a):\n    a[0] = 3\n\n\ndef make():\n    @njit\n    def k(a):\n        a[0] = 1\n    return k\n",
       "make.<locals>.k", "the name it would have at module level, 'make_k', is taken"},
      {"class Grid:\n    @njit\n    def fill(a):\n        a[0] = 1\n", "Grid.fill", "it is defined in class 'Grid'"},
      {"def make():\n    class Grid:\n        @staticmethod\n        @njit\n        def fill(a):\n            a[0] = 1\n"
       "    return Grid\n",
       "make.<locals>.Grid.fill", "it is defined in class 'Grid'"},
      {"def a():\n    def b():\n        @njit\n        def deep(x):\n            x[0] = 1\n        return deep\n    return b\n",
       "a.<locals>.b.<locals>.deep", "it is defined two functions deep"},
  };
  for (const Case& c : cases) {
    INFO(c.src);
    LiftDecision d = Decide(kHead + c.src, c.qualname);
    CHECK(d.applies);
    CHECK(!d.plan);
    CHECK(d.why == c.why);
    CHECK(Lift(kHead + c.src) == kHead + c.src);
  }
}

TEST_CASE("nested kernels: a static method of a module-level class is lifted, the class keeps @staticmethod (Integrator.trapezoid)") {
  std::string src = kHead + "class Integrator:\n    @staticmethod\n    @njit\n    def trapezoid(y, dx):\n"
                            "        return 0.5 * (y[0] + y[1]) * dx\n";
  CHECK(Lift(src) == kHead + "# a static method of Integrator\n@njit\ndef Integrator_trapezoid(y, dx):\n"
                             "    return 0.5 * (y[0] + y[1]) * dx\n\n\nclass Integrator:\n    @staticmethod\n"
                             "    def trapezoid(y, dx):\n        return Integrator_trapezoid(y, dx)\n");
}

TEST_CASE("nested kernels: a kernel under if __name__ == '__main__' is lifted before the block (norm2)") {
  std::string src = kHead + "if __name__ == \"__main__\":\n    @njit\n    def norm2(v):\n        return v[0]\n\n"
                            "    print(norm2(np.ones(3)))\n";
  CHECK(Lift(src) == kHead + "@njit\ndef norm2_kernel(v):\n    return v[0]\n\n\nif __name__ == \"__main__\":\n"
                             "    def norm2(v):\n        return norm2_kernel(v)\n\n    print(norm2(np.ones(3)))\n");
}

TEST_CASE("nested kernels: a refused lifted kernel gets its input text back byte for byte (show_nested)") {
  std::string src = kHead + "def make(n):\n    @njit\n    def show(x):\n        print(x[0] + n)\n    return show\n";
  PassResult r = PassManager(BuildPipeline()).Run(src, "t.py", {});
  REQUIRE(r.ok);
  CHECK(r.output == src);
  bool said = false;
  for (const Diagnostic& d : r.diagnostics)
    if (d.Code() == "CRB111") {
      said = true;
      CHECK(d.message.find("'make.<locals>.show'") != std::string::npos);
      CHECK(*d.start == src.find("print"));
    }
  CHECK(said);
}

TEST_CASE("nested kernels: difftest calls a factory's kernel through the names bound to it (scale_by_3)") {
  std::string src = kHead + "def make_scaler(f):\n    @njit\n    def scale(a):\n        return a[0] * f\n    return scale\n\n\n"
                            "scale_by_3 = make_scaler(3.0)\nother = len([])\n";
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree);
  REQUIRE(mod.kernels.size() == 1);
  CHECK(FactoryBindings(tree, mod.kernels[0]) == std::vector<std::string>{"scale_by_3"});
}

TEST_CASE("nested kernels: recorded types of a factory's kernel, its closure included, reach the lifted kernel (clip_into)") {
  // make_clipper(0.25, 0.5): with nothing recorded the bounds' dtype decides
  // the translation (CRB140); the recording gives lo and hi from the values
  // Numba froze.
  std::string src = kHead +
                    "def make_clipper(lo, width):\n    hi = lo + width\n\n    @njit\n    def clip_into(a, out):\n"
                    "        for i in range(a.shape[0]):\n            v = a[i]\n            if v < lo:\n"
                    "                v = lo\n            elif v > hi:\n                v = hi\n            out[i] = v\n"
                    "    return clip_into\n";
  const std::string array = R"j({"numba": "array(float64, 1d, C)", "kind": "array", "dtype": "float64", "ndim": 1, "layout": "C"})j";
  const std::string f64 = R"({"numba": "float64", "kind": "scalar", "dtype": "float64"})";
  auto profile_with = [&](const std::string& locals) {
    std::string doc = R"({"version": 1, "kernels": [{"file": "/p/t.py", "qualname": "make_clipper.<locals>.clip_into", )"
                      R"("line": 8, "params": ["a", "out"], "signatures": [{"args": [)" +
                      array + ", " + array + R"(], "return": {"numba": "none", "kind": "none"}, "locals": {)" + locals +
                      "}}]}]}";
    std::string err;
    auto p = ParseTypeProfile(doc, "/p/.caramba/types.json", &err);
    REQUIRE_MESSAGE(p, err);
    return std::make_shared<const TypeProfile>(*p);
  };
  auto codes = [&](std::shared_ptr<const TypeProfile> profile) {
    TranslateOptions o;
    o.profile = std::move(profile);
    o.validate = false;
    PassResult r = PassManager(BuildPipeline()).Run(src, "/p/t.py", o);
    REQUIRE(r.ok);
    std::string all;
    for (const Diagnostic& d : r.diagnostics)
      if (d.severity != Severity::Note) all += std::string(d.Code()) + " ";
    return std::make_pair(all, r.output);
  };
  auto with = codes(profile_with("\"lo\": " + f64 + ", \"hi\": " + f64));
  CHECK(with.first == "");
  // One naming rule (workunit_names.h): the workunit is `_pk_` and the
  // lifted name, never `_pk__pk_...`; the caller has the lifted name.
  CHECK(with.second.find("def _pk_make_clipper_clip_into(tid, a: pk.View1D[pk.double], out: pk.View1D[pk.double], lo: pk.double, "
                         "hi: pk.double)") != std::string::npos);
  CHECK(with.second.find("def make_clipper_clip_into(a, out, lo, hi):") != std::string::npos);
  CHECK(with.second.find("return make_clipper_clip_into(a, out, lo, hi)") != std::string::npos);
  CHECK(with.second.find("_pk__pk_") == std::string::npos);
  // A recording without the closure's types says too little: static
  // inference, which refuses.
  CHECK(codes(profile_with("\"v\": " + f64)).first == "CRB140 ");
  CHECK(codes(nullptr).first == "CRB140 ");
}

TEST_CASE("nested kernels: a lifted name the module already spells stays nested (make_filter, make_filter_smooth)") {
  // `make_filter_smooth` is only a local of another function: the lifted
  // kernel would still shadow it for every later reader of the module.
  std::string src = kHead +
                    "def other():\n    make_filter_smooth = 1\n    return make_filter_smooth\n\n\n"
                    "def make_filter(w):\n    @njit\n    def smooth(a):\n        a[0] = w\n    return smooth\n";
  LiftDecision d = Decide(src, "make_filter.<locals>.smooth");
  CHECK(d.applies);
  CHECK(!d.plan);
  CHECK(d.why == "the name it would have at module level, 'make_filter_smooth', is taken");
}
