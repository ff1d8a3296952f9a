// Translate-time validation (caramba/validation.h): the runtime's kernel front
// end checks every workunit the translator writes, and a kernel it rejects
// stays Numba code with CRB150. The kernels here are translations that
// raised at their first call in the runtime before the check existed.
#include <doctest/doctest.h>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "caramba/validation.h"
#include "pykokkos_rt/src/kernel_compiler.h"

using namespace caramba;

namespace {

PassResult Translate(const std::string& src, TranslateOptions opts = {}) {
  static const PassManager pm(BuildPipeline());
  return pm.Run(src, "t.py", opts);
}

std::vector<const Diagnostic*> WithCode(const PassResult& r, std::string_view code) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : r.diagnostics)
    if (d.Code() == code) out.push_back(&d);
  return out;
}

// math.gamma is valid Numba that the translator passes through and the
// runtime's kernel front end does not know: the translation would fail at its
// first call.
const char* kGammaWeights =
    "import math\n"
    "import numpy as np\n"
    "from numba import njit\n"
    "\n"
    "\n"
    "@njit(\"void(float64[:], float64[:])\")\n"
    "def gamma_weights(x, out):\n"
    "    for i in range(x.shape[0]):\n"
    "        out[i] = math.gamma(x[i] + 1.0)\n"
    "\n"
    "\n"
    "@njit\n"
    "def total(a):\n"
    "    s = 0.0\n"
    "    for i in range(a.shape[0]):\n"
    "        s += a[i]\n"
    "    return s\n";

}  // namespace

TEST_CASE("runtime signatures of the types a translation assumes") {
  CHECK(RuntimeSignature(Type{Scalar::kFloat64, 0, 'A'}) == "f64");
  CHECK(RuntimeSignature(Type{Scalar::kInt64, 0, 'A'}) == "i64");
  CHECK(RuntimeSignature(Type{Scalar::kBool, 0, 'A'}) == "bool");
  CHECK(RuntimeSignature(Type{Scalar::kFloat32, 2, 'C'}) == "view:f32:2:R");
  CHECK(RuntimeSignature(Type{Scalar::kFloat64, 2, 'F'}) == "view:f64:2:L");
  CHECK(RuntimeSignature(Type{Scalar::kFloat64, 3, 'A'}) == "view:f64:3:R");
  // A 1-D array is C-contiguous whatever its declared order: the runtime says R.
  CHECK(RuntimeSignature(Type{Scalar::kInt32, 1, 'F'}) == "view:i32:1:R");
  // pk.array copies bool arrays to uint8.
  CHECK(RuntimeSignature(Type{Scalar::kBool, 1, 'C'}) == "view:u8:1:R");
  // Unknown elements: the float64 the translation assumes (CRB501).
  CHECK(RuntimeSignature(Type{Scalar::kUnknown, 1, 'A'}) == "view:f64:1:R");
}

TEST_CASE("gamma_weights - a call the runtime does not know stays Numba code with CRB150") {
  PassResult r = Translate(kGammaWeights);
  REQUIRE(r.ok);
  auto found = WithCode(r, "CRB150");
  REQUIRE(found.size() == 1);
  const Diagnostic& d = *found[0];
  CHECK(d.severity == Severity::Warning);
  CHECK(d.message.find("'gamma_weights': the runtime's kernel front end rejects workunit '_pk_gamma_weights'") == 0);
  CHECK(d.message.find("call of 'math.gamma'") != std::string::npos);
  // The generated line is quoted and mapped back to the kernel's line 9.
  CHECK(d.message.find("at `out[i] = math.gamma(x[i] + 1.0)` (line 9)") != std::string::npos);
  CHECK(d.message.find("its hint: ") != std::string::npos);
  // Located at the kernel's def.
  REQUIRE(d.start);
  CHECK(std::string(kGammaWeights).substr(*d.start, 17) == "def gamma_weights");
  // The kernel is the Numba original, byte for byte; the other one translates.
  std::string src = kGammaWeights;
  size_t from = src.find("@njit(\"void");
  std::string original = src.substr(from, src.find("\n\n\n@njit\ndef total") - from);
  CHECK(r.output.find(original) != std::string::npos);
  CHECK(r.output.find("_pk_gamma_weights") == std::string::npos);
  CHECK(r.output.find("def _pk_total(") != std::string::npos);
  // --time-passes shows the check.
  bool timed = false;
  for (const PassTiming& t : r.timings) timed |= t.name == "validation";
  CHECK(timed);
}

TEST_CASE("gamma_weights - ValidateTranslation names the kernel and the runtime's message") {
  TranslateOptions opts;
  opts.validate = false;
  PassResult r = Translate(kGammaWeights, opts);
  REQUIRE(r.ok);
  REQUIRE(static_cast<bool>(r.plans));
  // Unvalidated, the broken workunit is written.
  CHECK(r.output.find("def _pk_gamma_weights(") != std::string::npos);
  CHECK(WithCode(r, "CRB150").empty());
  auto failures = ValidateTranslation({*r.output_tree, "t.py", *r.plans, kGammaWeights, *r.input_module, opts});
  REQUIRE(failures.size() == 1);
  CHECK(failures[0].kernel == "gamma_weights");
  CHECK(failures[0].message.find("call of 'math.gamma'") != std::string::npos);
}

TEST_CASE("a translation the runtime accepts passes unchanged") {
  const char* src =
      "import numpy as np\n"
      "from numba import njit, prange\n"
      "\n"
      "\n"
      "@njit(parallel=True)\n"
      "def dot(a, b):\n"
      "    s = 0.0\n"
      "    for i in prange(a.shape[0]):\n"
      "        s += a[i] * b[i]\n"
      "    return s\n"
      "\n"
      "\n"
      "@njit(parallel=True)\n"
      "def running_max(x, hi):\n"
      "    m = -np.inf\n"
      "    for i in prange(x.shape[0]):\n"
      "        m = max(m, x[i])\n"
      "    hi[0] = m\n";
  TranslateOptions off;
  off.validate = false;
  PassResult unchecked = Translate(src, off);
  PassResult checked = Translate(src);
  REQUIRE(checked.ok);
  CHECK(WithCode(checked, "CRB150").empty());
  CHECK(checked.output == unchecked.output);
  auto failures =
      ValidateTranslation({*checked.output_tree, "t.py", *checked.plans, src, *checked.input_module, {}});
  CHECK(failures.empty());
}

TEST_CASE("hist3 - a modulo index of an integer array is an integer index, which the runtime accepts") {
  // It was lowered to math.fmod (its array assumed float64), a floating-point
  // index the runtime rejects; the elements of an array that indexes are integers.
  const char* src =
      "import numpy as np\n"
      "from numba import njit\n"
      "\n"
      "\n"
      "@njit\n"
      "def hist3(data, nb):\n"
      "    counts = np.zeros(nb, np.int32)\n"
      "    for i in range(data.shape[0]):\n"
      "        counts[data[i] % nb] += 1\n"
      "    return counts\n";
  PassResult r = Translate(src);
  CHECK(WithCode(r, "CRB150").empty());
  CHECK(r.output.find("def _pk_hist3(") != std::string::npos);
  CHECK(r.output.find("math.fmod") == std::string::npos);
}

TEST_CASE("flip_bits - a rejected @pk.function keeps its helper and every caller Numba code") {
  const char* src =
      "from numba import njit\n"
      "\n"
      "\n"
      "@njit\n"
      "def flip_bits(a, b):\n"
      "    return a ^ b\n"
      "\n"
      "\n"
      "@njit\n"
      "def xor_all(a, b, out):\n"
      "    for i in range(a.shape[0]):\n"
      "        out[i] = flip_bits(a[i], b[i])\n";
  PassResult r = Translate(src);
  REQUIRE(r.ok);
  auto rejected = WithCode(r, "CRB150");
  REQUIRE(rejected.size() == 1);
  CHECK(rejected[0]->message.find("'flip_bits': the runtime's kernel front end rejects @pk.function '_pk_fn_flip_bits'") == 0);
  CHECK(rejected[0]->message.find("at `return a ^ b` (line 6)") != std::string::npos);
  auto callers = WithCode(r, "CRB119");
  REQUIRE(callers.size() == 1);
  CHECK(callers[0]->message.find("'xor_all': calls 'flip_bits'") == 0);
  CHECK(callers[0]->message.find("(CRB150)") != std::string::npos);
  CHECK(r.output == src);
}

TEST_CASE("the dispatch is read off the caller - parallel_for of a reduction workunit is rejected") {
  const char* src =
      "from numba import njit\n"
      "\n"
      "\n"
      "@njit\n"
      "def total(a):\n"
      "    s = 0.0\n"
      "    for i in range(a.shape[0]):\n"
      "        s += a[i]\n"
      "    return s\n";
  TranslateOptions opts;
  PassResult r = Translate(src, opts);
  REQUIRE(r.ok);
  REQUIRE(static_cast<bool>(r.plans));
  std::string text = r.output;
  size_t at = text.find("pk.parallel_reduce(");
  REQUIRE(at != std::string::npos);
  text.replace(at, 19, "pk.parallel_for(");
  Tree tampered = Tree::Parse(text);
  auto failures = ValidateTranslation({tampered, "t.py", *r.plans, src, *r.input_module, opts});
  REQUIRE(failures.size() == 1);
  CHECK(failures[0].kernel == "total");
  CHECK(failures[0].message.find("rejects the call of workunit '_pk_total' (parallel_for on OpenMP, a=view:f64:1:R)") !=
        std::string::npos);
  CHECK(failures[0].message.find("dispatch it with parallel_reduce") != std::string::npos);
}

TEST_CASE("a kernel named in failed_validation is refused with CRB150 and the message given") {
  TranslateOptions opts;
  opts.failed_validation["total"] = "the runtime's kernel front end rejects workunit '_pk_total': a reason";
  PassResult r = Translate(kGammaWeights, opts);
  bool found = false;
  for (const Diagnostic* d : WithCode(r, "CRB150"))
    found |= d->message == "'total': the runtime's kernel front end rejects workunit '_pk_total': a reason";
  CHECK(found);
  CHECK(r.output.find("def _pk_total(") == std::string::npos);
}

TEST_CASE("a partial pipeline is not validated") {
  TranslateOptions opts;
  opts.stop_after = "SemanticTransformer";
  PassResult r = Translate(kGammaWeights, opts);
  CHECK(WithCode(r, "CRB150").empty());
  CHECK(r.output.find("def _pk_gamma_weights(") != std::string::npos);
}

TEST_CASE("sum2d with --nested-parallel flatten - the inner count _pk_n1 is an int64 argument") {
  const char* src =
      "from numba import njit\n"
      "\n"
      "\n"
      "@njit\n"
      "def sum2d(a, b, out):\n"
      "    for i in range(a.shape[0]):\n"
      "        for j in range(a.shape[1]):\n"
      "            out[i, j] = a[i, j] + b[i, j]\n";
  TranslateOptions opts;
  opts.nested_parallel = "flatten";
  PassResult r = Translate(src, opts);
  REQUIRE(r.ok);
  CHECK(WithCode(r, "CRB150").empty());
  CHECK(r.output.find("_pk_n1=_pk_n1") != std::string::npos);
  CHECK(r.output.find("def _pk_sum2d(") != std::string::npos);
}

// Upstream's translator copies every @pk.function of a file into every
// workunit and rejects extent() inside one ("Function extent not supported
// for translation"): translate-time validation runs the front end in that
// strict mode, so one such helper rejects each workunit of the file.
TEST_CASE("strict front end: extent() in a @pk.function rejects every workunit of the file") {
  const char* src =
      "import pykokkos as pk\n"
      "\n"
      "\n"
      "@pk.function\n"
      "def last(x: pk.View1D[pk.double]) -> pk.double:\n"
      "    return x[x.extent(0) - 1]\n"
      "\n"
      "\n"
      "@pk.workunit\n"
      "def fill(i, out):\n"
      "    out[i] = 1.0\n";
  pykokkos_rt::KernelRequest req;
  req.path = "strict_extent.py";
  req.source = src;
  req.workunit = "fill";
  req.arg_types = {{"out", "view:f64:1:R"}};
  CHECK_NOTHROW(pykokkos_rt::GenerateKernel(req));
  req.strict = true;
  try {
    pykokkos_rt::GenerateKernel(req);
    FAIL("strict mode accepted extent() in a @pk.function");
  } catch (const pykokkos_rt::DialectError& e) {
    CHECK(e.line == 6);
    CHECK(e.construct.find("Function extent not supported for translation") != std::string::npos);
  }
}
